import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { enterCode, exchangeOfferFor, priceWithCoupons, tryCode } from '../flows/apply-cart-code.ts';
import { answer, credentials, reach } from '../cart/http.ts';
import { showCart } from '../cart/service.ts';
import { cartAnswer } from '../../shared/api/cart.ts';
import { applyCodeBody, cartShopper as shopper, promotionCode as code } from '../../shared/api/promotions.ts';
import { endpoint, type Endpoint, readBody, readQuery } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';

/** Promotion calls that work on the shopper's cart (§7 Promotion). */

const ID = 'must be a positive whole number';
const id = z.number({ error: ID }).int(ID).positive(ID).max(Number.MAX_SAFE_INTEGER, ID);

const apply = endpoint({
  ...API.promotionApply,
  tag: 'promotion',
  summary:
    'Enter a promotion code on the cart (remove: true takes it off). A code that can never apply ' +
    "(unknown, expired, another country's, used up, already used) is refused with its reason; " +
    'one the cart falls short of stays and the cart says what is missing',
  body: applyCodeBody,
  response: cartAnswer,
});
const urlDiscount = endpoint({
  method: 'post',
  path: '/promotion/public/promotion/calculator/url/discount',
  tag: 'promotion',
  summary:
    'A code carried in a link (?code=): entered on the cart, starting a cart when there is none, ' +
    'so it applies once parts are added',
  body: z.object({ code, ...shopper }),
  response: cartAnswer,
});
const calculate = endpoint({
  method: 'post',
  path: '/promotion/public/promotion/calculator/discount',
  tag: 'promotion',
  summary:
    "Price the cart with its codes and the member's chosen wallet coupons (couponIds: promotion ids; " +
    'given, they replace the choice): every discount with its reason, shipping, total',
  body: z.object({ couponIds: z.array(id).max(5, 'can hold at most 5 coupons').optional(), ...shopper }),
  response: cartAnswer,
});
const giveaway = endpoint({
  method: 'post',
  path: '/order/public/inner/promotion/2c/giveaway',
  tag: 'promotion',
  summary: 'The gifts the cart qualifies for, each with its reason',
  body: z.object({ ...shopper }),
  response: z.array(
    z.object({
      promotionId: z.number(),
      name: z.string(),
      reason: z.string(),
      skuId: z.number(),
      quantity: z.number(),
    }),
  ),
});
const exchangeValidate = endpoint({
  method: 'post',
  path: '/promotion/public/exchange-purchase/item/validate',
  tag: 'promotion',
  summary:
    'Whether an add-on part (exchange purchase) gets its add-on price in this cart, and if not what is missing ' +
    "('Instantly SAVE up to 60% on Add-on items below.')",
  body: z.object({ skuId: id, ...shopper }),
  response: z.object({ skuId: z.number(), valid: z.boolean(), reason: z.string(), promotionId: z.number().nullable() }),
});
const dynamicCode = endpoint({
  method: 'get',
  path: '/infra/public/buyer/dynamic-promotion-code/calculate',
  tag: 'promotion',
  summary:
    'What a code would take off the current cart, without entering it: valid, the reason, and the discount in cents',
  query: z.object({ code, cartUUID: z.string().max(64).optional() }),
  response: z.object({ code: z.string(), valid: z.boolean(), reason: z.string(), discount: z.number() }),
});

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const cartCodesEndpoints: readonly Endpoint[] = [
  apply,
  urlDiscount,
  calculate,
  giveaway,
  exchangeValidate,
  dynamicCode,
];

export const cartCodesApi = new Hono<AppEnv>()
  .post(apply.path, async (c) => {
    const body = await readBody(c, apply);
    const shopper = { ...body, now: Date.now() };
    return answer(
      c,
      await reach(c, () => enterCode(c.env.DB, credentials(c, body.cartUUID), c.var.market, body, shopper)),
    );
  })
  .post(urlDiscount.path, async (c) => {
    const body = await readBody(c, urlDiscount);
    const shopper = { ...body, now: Date.now() };
    return answer(
      c,
      await reach(c, () => enterCode(c.env.DB, credentials(c, body.cartUUID), c.var.market, body, shopper)),
    );
  })
  .post(calculate.path, async (c) => {
    const body = await readBody(c, calculate);
    const shopper = { ...body, now: Date.now() };
    const shown = await reach(c, () =>
      priceWithCoupons(c.env.DB, credentials(c, body.cartUUID), c.var.market, body.couponIds, shopper),
    );
    return answer(c, shown);
  })
  .post(giveaway.path, async (c) => {
    const body = await readBody(c, giveaway);
    const shown = await reach(c, () =>
      showCart(c.env.DB, credentials(c, body.cartUUID), c.var.market, { now: Date.now() }),
    );
    return c.json(ok(shown.pricing.giveaways));
  })
  .post(exchangeValidate.path, async (c) => {
    const body = await readBody(c, exchangeValidate);
    const offer = await reach(c, () =>
      exchangeOfferFor(c.env.DB, credentials(c, body.cartUUID), c.var.market, body.skuId, Date.now()),
    );
    return c.json(ok(offer));
  })
  .get(dynamicCode.path, async (c) => {
    const query = readQuery(c, dynamicCode);
    const trial = await reach(c, () =>
      tryCode(c.env.DB, credentials(c, query.cartUUID), c.var.market, query.code, Date.now()),
    );
    return c.json(ok(trial));
  });
