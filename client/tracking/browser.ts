import { API } from '../../shared/api-routes.ts';
import { COOKIE } from '../../shared/constants.ts';
import { analyticsIdentified, PRIVACY_COOKIE, TRACK_CLIENT_ID_MS, TRACK_STORAGE } from '../../shared/tracking.ts';
import { analyticsUrl } from '../../shared/tracking-url.ts';
import { createTracker, type TrackIds, type Track } from './sender.ts';

/** A cookie the browser scripts may read. */
export function cookieOf(name: string): string {
  const pair = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) : '';
}

/** A stored id, made when absent; '' when storage is blocked (the tracker then waits for ids, §8). */
function storedId(storage: () => Storage, key: string, lifetimeMs?: number): string {
  try {
    const [id, expires] = (storage().getItem(key) ?? '').split('|');
    if (id && (!lifetimeMs || Number(expires) > Date.now())) return id;
    const fresh = crypto.randomUUID();
    storage().setItem(key, lifetimeMs ? `${fresh}|${Date.now() + lifetimeMs}` : fresh);
    return fresh;
  } catch {
    return '';
  }
}

/**
 * Whether analytics may keep ids in this browser (shared/tracking.ts): not on the Canadian site until the shopper
 * allows it, and then ids stored before go too.
 */
function identified(): boolean {
  const market = document.documentElement.dataset.market === 'ca' ? 'ca' : 'us';
  if (analyticsIdentified({ market, consent: cookieOf(PRIVACY_COOKIE.consent) || undefined })) return true;
  try {
    localStorage.removeItem(TRACK_STORAGE.clientId);
    sessionStorage.removeItem(TRACK_STORAGE.sessionId);
  } catch {
    // Storage blocked: nothing was kept either.
  }
  return false;
}

/** The ids of §7: the client id (a week), the tab's session id, the A/B group, the connection. */
export function browserIds(): TrackIds {
  const connection = (navigator as { connection?: { effectiveType?: string; downlink?: number } }).connection;
  const keepsIds = identified();
  return {
    anonymous: !keepsIds,
    clientId: keepsIds ? storedId(() => localStorage, TRACK_STORAGE.clientId, TRACK_CLIENT_ID_MS) : '',
    sessionId: keepsIds ? storedId(() => sessionStorage, TRACK_STORAGE.sessionId) : '',
    abTestGroup: cookieOf(COOKIE.abTestGroup),
    albGroup: cookieOf('alb_group'),
    netWork: connection?.effectiveType ?? '',
    downlinkSpeed: connection?.downlink === undefined ? '' : String(connection.downlink),
  };
}

/**
 * Posts JSON with keepalive, so a page exit does not lose it; a beacon where fetch is missing. A 429 counts as
 * taken: the shop said enough, and a retry or a failure report would only add to it.
 */
export async function postJson(path: string, body: string): Promise<boolean> {
  if (typeof fetch !== 'function')
    return navigator.sendBeacon?.(path, new Blob([body], { type: 'application/json' })) ?? false;
  const answer = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
    credentials: 'same-origin',
  });
  return answer.ok || answer.status === 429;
}

let tracker: (Track & { flush(): void }) | null = null;
let flushing = false;

/** Sends one tracking event (§7) with the full payload; does nothing on the server. */
export const track: Track = (event, data) => {
  if (typeof window === 'undefined') return;
  tracker ??= createTracker({
    transport: (body) => postJson(API.track.path, body),
    ids: browserIds,
    online: () => navigator.onLine,
    random: Math.random,
    newId: () => crypto.randomUUID(),
    now: Date.now,
    // Addresses without their query (credentials of emailed links, an email on tracking): shared/tracking-url.ts.
    page: () => ({ url: analyticsUrl(location.href), referrer: analyticsUrl(document.referrer) }),
  });
  if (!flushing) addEventListener('pagehide', () => tracker?.flush());
  flushing = true;
  tracker(event, data);
};
