/**
 * The tracking domain's records: the shapes its repositories read and write, named by the domain
 * (its doors and flows speak of these, never of a repository's row).
 */

/** What the shop keeps of a visitor's tracking ids at checkout, for the server's paid-order events. */
export interface CheckoutVisitor {
  visitorKey: string;
  clientId: string;
  sessionId: string;
  albGroup: string;
  abTestGroup: string;
  ip: string;
  network: string;
  downlinkSpeed: string;
  pageUrl: string;
  referrer: string;
  clickId: string | null;
  marketingAllowed: boolean;
  /** Whether the shopper's privacy choices let analytics identify the browser (shared/tracking.ts). */
  identified: boolean;
  updatedAt: number;
}

/** One day, market and A/B group of the funnel. */
export interface FunnelRecord {
  day: string;
  market: string;
  group: string;
  sessions: number;
  productViews: number;
  addToCart: number;
  checkoutStarted: number;
  paidOrders: number;
  revenueCent: number;
  exposedItems: number;
}
/** A searched phrase and how often; `zero` counts the searches that found nothing. */
export interface SearchTermRecord {
  keyword: string;
  searches: number;
  zero: number;
}

/** One stored tracking event as a row reads back (tests, the dashboard's drill-downs). */
export interface TrackingEventRecord {
  id: string;
  event: string;
  data: string;
  page_url: string;
  referrer: string;
  ts: number;
  client_id: string;
  session_id: string;
  alb_group: string;
  ab_test_group: string;
  ip: string;
  network: string;
  downlink_speed: string;
  visitor_key: string;
  market: string;
  received_at: number;
  day: string;
}
