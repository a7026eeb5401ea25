/**
 * The shop's shipping options per market (§3 Shipping option), in the market's currency, with
 * their transit times, and the warehouse each market ships from. They are shop settings kept in
 * code; free shipping is a promotion (FREE_SHIPPING, automatic or a code) that the promotions
 * engine applies, not an option here.
 */

import type { MarketId } from './markets.ts';
import { STANDARD_SHIPPING, type ShippingOption } from './shipping.ts';

/** An offered option: its fees, and the business days the carrier takes within the warehouse's own zone. */
export interface OfferedShippingOption extends ShippingOption {
  /** Fewest and most business days in transit to an address in the warehouse's zone (delivery-dates.ts). */
  transitDays: readonly [number, number];
  /** How the parcels travel: GROUND (road), AIR (hazardous parts may not), FREIGHT (a freight truck). */
  mode: 'GROUND' | 'AIR' | 'FREIGHT';
}

export const SHIPPING_OPTIONS: Record<MarketId, readonly OfferedShippingOption[]> = {
  us: [
    {
      name: STANDARD_SHIPPING,
      firstFreight: 799,
      additionalFreight: 199,
      remoteFee: 1500,
      transitDays: [2, 4],
      mode: 'GROUND',
    },
    {
      name: 'Expedited Shipping',
      firstFreight: 1799,
      additionalFreight: 399,
      remoteFee: 1500,
      transitDays: [1, 2],
      mode: 'AIR',
    },
  ],
  ca: [
    {
      name: STANDARD_SHIPPING,
      firstFreight: 1299,
      additionalFreight: 299,
      remoteFee: 2000,
      transitDays: [2, 4],
      mode: 'GROUND',
    },
    {
      name: 'Expedited Shipping',
      firstFreight: 2499,
      additionalFreight: 499,
      remoteFee: 2000,
      transitDays: [1, 2],
      mode: 'AIR',
    },
  ],
};

/** The option's name for freight-only parts (shipping-limits.ts): offered only for them, and alone. */
export const FREIGHT_SHIPPING = 'Freight Delivery';

/** The freight option per market: a freight truck, curbside delivery, by appointment. */
export const FREIGHT_OPTIONS: Record<MarketId, OfferedShippingOption> = {
  us: {
    name: FREIGHT_SHIPPING,
    firstFreight: 14999,
    additionalFreight: 2999,
    remoteFee: 0,
    transitDays: [5, 9],
    mode: 'FREIGHT',
  },
  ca: {
    name: FREIGHT_SHIPPING,
    firstFreight: 19999,
    additionalFreight: 3999,
    remoteFee: 0,
    transitDays: [5, 9],
    mode: 'FREIGHT',
  },
};

/** Where a market's orders leave from, and until when an order ships the same business day. */
export interface Warehouse {
  city: string;
  /** State or province code. */
  region: string;
  postalCode: string;
  /** IANA time zone of the warehouse's clock (the cut-off is read on it). */
  timeZone: string;
  /** Orders placed before this hour (0-23, warehouse time) on a business day ship that day. */
  cutoffHour: number;
}

export const WAREHOUSES: Record<MarketId, Warehouse> = {
  us: { city: 'Columbus', region: 'OH', postalCode: '43215', timeZone: 'America/New_York', cutoffHour: 14 },
  ca: { city: 'Mississauga', region: 'ON', postalCode: 'L5T 2N7', timeZone: 'America/Toronto', cutoffHour: 14 },
};

/** The options offered in a market, in the order they are shown. */
export function shippingOptionsFor(market: MarketId): readonly OfferedShippingOption[] {
  return SHIPPING_OPTIONS[market];
}

/** The transit days of a market's option by name, or null for an option the market does not offer. */
export function transitDaysOf(market: MarketId, optionName: string): readonly [number, number] | null {
  if (optionName === FREIGHT_SHIPPING) return FREIGHT_OPTIONS[market].transitDays;
  return SHIPPING_OPTIONS[market].find((option) => option.name === optionName)?.transitDays ?? null;
}
