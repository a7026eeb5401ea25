import type { Context } from 'hono';
import type { ReactNode } from 'react';
import { renderToReadableStream } from './react-server.ts';
import type { AppEnv } from '../../env.ts';
import { log } from '../log.ts';

/**
 * Streams a page as HTML. A failure before the shell is ready rejects, and the caller shows
 * the 500 page; a client that goes away aborts the render; bots get the complete document.
 */
export async function streamHtml(c: Context<AppEnv>, page: ReactNode, status?: number): Promise<Response> {
  const stream = await renderToReadableStream(page, {
    signal: c.req.raw.signal,
    nonce: c.var.cspNonce,
    onError(error) {
      if (!c.req.raw.signal.aborted) log.error('render failed', error);
    },
  });
  if (c.var.isBot) await stream.allReady;
  c.header('Content-Type', 'text/html; charset=utf-8');
  c.header('Cache-Control', 'no-cache');
  // Without a status, the one set with c.status (200 unless set).
  return status === undefined ? c.body(stream) : c.body(stream, status as 200);
}
