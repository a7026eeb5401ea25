/**
 * The economic-nexus report (issue 39): per US state (and per Canadian registration), the shop's
 * sales there and how many orders it shipped there over the trailing 12 months, set against the
 * state's published threshold (shared/tax-nexus.ts), so the owner sees where to register next.
 */
import { currencyOf, type Currency, type MarketId } from '../../shared/markets.ts';
import { meetsThreshold, type NexusThreshold, nexusThresholds } from '../../shared/tax-nexus.ts';
import { type Registration, registrationKeys, type TaxRegistrations } from '../../shared/tax-registrations.ts';
import { type RegionSalesRow, taxReportsRepository } from './reports-repository.ts';

/** Past this share of a threshold a state is flagged "near". */
export const NEAR_SHARE = 0.8;
const YEAR_MS = 365 * 86_400_000;

export type NexusStatus = 'registered' | 'over' | 'near' | 'under' | 'none';

export interface NexusRow {
  /** A US state's code, or a Canadian registration (GST/HST, QST, PST-BC …). */
  key: string;
  label: string;
  salesCent: number;
  orders: number;
  threshold: NexusThreshold | null;
  /** How far along each test the shop is (0.5 is half way); null where there is no such test. */
  salesShare: number | null;
  ordersShare: number | null;
  status: NexusStatus;
  /** Whether the sales meet the threshold (shown beside "registered" too). */
  meets: boolean;
  registration: Registration | null;
}

export interface NexusReport {
  market: MarketId;
  currency: Currency;
  from: number;
  to: number;
  rows: NexusRow[];
}

/** The regions whose sales count towards a registration: a state its own; GST/HST every province. */
function regionsOf(market: MarketId, key: string): ((region: string) => boolean) | string {
  if (market === 'us') return key;
  if (key === 'GST/HST') return () => true;
  if (key === 'QST') return 'QC';
  return key.replace(/^PST-/, '');
}

function salesFor(rows: readonly RegionSalesRow[], match: ((region: string) => boolean) | string) {
  const counted = rows.filter((row) => (typeof match === 'string' ? row.region === match : match(row.region)));
  return {
    salesCent: counted.reduce((sum, row) => sum + row.salesCent, 0),
    orders: counted.reduce((sum, row) => sum + row.orders, 0),
  };
}

const share = (value: number, of: number | null) => (of === null ? null : of === 0 ? (value > 0 ? 1 : 0) : value / of);

/** Where a state stands: registered, over its threshold, near it (80 % of a test that binds), under, or no tax. */
export function nexusStatus(
  threshold: NexusThreshold | null,
  salesCent: number,
  orders: number,
  registered: boolean,
): { status: NexusStatus; meets: boolean; salesShare: number | null; ordersShare: number | null } {
  const salesShare = threshold ? share(salesCent, threshold.salesCent) : null;
  const ordersShare = threshold ? share(orders, threshold.transactions) : null;
  const meets = threshold !== null && meetsThreshold(threshold, salesCent, orders);
  const shares = { meets, salesShare, ordersShare };
  if (registered) return { status: 'registered', ...shares };
  if (!threshold || (threshold.salesCent === null && threshold.transactions === null))
    return { status: 'none', ...shares };
  if (meets) return { status: 'over', ...shares };
  const close = [salesShare, ordersShare].filter((value): value is number => value !== null);
  const near = threshold.both
    ? close.every((value) => value >= NEAR_SHARE)
    : close.some((value) => value >= NEAR_SHARE);
  return { status: near && salesCent > 0 ? 'near' : 'under', ...shares };
}

/** The report for a market over the 12 months up to `now`. */
export async function nexusReport(
  db: D1Database,
  market: MarketId,
  registrations: TaxRegistrations,
  now: number,
): Promise<NexusReport> {
  const from = now - YEAR_MS;
  const sales = await taxReportsRepository(db).salesByRegion(market, from, now);
  const thresholds = nexusThresholds(market);
  const rows = registrationKeys(market).map(({ key, label }): NexusRow => {
    const { salesCent, orders } = salesFor(sales, regionsOf(market, key));
    const threshold = thresholds[key] ?? null;
    const registration = registrations[market][key] ?? null;
    return {
      key,
      label,
      salesCent,
      orders,
      threshold,
      registration,
      ...nexusStatus(threshold, salesCent, orders, registration !== null),
    };
  });
  return { market, currency: currencyOf(market), from, to: now, rows };
}
