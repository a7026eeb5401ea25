import { API } from '../../shared/api-routes.ts';
import { COOKIE, EXPOSURE_CHUNK, EXPOSURE_FLUSH_MS } from '../../shared/constants.ts';
import { TRACK_EVENT } from '../../shared/tracking.ts';
import { loading } from '../state/loading.ts';
import { cookieOf, track } from './browser.ts';
import { sendMarketingPageLoad } from './marketing.ts';
import { askConsent, marketingPermitted } from './privacy.ts';
import { createBatcher } from './sender.ts';

const pageType = () => document.querySelector('meta[name="page-type"]')?.getAttribute('content') ?? 'other';

/** The page view (§2 page types); a search results page adds its keyword and result count. */
function trackPageView(): void {
  const data: Record<string, unknown> = { pageType: pageType(), path: location.pathname };
  const keyword = new URLSearchParams(location.search).get('keyword');
  if (keyword) data.keyword = keyword.slice(0, 200);
  const total = document.querySelector<HTMLElement>('[data-total]')?.dataset.total;
  if (total !== undefined) data.total = Number(total);
  else if (document.querySelector('[data-search-empty]')) data.total = 0;
  track(TRACK_EVENT.pageView, data);
}

/** Click events with the element name and element value (§3: `elementName`, `elementValue`). */
function trackClicks(): void {
  document.addEventListener(
    'click',
    (event) => {
      const target = (event.target as Element | null)?.closest?.<HTMLElement>('[data-track], a[href], button');
      if (!target) return;
      const name = target.dataset.track || target.getAttribute('aria-label') || target.textContent?.trim() || '';
      const href = target instanceof HTMLAnchorElement ? new URL(target.href).pathname : undefined;
      const value = target.dataset.trackValue ?? href ?? (target as HTMLButtonElement).value ?? '';
      track(TRACK_EVENT.click, {
        elementName: name.slice(0, 80),
        elementValue: String(value).slice(0, 200),
        pageType: pageType(),
      });
    },
    true,
  );
}

/** Window errors with their message (§8) and the shop API calls that failed. */
function trackErrors(): void {
  addEventListener('error', (event) => {
    track(TRACK_EVENT.error, { kind: 'window', message: String(event.message || 'window error').slice(0, 500) });
  });
  addEventListener('unhandledrejection', (event: Event) => {
    const reason = (event as Event & { reason?: unknown }).reason;
    track(TRACK_EVENT.error, { kind: 'promise', message: String(reason).slice(0, 500) });
  });
  if (typeof PerformanceObserver === 'undefined') return;
  const own = new Set<string>([API.track.path, API.logs.path]);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceResourceTiming & { responseStatus?: number })[]) {
      const url = new URL(entry.name);
      const status = entry.responseStatus ?? 200;
      const api = entry.initiatorType === 'fetch' || entry.initiatorType === 'xmlhttprequest';
      if (!api || url.origin !== location.origin || own.has(url.pathname) || (status > 0 && status < 400)) continue;
      track(TRACK_EVENT.error, { kind: 'api', path: url.pathname, status });
    }
  }).observe({ type: 'resource', buffered: true });
}

/** Module exposure: which page sections (home and campaign modules) came into view, batched like items (§4). */
function trackModules(): void {
  if (typeof IntersectionObserver === 'undefined') return;
  const batcher = createBatcher<string>(
    (modules) => track(TRACK_EVENT.moduleExposure, { modules, pageType: pageType() }),
    EXPOSURE_FLUSH_MS,
    EXPOSURE_CHUNK,
  );
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const el = entry.target as HTMLElement;
        batcher.add(el.dataset.module || el.getAttribute('aria-labelledby') || el.getAttribute('aria-label') || '');
        observer.unobserve(el);
      }
    },
    { threshold: 0.5 },
  );
  for (const module of document.querySelectorAll(
    '[data-module], main section[aria-labelledby], main section[aria-label]',
  ))
    observer.observe(module);
  loading.subscribe((active) => active && batcher.flush());
  addEventListener('pagehide', batcher.flush);
}

/**
 * Starts the page's tracking (§2, §4, §7, §8): the A/B group is fetched when the cookie lacks it, then the
 * page view, clicks, errors and module exposure; marketing only where privacy choices permit (the Canadian
 * banner asks first). `onMarketing` runs when marketing may start (entry.ts loads the marketing script).
 */
export function startTracking(onMarketing: () => void = () => undefined): void {
  if (!cookieOf(COOKIE.abTestGroup)) void fetch('/api/public/env/abtest').catch(() => undefined);
  trackErrors();
  trackPageView();
  trackClicks();
  trackModules();
  const startMarketing = () => {
    sendMarketingPageLoad();
    onMarketing();
  };
  if (marketingPermitted()) startMarketing();
  else askConsent(startMarketing);
}
