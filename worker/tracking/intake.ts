import { analyticsUrl } from '../../shared/tracking-url.ts';
import { enforce, type Rule } from '../platform/rate-limit.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';

/**
 * What the shop keeps of a tracking event, whatever the browser sent (issue 35): addresses without their
 * query (shared/tracking-url.ts), the network address cut to its network (IPv4 /24, IPv6 /48), a time close
 * to the shop's own clock, and a bounded number of events per visitor and per address.
 */

const MINUTE = 60_000;
/**
 * Tracking calls allowed per visitor and per network address. A shopper browsing briskly sends a few events a
 * page (view, clicks, exposures): 300 in ten minutes is far above that; an address is shared by a household or an
 * office, so it gets more.
 */
export const TRACKING_RULES = {
  perVisitor: { limit: 300, windowMs: 10 * MINUTE },
  perIp: { limit: 1_200, windowMs: 10 * MINUTE },
} satisfies Record<string, Rule>;

/** How far an event's own time may lie from the shop's: the tracker sends within seconds (§8 retries). */
export const EVENT_TIME_WINDOW = { pastMs: 60 * MINUTE, futureMs: 5 * MINUTE } as const;

/** Counts one tracking call for the visitor and the address; throws the 429 error past either limit. */
export function countTrackingCall(
  limiter: DurableObjectNamespace<RateLimiter>,
  caller: { ip: string; visitorKey: string },
): Promise<void> {
  const checks = [{ key: `analytics:ip:${caller.ip || 'unknown'}`, rule: TRACKING_RULES.perIp }];
  if (caller.visitorKey)
    checks.push({ key: `analytics:visitor:${caller.visitorKey}`, rule: TRACKING_RULES.perVisitor });
  return enforce(limiter, checks);
}

/** The event's time as the browser gave it when it is near the shop's clock; the shop's own time otherwise. */
export function boundedTs(ts: number | undefined, now: number): number {
  if (ts === undefined || !Number.isFinite(ts)) return now;
  return ts < now - EVENT_TIME_WINDOW.pastMs || ts > now + EVENT_TIME_WINDOW.futureMs ? now : ts;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The eight groups of an IPv6 address ('::' expanded), or null when it is not one. */
function ipv6Groups(ip: string): string[] | null {
  if (!/^[0-9a-f:]+$/i.test(ip) || ip.split('::').length > 2) return null;
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  return groups.every((group) => group.length >= 1 && group.length <= 4) ? groups : null;
}

/**
 * The network an address belongs to, as analytics keep it: an IPv4 address without its last byte (/24), an
 * IPv6 address without its last 80 bits (/48); '' for anything else. An IPv4 address mapped into IPv6 is cut
 * as IPv4.
 */
export function truncatedIp(ip: string): string {
  const text = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  const v4 = IPV4.exec(mapped ? mapped[1]! : text);
  if (v4) return v4.slice(1, 4).every((part) => Number(part) <= 255) ? `${v4[1]}.${v4[2]}.${v4[3]}.0` : '';
  const groups = ipv6Groups(text);
  if (!groups) return '';
  return `${groups
    .slice(0, 3)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::`;
}

/** Fields whose very name says they hold who the shopper is or what browser they use: never kept. */
const PERSONAL_FIELD = /^(e[-_]?mail|email[-_]?address|phone|user[-_]?agent|ua|ip|ip[-_]?address|password|token)$/i;
/** An email address anywhere in a text. */
const EMAIL_IN_TEXT = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;
/** How deep data is walked: the tracker's events are flat or one level deep. */
const MAX_DEPTH = 6;

function scrubbed(value: unknown, depth: number): unknown {
  if (typeof value === 'string') {
    if (/^https?:\/\//i.test(value)) return analyticsUrl(value);
    return value.replace(EMAIL_IN_TEXT, '[email]');
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    if (PERSONAL_FIELD.test(name)) continue;
    copy[name] = scrubbed(item, depth + 1);
  }
  return copy;
}

/**
 * An event's data as analytics keep it, whatever the browser put in it (issue 35): every address without its
 * query (pageUrl, referringUrl and any other), no email address in any text, and no field named for an email,
 * phone, user agent, address or credential.
 */
export function withAnalyticsUrls<T extends Record<string, unknown>>(data: T): T {
  return scrubbed(data, 0) as T;
}
