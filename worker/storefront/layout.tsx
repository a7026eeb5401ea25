import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { DEFAULT_DESCRIPTION } from '../../shared/routes.ts';
import { parseShopSettings } from '../../shared/settings.ts';
import type { AppEnv } from '../env.ts';
import { log } from '../platform/log.ts';
import type { ErrorStatus } from '../platform/render/ErrorPage.tsx';
import { installRenderer, type LayoutProps } from '../platform/render/renderer.tsx';
import type { Shell } from '../platform/render/shell.ts';
import { Document } from './Document.tsx';
import { canonicalUrl, loadShell } from './load-shell.ts';

/** A shell that needs nothing from storage, for when storage itself is failing. */
function fallbackShell(c: Context<AppEnv>, path: string): Shell {
  const settings = parseShopSettings({});
  return {
    market: c.var.market,
    locale: c.var.locale ?? 'en',
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
    nonce: c.var.cspNonce,
  };
}

const ERROR_PATH = { 400: '/400', 404: '/404', 500: '/500', 504: '/504' } as const;

/** An error page's shell: titled with its status under the requested URL; without storage if need be. */
async function errorShell(c: Context<AppEnv>, status: ErrorStatus): Promise<Shell> {
  const path = ERROR_PATH[status];
  try {
    const shell = await loadShell(c, { path, robots: 'noindex' });
    const title = `${status} | ${shell.settings.SHOP_NAME}`;
    return { ...shell, title, canonical: canonicalUrl(c.req.url), alternates: [] };
  } catch (error) {
    log.error('error page fell back to the static shell', error);
    return fallbackShell(c, path);
  }
}

/** The shop's layout: loads the shell (and the page's data, in parallel) and puts the body in the Document. */
async function ShopLayout(props: LayoutProps) {
  const { c, children, errorPage, data, Layout: _layout, ...options } = props as LayoutProps & { Layout: unknown };
  const shell = errorPage ? errorShell(c, errorPage) : loadShell(c, options);
  const [loaded, value] = await Promise.all([shell, data]);
  return <Document shell={loaded}>{typeof children === 'function' ? children(loaded, value) : children}</Document>;
}

/** Makes `c.render` draw this request's pages in the shop's document (also for a failure before the middleware). */
export function installShopRenderer(c: Context<AppEnv>): void {
  installRenderer(c, ShopLayout);
}

/** The shop's page renderer on every request (`c.render`). */
export const renderer = createMiddleware<AppEnv>(async (c, next) => {
  installShopRenderer(c);
  await next();
});
