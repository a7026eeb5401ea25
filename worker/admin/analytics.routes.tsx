import { Hono } from 'hono';
import { systemClock } from '../platform/clock.ts';
import { analyticsReport } from '../tracking/service.ts';
import { AnalyticsPage } from './analytics-page.tsx';
import { type AdminEnv, requirePermission, staffSession } from './guard.ts';
import { renderAdmin } from './render.tsx';

const DAY_MS = 86_400_000;
const MAX_DAYS = 92;
const isDay = (value: string | undefined): value is string =>
  value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** The range asked for, else the last seven days; at most 92 days, oldest first. */
export function analyticsRange(fromQuery: string | undefined, toQuery: string | undefined, now: number) {
  const to = isDay(toQuery) ? toQuery : new Date(now).toISOString().slice(0, 10);
  const fallback = new Date(Date.parse(to) - 6 * DAY_MS).toISOString().slice(0, 10);
  let from = isDay(fromQuery) ? fromQuery : fallback;
  if (from > to) from = to;
  const earliest = new Date(Date.parse(to) - (MAX_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  if (from < earliest) from = earliest;
  return { from, to };
}

/** The analytics dashboard (issue 25): owners only, as it shows the whole shop's revenue and experiments. */
export const adminAnalytics = new Hono<AdminEnv>().get(
  '/admin/analytics',
  staffSession,
  requirePermission('analytics.view'),
  async (c) => {
    const { from, to } = analyticsRange(c.req.query('from'), c.req.query('to'), systemClock.now());
    const report = await analyticsReport(c.env, from, to);
    return renderAdmin(c, { title: 'Analytics', body: <AnalyticsPage report={report} /> });
  },
);
