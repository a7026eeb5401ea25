/**
 * A member level's free shipping (issue 21) as a promotion the engine prices like the shop's own
 * automatic offers: it takes Standard Shipping off orders of parts at or over the level's
 * threshold, and the level is named in it ("Gold member: Free Standard Shipping on orders of
 * $49.00 or more"). It is no stored promotion (id 0), so an order records no use of it.
 */
import type { MemberLevel } from '../../shared/api/members.ts';
import { currencyOf, type MarketId } from '../../shared/markets.ts';
import { describePromotion } from '../../shared/promotions/describe.ts';
import type { Promotion } from '../../shared/promotions/types.ts';
import { STANDARD_SHIPPING } from '../../shared/shipping.ts';
import { levelBenefitsFor } from '../members/service.ts';

/** The id the level's free shipping goes by: no stored promotion has it. */
export const LEVEL_FREE_SHIPPING_ID = 0;

/** The free shipping a level gives in a market; null when the level gives none beyond the shop's. */
export function levelFreeShipping(level: MemberLevel, market: MarketId): Promotion | null {
  const threshold = level.benefits.freeShippingThresholdCent;
  if (threshold === null) return null;
  const offer: Promotion = {
    id: LEVEL_FREE_SHIPPING_ID,
    name: `${level.name} member`,
    code: null,
    source: 'AUTO_DISCOUNT',
    promotionType: 'DISCOUNT',
    discountType: 'FREE_SHIPPING',
    discountValue: 0,
    thresholdType: threshold > 0 ? 'AMOUNT' : 'NO_THRESHOLD',
    thresholdValue: threshold,
    scope: null,
    market,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    memberOnly: true,
    integralScore: null,
    limitScene: null,
    maxDiscountCent: null,
    addOns: [],
    gift: null,
    shippingOption: STANDARD_SHIPPING,
  };
  return { ...offer, name: `${level.name} member: ${describePromotion(offer, currencyOf(market))}` };
}

/** The level offers of a signed-in member in a market (none for a visitor). */
export async function levelOffers(
  db: D1Database,
  request: { market: MarketId; now: number; accountId: number | null },
): Promise<Promotion[]> {
  const level = await levelBenefitsFor(db, request.accountId, request.now);
  const offer = level && levelFreeShipping(level, request.market);
  return offer ? [offer] : [];
}
