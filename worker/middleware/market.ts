import { createMiddleware } from 'hono/factory';
import { marketForHost } from '../../shared/markets.ts';
import type { AppEnv } from '../env.ts';

/**
 * Sets the market from the host name (§1): a first label of `ca` is Canada, anything else
 * the US. Every cache the shop keeps is keyed by URL (which holds the host) or by market id.
 */
export const market = createMiddleware<AppEnv>(async (c, next) => {
  c.set('market', marketForHost(new URL(c.req.url).hostname));
  await next();
});
