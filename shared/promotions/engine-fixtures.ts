import type { RejectionProblem } from '../promotion-words.ts';
import { priceCart } from './engine.ts';
import type { CartPricing, PricingInput, PricingLine, Promotion } from './types.ts';

/** The parts, promotions and pricing call the promotions engine's examples use (engine-*.test.ts). */

export const NOW = Date.UTC(2025, 5, 1);
export const DAY = 86_400_000;

/**
 * Two brake pads sets at $50.00 (brakes category 1 > pads 3, brand 2) and a $25.00 bulb (lighting 11 >
 * 13, brand 3).
 */
export const PADS: PricingLine = {
  key: '101:NORMAL:',
  skuId: 101,
  itemId: 11,
  brandId: 2,
  categoryIds: [3, 1],
  quantity: 2,
  unitCent: 5000,
  itemType: 'NORMAL',
  bundleId: null,
};
export const BULB: PricingLine = {
  key: '201:NORMAL:',
  skuId: 201,
  itemId: 21,
  brandId: 3,
  categoryIds: [13, 11],
  quantity: 1,
  unitCent: 2500,
  itemType: 'NORMAL',
  bundleId: null,
};
/** A $10.00 brake fluid added as an add-on. */
export const FLUID_ADD_ON: PricingLine = {
  key: '301:TRADE_IN:',
  skuId: 301,
  itemId: 31,
  brandId: 2,
  categoryIds: [9, 1],
  quantity: 1,
  unitCent: 1000,
  itemType: 'TRADE_IN',
  bundleId: null,
};

export function promo(fields: Partial<Promotion>): Promotion {
  return {
    id: 1,
    name: 'Promo',
    code: null,
    source: 'AUTO_DISCOUNT',
    promotionType: 'DISCOUNT',
    discountType: 'PERCENT',
    discountValue: 10,
    thresholdType: 'NO_THRESHOLD',
    thresholdValue: 0,
    scope: null,
    market: null,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    memberOnly: false,
    integralScore: null,
    limitScene: null,
    maxDiscountCent: null,
    addOns: [],
    gift: null,
    ...fields,
  };
}
export const code = (fields: Partial<Promotion>) => promo({ source: 'PROMOTION_CODE', code: 'SAVE', ...fields });
export const coupon = (fields: Partial<Promotion>) => promo({ source: 'COUPON', ...fields });
/** The automatic free shipping on orders of $99.00 or more. */
export const free = (fields: Partial<Promotion>) =>
  promo({ discountType: 'FREE_SHIPPING', thresholdType: 'AMOUNT', thresholdValue: 9900, ...fields });

export function price(fields: Partial<PricingInput>): CartPricing {
  return priceCart({
    lines: [PADS, BULB],
    market: 'us',
    now: NOW,
    accountId: null,
    promotions: [],
    enteredCodes: [],
    selectedCouponIds: [],
    shippingCent: 999,
    pointsToRedeem: 0,
    pointsBalance: 0,
    usage: {},
    ...fields,
  });
}

export interface Example {
  name: string;
  input: Partial<PricingInput>;
  discountCent?: number;
  shippingDiscountCent?: number;
  pointsCent?: number;
  totalCent?: number;
  reasons?: string[];
  rejected?: [RejectionProblem, string][];
  hints?: string[];
}

export const SAVE = { enteredCodes: ['SAVE'] };
