import { TRACK_EVENT } from '../../shared/tracking.ts';
import { log } from '../platform/log.ts';
import type { StoredEvent } from './events.ts';
import { SERVER_SOURCE } from './paid-orders.ts';

/** The affiliate network's settings: both set turns forwarding on. */
export interface AffiliateConfig {
  AFFILIATE_ENDPOINT?: string;
  AFFILIATE_TOKEN?: string;
}

/** What the affiliate network is told (§7 Tracking: the marketing page-load and conversion payload). */
export interface AffiliateCall {
  type: 'page-load' | 'conversion';
  clickId: string | null;
  orderId: string | null;
  pageUrl: string;
  eventDate: string;
  referringUrl: string;
  customProfileId: string | null;
}

/** The affiliate call of a stored marketing event, or null for any other event. */
export function affiliateCallOf(event: StoredEvent): AffiliateCall | null {
  const type =
    event.event === TRACK_EVENT.marketingConversion
      ? 'conversion'
      : event.event === TRACK_EVENT.marketingPageLoad
        ? 'page-load'
        : null;
  if (!type) return null;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  return {
    type,
    clickId: text(event.data.clickId),
    orderId: text(event.data.orderId),
    pageUrl: event.pageUrl,
    eventDate: text(event.data.eventDate) ?? new Date(event.ts).toISOString(),
    referringUrl: event.referrer,
    customProfileId: text(event.data.customProfileId),
  };
}

/**
 * Forwards marketing events with a click id to the affiliate network (page loads from the browser, conversions
 * from the server), server-side (off unless configured).
 * Answers false when a call failed, so the queue message is retried.
 */
export async function forwardToAffiliate(
  config: AffiliateConfig,
  events: readonly StoredEvent[],
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  if (!config.AFFILIATE_ENDPOINT || !config.AFFILIATE_TOKEN) return true;
  let allSent = true;
  for (const event of events) {
    const call = affiliateCallOf(event);
    if (!call?.clickId) continue;
    // The shop reports each paid order's conversion itself; a browser's report of it would count it twice.
    if (call.type === 'conversion' && event.data.source !== SERVER_SOURCE) continue;
    try {
      const answer = await fetcher(config.AFFILIATE_ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${config.AFFILIATE_TOKEN}` },
        body: JSON.stringify(call),
      });
      if (!answer.ok) allSent = false;
    } catch (cause) {
      log.warn('affiliate call failed', { cause: String(cause) });
      allSent = false;
    }
  }
  return allSent;
}
