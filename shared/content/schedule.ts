/**
 * When and where a piece of merchandising shows: every content item and campaign may carry a start
 * and end time (ISO 8601, UTC) and the markets it is for. One definition, so the storefront, the
 * editors' preview and the validation agree on what "live" means.
 */
import { z } from 'zod';
import { MARKET_IDS, type MarketId } from '../markets.ts';

export const SCHEDULE_MSG = {
  badTime: 'Enter a date and time, for example 2026-11-27T05:00:00Z.',
  endBeforeStart: 'The end time must be after the start time.',
} as const;

export type ScheduleState = 'UPCOMING' | 'LIVE' | 'ENDED';

export interface Scheduled {
  startTime?: string | null;
  endTime?: string | null;
  /** The markets it shows in; absent or empty means both. */
  markets?: readonly MarketId[] | null;
}

const time = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value), SCHEDULE_MSG.badTime);

/** The schedule fields, to spread into a content schema; pair with `endAfterStart`. */
export const scheduleFields = {
  startTime: time.nullish(),
  endTime: time.nullish(),
  markets: z.array(z.enum(MARKET_IDS)).nullish(),
};

/** A refinement for any schema with the schedule fields: the end comes after the start. */
export function endAfterStart(value: Scheduled, context: z.RefinementCtx): void {
  if (value.startTime && value.endTime && Date.parse(value.endTime) <= Date.parse(value.startTime))
    context.addIssue({ code: 'custom', message: SCHEDULE_MSG.endBeforeStart, path: ['endTime'] });
}

export function scheduleState(item: Scheduled, now: number): ScheduleState {
  if (item.startTime && now < Date.parse(item.startTime)) return 'UPCOMING';
  if (item.endTime && now >= Date.parse(item.endTime)) return 'ENDED';
  return 'LIVE';
}

export function isForMarket(item: Scheduled, market: MarketId): boolean {
  return !item.markets || item.markets.length === 0 || item.markets.includes(market);
}

/** Shown now in this market: live and for the market. */
export function isShown(item: Scheduled, now: number, market: MarketId): boolean {
  return isForMarket(item, market) && scheduleState(item, now) === 'LIVE';
}
