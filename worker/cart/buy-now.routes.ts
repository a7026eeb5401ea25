import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { requireMember } from '../platform/session.ts';
import { buyNowPoints, startBuyNow } from './service.ts';
import { buyNowBody, cartAnswer } from '../../shared/api/cart.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';

const buyNow = endpoint({
  ...API.buyNow,
  tag: 'cart',
  summary:
    'Buy one part now: a checkout of its own that leaves the cart untouched; ' +
    'answers its cartUUID and cartToken (checkout reads it with both)',
  body: buyNowBody,
  response: cartAnswer,
});

const integral = endpoint({
  method: 'post',
  path: '/order/public/buyer/buy-now/integral',
  tag: 'cart',
  auth: true,
  summary:
    "The member's points on a buy-now checkout: the balance, and how many points (and cents) this order can take " +
    '(points pay for items, never shipping; 100 points = $1)',
  body: z.object({ cartUUID: z.string().max(64), cartToken: z.string().max(200) }),
  response: z.object({ balance: z.number(), usablePoints: z.number(), usableCent: z.number() }),
});

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const buyNowEndpoints: readonly Endpoint[] = [buyNow, integral];

/** Buy now (§7): one part straight to checkout, priced like a cart of one line. */
export const buyNowApi = new Hono<AppEnv>()
  .use(integral.path, requireMember)
  .post(integral.path, async (c) => {
    const body = await readBody(c, integral);
    return c.json(ok(await buyNowPoints(c.env.DB, c.var.market, c.var.member!.accountId, body, Date.now())));
  })
  .post(buyNow.path, async (c) => {
    const item = await readBody(c, buyNow);
    const accountId = c.var.member?.accountId ?? null;
    const shown = await startBuyNow(c.env.DB, accountId, c.var.market, item, Date.now());
    const { cart, issuedToken, lines, pricing, errors } = shown;
    return c.json(ok({ cartUUID: cart.uuid, cartToken: issuedToken, detail: { ...lines, pricing }, errors }));
  });
