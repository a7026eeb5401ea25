import { useEffect, useState } from 'react';
import type { MarketId } from '../../shared/markets.ts';
import { STANDARD_SHIPPING } from '../../shared/shipping.ts';
import { POSTAL_CODE_KEY } from '../state/session.ts';
import { type HazmatClass, type SizeClass, lineLimit, shipZoneOf } from '../../shared/shipping-limits.ts';
import { FREIGHT_SHIPPING } from '../../shared/shipping-options.ts';
import { deliveryWords } from './delivery-window.tsx';
import { shippingOptionName } from '../../shared/shipping.ts';
import * as m from '../../shared/i18n/generated/messages.js';

export interface DeliveryEstimateProps {
  market: MarketId;
  /** When the page was rendered: the first browser render repeats it, so hydration matches. */
  now: number;
  /** How the carriers treat the part (issue 40 item 4): a freight-only part goes by Freight Delivery. */
  hazmat?: HazmatClass | null;
  sizeClass?: SizeClass | null;
}

/**
 * The product page's estimated delivery with Standard Shipping: for the shopper's postal code once
 * the browser knows one (the cart's estimate, sign-in), else for the whole market.
 */
export default function DeliveryEstimate({ market, now, hazmat = null, sizeClass = null }: DeliveryEstimateProps) {
  const [shopper, setShopper] = useState<{ postalCode: string | null; now: number }>({ postalCode: null, now });
  useEffect(() => {
    setShopper({ postalCode: localStorage.getItem(POSTAL_CODE_KEY), now: Date.now() });
  }, []);
  const option = sizeClass === 'FREIGHT' ? FREIGHT_SHIPPING : STANDARD_SHIPPING;
  // Where no route brings the part, the page's warning says why instead (ShipWarning).
  const zone = shopper.postalCode ? shipZoneOf(market, shopper.postalCode) : null;
  if (lineLimit({ title: '', hazmat, sizeClass }, zone, '')?.kind === 'NO_ROUTE') return null;
  const words = deliveryWords(market, option, shopper.postalCode, shopper.now);
  if (!words) return null;
  return (
    <p
      className="delivery-estimate"
      data-delivery-estimate={words.refused ? 'refused' : `${words.earliest}/${words.latest}`}
      aria-live="polite"
    >
      {words.refused ? (
        words.text
      ) : (
        <>
          <strong>{words.text}</strong> {m.delivery_with({ option: shippingOptionName(option) })}
          {words.destination}
        </>
      )}
    </p>
  );
}
