/** Sends one tracking event (§7 Tracking) without holding up the page; a failure is dropped. */
export function track(event: string, data: Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  const body = JSON.stringify({ event, data, page_url: location.href, referrer: document.referrer, ts: Date.now() });
  const sent = navigator.sendBeacon?.(
    '/data-service/public/event/track',
    new Blob([body], { type: 'application/json' }),
  );
  if (!sent)
    void fetch('/data-service/public/event/track', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
    }).catch(() => undefined);
}
