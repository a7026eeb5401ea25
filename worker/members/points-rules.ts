/**
 * The points ledger's rules (issue 21), pure so they can be tested with generated ledgers: points
 * are kept in lots (every credit is one), a debit takes from the oldest lots first (FIFO), and a lot
 * expires a number of months after the day it was credited. The expiry cron, the points log and the
 * reminder all read a member's ledger through `replayLedger`, so they agree with each other.
 */

const DAY_MS = 86_400_000;

/** One ledger row as the rules need it. */
export interface LedgerFact {
  id: number;
  delta: number;
  reason: string;
  reference: string | null;
  createdAt: number;
}

/** Points credited by one ledger row, what is left of them, and when that expires. */
export interface PointsLot {
  id: number;
  reason: string;
  reference: string | null;
  /** The UTC day it was credited ('YYYY-MM-DD'): an EXPIRED row's reference. */
  day: string;
  amount: number;
  left: number;
  expiresAt: number;
}

/** The UTC day of a time, 'YYYY-MM-DD'. */
export function utcDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * When points credited at `createdAt` expire: the start (UTC) of the same calendar day `months`
 * later, the month's last day when it is shorter (points of Jan 31 expire on Feb 28 or 29).
 */
export function expiryOf(createdAt: number, months: number): number {
  const credited = new Date(createdAt);
  const year = credited.getUTCFullYear();
  const month = credited.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(credited.getUTCDate(), lastDay));
}

/**
 * A bound on credit times: a lot credited at or after it cannot expire by `time` (a few days of
 * slack cover months of different lengths). Used to narrow the rows the cron reads.
 */
export function creditedBefore(time: number, months: number): number {
  const at = new Date(time);
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - months, at.getUTCDate()) + 4 * DAY_MS;
}

/** The member's lots after every row of the ledger, and any debt no lot covered (0 in a sound ledger). */
export interface LedgerState {
  lots: PointsLot[];
  debt: number;
  /** Earn days whose expiry is already written (the references of EXPIRED rows). */
  expiredDays: Set<string>;
}

const byTime = (a: LedgerFact, b: LedgerFact) => a.createdAt - b.createdAt || a.id - b.id;

/** Takes up to `points` from the lots given, in their order; answers what could not be taken. */
function take(lots: PointsLot[], points: number): number {
  let rest = points;
  for (const lot of lots) {
    if (rest === 0) break;
    const used = Math.min(lot.left, rest);
    lot.left -= used;
    rest -= used;
  }
  return rest;
}

/**
 * Replays a member's ledger in time order. A credit is a new lot (first paying any debt); an
 * EXPIRED row takes from the lots of its earn day; a take-back (negative REFUND) takes from what is
 * left of its own order's earned points first; every other debit takes from the oldest lots first.
 */
export function replayLedger(facts: readonly LedgerFact[], months: number): LedgerState {
  const state: LedgerState = { lots: [], debt: 0, expiredDays: new Set() };
  for (const fact of [...facts].sort(byTime)) {
    if (fact.delta > 0) {
      const paid = Math.min(state.debt, fact.delta);
      state.debt -= paid;
      const day = utcDay(fact.createdAt);
      const lot = {
        ...fact,
        day,
        amount: fact.delta,
        left: fact.delta - paid,
        expiresAt: expiryOf(fact.createdAt, months),
      };
      state.lots.push(lot);
      continue;
    }
    let rest = -fact.delta;
    if (fact.reason === 'EXPIRED' && fact.reference) {
      state.expiredDays.add(fact.reference);
      rest = take(
        state.lots.filter((lot) => lot.day === fact.reference),
        rest,
      );
    } else if (fact.reason === 'REFUND' && fact.reference) {
      const own = state.lots.filter((lot) => lot.reason === 'EARNED_ORDER' && lot.reference === fact.reference);
      rest = take(own, rest);
    }
    state.debt += take(state.lots, rest);
  }
  return state;
}

/** Points of one earn day that are due to expire and not yet written off. */
export interface DueExpiry {
  day: string;
  points: number;
}

/**
 * What expires at `now`: for each earn day whose lots are due (expiresAt <= now) and whose expiry
 * is not written yet, what is left of them. Points credited later are never touched.
 */
export function dueExpiries(facts: readonly LedgerFact[], months: number, now: number): DueExpiry[] {
  const state = replayLedger(facts, months);
  const due = new Map<string, number>();
  for (const lot of state.lots) {
    if (lot.expiresAt > now || state.expiredDays.has(lot.day)) continue;
    due.set(lot.day, (due.get(lot.day) ?? 0) + lot.left);
  }
  return [...due].filter(([, points]) => points > 0).map(([day, points]) => ({ day, points }));
}

/** Points left that expire by a time, grouped by when they expire (earliest first). */
export function expiringBy(state: LedgerState, until: number): { expiresAt: number; points: number }[] {
  const byDate = new Map<number, number>();
  for (const lot of state.lots)
    if (lot.left > 0 && lot.expiresAt <= until) byDate.set(lot.expiresAt, (byDate.get(lot.expiresAt) ?? 0) + lot.left);
  return [...byDate].sort(([a], [b]) => a - b).map(([expiresAt, points]) => ({ expiresAt, points }));
}

/** The sum of what expires by a time and the first date, as the reminder answers it. */
export function expiringSoon(state: LedgerState, until: number): { points: number; expiresAt: number | null } {
  const groups = expiringBy(state, until);
  return { points: groups.reduce((sum, group) => sum + group.points, 0), expiresAt: groups[0]?.expiresAt ?? null };
}

/** An order's reversal so far: points earned on it, spent on it, and the net of its REFUND rows. */
export interface OrderPoints {
  earned: number;
  spent: number;
  reversed: number;
}

/**
 * How much of a requested reversal (REFUND: positive gives spent points back, negative takes earned
 * points back) may be written: never more back than was spent on the order, never more taken than
 * was earned on it, and never more than the balance holds. The ledger's SQL applies the same rule.
 */
export function allowedReversal(requested: number, order: OrderPoints, balance: number): number {
  if (requested > 0) return Math.max(0, Math.min(requested, order.spent - order.reversed));
  const taken = Math.max(0, Math.min(-requested, balance, order.earned + order.reversed));
  return taken === 0 ? 0 : -taken;
}

export { DAY_MS };
