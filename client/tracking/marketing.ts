import { API } from '../../shared/api-routes.ts';
import type { MarketingBody } from '../../shared/api/tracking.ts';
import { COOKIE } from '../../shared/constants.ts';
import { TRACK_STORAGE } from '../../shared/tracking.ts';
import { analyticsUrl } from '../../shared/tracking-url.ts';
import { browserIds, cookieOf, postJson } from './browser.ts';
import { marketingPermitted } from './privacy.ts';

/** The marketing payload of §7: the saved affiliate click id, the page, when, where from, the profile. */
function marketingBody(orderId?: string): MarketingBody {
  return {
    orderId,
    clickId: cookieOf(COOKIE.affiliateClickId) || undefined,
    pageUrl: analyticsUrl(location.href),
    eventDate: new Date().toISOString(),
    referringUrl: analyticsUrl(document.referrer),
    customProfileId: browserIds().clientId || undefined,
  };
}

/** The marketing page load, once per visit on landing (the caller checks privacy choices first). */
export function sendMarketingPageLoad(): void {
  try {
    if (sessionStorage.getItem(TRACK_STORAGE.landed)) return;
    sessionStorage.setItem(TRACK_STORAGE.landed, '1');
  } catch {
    return;
  }
  void postJson(API.marketingPageLoad.path, JSON.stringify(marketingBody())).catch(() => false);
}

/**
 * A paid order's conversion (§4: the payment result is SUCCEEDED), once per order in this browser and only
 * where privacy choices permit marketing; the shop also counts it once per order whatever the browser does.
 */
export function trackConversion(orderId: string): void {
  if (!marketingPermitted()) return;
  const key = `${TRACK_STORAGE.converted}:${orderId}`;
  try {
    if (localStorage.getItem(key)) return;
    localStorage.setItem(key, '1');
  } catch {
    // Without storage the shop's own once-per-order rule still holds.
  }
  void postJson(API.conversion.path, JSON.stringify(marketingBody(orderId))).catch(() => false);
}
