import type { LogsBody } from '../shared/api/tracking.ts';
import { API } from '../shared/api-routes.ts';
import { PAYMENT_WINDOW_NAME, STORAGE_KEY } from '../shared/browser-keys.ts';
import { analyticsUrl } from '../shared/tracking-url.ts';
import { hydrateIslands } from './hydrate.ts';
import { retryFailedImages } from './image-retry.ts';
import { watchNavigation } from './state/loading.ts';

const body = document.body.dataset;

/** A window opened for the payment provider reports back to the shop and closes itself (§2). */
function closePaymentWindow(): boolean {
  if (!window.opener || window.name !== PAYMENT_WINDOW_NAME) return false;
  try {
    (window.opener as Window).postMessage({ type: 'payment-return', search: location.search }, location.origin);
  } finally {
    window.close();
  }
  return true;
}

/** Remembers the previous route for the session (§2). */
function rememberRoute(): void {
  const here = location.pathname + location.search;
  const last = sessionStorage.getItem(STORAGE_KEY.currentRoute);
  if (last && last !== here) sessionStorage.setItem(STORAGE_KEY.previousRoute, last);
  sessionStorage.setItem(STORAGE_KEY.currentRoute, here);
}

/** The referral reset (§2): the server cleared the cookies; the local cart goes too. */
function resetReferralCart(): void {
  if (body.resetCart !== 'true') return;
  localStorage.removeItem(STORAGE_KEY.cart);
  localStorage.removeItem(STORAGE_KEY.cartId);
}

/** A configured marketing script loads when the browser is idle, never before the page. */
function loadMarketingScript(): void {
  const src = body.marketingScript;
  if (!src) return;
  const load = () => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    document.head.appendChild(script);
  };
  if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 5000 });
  else setTimeout(load, 3000);
}

/** With a token but a missing or mismatched stored user, fetch the user again (§4 Login). */
function syncUser(): void {
  if (!localStorage.getItem(STORAGE_KEY.token)) return;
  const userId = document.cookie
    .split('; ')
    .find((part) => part.startsWith('user_id='))
    ?.slice('user_id='.length);
  void import('./state/session.ts').then((session) => session.syncStoredUser(userId));
}

/** A search from the header ranks parts that fit the vehicle being shopped for first. */
function searchWithVehicle(): void {
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.getAttribute('role') !== 'search') return;
      try {
        const vehicle = JSON.parse(localStorage.getItem(STORAGE_KEY.vehicle) ?? 'null') as {
          model?: { id: number };
          trim?: { id: number } | null;
          engine?: { id: number } | null;
        } | null;
        const id = vehicle?.engine?.id ?? vehicle?.trim?.id ?? vehicle?.model?.id;
        if (!id || form.querySelector('input[name="attributeValueId"]')) return;
        const input = Object.assign(document.createElement('input'), {
          type: 'hidden',
          name: 'attributeValueId',
          value: String(id),
        });
        form.appendChild(input);
      } catch {
        // A broken stored vehicle only means an unranked search.
      }
    },
    true,
  );
}

/**
 * Settles once the whole document is parsed. The page streams, and this async module script can run
 * before the end of it has arrived: islands further down would not be found yet.
 */
function documentParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}

/** Window errors go to the shop's log endpoint with their message (§8). */
function reportErrors(): void {
  addEventListener('error', (event) => {
    const line: LogsBody = {
      level: 'error',
      message: String(event.message || 'window error').slice(0, 2000),
      url: analyticsUrl(location.href),
    };
    navigator.sendBeacon?.(API.logs.path, new Blob([JSON.stringify(line)], { type: 'application/json' }));
  });
}

if (!closePaymentWindow()) {
  reportErrors();
  retryFailedImages();
  rememberRoute();
  resetReferralCart();
  syncUser();
  searchWithVehicle();
  watchNavigation();
  // Marks the page as interactive once every island that hydrates at load has (browser tests wait for it);
  // islands below the fold hydrate later, each marking itself `data-hydrated`.
  void documentParsed()
    .then(() => hydrateIslands())
    .then(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
  // Tracking loads after the page; the marketing script only where the shopper's privacy choices allow it.
  void import('./tracking/page.ts').then((tracking) => tracking.startTracking(loadMarketingScript));
}
