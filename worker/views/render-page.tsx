import type { Context } from 'hono';
import type { ReactNode } from 'react';
import { parseShopSettings } from '../../shared/settings.ts';
import { DEFAULT_DESCRIPTION } from '../../shared/routes.ts';
import type { AppEnv } from '../env.ts';
import { streamHtml } from './render.tsx';
import { Document } from './layout/Document.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import type { Shell } from './layout/shell.ts';
import { canonicalUrl, loadShell, type ShellOptions } from './load-shell.ts';

/**
 * Renders a page inside the shop's document. The page's own critical data (`data`) is loaded
 * in parallel with the shell's.
 */
export async function renderPage<T = undefined>(
  c: Context<AppEnv>,
  body: (shell: Shell, data: T) => ReactNode,
  options: ShellOptions & { data?: Promise<T> } = {},
  status = 200,
): Promise<Response> {
  const [shell, data] = await Promise.all([loadShell(c, options), options.data as Promise<T>]);
  return streamHtml(c, <Document shell={shell}>{body(shell, data)}</Document>, status);
}

/** A shell that needs nothing from storage, for when storage itself is failing. */
function fallbackShell(c: Context<AppEnv>, path: string): Shell {
  const settings = parseShopSettings({});
  return {
    market: c.var.market,
    settings,
    title: `Error | ${settings.SHOP_NAME}`,
    description: DEFAULT_DESCRIPTION,
    canonical: canonicalUrl(c.req.url),
    path,
    pageType: 'other',
    alternates: [],
    layout: false,
    showHeader: false,
    hideMobileFooter: true,
    showNewsletter: false,
    signedIn: false,
    resetCart: false,
    fixed: { headerLinks: [], awards: [], reviewBadges: [] },
    year: new Date().getUTCFullYear(),
    debug: null,
    robots: 'noindex',
  };
}

const ERROR_PATH = { 404: '/404', 500: '/500', 504: '/504' } as const;

/** The 404, 500 or 504 page with its status; falls back to a storage-free shell if need be. */
export async function renderErrorPage(c: Context<AppEnv>, status: 404 | 500 | 504): Promise<Response> {
  const path = ERROR_PATH[status];
  const shopName = (shell: Shell) => shell.settings.SHOP_NAME;
  try {
    const shell = await loadShell(c, { path, robots: 'noindex' });
    const titled = { ...shell, title: `${status} | ${shopName(shell)}`, canonical: canonicalUrl(c.req.url) };
    return await streamHtml(
      c,
      <Document shell={titled}>
        <ErrorPage status={status} shopName={shopName(shell)} />
      </Document>,
      status,
    );
  } catch (error) {
    console.error('error page fell back to the static shell', error);
    const shell = fallbackShell(c, path);
    return streamHtml(
      c,
      <Document shell={shell}>
        <ErrorPage status={status} shopName={shopName(shell)} />
      </Document>,
      status,
    );
  }
}
