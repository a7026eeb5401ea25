import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../../shared/envelope.ts';
import { describePromotion } from '../../shared/promotions/describe.ts';
import { eligibleLines } from '../../shared/promotions/eligibility.ts';
import type { PricingLine } from '../../shared/promotions/types.ts';
import { ApiError } from '../platform/api-error.ts';
import { cartRepository } from '../cart/repository.ts';
import { catalogRepository } from '../catalog/repository.ts';
import { pointsRepository } from '../members/repository.ts';
import type { AppEnv } from '../env.ts';
import { requireMember } from '../middleware/auth.ts';
import { couponsFor, loadPromotionContext, redeemCouponWithPoints } from './service.ts';
import { systemClock } from '../platform/clock.ts';
import { getShopSettings } from '../content/settings.ts';
import { endpoint, readBody, readQuery } from '../platform/contract.ts';

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
const coupon = z
  .object({ promotionId: z.number(), name: z.string(), state: z.string(), reason: z.string() })
  .passthrough();
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
const redeem = endpoint({
  method: 'post',
  path: '/promotion/public/promotion/redeem',
  tag: 'promotion',
  auth: true,
  summary:
    "Buy a coupon with points: the points are taken only while the balance covers them, and the coupon joins the member's wallet",
  body: z.object({ promotionId: id }),
  response: z.object({ points: z.number(), coupon }),
});
const globalCoupons = endpoint({
  method: 'get',
  path: '/promotion/public/promotion/global-coupons',
  tag: 'promotion',
  summary:
    'The shop-wide coupon offers from shop settings (member, guest, review, more-item, survey, action) that apply to this shopper; accountId must be the signed-in member',
  query: z.object({ accountId: z.coerce.number().int().positive().optional() }),
  response: z.array(z.object({ kind: z.string(), couponName: z.string() })),
});

/** The automatic offers in force, described in the market's currency. */
async function autoOffers(c: { env: AppEnv['Bindings']; var: AppEnv['Variables'] }) {
  const context = await loadPromotionContext(c.env.DB, {
    market: c.var.market.id,
    now: Date.now(),
    accountId: null,
    enteredCodes: [],
    selectedCouponIds: [],
  });
  return context.promotions;
}

/** One pricing line per item (first sku) so scopes can be checked the way the cart checks them. */
async function itemLines(
  db: D1Database,
  itemIds: number[],
  market: AppEnv['Variables']['market'],
): Promise<PricingLine[]> {
  const items = await catalogRepository(db).itemsWithSkus(itemIds, market.id);
  const facts = await cartRepository(db).skuFacts(
    items.flatMap((item) => (item.skus[0] ? [item.skus[0].skuId] : [])),
    market.id,
  );
  return [...facts.values()].map((sku) => ({
    key: String(sku.itemId),
    skuId: sku.skuId,
    itemId: sku.itemId,
    brandId: sku.brandId,
    quantity: 1,
    unitCent: sku.discountPrice ?? 0,
    itemType: 'NORMAL',
    bundleId: null,
    categoryIds: [sku.backCategoryId, sku.parentCategoryId, sku.grandCategoryId].filter(
      (value): value is number => value !== null,
    ),
  }));
}

export const promotionApi = new Hono<AppEnv>()
  .use(`${P}/discount/used`, requireMember)
  .use(`${P}/discount/member`, requireMember)
  .use(`${P}/discount/redeem`, requireMember)
  .use(redeem.path, requireMember)
  .get(coupons.path, async (c) =>
    c.json(ok(c.var.member ? await couponsFor(c.env.DB, c.var.member.accountId, c.var.market.id, Date.now()) : [])),
  )
  .get(notice.path, async (c) => {
    const promotions = await autoOffers(c);
    return c.json(
      ok(
        promotions.map((promotion) => ({
          promotionId: promotion.id,
          name: promotion.name,
          source: promotion.source,
          reason: describePromotion(promotion, c.var.market.currency),
          code: null,
        })),
      ),
    );
  })
  .post(itemDetail.path, async (c) => {
    const { itemId } = await readBody(c, itemDetail);
    const [promotions, lines] = await Promise.all([autoOffers(c), itemLines(c.env.DB, [itemId], c.var.market)]);
    const covering = promotions.filter((promotion) => eligibleLines(promotion, lines).length > 0);
    return c.json(
      ok(
        covering.map((promotion) => ({
          promotionId: promotion.id,
          name: promotion.name,
          source: promotion.source,
          reason: describePromotion(promotion, c.var.market.currency),
          code: null,
        })),
      ),
    );
  })
  .post(discountList.path, async (c) => {
    const { itemIds } = await readBody(c, discountList);
    const [promotions, lines] = await Promise.all([
      autoOffers(c),
      itemLines(c.env.DB, [...new Set(itemIds)], c.var.market),
    ]);
    const byItem: Record<string, z.infer<typeof offer>[]> = {};
    for (const line of lines) {
      byItem[line.key] = promotions
        .filter((promotion) => eligibleLines(promotion, [line]).length > 0)
        .map((promotion) => ({
          promotionId: promotion.id,
          name: promotion.name,
          source: promotion.source,
          reason: describePromotion(promotion, c.var.market.currency),
          code: null,
        }));
    }
    return c.json(ok(byItem));
  })
  .get(cancelTip.path, async (c) => {
    const settings = await getShopSettings(c.env.SETTINGS, systemClock);
    const member = settings.COUPON_SETTINGS.member;
    return c.json(
      ok({
        tip: member?.enabled
          ? `Subscribers get offers like ${member.couponName}. If you unsubscribe, you will stop receiving them.`
          : null,
      }),
    );
  })
  .post(used.path, async (c) =>
    c.json(
      ok(
        (await couponsFor(c.env.DB, c.var.member!.accountId, c.var.market.id, Date.now())).filter(
          (held) => held.state === 'USED',
        ),
      ),
    ),
  )
  .get(member.path, async (c) =>
    c.json(
      ok(
        (await couponsFor(c.env.DB, c.var.member!.accountId, c.var.market.id, Date.now())).filter(
          (held) => held.state === 'AVAILABLE',
        ),
      ),
    ),
  )
  .get(redeemable.path, async (c) => {
    const accountId = c.var.member!.accountId;
    const [wallet, points] = await Promise.all([
      couponsFor(c.env.DB, accountId, c.var.market.id, Date.now()),
      pointsRepository(c.env.DB).balance(accountId),
    ]);
    return c.json(ok({ points, coupons: wallet.filter((held) => held.state === 'REDEEMABLE') }));
  })
  .post(redeem.path, async (c) => {
    const { promotionId } = await readBody(c, redeem);
    const accountId = c.var.member!.accountId;
    const points = pointsRepository(c.env.DB);
    const now = Date.now();
    const result = await redeemCouponWithPoints(c.env.DB, {
      accountId,
      promotionId,
      market: c.var.market.id,
      now,
      pointsBalance: await points.balance(accountId),
    });
    if (!result.ok) throw ApiError.badRequest(result.reason);
    if (
      result.pointsToDeduct > 0 &&
      !(await points.run(
        points.spendStatement(accountId, result.pointsToDeduct, 'REDEEM_COUPON', `promotion:${promotionId}`, now),
      ))
    ) {
      throw ApiError.badRequest(`You need ${result.pointsToDeduct} points to redeem this coupon.`);
    }
    return c.json(ok({ points: await points.balance(accountId), coupon: result.coupon }));
  })
  .get(globalCoupons.path, async (c) => {
    const { accountId } = readQuery(c, globalCoupons);
    if (accountId !== undefined && accountId !== c.var.member?.accountId)
      throw new ApiError(403, 403, 'These coupons belong to another account.');
    const settings = await getShopSettings(c.env.SETTINGS, systemClock);
    const kinds = c.var.member
      ? ['member', 'review', 'more-item', 'survey', 'action']
      : ['guest', 'more-item', 'action'];
    return c.json(
      ok(
        kinds.flatMap((kind) => {
          const setting = settings.COUPON_SETTINGS[kind];
          return setting?.enabled ? [{ kind, couponName: setting.couponName }] : [];
        }),
      ),
    );
  });
