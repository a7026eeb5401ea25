import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISCOUNT_SOURCES, DISCOUNT_TYPES, THRESHOLD_TYPES } from '../promotion-words.ts';
import { priceCart } from './engine.ts';
import { prorate } from './prorate.ts';
import type { CartPricing, PricingInput, PricingLine, Promotion } from './types.ts';

const NOW = Date.UTC(2025, 5, 1);
const CODES = ['A', 'B', 'C'];
const RUNS = { numRuns: 500 };

const lineArb: fc.Arbitrary<PricingLine> = fc
  .record({
    skuId: fc.integer({ min: 1, max: 12 }),
    brandId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    categoryIds: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 2 }),
    quantity: fc.integer({ min: 1, max: 3 }),
    unitCent: fc.oneof(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 60_000 })),
    itemType: fc.constantFrom('NORMAL' as const, 'NORMAL' as const, 'TRADE_IN' as const),
  })
  .map((line) => ({ ...line, key: `${line.skuId}:${line.itemType}:`, itemId: line.skuId, bundleId: null }));

const linesArb = fc.uniqueArray(lineArb, { minLength: 1, maxLength: 8, selector: (line) => line.key });

const scopeArb = fc.option(
  fc.record({
    itemIds: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 4 }),
    categoryIds: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 2 }),
    brandIds: fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { maxLength: 1 }),
  }),
  { nil: null, freq: 2 },
);

const promotionArb: fc.Arbitrary<Omit<Promotion, 'id'>> = fc
  .record({
    name: fc.constant('Promo'),
    source: fc.constantFrom(...DISCOUNT_SOURCES),
    code: fc.constantFrom(...CODES),
    promotionType: fc.constantFrom(
      'DISCOUNT' as const,
      'DISCOUNT' as const,
      'DISCOUNT' as const,
      'EXCHANGE_PURCHASE' as const,
      'GIVEAWAY' as const,
    ),
    discountType: fc.constantFrom(...DISCOUNT_TYPES),
    discountValue: fc.integer({ min: 1, max: 100 }),
    fixedCent: fc.integer({ min: 1, max: 50_000 }),
    thresholdType: fc.constantFrom(...THRESHOLD_TYPES),
    thresholdValue: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 40_000 })),
    scope: scopeArb,
    // Mostly valid promotions, so most carts get discounts to check; a few carry one defect and are refused.
    defect: fc.constantFrom(
      ...Array<null>(20).fill(null),
      'market',
      'notStarted',
      'expired',
      'usage',
      'perCustomer',
      'memberOnly',
      'couponUsed',
    ),
    usageLimit: fc.constantFrom(null, null, 10),
    perCustomerLimit: fc.constantFrom(null, null, 5),
    maxDiscountCent: fc.oneof(
      { arbitrary: fc.constant(null), weight: 3 },
      { arbitrary: fc.integer({ min: 0, max: 20_000 }), weight: 1 },
    ),
    addOns: fc.array(
      fc.record({
        skuId: fc.integer({ min: 1, max: 12 }),
        priceCent: fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: null }),
        percentOff: fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
        maxQuantity: fc.integer({ min: 0, max: 3 }),
      }),
      { maxLength: 3 },
    ),
    couponStatus: fc.constantFrom(undefined, 'AVAILABLE' as const),
  })
  .map(({ fixedCent, defect, ...p }) => ({
    ...p,
    market: defect === 'market' ? ('ca' as const) : null,
    startsAt: defect === 'notStarted' ? NOW + 1 : NOW - 1000,
    endsAt: defect === 'expired' ? NOW : NOW + 1000,
    usageLimit: defect === 'usage' ? 0 : p.usageLimit,
    perCustomerLimit: defect === 'perCustomer' ? 0 : p.perCustomerLimit,
    memberOnly: defect === 'memberOnly',
    couponStatus: defect === 'couponUsed' ? ('USED' as const) : p.couponStatus,
    code: p.source === 'PROMOTION_CODE' ? p.code : null,
    discountType: p.promotionType === 'DISCOUNT' ? p.discountType : null,
    discountValue: p.discountType === 'FIXED_AMOUNT' ? fixedCent : p.discountValue,
    thresholdValue: p.thresholdType === 'QUANTITY' ? p.thresholdValue % 8 : p.thresholdValue,
    integralScore: null,
    limitScene: null,
    gift: p.promotionType === 'GIVEAWAY' ? { skuId: 99, quantity: 1 } : null,
  }));

const inputArb: fc.Arbitrary<PricingInput> = fc
  .record({
    lines: linesArb,
    market: fc.constantFrom('us' as const, 'ca' as const),
    accountId: fc.constantFrom(null, 7, 7),
    promotions: fc
      .array(promotionArb, { minLength: 1, maxLength: 8 })
      .map((list) => list.map((p, index) => ({ ...p, id: index + 1 }))),
    enteredCodes: fc.subarray([...CODES, 'UNKNOWN']),
    couponPicks: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    unknownCoupon: fc.boolean(),
    shippingCent: fc.integer({ min: 0, max: 3000 }),
    pointsToRedeem: fc.oneof(
      { arbitrary: fc.constant(0), weight: 3 },
      { arbitrary: fc.integer({ min: 0, max: 200_000 }), weight: 1 },
    ),
    pointsBalance: fc.integer({ min: 0, max: 200_000 }),
    usedTotal: fc.integer({ min: 0, max: 3 }),
    usedByCustomer: fc.integer({ min: 0, max: 2 }),
  })
  .map(({ couponPicks, unknownCoupon, usedTotal, usedByCustomer, ...input }) => ({
    ...input,
    now: NOW,
    // Mostly the wallet's coupons, sometimes one the shopper does not hold.
    selectedCouponIds: [
      ...input.promotions.filter((p) => p.source === 'COUPON' && couponPicks[p.id - 1]).map((p) => p.id),
      ...(unknownCoupon ? [99] : []),
    ],
    usage: Object.fromEntries(input.promotions.map((p) => [p.id, { total: usedTotal, byCustomer: usedByCustomer }])),
  }));

const byKey = <T extends { key: string }>(list: readonly T[]) =>
  [...list].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
/** The pricing with every per-line list in key order, to compare carts whose lines came in another order. */
const normalized = (pricing: CartPricing) => ({
  ...pricing,
  lines: byKey(pricing.lines),
  tradeIns: byKey(pricing.tradeIns),
  adjustments: pricing.adjustments.map((adjustment) => ({ ...adjustment, lines: byKey(adjustment.lines) })),
});

describe('promotions engine, properties over generated carts', () => {
  it('never gives a negative total, nor a discount over the subtotal, nor more shipping off than shipping', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const pricing = priceCart(input);
        expect(pricing.totalCent).toBeGreaterThanOrEqual(0);
        expect(pricing.discountCent + pricing.pointsCent).toBeLessThanOrEqual(pricing.subtotalCent);
        expect(pricing.shippingDiscountCent).toBeLessThanOrEqual(pricing.shippingCent);
        expect(pricing.pointsUsed).toBeLessThanOrEqual(Math.min(input.pointsBalance, input.pointsToRedeem));
        expect(pricing.totalCent).toBe(
          pricing.subtotalCent -
            pricing.discountCent -
            pricing.pointsCent +
            pricing.shippingCent -
            pricing.shippingDiscountCent,
        );
      }),
      RUNS,
    );
  });

  it('spreads each adjustment over its lines to the exact cent, and no line gets more than its value', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const pricing = priceCart(input);
        for (const adjustment of pricing.adjustments) {
          expect(adjustment.amountCent).toBeGreaterThanOrEqual(0);
          if (adjustment.kind === 'FREE_SHIPPING') continue;
          expect(adjustment.lines.reduce((sum, share) => sum + share.amountCent, 0)).toBe(adjustment.amountCent);
          for (const share of adjustment.lines) expect(share.amountCent).toBeGreaterThan(0);
        }
        for (const line of pricing.lines) {
          expect(line.totalCent).toBeGreaterThanOrEqual(0);
          expect(line.totalCent).toBe(line.subtotalCent - line.discountCent - line.pointsCent);
        }
        expect(pricing.lines.reduce((sum, line) => sum + line.totalCent, 0)).toBe(
          pricing.subtotalCent - pricing.discountCent - pricing.pointsCent,
        );
      }),
      RUNS,
    );
  });

  it('gives back the original pricing once a code is removed; a code that does not apply changes nothing', () => {
    fc.assert(
      fc.property(inputArb, fc.constantFrom(...CODES, 'UNKNOWN'), (input, extra) => {
        const snapshot = structuredClone(input);
        const before = priceCart(input);
        const withCode = priceCart({ ...input, enteredCodes: [...input.enteredCodes, extra] });
        expect(input).toEqual(snapshot);
        expect(priceCart(input)).toEqual(before);
        const behindCode = new Set(input.promotions.filter((p) => p.code === extra).map((p) => p.id));
        const applied = withCode.adjustments.some(
          (adjustment) => adjustment.promotionId !== null && behindCode.has(adjustment.promotionId),
        );
        if (!applied && !input.enteredCodes.includes(extra)) expect(withCode.totalCent).toBe(before.totalCent);
      }),
      RUNS,
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(inputArb, fc.infiniteStream(fc.nat()), (input, randoms) => {
        const shuffled = input.lines
          .map((line) => ({ line, rank: randoms.next().value as number }))
          .sort((a, b) => a.rank - b.rank)
          .map(({ line }) => line);
        expect(normalized(priceCart({ ...input, lines: shuffled }))).toEqual(normalized(priceCart(input)));
      }),
      RUNS,
    );
  });

  it("prorates any amount up to the total weight exactly, never over a line's weight", () => {
    const weights = fc.uniqueArray(
      fc.record({
        key: fc.string({ minLength: 1, maxLength: 3 }),
        weightCent: fc.integer({ min: 0, max: 10_000_000 }),
      }),
      { minLength: 1, maxLength: 20, selector: (line) => line.key },
    );
    fc.assert(
      fc.property(weights, fc.double({ min: 0, max: 1, noNaN: true }), (lines, fraction) => {
        const total = lines.reduce((sum, line) => sum + line.weightCent, 0);
        const amount = Math.floor(total * fraction);
        const shares = prorate(amount, lines);
        expect(shares.reduce((sum, share) => sum + share.amountCent, 0)).toBe(total === 0 ? 0 : amount);
        shares.forEach((share, index) => {
          expect(share.amountCent).toBeGreaterThanOrEqual(0);
          expect(share.amountCent).toBeLessThanOrEqual(lines[index]!.weightCent);
        });
      }),
      RUNS,
    );
  });
});
