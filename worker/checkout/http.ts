import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import { credentials, reach } from '../cart/http.ts';
import { findBuyNowCart, findCart, type CartRecord } from '../cart/service.ts';
import { CHECKOUT_MSG, type Shopper } from './service.ts';

/** The HTTP side checkout's calls share: the cart being checked out and who is checking out. */

/** The cart being checked out: a buy-now checkout when named, else the shopper's cart. */
export async function checkoutCart(
  c: Context<AppEnv>,
  body: { cartUUID?: string | null; buyNow?: { cartUUID: string; cartToken: string } },
): Promise<CartRecord> {
  const accountId = c.var.member?.accountId ?? null;
  const cart = body.buyNow
    ? await findBuyNowCart(c.env.DB, body.buyNow.cartUUID, body.buyNow.cartToken, accountId)
    : await reach(c, () => findCart(c.env.DB, credentials(c, body.cartUUID), Date.now()));
  if (!cart) throw ApiError.badRequest(CHECKOUT_MSG.empty);
  return cart;
}

export const shopperOf = (c: Context<AppEnv>): Shopper => ({
  market: c.var.market,
  accountId: c.var.member?.accountId ?? null,
});
