import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { buyCouponWithPoints } from '../flows/buy-coupon.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';
import { requireMember } from '../platform/session.ts';
import { coupon } from '../promotions/schemas.ts';

/** Buying a coupon with points (§7 Promotion): the buy-coupon flow. */

const ID = 'must be a positive whole number';
const id = z.number({ error: ID }).int(ID).positive(ID).max(Number.MAX_SAFE_INTEGER, ID);

const redeem = endpoint({
  method: 'post',
  path: '/promotion/public/promotion/redeem',
  tag: 'promotion',
  auth: true,
  summary:
    'Buy a coupon with points: the points are taken only while the balance covers them, ' +
    "and the coupon joins the member's wallet",
  body: z.object({ promotionId: id }),
  response: z.object({ points: z.number(), coupon }),
});

/** The calls this module mounts, as /openapi.json documents them. */
export const buyCouponEndpoints: readonly Endpoint[] = [redeem];

export const buyCouponApi = new Hono<AppEnv>().use(redeem.path, requireMember).post(redeem.path, async (c) => {
  const { promotionId } = await readBody(c, redeem);
  const request = { accountId: c.var.member!.accountId, promotionId, market: c.var.market.id, now: Date.now() };
  return c.json(ok(await buyCouponWithPoints(c.env.DB, request)));
});
