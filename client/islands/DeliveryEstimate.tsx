import { useEffect, useState } from 'react';
import type { MarketId } from '../../shared/markets.ts';
import { STANDARD_SHIPPING } from '../../shared/shipping.ts';
import { POSTAL_CODE_KEY } from '../state/session.ts';
import { deliveryWords } from './delivery-window.tsx';
import { shippingOptionName } from '../../shared/shipping.ts';
import * as m from '../../shared/i18n/generated/messages.js';

export interface DeliveryEstimateProps {
  market: MarketId;
  /** When the page was rendered: the first browser render repeats it, so hydration matches. */
  now: number;
}

/**
 * The product page's estimated delivery with Standard Shipping: for the shopper's postal code once
 * the browser knows one (the cart's estimate, sign-in), else for the whole market.
 */
export default function DeliveryEstimate({ market, now }: DeliveryEstimateProps) {
  const [shopper, setShopper] = useState<{ postalCode: string | null; now: number }>({ postalCode: null, now });
  useEffect(() => {
    setShopper({ postalCode: localStorage.getItem(POSTAL_CODE_KEY), now: Date.now() });
  }, []);
  const words = deliveryWords(market, STANDARD_SHIPPING, shopper.postalCode, shopper.now);
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
          <strong>{words.text}</strong> {m.delivery_with({ option: shippingOptionName(STANDARD_SHIPPING) })}
          {words.destination}
        </>
      )}
    </p>
  );
}
