/**
 * The first-order offer (issue 21 §4 /sign-up-discount, §3 useFirstDiscount): the live first-order
 * promotion of a market as a shopper reads it, and whether a shopper may still have one. The rule
 * itself is SQL (first-order-repository.ts), so the cart's pricing and the order step's guard agree.
 */
import { firstDiscountUsed } from '../accounts/service.ts';
import { currencyOf, type Currency, type MarketId } from '../../shared/markets.ts';
import type { DiscountType, ThresholdType } from '../../shared/promotion-words.ts';
import { describePromotion } from '../../shared/promotions/describe.ts';
import { discountAmount } from '../../shared/promotions/engine.ts';
import type { Promotion } from '../../shared/promotions/types.ts';
import { toPromotion, toSec } from './context.ts';
import { firstOrderRepository } from './first-order-repository.ts';
import { promotionRepository } from './repository.ts';

/** The first-order offer as /sign-up-discount shows it. */
export interface FirstOrderOffer {
  promotionId: number;
  name: string;
  /** What it gives and from what order value ('$5.00 off orders of $25.00 or more'). */
  reason: string;
  discountType: DiscountType | null;
  /** PERCENT: a whole percent; FIXED_AMOUNT: cents of `currency`. */
  discountValue: number;
  thresholdType: ThresholdType;
  /** AMOUNT: cents of `currency`; QUANTITY: items. */
  thresholdValue: number;
  currency: Currency;
  /** Epoch ms; null when it does not end. */
  endsAt: number | null;
  /** Only a signed-in member's first order gets it (otherwise a guest's first order does too). */
  memberOnly: boolean;
  /** The code to enter at checkout, for a promotion code; null when it applies by itself. */
  code: string | null;
}

/** An order this size shows which offer is worth most: at least its own minimum, else $100.00. */
const REFERENCE_ORDER_CENT = 10_000;
const worthOf = (promotion: Promotion) =>
  discountAmount(
    promotion,
    Math.max(promotion.thresholdType === 'AMOUNT' ? promotion.thresholdValue : 0, REFERENCE_ORDER_CENT),
  );

/** The best live first-order offer of a market (the most saved on a typical order; ties: the older), or null. */
export async function firstOrderOffer(db: D1Database, market: MarketId, now: number): Promise<FirstOrderOffer | null> {
  const rows = await promotionRepository(db).firstOrderOffers(market, toSec(now));
  const best = rows
    .map((row) => toPromotion(row, [], []))
    .filter((promotion) => promotion.promotionType === 'DISCOUNT')
    .sort((a, b) => worthOf(b) - worthOf(a) || a.id - b.id)[0];
  if (!best) return null;
  const currency = currencyOf(market);
  return {
    promotionId: best.id,
    name: best.name,
    reason: describePromotion(best, currency),
    discountType: best.discountType,
    discountValue: best.discountValue,
    thresholdType: best.thresholdType,
    thresholdValue: best.thresholdValue,
    currency,
    endsAt: best.endsAt,
    memberOnly: best.memberOnly,
    code: best.code,
  };
}

/**
 * Whether a shopper may still have a first-order promotion: the member's account has not used one
 * and neither it nor the email has an order paid or awaiting payment (cancelled ones don't count).
 */
export function isFirstOrder(db: D1Database, shopper: { accountId: number | null; email: string | null }) {
  return firstOrderRepository(db).isOpen(shopper.accountId, shopper.email);
}

/**
 * Where the member stands with the first-order discount (§3 useFirstDiscount): they can still use
 * it, their account used it, or they have ordered without it (an order paid or awaiting payment).
 */
export async function firstDiscountStanding(
  db: D1Database,
  accountId: number,
): Promise<'eligible' | 'used' | 'ordered'> {
  const [used, open] = await Promise.all([
    firstDiscountUsed(db, accountId),
    isFirstOrder(db, { accountId, email: null }),
  ]);
  if (used) return 'used';
  return open ? 'eligible' : 'ordered';
}

/** Whether the member can still use the first-order discount (§7 Other calls: first-discount check). */
export async function firstDiscountEligible(db: D1Database, accountId: number): Promise<boolean> {
  return (await firstDiscountStanding(db, accountId)) === 'eligible';
}
