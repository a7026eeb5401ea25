// First: React's server renderer must be evaluated with the chunk encoder (react-server.ts) before
// @hono/react-renderer imports it; the package then loads that same module instance.
import './react-server.ts';
import { type Props, reactRenderer } from '@hono/react-renderer';
import type { Context, ContextRenderer } from 'hono';
import type { ReactElement, ReactNode } from 'react';
import type { AppEnv } from '../../env.ts';
import type { Shell, ShellOptions } from './shell.ts';
import { streamHtml } from './render.tsx';
import { log } from '../log.ts';
import type { ErrorStatus } from './ErrorPage.tsx';

declare module '@hono/react-renderer' {
  /** What a page tells the renderer besides its body: the shell's options (title, robots, page type ...). */
  interface Props extends ShellOptions {
    /** The 400, 404, 500 or 504 page: its title and path, and a storage-free shell if storage itself is failing. */
    errorPage?: ErrorStatus;
  }
}

declare module 'hono' {
  interface ContextRenderer {
    /**
     * A page whose body is drawn from the shell and the page's critical data; the data loads in
     * parallel with the shell, and a failure of either shows the 500 page.
     */
    <T>(body: (shell: Shell, data: T) => ReactNode, props: Props & { data: Promise<T> }): Promise<Response>;
    /** A page whose body is drawn from the shell. */
    (body: (shell: Shell) => ReactNode, props?: Props): Promise<Response>;
  }
}

export type PageBody = ReactElement | ((shell: Shell, data: unknown) => ReactNode);
export type LayoutProps = Props & { c: Context<AppEnv>; children: PageBody; data?: Promise<unknown> };
/** The page around a body: the storefront's document (storefront/layout.tsx). */
export type PageLayout = (props: LayoutProps) => Promise<ReactElement>;

/** The headers of every rendered page, in place of the package's `Transfer-Encoding: chunked`. */
const HTML_HEADERS = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' };

const nothingNext = async () => {};

/**
 * Makes `c.render` stream pages for this request through @hono/react-renderer, in `layout`: a client
 * that goes away aborts the render (its signal), and a failure before the shell is ready rejects, so
 * the caller shows the 500 page. Set the status with `c.status` before `c.render`.
 *
 * Bots get the complete document, every <Suspense> boundary in place: that needs the stream's
 * `allReady` before the first byte is read (once read, React sends the shell with its fallbacks),
 * and the package answers with the stream at once. So a bot's page goes through our own renderer
 * (render.tsx), with the same layout, behind the same `c.render`.
 */
export function installRenderer(c: Context<AppEnv>, layout: PageLayout): void {
  if (c.var.isBot) {
    const renderForBot = async (children: PageBody, props?: Props & { data?: Promise<unknown> }) =>
      streamHtml(c, await layout({ ...props, c, children }));
    c.setRenderer(renderForBot as unknown as ContextRenderer);
    return;
  }
  const signal = c.req.raw.signal;
  // The package's middleware only sets the request's renderer, then calls next: here, nothing.
  void reactRenderer(layout as unknown as Parameters<typeof reactRenderer>[0], {
    stream: HTML_HEADERS,
    readableStreamOptions: {
      signal,
      nonce: c.var.cspNonce,
      onError(error) {
        if (!signal.aborted) log.error('render failed', error);
      },
    },
  })(c, nothingNext);
}
