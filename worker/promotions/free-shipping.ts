/**
 * What the shop promises about free shipping in a market, read from the live promotions: the
 * banner and the shipping policy are written from the same row the cart is priced with.
 */
import { marketById, type MarketId } from '../../shared/markets.ts';
import { describePromotion, type FreeShippingPromise } from '../../shared/promotions/describe.ts';
import { toPromotion, toSec } from './context.ts';
import { promotionRepository } from './repository.ts';

/**
 * The automatic free shipping in force in a market (the lowest threshold when several run), or
 * null when there is none: then no banner promises any.
 */
export async function freeShippingPromise(
  db: D1Database,
  market: MarketId,
  now: number,
): Promise<FreeShippingPromise | null> {
  const [row] = await promotionRepository(db).automaticFreeShipping(market, toSec(now));
  if (!row) return null;
  const promotion = toPromotion(row, [], []);
  return {
    promotionId: promotion.id,
    text: describePromotion(promotion, marketById(market).currency),
    thresholdCent: promotion.thresholdType === 'AMOUNT' ? promotion.thresholdValue : 0,
    shippingOption: promotion.shippingOption ?? null,
  };
}
