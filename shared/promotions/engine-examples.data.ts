import type { Example } from './engine-fixtures.ts';
import { code, coupon, DAY, free, NOW, promo, SAVE } from './engine-fixtures.ts';

/** The promotions engine's worked examples, by group: what each cart should be charged and told. */

/** Every discountType x thresholdType, on the $125.00 cart with $9.99 shipping. */
export const KINDS: Example[] = [
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

export const SCOPE_AND_CAPS: Example[] = [
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

export const STACKING: Example[] = [
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
      promotions: [code({ id: 1, code: 'TEN' }), code({ id: 2, code: 'FIFTEEN', name: '15% off', discountValue: 15 })],
    },
    discountCent: 1875,
    rejected: [
      [
        'NOT_BEST',
        'Only one code of this kind can be used per order, and “15% off”, which saves you more, is applied.',
      ],
    ],
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

export const VALIDITY: Example[] = [
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

export const POINTS: Example[] = [
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
