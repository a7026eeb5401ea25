import { createMiddleware } from 'hono/factory';
import { COOKIE } from '../../shared/constants.ts';
import type { AppEnv } from '../env.ts';
import { readCookie, removeCookie } from './cookies.ts';

/**
 * The referral reset (§2): when the referral flag is set and the Year cookie is absent, the
 * flag, cart and cart id are cleared; the page tells the browser to drop its local cart too.
 */
export const referral = createMiddleware<AppEnv>(async (c, next) => {
  const reset = readCookie(c, COOKIE.referral) !== undefined && readCookie(c, COOKIE.year) === undefined;
  c.set('resetCart', reset);
  if (reset) {
    for (const name of [COOKIE.referral, COOKIE.cart, COOKIE.cartId, COOKIE.year]) removeCookie(c, name);
  }
  await next();
});
