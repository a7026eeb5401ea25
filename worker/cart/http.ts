import type { Context } from 'hono';
import { COOKIE } from '../../shared/constants.ts';
import { ok } from '../../shared/envelope.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AppEnv } from '../env.ts';
import { readCookie, removeCookie, writeCookie } from '../platform/cookies.ts';
import type { CartCredentials } from './access.ts';
import type { ShownCart } from './service.ts';

/**
 * The cart's side of a request, shared by every route that works on the shopper's cart (cart,
 * promotions, checkout): which cart the request names, the browser's cart cookies, and the
 * cart answer.
 */

const CART_COOKIE_SECONDS = 365 * 86_400;
/** Non-browser clients send the token they were given in this header; browsers send the cookie. */
export const CART_TOKEN_HEADER = 'x-cart-token';

/** The cart a request names: the id it gives (else the cookie's), its token, and the member signed in. */
export function credentials(c: Context<AppEnv>, cartUUID: string | null | undefined): CartCredentials {
  return {
    cartUUID: cartUUID ?? readCookie(c, COOKIE.cartId) ?? null,
    token: c.req.header(CART_TOKEN_HEADER) ?? readCookie(c, COOKIE.cart) ?? null,
    accountId: c.var.member?.accountId ?? null,
  };
}

/** Keeps the browser's cookies pointing at the cart it now has; without one, they go. */
function remember(c: Context<AppEnv>, cart: ShownCart['cart'], issuedToken?: string) {
  if (!cart) {
    if (readCookie(c, COOKIE.cartId)) for (const name of [COOKIE.cartId, COOKIE.cart]) removeCookie(c, name);
    return;
  }
  if (readCookie(c, COOKIE.cartId) !== cart.uuid) writeCookie(c, COOKIE.cartId, cart.uuid, CART_COOKIE_SECONDS);
  if (issuedToken) writeCookie(c, COOKIE.cart, issuedToken, CART_COOKIE_SECONDS, true);
}

/** Runs a cart lookup; a refused cart also drops the browser's stale cookies, so its next request starts afresh. */
export async function reach<T>(c: Context<AppEnv>, lookup: () => Promise<T>): Promise<T> {
  try {
    return await lookup();
  } catch (error) {
    if (error instanceof ApiError && error.httpCode === 404)
      for (const name of [COOKIE.cartId, COOKIE.cart]) removeCookie(c, name);
    throw error;
  }
}

/** The cart as every cart call answers it (§7), with the browser's cookies kept on it. */
export function answer(c: Context<AppEnv>, shown: ShownCart) {
  remember(c, shown.cart, shown.issuedToken);
  return c.json(
    ok({
      cartUUID: shown.cart?.uuid ?? null,
      ...(shown.issuedToken && { cartToken: shown.issuedToken }),
      detail: { ...shown.lines, pricing: shown.pricing },
      errors: shown.errors,
    }),
  );
}
