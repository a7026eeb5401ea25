/**
 * The shop's shipping options per market (§3 Shipping option), in the market's currency.
 * They are shop settings kept in code; free shipping is a coupon (FREE_SHIPPING) that the
 * promotions engine applies, not an option here.
 */

import type { MarketId } from './markets.ts';
import { STANDARD_SHIPPING, type ShippingOption } from './shipping.ts';

export const SHIPPING_OPTIONS: Record<MarketId, readonly ShippingOption[]> = {
  us: [
    { name: STANDARD_SHIPPING, firstFreight: 799, additionalFreight: 199, remoteFee: 1500 },
    { name: 'Expedited Shipping', firstFreight: 1799, additionalFreight: 399, remoteFee: 1500 },
  ],
  ca: [
    { name: STANDARD_SHIPPING, firstFreight: 1299, additionalFreight: 299, remoteFee: 2000 },
    { name: 'Expedited Shipping', firstFreight: 2499, additionalFreight: 499, remoteFee: 2000 },
  ],
};

/** The options offered in a market, in the order they are shown. */
export function shippingOptionsFor(market: MarketId): readonly ShippingOption[] {
  return SHIPPING_OPTIONS[market];
}
