// First: React's server renderer must be evaluated with the chunk encoder (react-server.ts) before
// @hono/react-renderer imports it; the package then loads that same module instance.
import './react-server.ts';
import { type Props, reactRenderer } from '@hono/react-renderer';
import type { Context, ContextRenderer } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ReactElement, ReactNode } from 'react';
import type { AppEnv } from '../env.ts';
import { Document } from './layout/Document.tsx';
import type { Shell } from './layout/shell.ts';
import { loadShell, type ShellOptions } from './load-shell.ts';
import { streamHtml } from './render.tsx';
import { log } from '../platform/log.ts';

declare module '@hono/react-renderer' {
  /** What a page tells the renderer besides its body: the shell's options (title, robots, page type ...). */
  interface Props extends ShellOptions {
    /** The shell outright instead of loading it: the error pages (their title, their storage-free fallback). */
    shell?: Shell;
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

type Body = ReactElement | ((shell: Shell, data: unknown) => ReactNode);
type LayoutProps = Props & { c: Context; children: Body; data?: Promise<unknown> };

/** The shop's layout: loads the shell (and the page's data, in parallel) and puts the body in the Document. */
async function ShopLayout(props: LayoutProps) {
  const { c, children, shell, data, Layout: _layout, ...options } = props as LayoutProps & { Layout: unknown };
  const [loaded, value] = await Promise.all([shell ?? loadShell(c as Context<AppEnv>, options), data]);
  return <Document shell={loaded}>{typeof children === 'function' ? children(loaded, value) : children}</Document>;
}

/** The headers of every rendered page, in place of the package's `Transfer-Encoding: chunked`. */
const HTML_HEADERS = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' };

const nothingNext = async () => {};

/**
 * Makes `c.render` stream pages for this request through @hono/react-renderer: a client that goes
 * away aborts the render (its signal), and a failure before the shell is ready rejects, so the
 * caller shows the 500 page. Set the status with `c.status` before `c.render`.
 *
 * Bots get the complete document, every <Suspense> boundary in place: that needs the stream's
 * `allReady` before the first byte is read (once read, React sends the shell with its fallbacks),
 * and the package answers with the stream at once. So a bot's page goes through our own renderer
 * (render.tsx), with the same layout, behind the same `c.render`.
 */
export function installRenderer(c: Context<AppEnv>): void {
  if (c.var.isBot) {
    const renderForBot = async (children: Body, props?: Props & { data?: Promise<unknown> }) =>
      streamHtml(c, await ShopLayout({ ...props, c, children }));
    c.setRenderer(renderForBot as unknown as ContextRenderer);
    return;
  }
  const signal = c.req.raw.signal;
  // The package's middleware only sets the request's renderer, then calls next: here, nothing.
  void reactRenderer(ShopLayout as Parameters<typeof reactRenderer>[0], {
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

/** The shop's page renderer on every request (`c.render`). */
export const renderer = createMiddleware<AppEnv>(async (c, next) => {
  installRenderer(c);
  await next();
});
