import { TRACK_EVENT } from '../../shared/tracking.ts';
import { SERVER_SOURCE } from './paid-orders.ts';
import type { FunnelRecord, SearchTermRecord } from './records.ts';

/** A universal-fit outcome and how often a market saw it. */
export interface FitmentRow {
  market: string;
  status: string;
  count: number;
}

/**
 * What the dashboard reads, over a range of UTC days (inclusive): the D1 sink's tables locally and in tests,
 * Analytics Engine's SQL API in production (dashboard-ae-repository.ts). Paid orders and revenue count only the
 * server's order_paid events, never a browser's.
 */
export interface DashboardReader {
  funnel(from: string, to: string): Promise<FunnelRecord[]>;
  topSearches(from: string, to: string, market: string, limit: number): Promise<SearchTermRecord[]>;
  fitmentOutcomes(from: string, to: string): Promise<FitmentRow[]>;
}

const E = TRACK_EVENT;

/** The analytics dashboard's reads of the D1 sink, over a range of UTC days (inclusive). */
export function dashboardRepository(db: D1Database): DashboardReader {
  return {
    /** Sessions and funnel steps per day, market and group. */
    async funnel(from: string, to: string): Promise<FunnelRecord[]> {
      const { results } = await db
        .prepare(
          `SELECT day, market, ab_test_group AS "group",
             COUNT(DISTINCT CASE WHEN session_id <> '' THEN session_id END) AS sessions,
             SUM(event = ?3 AND json_extract(data, '$.pageType') = 'product detail') AS productViews,
             SUM(event = ?4) AS addToCart,
             SUM(event = ?5) AS checkoutStarted,
             SUM(event = ?6 AND json_extract(data, '$.source') = ?8) AS paidOrders,
             COALESCE(SUM(CASE WHEN event = ?6 AND json_extract(data, '$.source') = ?8
               THEN json_extract(data, '$.totalCent') END), 0) AS revenueCent,
             COALESCE(SUM(CASE WHEN event = ?7 THEN json_array_length(data, '$.items') END), 0) AS exposedItems
           FROM tracking_event WHERE day BETWEEN ?1 AND ?2
           GROUP BY day, market, ab_test_group ORDER BY day DESC, market, ab_test_group`,
        )
        .bind(from, to, E.pageView, E.addToCart, E.checkoutStarted, E.orderPaid, E.exposure, SERVER_SOURCE)
        .all<FunnelRecord>();
      return results;
    },

    /** The most searched phrases in a market, with how many found nothing. */
    async topSearches(from: string, to: string, market: string, limit: number): Promise<SearchTermRecord[]> {
      const { results } = await db
        .prepare(
          `SELECT lower(trim(json_extract(data, '$.keyword'))) AS keyword, COUNT(*) AS searches,
             SUM(json_extract(data, '$.total') = 0) AS zero
           FROM tracking_event
           WHERE day BETWEEN ?1 AND ?2 AND market = ?3 AND event = ?4
             AND json_extract(data, '$.pageType') = 'search results' AND json_extract(data, '$.keyword') IS NOT NULL
           GROUP BY 1 ORDER BY searches DESC, keyword LIMIT ?5`,
        )
        .bind(from, to, market, E.pageView, limit)
        .all<SearchTermRecord>();
      return results;
    },

    /** Universal-fit outcomes (FIT, NOT_FIT, UNCERTAIN, EMPTY) per market. */
    async fitmentOutcomes(from: string, to: string): Promise<FitmentRow[]> {
      const { results } = await db
        .prepare(
          `SELECT market, json_extract(data, '$.status') AS status, COUNT(*) AS count
           FROM tracking_event WHERE day BETWEEN ?1 AND ?2 AND event = ?3
           GROUP BY market, status ORDER BY market, count DESC`,
        )
        .bind(from, to, E.universalFit)
        .all<FitmentRow>();
      return results;
    },
  };
}
