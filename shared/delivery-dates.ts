/**
 * Estimated delivery dates (shipping policy "Delivery Estimates"): a pure rule, given the time
 * now, from the shipping option's transit days, the warehouse and the destination.
 *
 * The model, kept simple on purpose:
 * - Ship day: an order placed on a business day before the warehouse's cut-off hour (its own
 *   clock) ships that day; any other order ships the next business day.
 * - Business days: Monday to Friday, except the market's federal holidays (below), observed as
 *   the carriers observe them.
 * - Transit: the option's business days (fewest, most) to the warehouse's own zone, plus one
 *   business day for every two zones between the warehouse and the destination. Zones run across
 *   the country: a US ZIP code's first digit (0 in the northeast to 9 on the west coast); a
 *   Canadian postal code's first letter placed east to west (A Newfoundland ... V British
 *   Columbia). A remote postal code (shipping.ts) adds two more business days.
 * - Without a postal code the range covers the whole market (remote areas aside): the earliest
 *   date of the warehouse's zone to the latest of the farthest zone.
 * Dates are calendar dates 'YYYY-MM-DD'; carriers deliver on business days only.
 */
import { currentLocale } from './i18n/current.ts';
import { frenchDeliveryDay } from './i18n/format.ts';
import type { MarketId } from './markets.ts';
import { isRemotePostalCode } from './shipping.ts';

/** What an estimate needs; `now` is passed in so the rule is testable and the same on both sides. */
export interface DeliveryEstimateInput {
  market: MarketId;
  /** The option's fewest and most business days in transit within the warehouse's zone. */
  transitDays: readonly [number, number];
  warehouse: { postalCode: string; timeZone: string; cutoffHour: number };
  /** The destination, when the shopper gave one; unreadable codes count as none. */
  postalCode: string | null;
  now: number;
}

export interface DeliveryEstimate {
  /** The business day the order leaves the warehouse. */
  shipDate: string;
  earliest: string;
  latest: string;
  /** The destination the estimate is for (as given), or null for the market-wide range. */
  postalCode: string | null;
}

/** Business days a remote destination adds. */
export const REMOTE_EXTRA_DAYS = 2;

const DAY_MS = 86_400_000;

/** A calendar date as a UTC midnight timestamp, and back. */
const dayOf = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day);
const isoOf = (day: number) => new Date(day).toISOString().slice(0, 10);
const weekday = (day: number) => new Date(day).getUTCDay();
const isWeekend = (day: number) => weekday(day) === 0 || weekday(day) === 6;

/** The n-th (1-based) weekday `wd` (0 Sunday) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, wd: number, n: number): number {
  if (n < 0) {
    const last = dayOf(year, month + 1, 0);
    return last - ((weekday(last) - wd + 7) % 7) * DAY_MS;
  }
  const first = dayOf(year, month, 1);
  return first + (((wd - weekday(first) + 7) % 7) + (n - 1) * 7) * DAY_MS;
}

/** Easter Sunday (Gregorian, the anonymous algorithm). */
function easter(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayOf(year, month, day);
}

/** US federal holidays (5 U.S.C. 6103), a Saturday one observed on Friday, a Sunday one on Monday. */
function usHolidays(year: number): number[] {
  const observed = (day: number) => (weekday(day) === 6 ? day - DAY_MS : weekday(day) === 0 ? day + DAY_MS : day);
  return [
    observed(dayOf(year, 1, 1)),
    nthWeekday(year, 1, 1, 3), // Martin Luther King Jr. Day
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    nthWeekday(year, 5, 1, -1), // Memorial Day
    observed(dayOf(year, 6, 19)),
    observed(dayOf(year, 7, 4)),
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 10, 1, 2), // Columbus Day
    observed(dayOf(year, 11, 11)),
    nthWeekday(year, 11, 4, 4), // Thanksgiving
    observed(dayOf(year, 12, 25)),
    observed(dayOf(year + 1, 1, 1)), // New Year's Day on a Saturday is observed on Dec 31
  ];
}

/**
 * Canada's federal general holidays (Canada Labour Code s. 166): one on a weekend is observed on
 * the next weekday that is not already a holiday (so Boxing Day follows a moved Christmas).
 */
function caHolidays(year: number): number[] {
  const victoria = dayOf(year, 5, 24) - ((weekday(dayOf(year, 5, 24)) + 6) % 7) * DAY_MS;
  const fixed = [
    dayOf(year, 1, 1),
    easter(year) - 2 * DAY_MS, // Good Friday
    victoria, // Victoria Day: the Monday before May 25
    dayOf(year, 7, 1),
    nthWeekday(year, 9, 1, 1), // Labour Day
    dayOf(year, 9, 30), // National Day for Truth and Reconciliation
    nthWeekday(year, 10, 1, 2), // Thanksgiving
    dayOf(year, 11, 11),
    dayOf(year, 12, 25),
    dayOf(year, 12, 26),
  ];
  const taken = new Set<number>();
  for (const day of fixed) {
    let observed = day;
    while (isWeekend(observed) || taken.has(observed)) observed += DAY_MS;
    taken.add(observed);
  }
  return [...taken];
}

/** The market's federal holidays of a year, as 'YYYY-MM-DD' (observed dates). */
export function federalHolidays(market: MarketId, year: number): string[] {
  const days = market === 'ca' ? caHolidays(year) : usHolidays(year);
  return days
    .map(isoOf)
    .filter((iso) => iso.startsWith(`${year}-`))
    .sort();
}

function isBusinessDay(market: MarketId, day: number, cache: Map<number, Set<string>>): boolean {
  if (isWeekend(day)) return false;
  const year = new Date(day).getUTCFullYear();
  let holidays = cache.get(year);
  if (!holidays) {
    holidays = new Set(federalHolidays(market, year));
    cache.set(year, holidays);
  }
  return !holidays.has(isoOf(day));
}

/** The business day `count` business days after `day` (`day` itself for 0). */
function addBusinessDays(market: MarketId, day: number, count: number, cache: Map<number, Set<string>>): number {
  let current = day;
  for (let left = count; left > 0; ) {
    current += DAY_MS;
    if (isBusinessDay(market, current, cache)) left -= 1;
  }
  return current;
}

/** The warehouse's calendar date and hour at `now`. */
function warehouseClock(now: number, timeZone: string): { day: number; hour: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(now));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { day: dayOf(part('year'), part('month'), part('day')), hour: part('hour') % 24 };
}

/** Canadian postal districts (first letter) placed east to west. */
const CA_ZONE: Readonly<Record<string, number>> = {
  A: 0,
  B: 1,
  C: 1,
  E: 1,
  G: 2,
  H: 2,
  J: 2,
  K: 3,
  L: 3,
  M: 3,
  N: 3,
  P: 4,
  R: 5,
  S: 6,
  T: 7,
  X: 7,
  V: 8,
  Y: 8,
};

/** The zone of a postal code (see the model above), or null when it cannot be read. */
export function deliveryZone(market: MarketId, postalCode: string): number | null {
  const compact = postalCode.replace(/[\s-]+/g, '').toUpperCase();
  if (market === 'us') return /^\d{5}(?:\d{4})?$/.test(compact) ? Number(compact[0]) : null;
  if (!/^[A-Z]\d[A-Z](?:\d[A-Z]\d)?$/.test(compact)) return null;
  return CA_ZONE[compact[0]!] ?? null;
}

/** Business days a destination adds for its distance from the warehouse: one per two zones. */
export function zoneExtraDays(market: MarketId, warehousePostalCode: string, postalCode: string): number | null {
  const from = deliveryZone(market, warehousePostalCode);
  const to = deliveryZone(market, postalCode);
  return from === null || to === null ? null : Math.floor(Math.abs(to - from) / 2);
}

/** The most a destination in the market can add for distance (remote areas aside). */
function farthestExtraDays(market: MarketId, warehousePostalCode: string): number {
  const from = deliveryZone(market, warehousePostalCode) ?? 0;
  const zones = market === 'us' ? [0, 9] : Object.values(CA_ZONE);
  return Math.max(...zones.map((zone) => Math.floor(Math.abs(zone - from) / 2)));
}

/** When the order ships and the range of dates it arrives (the model above). */
export function estimateDelivery(input: DeliveryEstimateInput): DeliveryEstimate {
  const { market, warehouse } = input;
  const cache = new Map<number, Set<string>>();
  const clock = warehouseClock(input.now, warehouse.timeZone);
  const shipsToday = isBusinessDay(market, clock.day, cache) && clock.hour < warehouse.cutoffHour;
  const shipDay = shipsToday ? clock.day : addBusinessDays(market, clock.day, 1, cache);
  const extra = input.postalCode ? zoneExtraDays(market, warehouse.postalCode, input.postalCode) : null;
  const postalCode = extra === null ? null : input.postalCode;
  const remote = postalCode !== null && isRemotePostalCode(market, postalCode) ? REMOTE_EXTRA_DAYS : 0;
  const [fewest, most] = input.transitDays;
  const earliestExtra = extra === null ? 0 : extra + remote;
  const latestExtra = extra === null ? farthestExtraDays(market, warehouse.postalCode) : extra + remote;
  return {
    shipDate: isoOf(shipDay),
    earliest: isoOf(addBusinessDays(market, shipDay, fewest + earliestExtra, cache)),
    latest: isoOf(addBusinessDays(market, shipDay, most + latestExtra, cache)),
    postalCode,
  };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Tue, Dec 2' for '2026-12-02'; 'mer. 2 déc.' on a French page. */
export function formatDeliveryDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const date = dayOf(year, month, day);
  if (currentLocale() === 'fr') return frenchDeliveryDay(date);
  return `${WEEKDAYS[weekday(date)]}, ${MONTHS[month - 1]} ${day}`;
}

/** 'Tue, Dec 2 - Fri, Dec 5', or one date when the range is a single day. */
export function deliveryRangeText(estimate: Pick<DeliveryEstimate, 'earliest' | 'latest'>): string {
  const earliest = formatDeliveryDate(estimate.earliest);
  const latest = formatDeliveryDate(estimate.latest);
  return estimate.earliest === estimate.latest
    ? earliest
    : `${earliest} ${currentLocale() === 'fr' ? 'au' : '-'} ${latest}`;
}
