import { checkoutVisitorRepository } from './checkout-repository.ts';
import { dayOf } from './events.ts';
import { trackingRepository } from './repository.ts';

/**
 * How long analytics are kept (issue 35), as the privacy policy says: "analytics data for up to 26 months". The
 * visitor's ids kept at checkout serve only to report a payment that arrives later (a webhook), so they go after
 * 30 days. Workers Analytics Engine, the production sink, keeps its data three months on its own.
 */
export const ANALYTICS_RETENTION_MONTHS = 26;
export const CHECKOUT_IDS_RETENTION_DAYS = 30;
/** Events deleted per cron run: one tick stays short, and the backlog goes over the next ticks. */
export const RETENTION_BATCH = 5_000;

/** The first UTC day analytics still keep, `months` before `now`. */
export function firstKeptDay(now: number, months = ANALYTICS_RETENTION_MONTHS): string {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return dayOf(date.getTime());
}

/** The cron's work: events, dropped-message counts and checkout ids past their retention are deleted. */
export async function forgetOldAnalytics(db: D1Database, now: number) {
  const keepFrom = firstKeptDay(now);
  const tracking = trackingRepository(db);
  const events = await tracking.deleteEventsBefore(keepFrom, RETENTION_BATCH);
  const dropped = await tracking.deleteDroppedBefore(keepFrom);
  const checkouts = await checkoutVisitorRepository(db).deleteOlderThan(now - CHECKOUT_IDS_RETENTION_DAYS * 86_400_000);
  return { events, dropped, checkouts };
}
