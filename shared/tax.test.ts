import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CA_PROVINCES, US_STATES } from './regions.ts';
import {
  orderTaxLines,
  RATE_SCALE,
  rateLabel,
  taxLines,
  taxRatesFor,
  taxTotal,
  US_SHIPPING_TAXED,
  US_STATE_SALES_TAX,
} from './tax.ts';

/** Goods of CA$100.00 and shipping of CA$10.00 in every province and territory. */
const CANADA: Record<string, [string, string, number][]> = {
  AB: [['GST', '5%', 550]],
  BC: [
    ['GST', '5%', 550],
    ['PST', '7%', 770],
  ],
  MB: [
    ['GST', '5%', 550],
    ['PST', '7%', 770],
  ],
  NB: [['HST', '15%', 1650]],
  NL: [['HST', '15%', 1650]],
  NS: [['HST', '14%', 1540]],
  ON: [['HST', '13%', 1430]],
  PE: [['HST', '15%', 1650]],
  QC: [
    ['GST', '5%', 550],
    ['QST', '9.975%', 1097],
  ],
  SK: [
    ['GST', '5%', 550],
    ['PST', '6%', 660],
  ],
  NT: [['GST', '5%', 550]],
  NU: [['GST', '5%', 550]],
  YT: [['GST', '5%', 550]],
};

const shape = (lines: ReturnType<typeof taxLines>) => lines.map((line) => [line.name, line.rateLabel, line.amountCent]);

describe('Canadian sales tax by ship-to province', () => {
  it.each(CA_PROVINCES.map((province) => [province.code, province.name]))(
    '%s (%s): every tax on the goods and on their shipping',
    (code) => {
      expect(shape(taxLines('ca', code, 10_000, 1_000))).toEqual(CANADA[code]);
    },
  );

  it('rounds each line half up on its own', () => {
    // QC on CA$10.10: GST 50.5 → 51, QST 100.7475 → 101.
    expect(shape(taxLines('ca', 'QC', 1010))).toEqual([
      ['GST', '5%', 51],
      ['QST', '9.975%', 101],
    ]);
    // 2 cents: GST 0.1 → 0, QST 0.1995 → 0.
    expect(taxTotal(taxLines('ca', 'QC', 2))).toBe(0);
    // 10 cents in QC: GST exactly 0.5 goes up to 1.
    expect(shape(taxLines('ca', 'QC', 10))).toEqual([
      ['GST', '5%', 1],
      ['QST', '9.975%', 1],
    ]);
  });
});

describe('US sales tax by ship-to state', () => {
  it('charges the state base rate on goods, and on shipping only where the state taxes it', () => {
    // California exempts a separately stated charge for delivery by carrier; New York taxes it.
    expect(shape(taxLines('us', 'CA', 10_000, 2_500))).toEqual([['Sales Tax', '7.25%', 725]]);
    expect(shape(taxLines('us', 'NY', 10_000, 2_500))).toEqual([['Sales Tax', '4%', 500]]);
    expect(shape(taxLines('us', 'TX', 10_000, 1_000))).toEqual([['Sales Tax', '6.25%', 688]]);
    expect(shape(taxLines('us', 'MI', 10_000, 1_000))).toEqual([['Sales Tax', '6%', 600]]);
    expect(shape(taxLines('us', 'TX', 4_999))).toEqual([['Sales Tax', '6.25%', 312]]);
    expect(shape(taxLines('us', 'MO', 10_000))).toEqual([['Sales Tax', '4.225%', 423]]);
  });

  it('rounds half up at the cent', () => {
    // MN 6.875 %: 2000 cents → 137.5 → 138; 1999 → 137.43 → 137.
    expect(taxLines('us', 'MN', 2000)[0]!.amountCent).toBe(138);
    expect(taxLines('us', 'MN', 1999)[0]!.amountCent).toBe(137);
  });

  it.each(['AK', 'DE', 'MT', 'NH', 'OR'])('charges nothing in %s, which has no state sales tax', (state) => {
    expect(taxLines('us', state, 10_000, 1_000)).toEqual([]);
  });

  it('has a rate for every state and territory the address form offers', () => {
    const missing = US_STATES.filter((state) => taxRatesFor('us', state.code) === null).map((state) => state.code);
    expect(missing).toEqual([]);
  });
});

describe('what shipping is taxed on', () => {
  const shippingTax = (market: 'us' | 'ca', region: string) =>
    taxTotal(taxLines(market, region, 10_000, 1_000)) - taxTotal(taxLines(market, region, 10_000, 0));

  it('Quebec: GST and QST both on the goods plus shipping (CA$100 + CA$10: 5.50 + 10.97)', () => {
    expect(shape(taxLines('ca', 'QC', 10_000, 1_000))).toEqual([
      ['GST', '5%', 550],
      ['QST', '9.975%', 1097],
    ]);
    expect(shape(taxLines('ca', 'QC', 0, 1_000))).toEqual([
      ['GST', '5%', 50],
      ['QST', '9.975%', 100],
    ]);
  });

  it('Ontario: one HST line on goods plus shipping', () => {
    expect(shape(taxLines('ca', 'ON', 4_999, 1_299))).toEqual([['HST', '13%', 819]]);
  });

  it('Alberta: GST alone, on goods plus shipping', () => {
    expect(shape(taxLines('ca', 'AB', 4_999, 1_299))).toEqual([['GST', '5%', 315]]);
  });

  it('British Columbia: GST and PST, each on goods plus shipping', () => {
    expect(shape(taxLines('ca', 'BC', 4_999, 1_299))).toEqual([
      ['GST', '5%', 315],
      ['PST', '7%', 441],
    ]);
  });

  it('every Canadian tax reaches shipping', () => {
    for (const province of CA_PROVINCES)
      for (const tax of taxRatesFor('ca', province.code)!) expect(tax.onShipping, province.code).toBe(true);
  });

  it('the US table names only states with a sales tax, and the states without one tax no shipping', () => {
    for (const state of US_SHIPPING_TAXED) expect(US_STATE_SALES_TAX[state], state).toBeGreaterThan(0);
    for (const state of ['AK', 'DE', 'MT', 'NH', 'OR']) expect(shippingTax('us', state)).toBe(0);
    for (const state of ['CA', 'AZ', 'MI', 'KS', 'VA']) expect(shippingTax('us', state), state).toBe(0);
    for (const state of ['NY', 'TX', 'PA', 'WA', 'FL']) expect(shippingTax('us', state), state).toBeGreaterThan(0);
  });
});

describe('taxLines guards', () => {
  it('refuses a region of the other market or an unknown one, so an unchecked address is never taxed at zero', () => {
    expect(() => taxLines('ca', 'NY', 100)).toThrow(/NY is not a ship-to region/);
    expect(() => taxLines('us', 'ON', 100)).toThrow(RangeError);
    expect(() => taxLines('us', 'ny', 100)).toThrow(RangeError);
  });

  it('refuses negative or fractional amounts', () => {
    expect(() => taxLines('us', 'CA', -1)).toThrow(/taxableCent/);
    expect(() => taxLines('us', 'CA', 10.5)).toThrow(/taxableCent/);
    expect(() => taxLines('ca', 'ON', 100, -5)).toThrow(/shippingCent/);
  });

  it('taxes nothing on nothing', () => {
    expect(taxTotal(taxLines('ca', 'QC', 0, 0))).toBe(0);
  });

  it('is within half a cent of the exact tax on every line, with ties going up', () => {
    const regions = [
      ...US_STATES.map((s) => ['us', s.code] as const),
      ...CA_PROVINCES.map((p) => ['ca', p.code] as const),
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...regions),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        ([market, region], goods, shipping) => {
          const rates = taxRatesFor(market, region)!;
          return taxLines(market, region, goods, shipping).every((line, index) => {
            const base = goods + (rates[index]!.onShipping ? shipping : 0);
            const error = line.amountCent * RATE_SCALE - base * line.rate;
            return error > -RATE_SCALE / 2 && error <= RATE_SCALE / 2;
          });
        },
      ),
    );
  });
});

describe('orderTaxLines', () => {
  it('taxes the goods after discounts and points, and the shipping after its discount', () => {
    const amounts = { subtotal: 10_000, discount: 1_000, points: 500, shipping: 1_299, shippingDiscount: 299 };
    expect(orderTaxLines('ca', 'ON', amounts)).toEqual(taxLines('ca', 'ON', 8_500, 1_000));
    expect(orderTaxLines('us', 'CA', amounts)).toEqual(taxLines('us', 'CA', 8_500, 1_000));
  });

  it('never taxes goods below zero', () => {
    const amounts = { subtotal: 1_000, discount: 800, points: 500, shipping: 799, shippingDiscount: 0 };
    expect(orderTaxLines('ca', 'BC', amounts)).toEqual(taxLines('ca', 'BC', 0, 799));
  });
});

describe('rateLabel', () => {
  it.each([
    [5000, '5%'],
    [9975, '9.975%'],
    [7250, '7.25%'],
    [6875, '6.875%'],
    [2900, '2.9%'],
    [10500, '10.5%'],
    [13000, '13%'],
  ])('shows %i as %s', (rate, label) => {
    expect(rateLabel(rate)).toBe(label);
  });
});
