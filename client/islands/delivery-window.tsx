import { deliveryRangeText, estimateDelivery } from '../../shared/delivery-dates.ts';
import { marketById, type MarketId } from '../../shared/markets.ts';
import { deliveryRefusal } from '../../shared/regions.ts';
import { STANDARD_SHIPPING } from '../../shared/shipping.ts';
import { WAREHOUSES, transitDaysOf } from '../../shared/shipping-options.ts';
import * as m from '../../shared/i18n/generated/messages.js';

/** What the shopper reads for one option and destination: the dates, or why nothing ships there. */
export interface DeliveryWords {
  /** 'Get it Tue, Dec 2 - Fri, Dec 5', or the refusal when the shop does not deliver there. */
  text: string;
  /** ' to ZIP code 10001' when the estimate is for the shopper's postal code, else ''. */
  destination: string;
  earliest: string | null;
  latest: string | null;
  refused: boolean;
}

/**
 * The estimated delivery of an option of the market to a postal code (or the whole market without
 * one), at `now`: the rule is shared/delivery-dates.ts. Null for an option with no transit times.
 */
export function deliveryWords(
  market: MarketId,
  optionName: string,
  postalCode: string | null,
  now: number,
): DeliveryWords | null {
  const refusal = postalCode ? deliveryRefusal(market, { postalCode }) : null;
  if (refusal) return { text: refusal, destination: '', earliest: null, latest: null, refused: true };
  const transitDays = transitDaysOf(market, optionName);
  if (!transitDays) return null;
  const estimate = estimateDelivery({ market, transitDays, warehouse: WAREHOUSES[market], postalCode, now });
  const label = marketById(market).labels.postalCode;
  return {
    text: m.delivery_get_it({ range: deliveryRangeText(estimate) }),
    destination: estimate.postalCode
      ? ` ${m.delivery_to({ label: market === 'us' ? label : label.toLowerCase(), postalCode: estimate.postalCode })}`
      : '',
    earliest: estimate.earliest,
    latest: estimate.latest,
    refused: false,
  };
}

/** An option's delivery estimate inline, e.g. beside a shipping option at checkout. */
export function DeliveryWindow({
  market,
  optionName = STANDARD_SHIPPING,
  postalCode,
  now = Date.now(),
}: {
  market: MarketId;
  optionName?: string;
  postalCode: string | null;
  now?: number;
}) {
  const words = deliveryWords(market, optionName, postalCode, now);
  if (!words) return null;
  return (
    <span
      className={words.refused ? 'delivery-window delivery-window--refused' : 'delivery-window'}
      data-delivery-estimate={words.refused ? 'refused' : `${words.earliest}/${words.latest}`}
    >
      {words.text}
      {words.destination}
    </span>
  );
}
