import { Hono, type Context } from 'hono';
import { COOKIE } from '../../shared/constants.ts';
import { ok } from '../../shared/envelope.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AppEnv } from '../env.ts';
import { readCookie, removeCookie, writeCookie } from '../middleware/cookies.ts';
import { cartRepository, type CartRow } from './repository.ts';
import { removeFromCart, updateCart, type CartChange, type CartError, type CartLineInput } from './service.ts';
import { addToCartOnce } from './add.ts';
import { findCart, findCartWith, type CartCredentials, type CartReads } from './access.ts';
import { priceCartView, promotionsFor, promotionsQueryFor } from './pricing.ts';
import { cartLines } from './view.ts';
import { addBody, cartAnswer, getQuery, updateBody } from './schemas.ts';
import { endpoint, readBody, readQuery } from '../platform/contract.ts';

const CART_COOKIE_SECONDS = 365 * 86_400;
/** Non-browser clients send the token they were given in this header; browsers send the cookie. */
export const CART_TOKEN_HEADER = 'x-cart-token';

const add = endpoint({
  method: 'post',
  path: '/order/public/buyer/cart/v2',
  tag: 'cart',
  summary:
    'Add parts to the cart (quantities add up per skuId + itemType + bundleId), starting a cart when there is none; answers the cart with a per-part error for anything that could not be added in full',
  body: addBody,
  response: cartAnswer,
});
const update = endpoint({
  method: 'put',
  path: '/order/public/buyer/cart/v2',
  tag: 'cart',
  summary:
    'Change the cart: action UPDATE sets quantities (0 removes the line), DELETE removes the lines; answers the cart and errors[].error',
  body: updateBody,
  response: cartAnswer,
});
const get = endpoint({
  method: 'get',
  path: '/order/public/buyer/cart/v2',
  tag: 'cart',
  summary:
    "The cart by cartUUID (and its token) or the member's cart, checked against the current vehicle (attributeValueId); without a cart id and token the cart is empty (cartUUID null)",
  query: getQuery,
  response: cartAnswer,
});

export function credentials(c: Context<AppEnv>, cartUUID: string | null | undefined): CartCredentials {
  return {
    cartUUID: cartUUID ?? readCookie(c, COOKIE.cartId) ?? null,
    token: c.req.header(CART_TOKEN_HEADER) ?? readCookie(c, COOKIE.cart) ?? null,
    accountId: c.var.member?.accountId ?? null,
  };
}

/** Keeps the browser's cookies pointing at the cart it now has; without one, they go. */
function remember(c: Context<AppEnv>, cart: CartRow | null, issuedToken?: string) {
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

interface Shopper {
  attributeValueId?: number | null;
  postCode?: string | null;
}

/** The cart as it answers every call: lines for the current vehicle, priced with promotions and shipping. */
export async function answer(
  c: Context<AppEnv>,
  cart: CartRow | null,
  shopper: Shopper,
  errors: CartError[],
  issuedToken?: string,
  known?: CartChange,
  started?: ReturnType<typeof promotionsFor>,
) {
  const request = { accountId: c.var.member?.accountId ?? null, postCode: shopper.postCode ?? null, now: Date.now() };
  // The promotions load alongside the lines (or the change itself): neither waits for the other.
  const promotions = started ?? promotionsFor(c.env.DB, cart, c.var.market, request);
  promotions.catch(() => undefined);
  const lines = await cartLines(c.env.DB, cart, c.var.market, shopper.attributeValueId ?? null, known);
  const pricing = await priceCartView(c.env.DB, cart, c.var.market, lines, { ...request, promotions });
  remember(c, cart, issuedToken);
  return c.json(
    ok({
      cartUUID: cart?.uuid ?? null,
      ...(issuedToken && { cartToken: issuedToken }),
      detail: { ...lines, pricing },
      errors,
    }),
  );
}

/** The cart (§4 Cart, §7): a visitor's by id and token, a member's by account, merged on sign-in. */
export const cartApi = new Hono<AppEnv>()
  .get(get.path, async (c) => {
    const query = readQuery(c, get);
    const cart = await reach(c, () => findCart(c.env.DB, credentials(c, query.cartUUID), Date.now()));
    return answer(c, cart, query, []);
  })
  .post(add.path, async (c) => {
    const body = await readBody(c, add);
    const added = await reach(c, () =>
      addToCartOnce(c.env.DB, credentials(c, body.cartUUID), c.var.market, body.items, Date.now()),
    );
    return answer(
      c,
      added.cart,
      body,
      added.change.errors,
      added.issuedToken,
      added.change,
      Promise.resolve(added.promotions),
    );
  })
  .put(update.path, async (c) => {
    const body = await readBody(c, update);
    const now = Date.now();
    // Setting quantities is decided from the parts' facts and the lines, read with the cart; removing needs neither.
    const reads = body.action === 'UPDATE' ? changeReads(c, body.items) : undefined;
    const { cart, read } = await reach(c, () => findCartWith(c.env.DB, credentials(c, body.cartUUID), now, reads));
    if (!cart) return answer(c, null, body, []);
    const promotions = promotionsQueryFor(c.env.DB, cart, c.var.market, {
      accountId: c.var.member?.accountId ?? null,
      now,
    });
    const options = {
      before: read && cartRepository(c.env.DB).readBeforeChange(read),
      alongside: promotions.statements,
    };
    const change =
      body.action === 'DELETE'
        ? await removeFromCart(c.env.DB, cart, c.var.market.id, body.items, now, options)
        : await updateCart(c.env.DB, cart, c.var.market.id, body.items, now, options);
    return answer(
      c,
      cart,
      body,
      change.errors,
      undefined,
      change,
      Promise.resolve(promotions.decode(change.alongside)),
    );
  });

/** The reads a change makes before writing, to share the cart lookup's round trip. */
function changeReads(c: Context<AppEnv>, items: readonly Pick<CartLineInput, 'skuId'>[]): CartReads {
  return (uuid) =>
    cartRepository(c.env.DB).beforeChangeStatements(
      uuid,
      items.map((item) => item.skuId),
      c.var.market.id,
    );
}
