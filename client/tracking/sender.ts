import type { TrackBody } from '../../shared/api/tracking.ts';
import {
  TRACK_EVENT,
  TRACK_FAILURE_RETRY_MS,
  TRACK_IDS_RETRY_MAX_MS,
  TRACK_IDS_RETRY_MIN_MS,
} from '../../shared/tracking.ts';

/** The ids every event carries (§7); empty strings when the browser does not have them yet. */
export interface TrackIds {
  /** Analytics may not keep ids in this browser (privacy choices): events go at once, without them. */
  anonymous?: boolean;
  clientId: string;
  sessionId: string;
  abTestGroup: string;
  albGroup: string;
  netWork: string;
  downlinkSpeed: string;
}

/** What the tracker needs from the browser; tests pass their own. */
export interface TrackerDeps {
  /** Sends one payload; answers whether the shop took it. */
  transport(body: string): Promise<boolean>;
  ids(): TrackIds;
  online(): boolean;
  random(): number;
  newId(): string;
  now(): number;
  page(): { url: string; referrer: string };
}

/** Sends one tracking event (§7), with the retries of §8. */
export type Track = (event: string, data?: Record<string, unknown>) => void;

const idsMissing = (ids: TrackIds) =>
  ids.anonymous ? !ids.abTestGroup : !ids.clientId || !ids.sessionId || !ids.abTestGroup;

/**
 * The tracker (§7, §8): an event whose ids are missing waits 2 to 2.5 s once and is then sent with what
 * there is (or at once on `flush()`, when the page is left); a send that fails reports one error event and,
 * when online, is retried once after 2 s.
 */
export function createTracker(deps: TrackerDeps): Track & { flush(): void } {
  const payloadOf = (event: string, data: Record<string, unknown>, ids: TrackIds): string => {
    const { url, referrer } = deps.page();
    const body: TrackBody = {
      event,
      data,
      page_url: url,
      referrer,
      ts: deps.now(),
      client_id: ids.clientId,
      id: deps.newId(),
      session_id: ids.sessionId,
      alb_group: ids.albGroup,
      ab_test_group: ids.abTestGroup,
      netWork: ids.netWork,
      downlinkSpeed: ids.downlinkSpeed,
    };
    return JSON.stringify(body);
  };

  const deliver = async (body: string, event: string): Promise<void> => {
    if (await deps.transport(body).catch(() => false)) return;
    // The failure report is itself never retried nor reported, so a broken tracker sends at most two calls.
    if (event === TRACK_EVENT.error) return;
    void deps.transport(payloadOf(TRACK_EVENT.error, { message: 'tracker failure', event }, deps.ids()));
    if (deps.online()) setTimeout(() => void deps.transport(body).catch(() => false), TRACK_FAILURE_RETRY_MS);
  };

  // Events waiting for their ids; a page exit sends them at once rather than losing them.
  const waiting = new Map<ReturnType<typeof setTimeout>, () => void>();
  const track: Track = (event, data = {}) => {
    const ids = deps.ids();
    if (!idsMissing(ids)) {
      void deliver(payloadOf(event, data, ids), event);
      return;
    }
    const send = () => {
      waiting.delete(timer);
      void deliver(payloadOf(event, data, deps.ids()), event);
    };
    const wait = TRACK_IDS_RETRY_MIN_MS + deps.random() * (TRACK_IDS_RETRY_MAX_MS - TRACK_IDS_RETRY_MIN_MS);
    const timer = setTimeout(send, Math.round(wait));
    waiting.set(timer, send);
  };
  const flush = (): void => {
    for (const [timer, send] of waiting) {
      clearTimeout(timer);
      send();
    }
  };
  return Object.assign(track, { flush });
}

/** Calls `fn` at most once per `ms` (the first call of a window goes through; §9 universal-fit event). */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number, now = () => Date.now()) {
  let last = Number.NEGATIVE_INFINITY;
  return (...args: A): void => {
    const at = now();
    if (at - last < ms) return;
    last = at;
    fn(...args);
  };
}

/**
 * Accumulates keys and sends them `flushMs` after the last new one, in chunks; `flush()` sends at once
 * (route-change start, page exit). A key is sent once per page.
 */
export function createBatcher<T>(send: (chunk: T[]) => void, flushMs: number, chunk: number) {
  const seen = new Set<T>();
  let pending: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = (): void => {
    clearTimeout(timer);
    const batch = pending;
    pending = [];
    for (let start = 0; start < batch.length; start += chunk) send(batch.slice(start, start + chunk));
  };
  return {
    add(key: T): void {
      if (seen.has(key)) return;
      seen.add(key);
      pending.push(key);
      clearTimeout(timer);
      timer = setTimeout(flush, flushMs);
    },
    flush,
  };
}
