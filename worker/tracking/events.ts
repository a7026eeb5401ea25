import * as z from 'zod';
import { analyticsUrl } from '../../shared/tracking-url.ts';
import type { ShopEvent } from '../env.ts';
import { truncatedIp, withAnalyticsUrls } from './intake.ts';

/**
 * One tracking event as the sink stores it: the §7 payload (event, data, page_url, referrer, ts,
 * client_id, id, session_id, alb_group, ab_test_group, ip, netWork, downlinkSpeed) and what the Worker
 * adds (the visitor key, the market, when it was received).
 */
export const storedEvent = z.object({
  id: z.string().min(1).max(200),
  event: z.string().min(1).max(60),
  data: z.record(z.string(), z.unknown()),
  pageUrl: z.string().max(2000),
  referrer: z.string().max(2000),
  ts: z.number().int().nonnegative(),
  clientId: z.string().max(200),
  sessionId: z.string().max(200),
  albGroup: z.string().max(200),
  abTestGroup: z.string().max(200),
  ip: z.string().max(64),
  network: z.string().max(200),
  downlinkSpeed: z.string().max(20),
  visitorKey: z.string().max(200),
  market: z.enum(['us', 'ca']),
  at: z.number().int().nonnegative(),
});
export type StoredEvent = z.infer<typeof storedEvent>;

/**
 * The queue message of a tracking event: the `track` kind of ShopEvent with the rest of the §7 fields.
 * Messages queued before those fields existed still parse (they default to empty).
 */
export type TrackMessage = Extract<ShopEvent, { kind: 'track' }> & {
  id: string;
  albGroup: string;
  ip: string;
  network: string;
  downlinkSpeed: string;
};

const withDefaults = storedEvent.extend({
  albGroup: storedEvent.shape.albGroup.default(''),
  ip: storedEvent.shape.ip.default(''),
  network: storedEvent.shape.network.default(''),
  downlinkSpeed: storedEvent.shape.downlinkSpeed.default(''),
});

/**
 * The stored event a queue message carries, or null when it is malformed (counted and dropped). What analytics
 * keep is cut here once more (addresses without their query, the network instead of the address), so a message
 * queued by an older Worker or by the shop's own server events stores no more than the intake lets through.
 */
export function storedEventOf(message: unknown, fallbackId: string): StoredEvent | null {
  if (!message || typeof message !== 'object') return null;
  const candidate = message as Record<string, unknown>;
  const parsed = withDefaults.safeParse({ ...candidate, id: candidate.id || fallbackId });
  if (!parsed.success || JSON.stringify(parsed.data.data).length > 8000) return null;
  const event = parsed.data;
  return {
    ...event,
    data: withAnalyticsUrls(event.data),
    pageUrl: analyticsUrl(event.pageUrl),
    referrer: analyticsUrl(event.referrer),
    ip: truncatedIp(event.ip),
  };
}

/** The UTC day (YYYY-MM-DD) an event counts for in the dashboard: the day the shop received it. */
export function dayOf(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}
