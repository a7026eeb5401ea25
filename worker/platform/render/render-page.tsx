import type { Context } from 'hono';
import type { AppEnv } from '../../env.ts';
import { ErrorPage, type ErrorStatus } from './ErrorPage.tsx';

/**
 * The 400, 404, 500 or 504 page with its status. The layout titles it and falls back to a storage-free
 * shell if storage itself is failing (storefront/layout.tsx).
 */
export function renderErrorPage(c: Context<AppEnv>, status: ErrorStatus): Promise<Response> {
  c.status(status);
  return c.render((shell) => <ErrorPage status={status} shopName={shell.settings.SHOP_NAME} />, {
    errorPage: status,
  });
}
