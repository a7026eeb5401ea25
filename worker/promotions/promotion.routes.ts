import { coupon } from './schemas.ts';
import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AppEnv } from '../env.ts';
import { requireMember } from '../platform/session.ts';
import { claimWalletCoupon, couponsFor, couponsInState, firstDiscountEligible, redeemableCoupons } from './service.ts';
import { globalCouponOffers, offersByItem, offersForItem, offersInForce, unsubscribeTip } from './offers.ts';
import { systemClock } from '../platform/clock.ts';
import { endpoint, type Endpoint, readBody, readQuery } from '../platform/contract.ts';

/** Promotion calls that describe offers and the member's coupons (§7 Promotion). */

const ID = 'must be a positive whole number';
const id = z.number({ error: ID }).int(ID).positive(ID).max(Number.MAX_SAFE_INTEGER, ID);
const offer = z.object({
  promotionId: z.number(),
  name: z.string(),
  source: z.string(),
  reason: z.string(),
  code: z.string().nullable(),
});
const P = '/promotion/public/promotion/calculator';

const coupons = endpoint({
  method: 'get',
  path: `${P}/coupons`,
  tag: 'promotion',
  summary: "The coupons the shopper can use here: a member's wallet with each coupon's state; none for a visitor",
  response: z.array(coupon),
});
const notice = endpoint({
  method: 'get',
  path: '/promotion/public/promotion/notice/discount-info',
  tag: 'promotion',
  summary: 'The automatic offers in force in this market, each in a sentence, for the notice bar',
  response: z.array(offer),
});
const itemDetail = endpoint({
  method: 'post',
  path: `${P}/item-detail/discount/list`,
  tag: 'promotion',
  summary: 'The automatic offers that cover one product (product page)',
  body: z.object({ itemId: id }),
  response: z.array(offer),
});
const discountList = endpoint({
  method: 'post',
  path: `${P}/discount/list`,
  tag: 'promotion',
  summary: 'The automatic offers covering each of up to 100 products (product cards)',
  body: z.object({ itemIds: z.array(id).min(1, 'must list at least one item').max(100, 'can list at most 100 items') }),
  response: z.record(z.string(), z.array(offer)),
});
const cancelTip = endpoint({
  method: 'get',
  path: `${P}/subscribe/cancel/tip`,
  tag: 'promotion',
  summary: 'What a subscriber gives up by unsubscribing (shown before they confirm)',
  response: z.object({ tip: z.string().nullable() }),
});
const used = endpoint({
  method: 'post',
  path: `${P}/discount/used`,
  tag: 'promotion',
  auth: true,
  summary: "The member's used coupons",
  response: z.array(coupon),
});
const member = endpoint({
  method: 'get',
  path: `${P}/discount/member`,
  tag: 'promotion',
  auth: true,
  summary: "The member's coupons that can be used now",
  response: z.array(coupon),
});
const redeemable = endpoint({
  method: 'get',
  path: `${P}/discount/redeem`,
  tag: 'promotion',
  auth: true,
  summary:
    'Coupons the member can buy with points (limitScene REDEEM), with their integralScore, and the points balance',
  response: z.object({ points: z.number(), coupons: z.array(coupon) }),
});
const claim = endpoint({
  method: 'post',
  path: '/promotion/public/promotion/claim',
  tag: 'promotion',
  auth: true,
  summary:
    "Claim a free coupon into the member's wallet; a member level's coupon only by that level's members " +
    '(403 with the levels it is for; 409 when held already)',
  body: z.object({ promotionId: id }),
  response: coupon,
});
const globalCoupons = endpoint({
  method: 'get',
  path: '/promotion/public/promotion/global-coupons',
  tag: 'promotion',
  summary:
    'The shop-wide coupon offers from shop settings (member, guest, review, more-item, survey, action) ' +
    'that apply to this shopper; accountId must be the signed-in member',
  query: z.object({ accountId: z.coerce.number().int().positive().optional() }),
  response: z.array(z.object({ kind: z.string(), couponName: z.string() })),
});

const firstDiscount = endpoint({
  method: 'get',
  path: '/account/buyer/first-discount/check',
  tag: 'account',
  auth: true,
  summary: 'Whether the member can still use the first-order discount (§7 Other calls)',
  response: z.object({ eligible: z.boolean() }),
});

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const promotionEndpoints: readonly Endpoint[] = [
  firstDiscount,
  coupons,
  notice,
  itemDetail,
  discountList,
  cancelTip,
  used,
  member,
  redeemable,
  claim,
  globalCoupons,
];

export const promotionApi = new Hono<AppEnv>()
  .use(`${P}/discount/used`, requireMember)
  .use(`${P}/discount/member`, requireMember)
  .use(`${P}/discount/redeem`, requireMember)
  .use(claim.path, requireMember)
  .get(coupons.path, async (c) =>
    c.json(ok(c.var.member ? await couponsFor(c.env.DB, c.var.member.accountId, c.var.market.id, Date.now()) : [])),
  )
  .get(notice.path, async (c) => c.json(ok(await offersInForce(c.env.DB, c.var.market, Date.now()))))
  .post(itemDetail.path, async (c) => {
    const { itemId } = await readBody(c, itemDetail);
    return c.json(ok(await offersForItem(c.env.DB, c.var.market, itemId, Date.now())));
  })
  .post(discountList.path, async (c) => {
    const { itemIds } = await readBody(c, discountList);
    return c.json(ok(await offersByItem(c.env.DB, c.var.market, itemIds, Date.now())));
  })
  .get(cancelTip.path, async (c) => c.json(ok(await unsubscribeTip(c.env.SETTINGS, systemClock))))
  .post(used.path, async (c) =>
    c.json(ok(await couponsInState(c.env.DB, c.var.member!.accountId, c.var.market.id, Date.now(), 'USED'))),
  )
  .get(member.path, async (c) =>
    c.json(ok(await couponsInState(c.env.DB, c.var.member!.accountId, c.var.market.id, Date.now(), 'AVAILABLE'))),
  )
  .get(redeemable.path, async (c) =>
    c.json(ok(await redeemableCoupons(c.env.DB, c.var.member!.accountId, c.var.market.id, Date.now()))),
  )
  .post(claim.path, async (c) => {
    const { promotionId } = await readBody(c, claim);
    const request = { accountId: c.var.member!.accountId, promotionId, market: c.var.market.id, now: Date.now() };
    return c.json(ok(await claimWalletCoupon(c.env.DB, request)));
  })
  .get(globalCoupons.path, async (c) => {
    const { accountId } = readQuery(c, globalCoupons);
    if (accountId !== undefined && accountId !== c.var.member?.accountId)
      throw new ApiError(403, 403, 'These coupons belong to another account.');
    const sources = { db: c.env.DB, kv: c.env.SETTINGS, clock: systemClock };
    return c.json(ok(await globalCouponOffers(sources, c.var.market, c.var.member?.accountId ?? null)));
  })
  .use(firstDiscount.path, requireMember)
  .get(firstDiscount.path, async (c) =>
    c.json(ok({ eligible: await firstDiscountEligible(c.env.DB, c.var.member!.accountId) })),
  );
