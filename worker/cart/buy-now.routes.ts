import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../../shared/envelope.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AppEnv } from '../env.ts';
import { addToCart } from './service.ts';
import { findBuyNowCart, openCart } from './access.ts';
import { pointsRepository } from '../members/repository.ts';
import { requireMember } from '../middleware/auth.ts';
import { priceCartView } from './pricing.ts';
import { cartLines } from './view.ts';
import { addItem, cartAnswer } from './schemas.ts';
import { endpoint, readBody } from '../platform/contract.ts';

const buyNow = endpoint({
  method: 'post',
  path: '/order/public/buyer/buy-now/order',
  tag: 'cart',
  summary:
    'Buy one part now: a checkout of its own that leaves the cart untouched; answers its cartUUID and cartToken (checkout reads it with both)',
  body: addItem.extend({ attributeValueId: addItem.shape.attributeValueId }),
  response: cartAnswer,
});

const integral = endpoint({
  method: 'post',
  path: '/order/public/buyer/buy-now/integral',
  tag: 'cart',
  auth: true,
  summary:
    "The member's points on a buy-now checkout: the balance, and how many points (and cents) this order can take (points pay for items, never shipping; 100 points = $1)",
  body: z.object({ cartUUID: z.string().max(64), cartToken: z.string().max(200) }),
  response: z.object({ balance: z.number(), usablePoints: z.number(), usableCent: z.number() }),
});

/** Buy now (§7): one part straight to checkout, priced like a cart of one line. */
export const buyNowApi = new Hono<AppEnv>()
  .use(integral.path, requireMember)
  .post(integral.path, async (c) => {
    const body = await readBody(c, integral);
    const accountId = c.var.member!.accountId;
    const cart = await findBuyNowCart(c.env.DB, body.cartUUID, body.cartToken, accountId);
    if (!cart) throw ApiError.notFound('This buy-now checkout has expired. Please choose the part again.');
    const balance = await pointsRepository(c.env.DB).balance(accountId);
    const lines = await cartLines(c.env.DB, cart, c.var.market, null);
    const pricing = await priceCartView(c.env.DB, cart, c.var.market, lines, {
      accountId,
      postCode: null,
      now: Date.now(),
      points: { toRedeem: balance, balance },
    });
    return c.json(ok({ balance, usablePoints: pricing.pointsUsed, usableCent: pricing.points }));
  })
  .post(buyNow.path, async (c) => {
    const item = await readBody(c, buyNow);
    const now = Date.now();
    // A buy-now checkout never merges with anything: it starts from no cart.
    const { cart, issuedToken } = await openCart(
      c.env.DB,
      { cartUUID: null, token: null, accountId: c.var.member?.accountId ?? null },
      now,
      'BUY_NOW',
    );
    const added = await addToCart(c.env.DB, cart, c.var.market.id, [item], now);
    const { errors } = added;
    const lines = await cartLines(c.env.DB, cart, c.var.market, item.attributeValueId ?? null, added);
    if (lines.items.length === 0) throw ApiError.badRequest(errors[0]?.error ?? 'This part cannot be bought now.');
    const pricing = await priceCartView(c.env.DB, cart, c.var.market, lines, {
      accountId: c.var.member?.accountId ?? null,
      postCode: null,
      now,
    });
    return c.json(ok({ cartUUID: cart.uuid, cartToken: issuedToken, detail: { ...lines, pricing }, errors }));
  });
