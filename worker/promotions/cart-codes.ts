import type { Market } from '../../shared/markets.ts';
import type { RejectionProblem } from '../../shared/promotion-words.ts';
import { priceCart, normalizeCodes } from '../../shared/promotions/engine.ts';
import { ApiError } from '../platform/api-error.ts';
import { cartRepository, type CartRow } from '../cart/repository.ts';
import { pricingLines } from '../cart/pricing.ts';
import { cartLines } from '../cart/view.ts';
import { loadPromotionContext } from './service.ts';

/** The most codes one cart carries: only the best of each kind applies anyway. */
export const MAX_CART_CODES = 5;

/**
 * A code that can never apply to this shopper is refused at once with its reason; one the cart
 * only falls short of (a threshold, a better code of its kind) stays on the cart, and the
 * cart says what is missing.
 */
const REFUSED: ReadonlySet<RejectionProblem> = new Set([
  'UNKNOWN_CODE',
  'WRONG_MARKET',
  'NOT_STARTED',
  'EXPIRED',
  'MEMBERS_ONLY',
  'USAGE_LIMIT',
  'ALREADY_USED',
]);

/** Enters a promotion code on the cart, or refuses it with the reason (§8: shown as a warning). */
export async function applyCode(
  db: D1Database,
  cart: CartRow,
  market: Market,
  code: string,
  accountId: number | null,
  now: number,
): Promise<void> {
  const [normalized] = normalizeCodes([code]);
  if (!normalized) throw ApiError.badRequest('code must not be empty');
  if (cart.promotionCodes.includes(normalized)) return;
  if (cart.promotionCodes.length >= MAX_CART_CODES)
    throw ApiError.badRequest(`A cart can carry at most ${MAX_CART_CODES} codes. Remove one to add another.`);
  const codes = [...cart.promotionCodes, normalized];
  const lines = await cartLines(db, cart, market, null);
  const context = await loadPromotionContext(db, {
    market: market.id,
    now,
    accountId,
    enteredCodes: codes,
    selectedCouponIds: cart.couponIds,
  });
  const priced = priceCart({
    lines: pricingLines(lines),
    market: market.id,
    now,
    accountId,
    ...context,
    enteredCodes: codes,
    selectedCouponIds: cart.couponIds,
    shippingCent: 0,
    pointsToRedeem: 0,
    pointsBalance: 0,
  });
  const refusal = priced.rejected.find(
    (rejection) => rejection.code?.toUpperCase() === normalized && REFUSED.has(rejection.problem),
  );
  if (refusal) throw ApiError.badRequest(refusal.reason);
  await cartRepository(db).setPromotions(cart.uuid, codes, cart.couponIds, now);
  cart.promotionCodes = codes;
}

/** Takes a code off the cart (taking off one that is not there is fine). */
export async function removeCode(db: D1Database, cart: CartRow, code: string, now: number): Promise<void> {
  const [normalized] = normalizeCodes([code]);
  const codes = cart.promotionCodes.filter((entered) => entered !== normalized);
  await cartRepository(db).setPromotions(cart.uuid, codes, cart.couponIds, now);
  cart.promotionCodes = codes;
}

/** Chooses the member's wallet coupons to use (by promotion id); the engine uses the best one and says why not the others. */
export async function selectCoupons(db: D1Database, cart: CartRow, couponIds: number[], now: number): Promise<void> {
  const chosen = [...new Set(couponIds)].slice(0, MAX_CART_CODES);
  await cartRepository(db).setPromotions(cart.uuid, cart.promotionCodes, chosen, now);
  cart.couponIds = chosen;
}
