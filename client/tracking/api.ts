import { TRACK_EVENT, UNIVERSAL_FIT_THROTTLE_MS } from '../../shared/tracking.ts';
import { track } from './browser.ts';
import { throttle } from './sender.ts';

/**
 * What islands call (issue 25): `track(name, data)` for any event, and the events with rules of their own.
 * Small on purpose: every island that tracks loads it.
 */
export { track } from './browser.ts';
export { trackConversion } from './marketing.ts';

/** The universal-fit event (§9): at most once per 2000 ms, with the fit status and the item. */
export const trackUniversalFit = throttle(
  (data: { itemId?: number; status: string }) => track(TRACK_EVENT.universalFit, data),
  UNIVERSAL_FIT_THROTTLE_MS,
);

/** The add-vehicle event (§4 Garage): sent when the shopper changes to a different attribute value. */
export function trackAddVehicle(vehicle: string, attributeValueId: number | null): void {
  track(TRACK_EVENT.addVehicle, { vehicle, attributeValueId });
}

/** A part added to the cart, and checkout started: the dashboard's funnel steps. */
export function trackAddToCart(itemId: number, quantity: number): void {
  track(TRACK_EVENT.addToCart, { itemId, quantity });
}
export function trackCheckoutStarted(items: number): void {
  track(TRACK_EVENT.checkoutStarted, { items });
}
