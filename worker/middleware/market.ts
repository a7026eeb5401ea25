import { createMiddleware } from 'hono/factory';
import { marketForHost } from '../../shared/markets.ts';
import { instalmentOffers } from '../../shared/payment-offers.ts';
import type { AppEnv } from '../env.ts';
import { offeredMethods } from '../payments/service.ts';

/**
 * Sets the market from the host name (§1): a first label of `ca` is Canada, anything else
 * the US. Every cache the shop keeps is keyed by URL (which holds the host) or by market id.
 * Beside it, the instalment offers of the payment methods offered in that market.
 */
export const market = createMiddleware<AppEnv>(async (c, next) => {
  const here = marketForHost(new URL(c.req.url).hostname);
  c.set('market', here);
  // What pay-over-time the methods offered here allow, for the messages under prices (issue 38).
  c.set('instalments', instalmentOffers(offeredMethods(c.env, here), here.currency));
  await next();
});
