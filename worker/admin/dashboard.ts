/**
 * The console's home dashboard (issue 19): today's and this week's orders and revenue per market,
 * orders waiting to ship and reviews waiting for a decision, through the orders and reviews services.
 * Days are UTC days and weeks start on Monday, as the orders list's date filter reads them (the shop
 * keeps no time zone of its own, only its warehouses' for shipping cut-offs).
 */
import { currencyOf, MARKET_IDS, type MarketId } from '../../shared/markets.ts';
import type { Currency } from '../../shared/markets.ts';
import { WAITING_TO_SHIP } from '../../shared/order-status.ts';
import { staffOrderFigures } from '../orders/staff.ts';
import { reviewQueue } from '../reviews/staff.ts';

const DAY_MS = 86_400_000;

/** The UTC day and week (from Monday) `now` falls in: their starts in milliseconds and as YYYY-MM-DD. */
export function dashboardPeriods(now: number) {
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const sinceMonday = (new Date(dayStart).getUTCDay() + 6) % 7;
  const weekStart = dayStart - sinceMonday * DAY_MS;
  const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { dayStart, weekStart, today: date(dayStart), monday: date(weekStart) };
}

/** One market's orders and revenue over a period. */
export interface MarketFigures {
  market: MarketId;
  currency: Currency;
  orders: number;
  revenueCent: number;
}

/** Everything the dashboard shows. */
export async function dashboardFigures(db: D1Database, now: number) {
  const periods = dashboardPeriods(now);
  const [figures, reviews] = await Promise.all([
    staffOrderFigures(db, periods, WAITING_TO_SHIP),
    reviewQueue(db, 'PENDING', 1),
  ]);
  // Both markets always show, with zeros when nothing was placed.
  const per = (pick: 'day' | 'week'): MarketFigures[] =>
    MARKET_IDS.map((market) => {
      const row = figures.placed.find((placed) => placed.market === market);
      const orders = pick === 'day' ? row?.dayOrders : row?.weekOrders;
      const revenueCent = pick === 'day' ? row?.dayCent : row?.weekCent;
      return { market, currency: currencyOf(market), orders: orders ?? 0, revenueCent: revenueCent ?? 0 };
    });
  const waiting = WAITING_TO_SHIP.map((status) => ({
    status,
    orders: figures.byStatus.find((row) => row.status === status)?.orders ?? 0,
  }));
  return { periods, today: per('day'), week: per('week'), waiting, pendingReviews: reviews.total };
}
export type DashboardFigures = Awaited<ReturnType<typeof dashboardFigures>>;
