/** The promotions engine's input and output (see engine.ts for the rules). Pure data, no I/O. */
import type { CartItemType } from '../cart.ts';
import type { Currency, MarketId } from '../markets.ts';
import type {
  CouponStatus,
  DiscountSource,
  DiscountType,
  LimitScene,
  PromotionType,
  RejectionProblem,
  ThresholdType,
} from '../promotion-words.ts';

/** Which items a promotion covers: any listed item, any item in a listed category, any listed brand. */
export interface PromotionScope {
  itemIds: number[];
  categoryIds: number[];
  brandIds: number[];
}

/** An add-on (exchange purchase) price: a fixed price in cents, or a percent off (1-60). */
export interface AddOn {
  skuId: number;
  priceCent: number | null;
  percentOff: number | null;
  /** Units of this sku one order gets at the add-on price; the rest pay their own price. */
  maxQuantity: number;
}

export interface Gift {
  skuId: number;
  quantity: number;
}

/**
 * A promotion as the engine sees it. Amounts (FIXED_AMOUNT discountValue, AMOUNT thresholdValue,
 * maxDiscountCent, add-on priceCent) are minor units of the cart's currency: a promotion valid in
 * both markets gives the same figures in each market's own currency (CA$20 in Canada).
 */
export interface Promotion {
  id: number;
  name: string;
  /** The typed code, PROMOTION_CODE only; compared case-insensitively. */
  code: string | null;
  source: DiscountSource;
  promotionType: PromotionType;
  /** DISCOUNT promotions only. */
  discountType: DiscountType | null;
  /** PERCENT: a whole percent 1-100; FIXED_AMOUNT: cents; FREE_SHIPPING: unused. */
  discountValue: number;
  thresholdType: ThresholdType;
  /** QUANTITY: items; AMOUNT: cents of the eligible lines' value before promotions. */
  thresholdValue: number;
  /** null: every item. */
  scope: PromotionScope | null;
  /** null: both markets. */
  market: MarketId | null;
  /** Epoch ms; valid while startsAt <= now < endsAt. */
  startsAt: number | null;
  endsAt: number | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  memberOnly: boolean;
  integralScore: number | null;
  limitScene: LimitScene | null;
  maxDiscountCent: number | null;
  addOns: AddOn[];
  gift: Gift | null;
  /**
   * FREE_SHIPPING only: the shipping option it takes off ('Standard Shipping'); null or absent for
   * any option. A limited one applies only when the input names that option as the chosen one.
   */
  shippingOption?: string | null;
  /** COUPON only: the state of the member's wallet copy (absent means AVAILABLE). */
  couponStatus?: CouponStatus;
}

/** One cart line to price. */
export interface PricingLine {
  /** The cartItemKey (skuId:itemType:bundleId); unique within a cart. */
  key: string;
  skuId: number;
  itemId: number;
  brandId: number | null;
  /** The item's back category and its ancestors, so a promotion on a parent category covers it. */
  categoryIds: number[];
  quantity: number;
  /** The line's own unit price before promotions. */
  unitCent: number;
  itemType: CartItemType;
  bundleId: string | null;
}

export interface PromotionUsage {
  total: number;
  byCustomer: number;
}

export interface PricingInput {
  lines: PricingLine[];
  /** The currency follows the market (§3 country config). */
  market: MarketId;
  now: number;
  accountId: number | null;
  /** Every candidate: active automatic ones, those behind the entered codes, the member's coupons. */
  promotions: Promotion[];
  enteredCodes: string[];
  /** Promotion ids of the wallet coupons the shopper chose. */
  selectedCouponIds: number[];
  shippingCent: number;
  /** The shipping option `shippingCent` is for, when known (see Promotion.shippingOption). */
  shippingOptionName?: string | null;
  pointsToRedeem: number;
  pointsBalance: number;
  usage: Record<number, PromotionUsage>;
}

export type AdjustmentKind = 'PERCENT' | 'FIXED_AMOUNT' | 'FREE_SHIPPING' | 'POINTS' | 'EXCHANGE' | 'GIVEAWAY';

/** Part of an adjustment carried by one line. */
export interface LineShare {
  key: string;
  amountCent: number;
}

/** One saving applied to the cart, with the reason a shopper reads. */
export interface Adjustment {
  /** null for points. */
  promotionId: number | null;
  source: DiscountSource | null;
  kind: AdjustmentKind;
  name: string;
  reason: string;
  amountCent: number;
  /** Spread over the lines it covers; sums exactly to amountCent. Empty for FREE_SHIPPING (shipping is no line). */
  lines: LineShare[];
}

export interface Rejection {
  code?: string;
  promotionId?: number;
  problem: RejectionProblem;
  reason: string;
}

/** An automatic offer the cart has not reached yet, e.g. "Spend $12.00 more to get ...". */
export interface Hint {
  promotionId: number;
  reason: string;
}

export interface PricedLine {
  key: string;
  subtotalCent: number;
  /** Every promotion on this line (add-on price included), not points. */
  discountCent: number;
  pointsCent: number;
  totalCent: number;
}

/** Whether a TRADE_IN line gets its add-on price; the cart marks those that do not. */
export interface TradeInStatus {
  key: string;
  qualifies: boolean;
  promotionId: number | null;
  reason: string;
}

/** An add-on offer the shopper can see: qualifies when the cart meets its threshold. */
export interface ExchangeOfferView {
  promotionId: number;
  name: string;
  qualifies: boolean;
  reason: string;
  addOns: AddOn[];
}

export interface GiveawayView {
  promotionId: number;
  name: string;
  reason: string;
  skuId: number;
  quantity: number;
}

export interface CartPricing {
  currency: Currency;
  subtotalCent: number;
  discountCent: number;
  shippingCent: number;
  shippingDiscountCent: number;
  pointsUsed: number;
  pointsCent: number;
  totalCent: number;
  adjustments: Adjustment[];
  rejected: Rejection[];
  hints: Hint[];
  lines: PricedLine[];
  tradeIns: TradeInStatus[];
  exchangeOffers: ExchangeOfferView[];
  giveaways: GiveawayView[];
}
