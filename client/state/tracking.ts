import type { TrackBody } from '../../shared/api/tracking.ts';
import { API } from '../../shared/api-routes.ts';

/** Sends one tracking event (§7 Tracking) without holding up the page; a failure is dropped. */
export function track(event: string, data: Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  const payload: TrackBody = { event, data, page_url: location.href, referrer: document.referrer, ts: Date.now() };
  const body = JSON.stringify(payload);
  const sent = navigator.sendBeacon?.(API.track.path, new Blob([body], { type: 'application/json' }));
  if (!sent)
    void fetch(API.track.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
    }).catch(() => undefined);
}
