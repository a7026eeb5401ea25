import { describe, expect, it } from 'vitest';
import { PROMO_TEXT } from '../constants.ts';
import type { RejectionProblem } from '../promotion-words.ts';
import { priceCart } from './engine.ts';
import { prorate } from './prorate.ts';
import type { CartPricing, PricingInput, PricingLine, Promotion } from './types.ts';

const NOW = Date.UTC(2025, 5, 1);
const DAY = 86_400_000;

/**
 * Two brake pads sets at $50.00 (brakes category 1 > pads 3, brand 2) and a $25.00 bulb (lighting 11 >
 * 13, brand 3).
 */
const PADS: PricingLine = {
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
const BULB: PricingLine = {
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
const FLUID_ADD_ON: PricingLine = {
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

function promo(fields: Partial<Promotion>): Promotion {
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
const code = (fields: Partial<Promotion>) => promo({ source: 'PROMOTION_CODE', code: 'SAVE', ...fields });
const coupon = (fields: Partial<Promotion>) => promo({ source: 'COUPON', ...fields });
/** The automatic free shipping on orders of $99.00 or more. */
const free = (fields: Partial<Promotion>) =>
  promo({ discountType: 'FREE_SHIPPING', thresholdType: 'AMOUNT', thresholdValue: 9900, ...fields });

function price(fields: Partial<PricingInput>): CartPricing {
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

interface Example {
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

const SAVE = { enteredCodes: ['SAVE'] };

/** Every discountType x thresholdType, on the $125.00 cart with $9.99 shipping. */
const KINDS: Example[] = [
  {
    name: 'PERCENT, no threshold',
    input: { ...SAVE, promotions: [code({})] },
    discountCent: 1250,
    totalCent: 12249,
    reasons: ['10% off your order'],
  },
  {
    name: 'PERCENT, quantity met',
    input: { ...SAVE, promotions: [code({ thresholdType: 'QUANTITY', thresholdValue: 3 })] },
    discountCent: 1250,
    reasons: ['10% off orders of 3 or more items'],
  },
  {
    name: 'PERCENT, quantity one short',
    input: { ...SAVE, promotions: [code({ thresholdType: 'QUANTITY', thresholdValue: 4 })] },
    discountCent: 0,
    totalCent: 13499,
    rejected: [['THRESHOLD', 'Add 1 more item to use this code.']],
  },
  {
    name: 'PERCENT, amount met exactly',
    input: { ...SAVE, promotions: [code({ thresholdType: 'AMOUNT', thresholdValue: 12500 })] },
    discountCent: 1250,
    reasons: ['10% off orders of $125.00 or more'],
  },
  {
    name: 'PERCENT, amount short',
    input: { ...SAVE, promotions: [code({ thresholdType: 'AMOUNT', thresholdValue: 15000 })] },
    discountCent: 0,
    rejected: [['THRESHOLD', 'Spend $25.00 more to use this code.']],
  },
  {
    name: 'FIXED_AMOUNT, no threshold',
    input: { ...SAVE, promotions: [code({ discountType: 'FIXED_AMOUNT', discountValue: 2000 })] },
    discountCent: 2000,
    totalCent: 11499,
    reasons: ['$20.00 off your order'],
  },
  {
    name: 'FIXED_AMOUNT, quantity met',
    input: {
      ...SAVE,
      promotions: [
        code({ discountType: 'FIXED_AMOUNT', discountValue: 2000, thresholdType: 'QUANTITY', thresholdValue: 2 }),
      ],
    },
    discountCent: 2000,
    reasons: ['$20.00 off orders of 2 or more items'],
  },
  {
    name: 'FIXED_AMOUNT, quantity short',
    input: {
      ...SAVE,
      promotions: [
        code({ discountType: 'FIXED_AMOUNT', discountValue: 2000, thresholdType: 'QUANTITY', thresholdValue: 5 }),
      ],
    },
    discountCent: 0,
    rejected: [['THRESHOLD', 'Add 2 more items to use this code.']],
  },
  {
    name: 'FIXED_AMOUNT, amount met',
    input: {
      ...SAVE,
      promotions: [
        code({ discountType: 'FIXED_AMOUNT', discountValue: 2000, thresholdType: 'AMOUNT', thresholdValue: 10000 }),
      ],
    },
    discountCent: 2000,
    reasons: ['$20.00 off orders of $100.00 or more'],
  },
  {
    name: 'FIXED_AMOUNT, amount short',
    input: {
      ...SAVE,
      promotions: [
        code({ discountType: 'FIXED_AMOUNT', discountValue: 2000, thresholdType: 'AMOUNT', thresholdValue: 12501 }),
      ],
    },
    discountCent: 0,
    rejected: [['THRESHOLD', 'Spend $0.01 more to use this code.']],
  },
  {
    name: 'FREE_SHIPPING, no threshold',
    input: { ...SAVE, promotions: [code({ discountType: 'FREE_SHIPPING' })] },
    discountCent: 0,
    shippingDiscountCent: 999,
    totalCent: 12500,
    reasons: ['Free shipping on your order'],
  },
  {
    name: 'FREE_SHIPPING, quantity met',
    input: {
      ...SAVE,
      promotions: [code({ discountType: 'FREE_SHIPPING', thresholdType: 'QUANTITY', thresholdValue: 3 })],
    },
    shippingDiscountCent: 999,
    reasons: ['Free shipping on orders of 3 or more items'],
  },
  {
    name: 'FREE_SHIPPING, quantity short',
    input: {
      ...SAVE,
      promotions: [code({ discountType: 'FREE_SHIPPING', thresholdType: 'QUANTITY', thresholdValue: 5 })],
    },
    shippingDiscountCent: 0,
    totalCent: 13499,
    rejected: [['THRESHOLD', 'Add 2 more items to use this code.']],
  },
  {
    name: 'FREE_SHIPPING, amount met (auto, over $99)',
    input: { promotions: [promo({ discountType: 'FREE_SHIPPING', thresholdType: 'AMOUNT', thresholdValue: 9900 })] },
    shippingDiscountCent: 999,
    totalCent: 12500,
    reasons: ['Free shipping on orders of $99.00 or more'],
  },
  {
    name: 'FREE_SHIPPING limited to Standard Shipping takes it off when it is the chosen option (any case)',
    input: {
      promotions: [free({ shippingOption: 'Standard Shipping' })],
      shippingOptionName: 'standard shipping',
    },
    shippingDiscountCent: 999,
    totalCent: 12500,
    reasons: ['Free Standard Shipping on orders of $99.00 or more'],
  },
  {
    name: 'FREE_SHIPPING limited to Standard Shipping leaves a faster option paid',
    input: { promotions: [free({ shippingOption: 'Standard Shipping' })], shippingOptionName: 'Expedited Shipping' },
    shippingDiscountCent: 0,
    totalCent: 13499,
  },
  {
    name: 'FREE_SHIPPING limited to an option does not apply when the option is not known',
    input: { promotions: [free({ shippingOption: 'Standard Shipping' })] },
    shippingDiscountCent: 0,
  },
  {
    name: 'FREE_SHIPPING, amount short (auto gives a hint)',
    input: { promotions: [promo({ discountType: 'FREE_SHIPPING', thresholdType: 'AMOUNT', thresholdValue: 15000 })] },
    shippingDiscountCent: 0,
    hints: ['Spend $25.00 more to get free shipping on orders of $150.00 or more.'],
  },
];

const SCOPE_AND_CAPS: Example[] = [
  {
    name: 'a category scope covers items in its subcategories only',
    input: {
      ...SAVE,
      promotions: [code({ discountValue: 15, scope: { itemIds: [], categoryIds: [1], brandIds: [] } })],
    },
    discountCent: 1500,
    reasons: ['15% off eligible items'],
  },
  {
    name: 'a brand scope',
    input: { ...SAVE, promotions: [code({ scope: { itemIds: [], categoryIds: [], brandIds: [3] } })] },
    discountCent: 250,
  },
  {
    name: 'an amount threshold counts eligible items only',
    input: {
      ...SAVE,
      promotions: [
        code({
          scope: { itemIds: [21], categoryIds: [], brandIds: [] },
          thresholdType: 'AMOUNT',
          thresholdValue: 5000,
        }),
      ],
    },
    discountCent: 0,
    rejected: [['THRESHOLD', 'Spend $25.00 more to use this code.']],
  },
  {
    name: 'a fixed amount never exceeds the eligible lines',
    input: {
      ...SAVE,
      promotions: [
        code({
          discountType: 'FIXED_AMOUNT',
          discountValue: 5000,
          scope: { itemIds: [21], categoryIds: [], brandIds: [] },
        }),
      ],
    },
    discountCent: 2500,
  },
  {
    name: 'maxDiscountCent caps a percent',
    input: { ...SAVE, promotions: [code({ discountValue: 50, maxDiscountCent: 3000 })] },
    discountCent: 3000,
    reasons: ['50% off your order (up to $30.00)'],
  },
  {
    name: 'no eligible item',
    input: { ...SAVE, promotions: [code({ scope: { itemIds: [999], categoryIds: [], brandIds: [] } })] },
    discountCent: 0,
    rejected: [['NOT_APPLICABLE', 'This code does not apply to any item in your cart.']],
  },
  {
    name: 'a huge fixed amount leaves only shipping to pay',
    input: { ...SAVE, promotions: [code({ discountType: 'FIXED_AMOUNT', discountValue: 10_000_000 })] },
    discountCent: 12500,
    totalCent: 999,
  },
];

const STACKING: Example[] = [
  {
    name: 'auto, then code, then coupon, each on what is left',
    input: {
      accountId: 7,
      enteredCodes: ['SAVE'],
      selectedCouponIds: [3],
      promotions: [
        promo({ id: 1 }),
        code({ id: 2, discountType: 'FIXED_AMOUNT', discountValue: 2000 }),
        coupon({ id: 3, discountValue: 5 }),
      ],
    },
    // 10% of 12500 = 1250; $20 of 11250; 5% of 9250 = 462.5, rounded half up to 463.
    discountCent: 3713,
    totalCent: 12500 - 3713 + 999,
    reasons: ['10% off your order', '$20.00 off your order', '5% off your order'],
  },
  {
    name: 'the best automatic discount wins, only one',
    input: { promotions: [promo({ id: 1 }), promo({ id: 2, discountType: 'FIXED_AMOUNT', discountValue: 2000 })] },
    discountCent: 2000,
    reasons: ['$20.00 off your order'],
  },
  {
    name: 'one code only: the better one applies, the other is told why',
    input: {
      enteredCodes: ['TEN', 'FIFTEEN'],
      promotions: [code({ id: 1, code: 'TEN' }), code({ id: 2, code: 'FIFTEEN', discountValue: 15 })],
    },
    discountCent: 1875,
    rejected: [['NOT_BEST', 'Only one code of this kind can be used per order; a better one is applied.']],
  },
  {
    name: 'free shipping combines with an item discount code',
    input: {
      enteredCodes: ['SHIP', 'TEN'],
      promotions: [code({ id: 1, code: 'SHIP', discountType: 'FREE_SHIPPING' }), code({ id: 2, code: 'TEN' })],
    },
    discountCent: 1250,
    shippingDiscountCent: 999,
    totalCent: 11250,
  },
  {
    name: 'a code beaten to zero by the auto discount gives no further discount',
    input: { ...SAVE, promotions: [promo({ id: 1, discountValue: 100 }), code({ id: 2 })] },
    discountCent: 12500,
    totalCent: 999,
    rejected: [['NO_FURTHER_DISCOUNT', 'This code gives no further discount on your cart.']],
  },
];

const VALIDITY: Example[] = [
  {
    name: 'expired code',
    input: { ...SAVE, promotions: [code({ endsAt: NOW - DAY })] },
    discountCent: 0,
    rejected: [['EXPIRED', 'This code has expired.']],
  },
  {
    name: 'the end time is exclusive',
    input: { ...SAVE, promotions: [code({ endsAt: NOW })] },
    rejected: [['EXPIRED', 'This code has expired.']],
  },
  {
    name: 'not started yet',
    input: { ...SAVE, promotions: [code({ startsAt: NOW + 1 })] },
    rejected: [['NOT_STARTED', 'This code is not active yet.']],
  },
  {
    name: 'inside its window',
    input: { ...SAVE, promotions: [code({ startsAt: NOW, endsAt: NOW + 1 })] },
    discountCent: 1250,
  },
  {
    name: 'a Canada-only code in the US',
    input: { ...SAVE, promotions: [code({ market: 'ca' })] },
    rejected: [['WRONG_MARKET', 'This code is not valid in your country.']],
  },
  {
    name: "one code in both markets takes this market's promotion",
    input: { ...SAVE, promotions: [code({ id: 1, market: 'ca', discountValue: 50 }), code({ id: 2, market: 'us' })] },
    discountCent: 1250,
    rejected: [],
  },
  {
    name: 'codes are case-insensitive and trimmed',
    input: { enteredCodes: ['  save '], promotions: [code({})] },
    discountCent: 1250,
  },
  {
    name: 'an unknown code',
    input: { enteredCodes: ['NOPE'], promotions: [code({})] },
    rejected: [['UNKNOWN_CODE', 'This code is not valid. Please check it and try again.']],
  },
  {
    name: 'usage limit reached',
    input: { ...SAVE, promotions: [code({ usageLimit: 100 })], usage: { 1: { total: 100, byCustomer: 0 } } },
    rejected: [['USAGE_LIMIT', 'This code has reached its usage limit.']],
  },
  {
    name: 'usage limit not yet reached',
    input: { ...SAVE, promotions: [code({ usageLimit: 100 })], usage: { 1: { total: 99, byCustomer: 0 } } },
    discountCent: 1250,
  },
  {
    name: 'already used by this member',
    input: {
      ...SAVE,
      accountId: 7,
      promotions: [code({ perCustomerLimit: 1 })],
      usage: { 1: { total: 5, byCustomer: 1 } },
    },
    rejected: [['ALREADY_USED', 'You have already used this code.']],
  },
  {
    name: 'a member-only code for a guest',
    input: { ...SAVE, promotions: [code({ memberOnly: true })] },
    rejected: [['MEMBERS_ONLY', 'Please sign in to use this code.']],
  },
  {
    name: 'a coupon for a guest',
    input: { selectedCouponIds: [1], promotions: [coupon({})] },
    rejected: [['MEMBERS_ONLY', 'Please sign in to use this coupon.']],
  },
  {
    name: 'a coupon not in the wallet',
    input: { accountId: 7, selectedCouponIds: [5] },
    rejected: [['NOT_IN_WALLET', 'This coupon is not in your account.']],
  },
  {
    name: 'a used wallet coupon',
    input: { accountId: 7, selectedCouponIds: [1], promotions: [coupon({ couponStatus: 'USED' })] },
    rejected: [['ALREADY_USED', 'You have already used this coupon.']],
  },
  {
    name: 'a points-redeemed coupon applies like any coupon',
    input: {
      accountId: 7,
      selectedCouponIds: [1],
      promotions: [
        coupon({ discountType: 'FIXED_AMOUNT', discountValue: 500, limitScene: 'REDEEM', integralScore: 800 }),
      ],
    },
    discountCent: 500,
  },
  {
    name: 'an unselected wallet coupon does nothing',
    input: { accountId: 7, promotions: [coupon({})] },
    discountCent: 0,
    rejected: [],
  },
];

const POINTS: Example[] = [
  {
    name: 'points at 100 to the dollar',
    input: { pointsToRedeem: 500, pointsBalance: 1000 },
    pointsCent: 500,
    totalCent: 12999,
  },
  { name: 'points never exceed the balance', input: { pointsToRedeem: 2000, pointsBalance: 1000 }, pointsCent: 1000 },
  {
    name: 'points come last and never pay for shipping',
    input: { promotions: [promo({})], pointsToRedeem: 1_000_000, pointsBalance: 1_000_000 },
    discountCent: 1250,
    pointsCent: 11250,
    totalCent: 999,
  },
];

describe('promotions engine, worked examples', () => {
  for (const [group, examples] of Object.entries({ KINDS, SCOPE_AND_CAPS, STACKING, VALIDITY, POINTS })) {
    describe(group, () => {
      it.each(examples.map((example) => [example.name, example] as const))('%s', (_name, example) => {
        const pricing = price(example.input);
        if (example.discountCent !== undefined) expect(pricing.discountCent).toBe(example.discountCent);
        if (example.shippingDiscountCent !== undefined)
          expect(pricing.shippingDiscountCent).toBe(example.shippingDiscountCent);
        if (example.pointsCent !== undefined) expect(pricing.pointsCent).toBe(example.pointsCent);
        if (example.totalCent !== undefined) expect(pricing.totalCent).toBe(example.totalCent);
        if (example.reasons)
          expect(pricing.adjustments.map((adjustment) => adjustment.reason)).toEqual(example.reasons);
        if (example.rejected)
          expect(pricing.rejected.map((rejection) => [rejection.problem, rejection.reason])).toEqual(example.rejected);
        if (example.hints) expect(pricing.hints.map((hint) => hint.reason)).toEqual(example.hints);
      });
    });
  }
});

const ADD_ONS = (fields: Partial<Promotion> = {}, addOn: Partial<Promotion['addOns'][number]> = {}) =>
  promo({
    id: 9,
    name: 'Brake job add-ons',
    promotionType: 'EXCHANGE_PURCHASE',
    discountType: null,
    discountValue: 0,
    thresholdType: 'AMOUNT',
    thresholdValue: 10000,
    addOns: [{ skuId: 301, priceCent: null, percentOff: 40, maxQuantity: 1, ...addOn }],
    ...fields,
  });
const withAddOn = (fields: Partial<PricingInput>) => price({ lines: [PADS, BULB, FLUID_ADD_ON], ...fields });

describe('exchange purchase (add-on items)', () => {
  it('prices a TRADE_IN line at its add-on price when the cart meets the offer, and shows the §9 promo text', () => {
    const pricing = withAddOn({ promotions: [ADD_ONS()] });
    expect(pricing.adjustments).toEqual([
      {
        promotionId: 9,
        source: 'AUTO_DISCOUNT',
        kind: 'EXCHANGE',
        name: 'Brake job add-ons',
        reason: 'Add-on prices with orders of $100.00 or more',
        amountCent: 400,
        lines: [{ key: FLUID_ADD_ON.key, amountCent: 400 }],
      },
    ]);
    expect(pricing.tradeIns).toEqual([
      { key: FLUID_ADD_ON.key, qualifies: true, promotionId: 9, reason: 'Add-on price with Brake job add-ons' },
    ]);
    expect(pricing.exchangeOffers).toEqual([
      { promotionId: 9, name: 'Brake job add-ons', qualifies: true, reason: PROMO_TEXT, addOns: ADD_ONS().addOns },
    ]);
    expect(pricing.totalCent).toBe(12500 + 1000 - 400 + 999);
  });

  it('leaves the add-on at its own price, marked as not qualifying, when the cart is short of the threshold', () => {
    const pricing = withAddOn({ promotions: [ADD_ONS({ thresholdValue: 20000 })] });
    expect(pricing.discountCent).toBe(0);
    expect(pricing.tradeIns).toEqual([
      {
        key: FLUID_ADD_ON.key,
        qualifies: false,
        promotionId: null,
        reason: 'Spend $75.00 more to unlock the add-on prices.',
      },
    ]);
    expect(pricing.exchangeOffers[0]).toMatchObject({
      qualifies: false,
      reason: 'Spend $75.00 more to unlock the add-on prices.',
    });
  });

  it("never saves more than 60% of the add-on's own price, by percent or by price", () => {
    expect(withAddOn({ promotions: [ADD_ONS({}, { percentOff: 80 })] }).discountCent).toBe(600);
    expect(withAddOn({ promotions: [ADD_ONS({}, { percentOff: null, priceCent: 100 })] }).discountCent).toBe(600);
    expect(withAddOn({ promotions: [ADD_ONS({}, { percentOff: null, priceCent: 750 })] }).discountCent).toBe(250);
  });

  it('gives the add-on price to maxQuantity units only', () => {
    const pricing = price({ lines: [PADS, { ...FLUID_ADD_ON, quantity: 3 }], promotions: [ADD_ONS()] });
    expect(pricing.discountCent).toBe(400);
  });

  it('reports an add-on no offer lists, and keeps add-on lines out of item discounts and thresholds', () => {
    const pricing = withAddOn({
      promotions: [
        promo({ id: 1 }),
        promo({ id: 2, discountType: 'FREE_SHIPPING', thresholdType: 'AMOUNT', thresholdValue: 13000 }),
      ],
    });
    expect(pricing.tradeIns[0]).toMatchObject({
      qualifies: false,
      reason: 'This add-on offer is no longer available.',
    });
    expect(pricing.adjustments[0]!.lines.map((share) => share.key)).toEqual([PADS.key, BULB.key]);
    expect(pricing.shippingDiscountCent).toBe(0);
  });
});

describe('giveaways', () => {
  const GIFT = (thresholdValue: number) =>
    promo({
      id: 4,
      name: 'Free microfiber towel',
      promotionType: 'GIVEAWAY',
      discountType: null,
      thresholdType: 'AMOUNT',
      thresholdValue,
      gift: { skuId: 999, quantity: 1 },
    });

  it('grants the gift when the threshold is met, alongside the other discounts', () => {
    const pricing = price({ promotions: [GIFT(10000), promo({ id: 1 })] });
    expect(pricing.giveaways).toEqual([
      {
        promotionId: 4,
        name: 'Free microfiber towel',
        reason: 'A free gift with orders of $100.00 or more',
        skuId: 999,
        quantity: 1,
      },
    ]);
    expect(pricing.discountCent).toBe(1250);
  });

  it('hints at how much more to spend when it is not', () => {
    const pricing = price({ promotions: [GIFT(20000)] });
    expect(pricing.giveaways).toEqual([]);
    expect(pricing.hints).toEqual([
      { promotionId: 4, reason: 'Spend $75.00 more to get a free gift with orders of $200.00 or more.' },
    ]);
  });
});

describe('proration and currency', () => {
  it("spreads a discount by line value, to the cent, and reports each line's share", () => {
    const pricing = price({ promotions: [promo({ discountType: 'FIXED_AMOUNT', discountValue: 1001 })] });
    expect(pricing.adjustments[0]!.lines).toEqual([
      { key: PADS.key, amountCent: 801 },
      { key: BULB.key, amountCent: 200 },
    ]);
    expect(pricing.lines).toEqual([
      { key: PADS.key, subtotalCent: 10000, discountCent: 801, pointsCent: 0, totalCent: 9199 },
      { key: BULB.key, subtotalCent: 2500, discountCent: 200, pointsCent: 0, totalCent: 2300 },
    ]);
  });

  it('gives the odd cents to the largest remainders, ties by key', () => {
    const lines = ['c', 'a', 'b'].map((key) => ({ key, weightCent: 100 }));
    expect(prorate(100, lines)).toEqual([
      { key: 'c', amountCent: 33 },
      { key: 'a', amountCent: 34 },
      { key: 'b', amountCent: 33 },
    ]);
    expect(
      prorate(2, [
        { key: 'x', weightCent: 1 },
        { key: 'y', weightCent: 3 },
      ]),
    ).toEqual([
      { key: 'x', amountCent: 1 },
      { key: 'y', amountCent: 1 },
    ]);
  });

  it('prices a Canadian cart in CAD and words its reasons in CA$', () => {
    const pricing = price({
      market: 'ca',
      enteredCodes: ['SAVE'],
      promotions: [
        code({ discountType: 'FIXED_AMOUNT', discountValue: 2000, thresholdType: 'AMOUNT', thresholdValue: 15000 }),
      ],
    });
    expect(pricing.currency).toBe('CAD');
    expect(pricing.rejected[0]!.reason).toBe('Spend CA$25.00 more to use this code.');
  });
});
