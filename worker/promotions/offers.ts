/**
 * The offers a shopper is told about outside the cart: the automatic discounts in force (the
 * notice bar, product pages and cards, each in a sentence) and the shop-wide coupon offers of
 * the shop settings.
 */
import type { Market } from '../../shared/markets.ts';
import { describePromotion } from '../../shared/promotions/describe.ts';
import { eligibleLines } from '../../shared/promotions/eligibility.ts';
import type { PricingLine, Promotion } from '../../shared/promotions/types.ts';
import type { Clock } from '../platform/clock.ts';
import { itemsWithSkus, skuFacts } from '../catalog/service.ts';
import { getShopSettings } from '../content/service.ts';
import { loadPromotionContext } from './context.ts';
import { firstOrderOffer, isFirstOrder } from './first-order.ts';

/** An automatic offer as the shopper reads it. */
export interface OfferView {
  promotionId: number;
  name: string;
  source: string;
  reason: string;
  code: null;
}

/** The shop-wide coupon offers a signed-in member is told about, and those a visitor is (§3's kind names). */
const MEMBER_COUPON_KINDS = ['member', 'review', 'more-item', 'survey', 'action'];
const GUEST_COUPON_KINDS = ['guest', 'more-item', 'action'];
/** The kind of the first-order offer (§3 coupon settings' guest). */
const FIRST_ORDER_KIND = 'guest';
/** The COUPON_SETTINGS key of a kind whose settings key is spelt otherwise (§3 more-item is `moreItem`). */
const SETTING_KEY: Record<string, string> = { 'more-item': 'moreItem' };

/**
 * The automatic offers in force in the market for everyone: a first-order offer is a shopper's own
 * (told on /sign-up-discount and in the cart), so it is no product's or notice bar's offer.
 */
async function autoOffers(db: D1Database, market: Market, now: number): Promise<Promotion[]> {
  const context = await loadPromotionContext(db, {
    market: market.id,
    now,
    accountId: null,
    enteredCodes: [],
    selectedCouponIds: [],
  });
  const firstOrder = new Set(context.firstOrderIds);
  return context.promotions.filter((promotion) => !firstOrder.has(promotion.id));
}

const offerView = (promotion: Promotion, market: Market): OfferView => ({
  promotionId: promotion.id,
  name: promotion.name,
  source: promotion.source,
  reason: describePromotion(promotion, market.currency),
  code: null,
});

/** One pricing line per item (its first SKU) so scopes can be checked the way the cart checks them. */
async function itemLines(db: D1Database, itemIds: number[], market: Market): Promise<PricingLine[]> {
  const items = await itemsWithSkus(db, itemIds, market.id);
  const facts = await skuFacts(
    db,
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

/** The automatic offers in force in the market, each in a sentence (the notice bar). */
export async function offersInForce(db: D1Database, market: Market, now: number): Promise<OfferView[]> {
  return (await autoOffers(db, market, now)).map((promotion) => offerView(promotion, market));
}

/** The automatic offers that cover one product (product page). */
export async function offersForItem(db: D1Database, market: Market, itemId: number, now: number) {
  const [promotions, lines] = await Promise.all([autoOffers(db, market, now), itemLines(db, [itemId], market)]);
  return promotions
    .filter((promotion) => eligibleLines(promotion, lines).length > 0)
    .map((promotion) => offerView(promotion, market));
}

/** The automatic offers covering each product, by item id (product cards). */
export async function offersByItem(
  db: D1Database,
  market: Market,
  itemIds: readonly number[],
  now: number,
): Promise<Record<string, OfferView[]>> {
  const [promotions, lines] = await Promise.all([
    autoOffers(db, market, now),
    itemLines(db, [...new Set(itemIds)], market),
  ]);
  const byItem: Record<string, OfferView[]> = {};
  for (const line of lines) {
    byItem[line.key] = promotions
      .filter((promotion) => eligibleLines(promotion, [line]).length > 0)
      .map((promotion) => offerView(promotion, market));
  }
  return byItem;
}

/** What a subscriber gives up by unsubscribing (shown before they confirm); null without a member offer. */
export async function unsubscribeTip(kv: KVNamespace, clock: Clock): Promise<{ tip: string | null }> {
  const member = (await getShopSettings(kv, clock)).COUPON_SETTINGS.member;
  return {
    tip: member?.enabled
      ? `Subscribers get offers like ${member.couponName}. If you unsubscribe, you will stop receiving them.`
      : null,
  };
}

/**
 * The shop-wide coupon offers of the shop settings that apply to a member, or to a visitor. The
 * first-order one (the guest setting) is named by the live first-order promotion, and is offered to
 * a visitor and to a member who can still use it; without a live one it is not offered.
 */
export async function globalCouponOffers(
  env: { db: D1Database; kv: KVNamespace; clock: Clock },
  market: Market,
  accountId: number | null,
): Promise<{ kind: string; couponName: string }[]> {
  const settings = await getShopSettings(env.kv, env.clock);
  const now = env.clock.now();
  const [offer, open] = await Promise.all([
    settings.COUPON_SETTINGS.guest?.enabled ? firstOrderOffer(env.db, market.id, now) : null,
    accountId === null ? true : isFirstOrder(env.db, { accountId, email: null }),
  ]);
  const kinds = accountId === null ? GUEST_COUPON_KINDS : [FIRST_ORDER_KIND, ...MEMBER_COUPON_KINDS];
  return kinds.flatMap((kind) => {
    if (kind === FIRST_ORDER_KIND) return offer && open ? [{ kind, couponName: offer.name }] : [];
    const setting = settings.COUPON_SETTINGS[SETTING_KEY[kind] ?? kind];
    return setting?.enabled ? [{ kind, couponName: setting.couponName }] : [];
  });
}
