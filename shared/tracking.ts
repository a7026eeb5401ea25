/**
 * Tracking words shared by the browser, the Worker and the dashboard (§2, §4, §7, §9, issue 25): the
 * event names, the privacy rule for marketing calls, and the names of the privacy cookies.
 */

/** The events the shop records. Their names are what the sink stores and the dashboard counts. */
export const TRACK_EVENT = {
  pageView: 'page_view',
  click: 'click',
  error: 'error',
  exposure: 'exposure',
  moduleExposure: 'module_exposure',
  universalFit: 'universal_fit',
  addVehicle: 'add_vehicle',
  addToCart: 'add_to_cart',
  checkoutStarted: 'checkout_started',
  search: 'search',
  /** A paid order (analytics, not marketing: sent for every shopper), once per order id. */
  orderPaid: 'order_paid',
  marketingPageLoad: 'marketing_page_load',
  marketingConversion: 'marketing_conversion',
} as const;
export type TrackEventName = (typeof TRACK_EVENT)[keyof typeof TRACK_EVENT];

/** The tracking client id lives a week (§9); the session id for the browser tab's session. */
export const TRACK_CLIENT_ID_MS = 7 * 24 * 3600 * 1000;
/** §8: when ids are missing, the event waits 2 to 2.5 s and is tried again. */
export const TRACK_IDS_RETRY_MIN_MS = 2000;
export const TRACK_IDS_RETRY_MAX_MS = 2500;
/** §8: a tracker failure reports one error event and retries once after 2 s, if online. */
export const TRACK_FAILURE_RETRY_MS = 2000;
/** §9: the universal-fit event is sent at most once per 2000 ms. */
export const UNIVERSAL_FIT_THROTTLE_MS = 2000;

/** Browser storage keys of the tracking ids. */
export const TRACK_STORAGE = {
  clientId: 'track-client-id',
  sessionId: 'track-session-id',
  landed: 'track-landed',
  converted: 'track-converted',
} as const;

/**
 * Privacy cookies: a US shopper's "Your Privacy Choices" opt-out, a Canadian shopper's answer to the
 * consent banner. Both live a year.
 */
export const PRIVACY_COOKIE = {
  optOut: 'privacy_opt_out',
  consent: 'marketing_consent',
} as const;
export const PRIVACY_COOKIE_SECONDS = 31_536_000;
export const PRIVACY_CHOICES_PATH = '/privacy-choices';

/** What the shopper has told the shop about marketing tracking. */
export interface PrivacySignals {
  market: 'us' | 'ca';
  /** Global Privacy Control: the `Sec-GPC: 1` header, or `navigator.globalPrivacyControl`. */
  gpc: boolean;
  /** The US opt-out cookie is '1'. */
  optedOut: boolean;
  /** The Canadian consent cookie: 'granted', 'denied', or absent (not asked yet). */
  consent: string | undefined;
}

/**
 * Whether marketing calls and the third-party marketing script may run. The US site honours Global
 * Privacy Control and the opt-out (opt-out rules); the Canadian site needs consent first (opt-in).
 * Analytics the shop needs to run (page views, errors, the A/B groups) are not marketing and run either way.
 */
export function marketingAllowed(signals: PrivacySignals): boolean {
  if (signals.market === 'ca') return signals.consent === 'granted';
  return !signals.gpc && !signals.optedOut;
}

/**
 * Whether analytics may tell one browser from another (the tracking client and session ids, the visitor key, the
 * network address), as the privacy policy says: "where required, we ask for your consent before setting analytics
 * or advertising cookies". The Canadian site asks first (the consent banner): until the shopper allows it, the shop
 * counts pages, searches and errors with nothing that identifies the browser. On the US site Global Privacy Control
 * and the opt-out stop sharing for advertising (marketing, above); the shop's own analytics go on.
 */
export function analyticsIdentified(signals: Pick<PrivacySignals, 'market' | 'consent'>): boolean {
  return signals.market !== 'ca' || signals.consent === 'granted';
}

/** Whether the Canadian consent banner should ask: Canada, and no answer yet. */
export function asksConsent(signals: Pick<PrivacySignals, 'market' | 'consent'>): boolean {
  return signals.market === 'ca' && signals.consent !== 'granted' && signals.consent !== 'denied';
}
