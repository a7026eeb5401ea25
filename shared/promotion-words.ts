/**
 * The promotion words of spec §3 (Coupon, Discounts), written once: the enums, the points rate,
 * the add-on saving cap (§9 PROMO_TEXT says "up to 60%"), and every shopper-facing message the
 * promotions engine and the coupon wallet give.
 */
import { formatMoney, type Money } from './money.ts';

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

const items = (n: number) => (n === 1 ? '1 more item' : `${n} more items`);

/** The shopper-facing messages of the promotions engine and the coupon wallet. */
export const PROMOTION_MSG = {
  unknownCode: 'This code is not valid. Please check it and try again.',
  wrongMarket: (noun: PromotionNoun) => `This ${noun} is not valid in your country.`,
  notStarted: (noun: PromotionNoun) => `This ${noun} is not active yet.`,
  expired: (noun: PromotionNoun) => `This ${noun} has expired.`,
  membersOnly: (noun: PromotionNoun) => `Please sign in to use this ${noun}.`,
  notInWallet: 'This coupon is not in your account.',
  usageLimit: (noun: PromotionNoun) => `This ${noun} has reached its usage limit.`,
  alreadyUsed: (noun: PromotionNoun) => `You have already used this ${noun}.`,
  notApplicable: (noun: PromotionNoun) => `This ${noun} does not apply to any item in your cart.`,
  addMoreItems: (n: number, noun: PromotionNoun) => `Add ${items(n)} to use this ${noun}.`,
  spendMore: (amount: Money, noun: PromotionNoun) => `Spend ${formatMoney(amount)} more to use this ${noun}.`,
  /** Another of the same kind holds the order's one place: the shopper is told which. */
  notBest: (noun: PromotionNoun, applied: string) =>
    `Only one ${noun} of this kind can be used per order, and “${applied}”, which saves you more, is applied.`,
  /** A free-shipping code when the shipping is already free with another offer. */
  shippingAlreadyFree: (noun: PromotionNoun, applied: string) =>
    `Your shipping is already free with “${applied}”, so this ${noun} is not needed.`,
  noFurtherDiscount: (noun: PromotionNoun) => `This ${noun} gives no further discount on your cart.`,
  /** An automatic offer the cart almost qualifies for. */
  hintItems: (n: number, offer: string) => `Add ${items(n)} to get ${offer}.`,
  hintSpend: (amount: Money, offer: string) => `Spend ${formatMoney(amount)} more to get ${offer}.`,
  addOnLocked: (amount: Money) => `Spend ${formatMoney(amount)} more to unlock the add-on prices.`,
  addOnLockedItems: (n: number) => `Add ${items(n)} to unlock the add-on prices.`,
  addOnNeedsPurchase: 'Add a qualifying part to unlock the add-on prices.',
  addOnUnavailable: 'This add-on offer is no longer available.',
  addOnApplied: (name: string) => `Add-on price with ${name}`,
  pointsApplied: (points: number) => `${points} points redeemed`,
  notRedeemable: 'This coupon cannot be redeemed with points.',
  notEnoughPoints: (needed: number) => `You need ${needed} points to redeem this coupon.`,
  alreadyHeld: 'This coupon is already in your account.',
  notClaimable: 'This coupon cannot be claimed.',
  couponNotFound: 'This coupon could not be found.',
} as const;
