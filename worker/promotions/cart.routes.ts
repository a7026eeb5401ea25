import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { applyCode, removeCode, selectCoupons } from './cart-codes.ts';
import { findCart, openCart } from '../cart/access.ts';
import { priceCartView } from '../cart/pricing.ts';
import { cartLines } from '../cart/view.ts';
import { answer, credentials, reach } from '../cart/cart.routes.ts';
import { cartAnswer } from '../cart/schemas.ts';
import { endpoint, readBody, readQuery } from '../platform/contract.ts';

/** Promotion calls that work on the shopper's cart (§7 Promotion). */

const ID = 'must be a positive whole number';
const id = z.number({ error: ID }).int(ID).positive(ID).max(Number.MAX_SAFE_INTEGER, ID);
const code = z
  .string({ error: 'must be a code' })
  .trim()
  .min(1, 'must not be empty')
  .max(40, 'can be at most 40 characters');
const shopper = {
  cartUUID: z.string().max(64).nullable().optional(),
  attributeValueId: id.nullable().optional(),
  postCode: z.string().max(16).nullable().optional(),
};

const apply = endpoint({
  method: 'post',
  path: '/order/public/promotion/v2/apply',
  tag: 'promotion',
  summary:
    "Enter a promotion code on the cart (remove: true takes it off). A code that can never apply (unknown, expired, another country's, used up, already used) is refused with its reason; one the cart falls short of stays and the cart says what is missing",
  body: z.object({ code, remove: z.boolean().optional(), ...shopper }),
  response: cartAnswer,
});
const urlDiscount = endpoint({
  method: 'post',
  path: '/promotion/public/promotion/calculator/url/discount',
  tag: 'promotion',
  summary:
    'A code carried in a link (?code=): entered on the cart, starting a cart when there is none, so it applies once parts are added',
  body: z.object({ code, ...shopper }),
  response: cartAnswer,
});
const calculate = endpoint({
  method: 'post',
  path: '/promotion/public/promotion/calculator/discount',
  tag: 'promotion',
  summary:
    "Price the cart with its codes and the member's chosen wallet coupons (couponIds: promotion ids; given, they replace the choice): every discount with its reason, shipping, total",
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
    "Whether an add-on part (exchange purchase) gets its add-on price in this cart, and if not what is missing ('Instantly SAVE up to 60% on Add-on items below.')",
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

export const promotionCartApi = new Hono<AppEnv>()
  .post(apply.path, async (c) => {
    const body = await readBody(c, apply);
    const now = Date.now();
    const { cart, issuedToken } = await reach(c, () => openCart(c.env.DB, credentials(c, body.cartUUID), now));
    if (body.remove) await removeCode(c.env.DB, cart, body.code, now);
    else await applyCode(c.env.DB, cart, c.var.market, body.code, c.var.member?.accountId ?? null, now);
    return answer(c, cart, body, [], issuedToken);
  })
  .post(urlDiscount.path, async (c) => {
    const body = await readBody(c, urlDiscount);
    const now = Date.now();
    const { cart, issuedToken } = await reach(c, () => openCart(c.env.DB, credentials(c, body.cartUUID), now));
    await applyCode(c.env.DB, cart, c.var.market, body.code, c.var.member?.accountId ?? null, now);
    return answer(c, cart, body, [], issuedToken);
  })
  .post(calculate.path, async (c) => {
    const body = await readBody(c, calculate);
    const now = Date.now();
    const cart = await reach(c, () => findCart(c.env.DB, credentials(c, body.cartUUID), now));
    if (cart && body.couponIds && c.var.member) await selectCoupons(c.env.DB, cart, body.couponIds, now);
    return answer(c, cart, body, []);
  })
  .post(giveaway.path, async (c) => {
    const body = await readBody(c, giveaway);
    const now = Date.now();
    const cart = await reach(c, () => findCart(c.env.DB, credentials(c, body.cartUUID), now));
    const lines = await cartLines(c.env.DB, cart, c.var.market, null);
    const pricing = await priceCartView(c.env.DB, cart, c.var.market, lines, {
      accountId: c.var.member?.accountId ?? null,
      postCode: null,
      now,
    });
    return c.json(ok(pricing.giveaways));
  })
  .post(exchangeValidate.path, async (c) => {
    const body = await readBody(c, exchangeValidate);
    const now = Date.now();
    const cart = await reach(c, () => findCart(c.env.DB, credentials(c, body.cartUUID), now));
    const lines = await cartLines(c.env.DB, cart, c.var.market, null);
    const pricing = await priceCartView(c.env.DB, cart, c.var.market, lines, {
      accountId: c.var.member?.accountId ?? null,
      postCode: null,
      now,
    });
    const offer = pricing.exchangeOffers.find((candidate) => candidate.skuIds.includes(body.skuId));
    if (!offer)
      return c.json(
        ok({ skuId: body.skuId, valid: false, reason: 'This part has no add-on price right now.', promotionId: null }),
      );
    return c.json(
      ok({ skuId: body.skuId, valid: offer.qualifies, reason: offer.reason, promotionId: offer.promotionId }),
    );
  })
  .get(dynamicCode.path, async (c) => {
    const query = readQuery(c, dynamicCode);
    const now = Date.now();
    const cart = await reach(c, () => findCart(c.env.DB, credentials(c, query.cartUUID), now));
    const lines = await cartLines(c.env.DB, cart, c.var.market, null);
    const request = { accountId: c.var.member?.accountId ?? null, postCode: null, now };
    const base = await priceCartView(c.env.DB, cart, c.var.market, lines, request);
    const held = cart ?? {
      uuid: '',
      tokenHash: '',
      accountId: null,
      promotionCodes: [],
      couponIds: [],
      kind: 'CART' as const,
      pointsLocked: 0,
    };
    const trial = { ...held, promotionCodes: [...held.promotionCodes, query.code.toUpperCase()] };
    const priced = await priceCartView(c.env.DB, trial, c.var.market, lines, request);
    const rejection = priced.rejected.find((candidate) => candidate.code?.toUpperCase() === query.code.toUpperCase());
    const saving = base.total - priced.total;
    return c.json(
      ok({
        code: query.code.toUpperCase(),
        valid: !rejection,
        reason: rejection?.reason ?? 'This code applies to your cart.',
        discount: Math.max(0, saving),
      }),
    );
  });
