import { sampleRatioMismatch, type SplitGroup, wilsonInterval } from '../../shared/tracking-stats.ts';
import { type AnalyticsSqlConfig, analyticsEngineReader, analyticsSqlConfigured } from './dashboard-ae-repository.ts';
import { type DashboardReader, dashboardRepository, type FitmentRow } from './dashboard-repository.ts';
import type { FunnelRecord, SearchTermRecord } from './records.ts';

export type { FunnelRecord, SearchTermRecord } from './records.ts';

const TOP_SEARCHES = 10;
const GROUPS: readonly SplitGroup[] = ['A1', 'A2', 'B'];

/** One A/B group over the whole range: its conversion (paid orders per session) with a 95 % interval. */
export interface GroupConversion {
  group: SplitGroup;
  sessions: number;
  paidOrders: number;
  rate: number;
  low: number;
  high: number;
}

/** What the owner's analytics dashboard shows for a range of days (issue 25). */
export interface AnalyticsReport {
  from: string;
  to: string;
  funnel: FunnelRecord[];
  groups: GroupConversion[];
  srm: { p: number; mismatch: boolean };
  searches: Record<'us' | 'ca', SearchTermRecord[]>;
  exposure: { exposedItems: number; productViews: number; clickThrough: number };
  fitment: { market: string; status: string; count: number; share: number }[];
}

function groupConversions(funnel: FunnelRecord[]): GroupConversion[] {
  return GROUPS.map((group) => {
    const rows = funnel.filter((row) => row.group === group);
    const sessions = rows.reduce((sum, row) => sum + row.sessions, 0);
    const paidOrders = rows.reduce((sum, row) => sum + row.paidOrders, 0);
    return { group, sessions, paidOrders, ...wilsonInterval(paidOrders, sessions) };
  });
}

function fitmentShares(rows: FitmentRow[]) {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.market, (totals.get(row.market) ?? 0) + row.count);
  return rows.map((row) => ({ ...row, share: row.count / (totals.get(row.market) ?? 1) }));
}

/** The bindings the dashboard reads with: the D1 sink, and the Analytics Engine SQL API when configured. */
export type DashboardBindings = { DB: D1Database } & AnalyticsSqlConfig;

/**
 * Where the dashboard reads: Analytics Engine's SQL API when its account id and token are set (production
 * writes the events there), else the D1 sink. A bare D1 database reads D1.
 */
export function dashboardReaderFor(source: DashboardBindings | D1Database): DashboardReader {
  if (!('DB' in source)) return dashboardRepository(source);
  return analyticsSqlConfigured(source) ? analyticsEngineReader(source) : dashboardRepository(source.DB);
}

/** The dashboard's figures: the funnel, the A/B comparison, searches, exposure, fitment. */
export async function analyticsReport(
  source: DashboardBindings | D1Database,
  from: string,
  to: string,
): Promise<AnalyticsReport> {
  const repository = dashboardReaderFor(source);
  const [funnel, us, ca, fitment] = await Promise.all([
    repository.funnel(from, to),
    repository.topSearches(from, to, 'us', TOP_SEARCHES),
    repository.topSearches(from, to, 'ca', TOP_SEARCHES),
    repository.fitmentOutcomes(from, to),
  ]);
  const groups = groupConversions(funnel);
  const srm = sampleRatioMismatch(Object.fromEntries(groups.map((g) => [g.group, g.sessions])));
  const exposedItems = funnel.reduce((sum, row) => sum + row.exposedItems, 0);
  const productViews = funnel.reduce((sum, row) => sum + row.productViews, 0);
  return {
    from,
    to,
    funnel,
    groups,
    srm: { p: srm.p, mismatch: srm.mismatch },
    searches: { us, ca },
    exposure: { exposedItems, productViews, clickThrough: exposedItems ? productViews / exposedItems : 0 },
    fitment: fitmentShares(fitment),
  };
}
