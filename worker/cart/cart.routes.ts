import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { answer, credentials, reach } from './http.ts';
import { addToShopperCart, changeShopperCart, showCart } from './service.ts';
import { addBody, cartAnswer, getQuery, updateBody } from '../../shared/api/cart.ts';
import { endpoint, type Endpoint, readBody, readQuery } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';

const add = endpoint({
  ...API.cartAdd,
  tag: 'cart',
  summary:
    'Add parts to the cart (quantities add up per skuId + itemType + bundleId), starting a cart when there is none; ' +
    'answers the cart with a per-part error for anything that could not be added in full',
  body: addBody,
  response: cartAnswer,
});
const update = endpoint({
  ...API.cartUpdate,
  tag: 'cart',
  summary:
    'Change the cart: action UPDATE sets quantities (0 removes the line), DELETE removes the lines; ' +
    'answers the cart and errors[].error',
  body: updateBody,
  response: cartAnswer,
});
const get = endpoint({
  ...API.cartGet,
  tag: 'cart',
  summary:
    "The cart by cartUUID (and its token) or the member's cart, checked against the current vehicle " +
    '(attributeValueId); without a cart id and token the cart is empty (cartUUID null)',
  query: getQuery,
  response: cartAnswer,
});

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const cartEndpoints: readonly Endpoint[] = [add, update, get];

/** The cart (§4 Cart, §7): a visitor's by id and token, a member's by account, merged on sign-in. */
export const cartApi = new Hono<AppEnv>()
  .get(get.path, async (c) => {
    const query = readQuery(c, get);
    const shopper = { ...query, now: Date.now() };
    return answer(c, await reach(c, () => showCart(c.env.DB, credentials(c, query.cartUUID), c.var.market, shopper)));
  })
  .post(add.path, async (c) => {
    const body = await readBody(c, add);
    const shopper = { ...body, now: Date.now() };
    const shown = await reach(c, () =>
      addToShopperCart(c.env.DB, credentials(c, body.cartUUID), c.var.market, body.items, shopper),
    );
    return answer(c, shown);
  })
  .put(update.path, async (c) => {
    const body = await readBody(c, update);
    const shopper = { ...body, now: Date.now() };
    const shown = await reach(c, () =>
      changeShopperCart(c.env.DB, credentials(c, body.cartUUID), c.var.market, body, shopper),
    );
    return answer(c, shown);
  });
