import { createMiddleware } from 'hono/factory';
import { COOKIE } from '../../shared/constants.ts';
import { isApiPath } from '../platform/api-error.ts';
import type { AppEnv } from '../env.ts';
import { readCookie, removeCookie } from '../platform/cookies.ts';

/**
 * The referral reset (§2): when the referral flag is set and the Year cookie is absent, the
 * flag, cart and cart id are cleared; the page tells the browser to drop its local cart too.
 */
export const referral = createMiddleware<AppEnv>(async (c, next) => {
  // Only a page can tell the browser to drop its local cart: an API call (the header's cart count
  // loading in the background) must not use the reset up and leave the local cart behind.
  const page = !isApiPath(new URL(c.req.url).pathname);
  const reset = page && readCookie(c, COOKIE.referral) !== undefined && readCookie(c, COOKIE.year) === undefined;
  c.set('resetCart', reset);
  if (reset) {
    for (const name of [COOKIE.referral, COOKIE.cart, COOKIE.cartId, COOKIE.year]) removeCookie(c, name);
  }
  await next();
});
