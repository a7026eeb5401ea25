import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHIPPING_OPTIONS, shippingOptionsFor } from './shipping-options.ts';
import {
  STANDARD_SHIPPING,
  chooseShippingOption,
  isRemotePostalCode,
  readShippingOption,
  shippingCost,
  stateAreaId,
  type ShippingOption,
} from './shipping.ts';

const standard: ShippingOption = {
  name: STANDARD_SHIPPING,
  firstFreight: 799,
  additionalFreight: 199,
  remoteFee: 1500,
};

describe('shippingCost (§9: first fee + (quantity - 1) x additional fee + remote fee)', () => {
  it('charges the first fee for one unit and the additional fee for each further unit', () => {
    expect(shippingCost(standard, 1, false)).toBe(799);
    expect(shippingCost(standard, 3, false)).toBe(799 + 2 * 199);
  });

  it('adds the remote fee once per shipment, whatever the quantity', () => {
    expect(shippingCost(standard, 1, true)).toBe(799 + 1500);
    expect(shippingCost(standard, 4, true)).toBe(799 + 3 * 199 + 1500);
  });

  it('costs nothing when there is nothing to ship, even to a remote area', () => {
    expect(shippingCost(standard, 0, true)).toBe(0);
  });

  it('reads the other spelling of §3 (logisticsPlan, baseFeeMoney, incrementFeeMoney) the same way', () => {
    const other = {
      logisticsPlan: STANDARD_SHIPPING,
      baseFeeMoney: { cent: 799 },
      incrementFeeMoney: 199,
      remoteFee: { cent: 1500 },
    };
    expect(readShippingOption(other)).toEqual(standard);
    expect(shippingCost(other, 3, true)).toBe(shippingCost(standard, 3, true));
  });

  it('grows by exactly the additional fee per unit after the first', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.boolean(),
        (quantity, remote) =>
          shippingCost(standard, quantity + 1, remote) - shippingCost(standard, quantity, remote) ===
          standard.additionalFreight,
      ),
    );
  });

  it('refuses negative or fractional quantities and fees that are not whole cents', () => {
    expect(() => shippingCost(standard, -1, false)).toThrow(RangeError);
    expect(() => shippingCost(standard, 1.5, false)).toThrow(RangeError);
    expect(() => shippingCost({ ...standard, firstFreight: 7.99 }, 1, false)).toThrow(/firstFreight/);
    expect(() => readShippingOption({ firstFreight: 100 })).toThrow(/name or logisticsPlan/);
  });
});

describe('chooseShippingOption (§9: Standard Shipping preferred, else the cheapest)', () => {
  const expedited: ShippingOption = {
    name: 'Expedited Shipping',
    firstFreight: 1799,
    additionalFreight: 399,
    remoteFee: 1500,
  };
  const economy: ShippingOption = { name: 'Economy', firstFreight: 299, additionalFreight: 99, remoteFee: 1500 };

  it('picks Standard Shipping even when another option is cheaper', () => {
    expect(chooseShippingOption([expedited, economy, standard])).toBe(standard);
    expect(chooseShippingOption([economy, { ...standard, name: 'standard shipping' }])?.name).toBe('standard shipping');
  });

  it('picks the cheapest for the quantity when Standard Shipping is not offered', () => {
    const flat: ShippingOption = { name: 'Flat', firstFreight: 900, additionalFreight: 0, remoteFee: 0 };
    const perUnit: ShippingOption = { name: 'Per unit', firstFreight: 500, additionalFreight: 500, remoteFee: 0 };
    expect(chooseShippingOption([flat, perUnit], 1)).toBe(perUnit);
    expect(chooseShippingOption([flat, perUnit], 5)).toBe(flat);
  });

  it('keeps the first listed on a tie and answers null when nothing is offered', () => {
    const twin = { ...economy, name: 'Twin' };
    expect(chooseShippingOption([twin, economy])).toBe(twin);
    expect(chooseShippingOption([])).toBeNull();
  });
});

describe('the shipping options of each market', () => {
  it('offers Standard and Expedited at the shop prices, with the market remote fee', () => {
    const cost = (market: 'us' | 'ca', name: string, quantity: number, remote: boolean) =>
      shippingCost(SHIPPING_OPTIONS[market].find((option) => option.name === name)!, quantity, remote);
    expect(cost('us', STANDARD_SHIPPING, 2, false)).toBe(799 + 199);
    expect(cost('us', 'Expedited Shipping', 2, true)).toBe(1799 + 399 + 1500);
    expect(cost('ca', STANDARD_SHIPPING, 2, false)).toBe(1299 + 299);
    expect(cost('ca', 'Expedited Shipping', 2, true)).toBe(2499 + 499 + 2000);
    for (const market of ['us', 'ca'] as const)
      expect(chooseShippingOption(shippingOptionsFor(market))?.name).toBe(STANDARD_SHIPPING);
  });
});

describe('isRemotePostalCode', () => {
  it.each([
    ['99501', 'Alaska'],
    ['99950', 'Alaska, last prefix'],
    ['96813', 'Hawaii'],
    ['96799', 'American Samoa'],
    ['00601', 'Puerto Rico'],
    ['00802', 'U.S. Virgin Islands'],
    ['96910', 'Guam'],
    ['96950', 'Northern Mariana Islands'],
    ['09001', 'Armed Forces Europe'],
    ['09801', 'Armed Forces Europe, last prefix'],
    ['34001', 'Armed Forces Americas'],
    ['96201', 'Armed Forces Pacific'],
    ['96601', 'Armed Forces Pacific, last prefix'],
    ['99501-1234', 'ZIP+4'],
    ['995011234', 'ZIP+4 without dash'],
  ])('treats US %s (%s) as remote', (zip) => {
    expect(isRemotePostalCode('us', zip)).toBe(true);
  });

  it.each([
    ['10001', 'New York'],
    ['00501', 'Holtsville NY, prefix 005'],
    ['01001', 'prefix 010, after Puerto Rico'],
    ['08901', 'prefix 089, before APO'],
    ['33901', 'prefix 339 Florida, before 340'],
    ['34101', 'prefix 341 Florida, after 340'],
    ['96101', 'prefix 961 California'],
    ['97001', 'prefix 970 Oregon, after 969'],
    ['99401', 'prefix 994 Washington, before Alaska'],
    ['abcde', 'not a ZIP'],
    ['K1A 0B1', 'a Canadian code'],
  ])('does not treat US %s (%s) as remote', (zip) => {
    expect(isRemotePostalCode('us', zip)).toBe(false);
  });

  it.each([
    ['X0A 0H0'],
    ['x1a1a1'],
    ['Y1A 2B3'],
    ['X0E'],
    ['J0M 1A0'],
    ['A0P 1E0'],
    ['R0B 0E0'],
    ['V0T 1S0'],
    ['G4T 1A1'],
  ])('treats Canadian %s as remote', (code) => {
    expect(isRemotePostalCode('ca', code)).toBe(true);
  });

  it.each([['M5V 3L9'], ['K1A 0B1'], ['T2P 1J9'], ['V6B 1A1'], ['J0L 1A0'], ['99501']])(
    'does not treat Canadian %s as remote',
    (code) => {
      expect(isRemotePostalCode('ca', code)).toBe(false);
    },
  );
});

describe('stateAreaId', () => {
  it('numbers states under their country code in region-list order', () => {
    expect(stateAreaId('us', 'AL')).toBe(202201);
    expect(stateAreaId('us', 'NY')).toBe(202233);
    expect(stateAreaId('ca', 'AB')).toBe(202301);
    expect(stateAreaId('ca', 'NY')).toBeNull();
  });
});
