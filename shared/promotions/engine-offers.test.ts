import { describe, expect, it } from 'vitest';
import { PROMO_TEXT } from '../constants.ts';
import { prorate } from './prorate.ts';
import type { PricingInput, Promotion } from './types.ts';
import { PADS, BULB, FLUID_ADD_ON, promo, code, price } from './engine-fixtures.ts';

/** Add-on offers, giveaways, proration and currency. */

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
