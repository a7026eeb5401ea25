import { TRACK_EVENT } from '../../shared/tracking.ts';
import type { DashboardReader, FitmentRow } from './dashboard-repository.ts';
import type { FunnelRecord, SearchTermRecord } from './records.ts';
import { SERVER_SOURCE } from './paid-orders.ts';

/** The settings of the Analytics Engine SQL API reader; the account id and token together turn it on. */
export interface AnalyticsSqlConfig {
  ANALYTICS_ACCOUNT_ID?: string;
  ANALYTICS_API_TOKEN?: string;
  /** The dataset the ANALYTICS binding writes (wrangler.toml); autohaven_events when absent. */
  ANALYTICS_DATASET?: string;
  /** Where the SQL API answers; Cloudflare's endpoint for the account when absent. */
  ANALYTICS_SQL_URL?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATASET = /^[A-Za-z0-9_]{1,64}$/;
const E = TRACK_EVENT;

/** The SQL API's answer to a query with FORMAT JSON: column names and types, then one object per row. */
interface SqlAnswer {
  meta?: { name: string; type: string }[];
  data?: Record<string, unknown>[];
  rows?: number;
}

/** A failed SQL API call: the dashboard shows an error page rather than figures that are not there. */
export class AnalyticsSqlError extends Error {
  override name = 'AnalyticsSqlError';
}

/** Whether the SQL API reader is configured (else the dashboard reads the D1 sink). */
export function analyticsSqlConfigured(config: AnalyticsSqlConfig): boolean {
  return Boolean(config.ANALYTICS_ACCOUNT_ID && config.ANALYTICS_API_TOKEN);
}

/**
 * The dashboard's reads from Workers Analytics Engine through its SQL API (issue 25): one POST per query, raw
 * SQL in the body, a bearer token, FORMAT JSON. Columns follow the sink's layout (sink.ts): blob1 id, blob2
 * event, blob7 session id, blob9 A/B group, blob14 market, blob15 day, blob16 page type, blob17 fit status,
 * blob18 search keyword, blob19 source; double3 order total in cents, double4 exposed items, double5 search
 * results. Counts weigh each row by _sample_interval (Analytics Engine samples); sessions and paid orders are
 * counted once per id, as Analytics Engine keeps a redelivered event twice.
 */
export function analyticsEngineReader(config: AnalyticsSqlConfig, fetcher: typeof fetch = fetch): DashboardReader {
  const dataset = config.ANALYTICS_DATASET || 'autohaven_events';
  if (!DATASET.test(dataset)) throw new AnalyticsSqlError('ANALYTICS_DATASET must be a dataset name');
  const account = encodeURIComponent(config.ANALYTICS_ACCOUNT_ID ?? '');
  const url =
    config.ANALYTICS_SQL_URL || `https://api.cloudflare.com/client/v4/accounts/${account}/analytics_engine/sql`;

  const query = async (sql: string): Promise<Record<string, unknown>[]> => {
    const answer = await fetcher(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.ANALYTICS_API_TOKEN}`, 'content-type': 'text/plain' },
      body: `${sql} FORMAT JSON`,
    });
    if (!answer.ok) throw new AnalyticsSqlError(`Analytics Engine SQL API answered ${answer.status}`);
    const body = (await answer.json()) as SqlAnswer;
    if (!Array.isArray(body.data)) throw new AnalyticsSqlError('Analytics Engine SQL API answered no data');
    return body.data;
  };
  const days = (from: string, to: string) => {
    if (!DAY.test(from) || !DAY.test(to)) throw new AnalyticsSqlError('days must be YYYY-MM-DD');
    return `blob15 >= '${from}' AND blob15 <= '${to}'`;
  };
  const num = (value: unknown) => Number(value ?? 0) || 0;
  const text = (value: unknown) => String(value ?? '');
  const key = (row: Record<string, unknown>) => `${text(row.day)}|${text(row.market)}|${text(row.grp)}`;

  return {
    async funnel(from, to) {
      const range = days(from, to);
      const paid = `blob2 = '${E.orderPaid}' AND blob19 = '${SERVER_SOURCE}'`;
      const [steps, sessions, orders] = await Promise.all([
        query(`SELECT blob15 AS day, blob14 AS market, blob9 AS grp,
  sum(if(blob2 = '${E.pageView}' AND blob16 = 'product detail', _sample_interval, 0)) AS productViews,
  sum(if(blob2 = '${E.addToCart}', _sample_interval, 0)) AS addToCart,
  sum(if(blob2 = '${E.checkoutStarted}', _sample_interval, 0)) AS checkoutStarted,
  sum(if(blob2 = '${E.exposure}', double4 * _sample_interval, 0)) AS exposedItems
FROM ${dataset} WHERE ${range} AND blob1 != 'dropped' GROUP BY day, market, grp`),
        query(`SELECT day, market, grp, count() AS sessions FROM (SELECT blob15 AS day, blob14 AS market, blob9 AS grp,
  blob7 AS session FROM ${dataset} WHERE ${range} AND blob7 != '' GROUP BY day, market, grp, session)
GROUP BY day, market, grp`),
        query(`SELECT day, market, grp, count() AS paidOrders, sum(total) AS revenueCent FROM (SELECT blob15 AS day,
  blob14 AS market, blob9 AS grp, blob1 AS id, max(double3) AS total FROM ${dataset} WHERE ${range} AND ${paid}
  GROUP BY day, market, grp, id) GROUP BY day, market, grp`),
      ]);
      const rows = new Map<string, FunnelRecord>();
      const rowOf = (row: Record<string, unknown>): FunnelRecord => {
        const found = rows.get(key(row));
        if (found) return found;
        const fresh: FunnelRecord = {
          day: text(row.day),
          market: text(row.market),
          group: text(row.grp),
          sessions: 0,
          productViews: 0,
          addToCart: 0,
          checkoutStarted: 0,
          paidOrders: 0,
          revenueCent: 0,
          exposedItems: 0,
        };
        rows.set(key(row), fresh);
        return fresh;
      };
      for (const row of steps)
        Object.assign(rowOf(row), {
          productViews: num(row.productViews),
          addToCart: num(row.addToCart),
          checkoutStarted: num(row.checkoutStarted),
          exposedItems: num(row.exposedItems),
        });
      for (const row of sessions) rowOf(row).sessions = num(row.sessions);
      for (const row of orders)
        Object.assign(rowOf(row), { paidOrders: num(row.paidOrders), revenueCent: num(row.revenueCent) });
      return [...rows.values()].sort(
        (a, b) => b.day.localeCompare(a.day) || a.market.localeCompare(b.market) || a.group.localeCompare(b.group),
      );
    },

    async topSearches(from, to, market, limit): Promise<SearchTermRecord[]> {
      if (market !== 'us' && market !== 'ca') return [];
      const rows = await query(`SELECT blob18 AS keyword, sum(_sample_interval) AS searches,
  sum(if(double5 = 0, _sample_interval, 0)) AS zero
FROM ${dataset} WHERE ${days(from, to)} AND blob14 = '${market}' AND blob2 = '${E.pageView}'
  AND blob16 = 'search results' AND blob18 != ''
GROUP BY keyword ORDER BY searches DESC, keyword LIMIT ${Math.max(1, Math.trunc(limit))}`);
      return rows.map((row) => ({ keyword: text(row.keyword), searches: num(row.searches), zero: num(row.zero) }));
    },

    async fitmentOutcomes(from, to): Promise<FitmentRow[]> {
      const rows = await query(`SELECT blob14 AS market, blob17 AS status, sum(_sample_interval) AS count
FROM ${dataset} WHERE ${days(from, to)} AND blob2 = '${E.universalFit}'
GROUP BY market, status ORDER BY market, count DESC`);
      return rows.map((row) => ({ market: text(row.market), status: text(row.status), count: num(row.count) }));
    },
  };
}
