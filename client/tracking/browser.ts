import { API } from '../../shared/api-routes.ts';
import { COOKIE } from '../../shared/constants.ts';
import { TRACK_CLIENT_ID_MS, TRACK_STORAGE } from '../../shared/tracking.ts';
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

/** The ids of §7: the client id (a week), the tab's session id, the A/B group, the connection. */
export function browserIds(): TrackIds {
  const connection = (navigator as { connection?: { effectiveType?: string; downlink?: number } }).connection;
  return {
    clientId: storedId(() => localStorage, TRACK_STORAGE.clientId, TRACK_CLIENT_ID_MS),
    sessionId: storedId(() => sessionStorage, TRACK_STORAGE.sessionId),
    abTestGroup: cookieOf(COOKIE.abTestGroup),
    albGroup: cookieOf('alb_group'),
    netWork: connection?.effectiveType ?? '',
    downlinkSpeed: connection?.downlink === undefined ? '' : String(connection.downlink),
  };
}

/** Posts JSON with keepalive, so a page exit does not lose it; a beacon where fetch is missing. */
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
  return answer.ok;
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
    page: () => ({ url: location.href, referrer: document.referrer }),
  });
  if (!flushing) addEventListener('pagehide', () => tracker?.flush());
  flushing = true;
  tracker(event, data);
};
