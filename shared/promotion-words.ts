/**
 * The promotion words of spec §3 (Coupon, Discounts), written once: the enums, the points rate,
 * the add-on saving cap (§9 PROMO_TEXT says "up to 60%"), and every shopper-facing message the
 * promotions engine and the coupon wallet give.
 */
import { formatMoney, type Money } from './money.ts';
import * as m from './i18n/generated/messages.js';

export const DISCOUNT_TYPES = ['FREE_SHIPPING', 'PERCENT', 'FIXED_AMOUNT'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const THRESHOLD_TYPES = ['NO_THRESHOLD', 'QUANTITY', 'AMOUNT'] as const;
export type ThresholdType = (typeof THRESHOLD_TYPES)[number];

export const DISCOUNT_SOURCES = ['AUTO_DISCOUNT', 'PROMOTION_CODE', 'COUPON'] as const;
export type DiscountSource = (typeof DISCOUNT_SOURCES)[number];

/** limitScene REDEEM: a coupon a member buys with points (integralScore). */
export const LIMIT_SCENES = ['REDEEM'] as const;
export type LimitScene = (typeof LIMIT_SCENES)[number];

/** What a promotion gives: a discount (discountType), add-on prices, or a free gift. */
export const PROMOTION_TYPES = ['DISCOUNT', 'EXCHANGE_PURCHASE', 'GIVEAWAY'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

/** The state of a coupon in a member's wallet. */
export const COUPON_STATUSES = ['AVAILABLE', 'USED', 'EXPIRED'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** Why an entered code or chosen coupon does not apply; callers switch on these, never on text. */
export const REJECTION_PROBLEMS = [
  'UNKNOWN_CODE',
  'WRONG_MARKET',
  'NOT_STARTED',
  'EXPIRED',
  'MEMBERS_ONLY',
  'NOT_IN_WALLET',
  'USAGE_LIMIT',
  'ALREADY_USED',
  'NOT_APPLICABLE',
  'THRESHOLD',
  'NOT_BEST',
  'NO_FURTHER_DISCOUNT',
] as const;
export type RejectionProblem = (typeof REJECTION_PROBLEMS)[number];

/** Points pay for items at 100 points to the dollar: one point is one cent. */
export const POINTS_PER_DOLLAR = 100;
/** What whole points pay for, in cents (rounded down). */
export const pointsInCents = (points: number) => Math.floor((points * 100) / POINTS_PER_DOLLAR);
/** An add-on (exchange purchase) never saves more than this share of its own price (§9 PROMO_TEXT). */
export const MAX_ADD_ON_SAVING_PERCENT = 60;

/** How a message names what the shopper tried: a typed code, or a coupon from the wallet. */
export type PromotionNoun = 'code' | 'coupon';

const items = (count: number) => m.pm_more_items({ count });
const nounOf = (noun: PromotionNoun) => (noun === 'code' ? m.pm_noun_code() : m.pm_noun_coupon());

/** The shopper-facing messages of the promotions engine and the coupon wallet. */
export const PROMOTION_MSG = {
  get unknownCode() {
    return m.pm_unknown_code();
  },
  wrongMarket: (noun: PromotionNoun) => m.pm_wrong_market({ noun: nounOf(noun) }),
  notStarted: (noun: PromotionNoun) => m.pm_not_started({ noun: nounOf(noun) }),
  expired: (noun: PromotionNoun) => m.pm_expired({ noun: nounOf(noun) }),
  membersOnly: (noun: PromotionNoun) => m.pm_members_only({ noun: nounOf(noun) }),
  get notInWallet() {
    return m.pm_not_in_wallet();
  },
  usageLimit: (noun: PromotionNoun) => m.pm_usage_limit({ noun: nounOf(noun) }),
  alreadyUsed: (noun: PromotionNoun) => m.pm_already_used({ noun: nounOf(noun) }),
  notApplicable: (noun: PromotionNoun) => m.pm_not_applicable({ noun: nounOf(noun) }),
  addMoreItems: (n: number, noun: PromotionNoun) => m.pm_add_more_items({ items: items(n), noun: nounOf(noun) }),
  spendMore: (amount: Money, noun: PromotionNoun) =>
    m.pm_spend_more({ money: formatMoney(amount), noun: nounOf(noun) }),
  /** Another of the same kind holds the order's one place: the shopper is told which. */
  notBest: (noun: PromotionNoun, applied: string) => m.pm_not_best({ noun: nounOf(noun), applied }),
  /** A free-shipping code when the shipping is already free with another offer. */
  shippingAlreadyFree: (noun: PromotionNoun, applied: string) =>
    m.pm_shipping_already_free({ noun: nounOf(noun), applied }),
  noFurtherDiscount: (noun: PromotionNoun) => m.pm_no_further({ noun: nounOf(noun) }),
  /** An automatic offer the cart almost qualifies for. */
  hintItems: (n: number, offer: string) => m.pm_hint_items({ items: items(n), offer }),
  hintSpend: (amount: Money, offer: string) => m.pm_hint_spend({ money: formatMoney(amount), offer }),
  addOnLocked: (amount: Money) => m.pm_addon_locked({ money: formatMoney(amount) }),
  addOnLockedItems: (n: number) => m.pm_addon_locked_items({ items: items(n) }),
  get addOnNeedsPurchase() {
    return m.pm_addon_needs();
  },
  get addOnUnavailable() {
    return m.pm_addon_unavailable();
  },
  addOnApplied: (name: string) => m.pm_addon_applied({ name }),
  pointsApplied: (points: number) => m.pm_points_applied({ points }),
  get notRedeemable() {
    return m.pm_not_redeemable();
  },
  notEnoughPoints: (needed: number) => m.pm_not_enough_points({ needed }),
  get alreadyHeld() {
    return m.pm_already_held();
  },
  get notClaimable() {
    return m.pm_not_claimable();
  },
  get couponNotFound() {
    return m.pm_coupon_not_found();
  },
};
