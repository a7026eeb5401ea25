import { describe, expect, it } from 'vitest';
import {
  deliveryRangeText,
  deliveryZone,
  estimateDelivery,
  federalHolidays,
  formatDeliveryDate,
  zoneExtraDays,
} from './delivery-dates.ts';
import { WAREHOUSES } from './shipping-options.ts';

const STANDARD = [2, 4] as const;
const EXPEDITED = [1, 2] as const;
/** The US warehouse is in Columbus, OH (ZIP 43215, zone 4); 43004 is its own zone. */
const us = (now: string, postalCode: string | null, transitDays: readonly [number, number] = STANDARD) =>
  estimateDelivery({ market: 'us', transitDays, warehouse: WAREHOUSES.us, postalCode, now: Date.parse(now) });
const ca = (now: string, postalCode: string | null, transitDays: readonly [number, number] = STANDARD) =>
  estimateDelivery({ market: 'ca', transitDays, warehouse: WAREHOUSES.ca, postalCode, now: Date.parse(now) });

describe('the ship day', () => {
  it('ships an order placed before the 2 pm cut-off (warehouse time) the same business day', () => {
    // Tuesday Nov 24, 2026, 1:59 pm in Columbus (EST, UTC-5).
    expect(us('2026-11-24T18:59:00Z', '43004').shipDate).toBe('2026-11-24');
  });

  it('ships an order placed at or after the cut-off the next business day', () => {
    expect(us('2026-11-24T19:00:00Z', '43004').shipDate).toBe('2026-11-25');
    // Summer time: 2 pm in Columbus is 18:00 UTC (EDT, UTC-4).
    expect(us('2026-06-09T17:59:00Z', '43004').shipDate).toBe('2026-06-09');
    expect(us('2026-06-09T18:00:00Z', '43004').shipDate).toBe('2026-06-10');
  });

  it('reads the cut-off on the warehouse clock, not UTC: 11 pm Monday in Columbus is Tuesday in UTC', () => {
    expect(us('2026-11-24T04:00:00Z', '43004').shipDate).toBe('2026-11-24');
  });

  it('ships a weekend order on Monday and counts no weekend day in transit', () => {
    const saturday = us('2026-11-28T15:00:00Z', '43004');
    expect(saturday.shipDate).toBe('2026-11-30');
    expect([saturday.earliest, saturday.latest]).toEqual(['2026-12-02', '2026-12-04']);
    // Friday after the cut-off: ships Monday; Standard's 4 days end on Friday, not the Tuesday a calendar gives.
    const friday = us('2026-12-04T20:00:00Z', '43004');
    expect([friday.shipDate, friday.latest]).toEqual(['2026-12-07', '2026-12-11']);
  });

  it('skips federal holidays: an order the day before Thanksgiving after the cut-off ships Friday', () => {
    const estimate = us('2026-11-25T20:00:00Z', '43004', EXPEDITED);
    expect(estimate.shipDate).toBe('2026-11-27');
    expect([estimate.earliest, estimate.latest]).toEqual(['2026-11-30', '2026-12-01']);
    // Christmas (Fri Dec 25) and the weekend: Expedited from Thu Dec 24 arrives Mon Dec 28 at the earliest.
    expect(us('2026-12-24T15:00:00Z', '43004', EXPEDITED).earliest).toBe('2026-12-28');
  });

  it("uses Canada's holidays on the Canadian site: Canada Day is no business day, July 4 is", () => {
    // Tuesday Jun 30, 2026 after the cut-off in Mississauga: Jul 1 is Canada Day, so it ships Thursday Jul 2.
    expect(ca('2026-06-30T19:00:00Z', 'L4W 1A1').shipDate).toBe('2026-07-02');
    // Friday Jul 3 is the US observed Independence Day, not a Canadian holiday.
    expect(ca('2026-07-02T19:00:00Z', 'L4W 1A1').shipDate).toBe('2026-07-03');
    expect(us('2026-07-02T19:00:00Z', '43004').shipDate).toBe('2026-07-06');
  });
});

describe('zones', () => {
  it('places a US ZIP code by its first digit and a Canadian postal code by its first letter, east to west', () => {
    expect(deliveryZone('us', '10001')).toBe(1);
    expect(deliveryZone('us', '90210-1234')).toBe(9);
    expect(deliveryZone('ca', 'a1a 1a1')).toBe(0);
    expect(deliveryZone('ca', 'V6B 1A1')).toBe(8);
    expect(deliveryZone('us', 'ABCDE')).toBeNull();
    expect(deliveryZone('ca', 'D1A 1A1')).toBeNull();
  });

  it('adds a business day for every two zones between the warehouse and the destination', () => {
    expect(zoneExtraDays('us', '43215', '44101')).toBe(0);
    expect(zoneExtraDays('us', '43215', '10001')).toBe(1);
    expect(zoneExtraDays('us', '43215', '90210')).toBe(2);
    expect(zoneExtraDays('ca', 'L5T 2N7', 'M5V 2T6')).toBe(0);
    expect(zoneExtraDays('ca', 'L5T 2N7', 'V6B 1A1')).toBe(2);
  });

  it('gives a farther destination a later range from the same order', () => {
    const now = '2026-11-30T15:00:00Z'; // Monday, before the cut-off
    expect([us(now, '43004').earliest, us(now, '43004').latest]).toEqual(['2026-12-02', '2026-12-04']);
    expect([us(now, '10001').earliest, us(now, '10001').latest]).toEqual(['2026-12-03', '2026-12-07']);
    expect([us(now, '90210').earliest, us(now, '90210').latest]).toEqual(['2026-12-04', '2026-12-08']);
    // Anchorage: the farthest zone plus two days for a remote area.
    expect([us(now, '99501').earliest, us(now, '99501').latest]).toEqual(['2026-12-08', '2026-12-10']);
    expect(ca(now, 'V6B 1A1').latest).toBe('2026-12-08');
  });

  it('covers the whole market without a postal code, and says so', () => {
    const now = '2026-11-30T15:00:00Z';
    const anywhere = us(now, null);
    expect(anywhere).toMatchObject({ earliest: '2026-12-02', latest: '2026-12-08', postalCode: null });
    expect(us(now, 'not a zip').postalCode).toBeNull();
    expect(us(now, '10001').postalCode).toBe('10001');
  });
});

describe('federal holidays', () => {
  it('lists the US holidays of a year on their observed days', () => {
    expect(federalHolidays('us', 2026)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
    // Christmas 2027 is a Saturday (observed Friday), and so is New Year's Day 2028 (observed Dec 31).
    expect(federalHolidays('us', 2027)).toEqual(expect.arrayContaining(['2027-12-24', '2027-12-31']));
  });

  it("lists Canada's holidays, a weekend one observed on the next free weekday", () => {
    expect(federalHolidays('ca', 2026)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-05-18',
      '2026-07-01',
      '2026-09-07',
      '2026-09-30',
      '2026-10-12',
      '2026-11-11',
      '2026-12-25',
      '2026-12-28',
    ]);
    // 2027: Christmas on Saturday -> Monday Dec 27, Boxing Day on Sunday -> Tuesday Dec 28.
    expect(federalHolidays('ca', 2027)).toEqual(expect.arrayContaining(['2027-12-27', '2027-12-28']));
  });
});

describe('the words', () => {
  it('writes a range as the shopper reads it', () => {
    expect(formatDeliveryDate('2026-12-02')).toBe('Wed, Dec 2');
    expect(deliveryRangeText({ earliest: '2026-12-01', latest: '2026-12-04' })).toBe('Tue, Dec 1 - Fri, Dec 4');
    expect(deliveryRangeText({ earliest: '2026-12-04', latest: '2026-12-04' })).toBe('Fri, Dec 4');
  });
});
