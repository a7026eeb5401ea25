/**
 * The carriers the shop ships with in the United States and Canada, and the public tracking page
 * of each: the shipping email and the order pages link a tracking number there.
 */

export const CARRIERS = [
  { id: 'ups', name: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum=' },
  { id: 'fedex', name: 'FedEx', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=' },
  { id: 'usps', name: 'USPS', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=' },
  {
    id: 'canada-post',
    name: 'Canada Post',
    trackingUrl: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=',
  },
  { id: 'purolator', name: 'Purolator', trackingUrl: 'https://www.purolator.com/en/shipping/tracker?pin=' },
  { id: 'dhl', name: 'DHL Express', trackingUrl: 'https://www.dhl.com/ca-en/home/tracking.html?tracking-id=' },
] as const;
export type CarrierId = (typeof CARRIERS)[number]['id'];

/** A tracking number as carriers print them: letters and digits, 6 to 40 of them. */
export const TRACKING_NUMBER_PATTERN = /^[A-Z0-9]{6,40}$/;

export function isCarrierId(text: unknown): text is CarrierId {
  return CARRIERS.some((carrier) => carrier.id === text);
}

/** A carrier's name ("UPS"); the id itself for one the shop no longer lists. */
export function carrierName(id: string): string {
  return CARRIERS.find((carrier) => carrier.id === id)?.name ?? id;
}

/** The carrier's public tracking page for a number; null for a carrier the shop no longer lists. */
export function trackingUrl(carrierId: string, trackingNumber: string): string | null {
  const carrier = CARRIERS.find((candidate) => candidate.id === carrierId);
  return carrier ? `${carrier.trackingUrl}${encodeURIComponent(trackingNumber)}` : null;
}

/** A typed tracking number as stored: spaces and dashes dropped, capitals. */
export function normalTrackingNumber(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}
