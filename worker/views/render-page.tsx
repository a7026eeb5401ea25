import type { Context } from 'hono';
import { parseShopSettings } from '../../shared/settings.ts';
import { DEFAULT_DESCRIPTION } from '../../shared/routes.ts';
import type { AppEnv } from '../env.ts';
import { ErrorPage } from './ErrorPage.tsx';
import type { Shell } from './layout/shell.ts';
import { canonicalUrl, loadShell } from './load-shell.ts';
import { installRenderer } from './renderer.tsx';
import { log } from '../platform/log.ts';

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

const ERROR_PATH = { 404: '/404', 500: '/500', 504: '/504' } as const;

/** The 404, 500 or 504 page with its status; falls back to a storage-free shell if need be. */
export async function renderErrorPage(c: Context<AppEnv>, status: 404 | 500 | 504): Promise<Response> {
  const path = ERROR_PATH[status];
  const shopName = (shell: Shell) => shell.settings.SHOP_NAME;
  // The failure may have come before the renderer's middleware ran.
  installRenderer(c);
  c.status(status);
  try {
    const shell = await loadShell(c, { path, robots: 'noindex' });
    const titled = {
      ...shell,
      title: `${status} | ${shopName(shell)}`,
      canonical: canonicalUrl(c.req.url),
      alternates: [],
    };
    return await c.render(<ErrorPage status={status} shopName={shopName(shell)} />, { shell: titled });
  } catch (error) {
    log.error('error page fell back to the static shell', error);
    const shell = fallbackShell(c, path);
    return c.render(<ErrorPage status={status} shopName={shopName(shell)} />, { shell });
  }
}
