import { type LedgerEntry, pointsRepository } from './repository.ts';

export type { LedgerEntry } from './repository.ts';

/**
 * Members' points (100 points = $1 on parts): the balance, a spend that never overdraws, and the
 * ledger statements an order's one batch carries (points spent, earned, given back).
 */

/** The member's points balance. */
export function pointsBalance(db: D1Database, accountId: number): Promise<number> {
  return pointsRepository(db).balance(accountId);
}

/** Spends points only while the balance covers them; answers whether they were spent. */
export async function spendPoints(
  db: D1Database,
  accountId: number,
  points: number,
  reason: string,
  reference: string,
  now: number,
): Promise<boolean> {
  const ledger = pointsRepository(db);
  return ledger.run(ledger.spendStatement(accountId, points, reason, reference, now));
}

/**
 * Points paid for what the statement before it in the caller's batch wrote (a coupon bought with
 * points): taken only when that row was written and the balance covers them, so the caller's
 * guard after it can fail the whole batch when they were not.
 */
export function spendAfterStatement(
  db: D1Database,
  accountId: number,
  points: number,
  reason: string,
  reference: string,
  now: number,
): D1PreparedStatement {
  return pointsRepository(db).spendAfterStatement(accountId, points, reason, reference, now);
}

/**
 * A ledger entry (negative to take points) for a caller's batch, e.g. placing or cancelling an order.
 * A reversal (REFUND) is bounded by the order's own points (points-rules.ts allowedReversal): it
 * never gives back more than was spent on the order, never takes back more than was earned on it,
 * and never takes the balance below zero (it takes what is left when the points were used).
 */
export function pointsCreditStatement(
  db: D1Database,
  accountId: number,
  points: number,
  reason: string,
  reference: string,
  now: number,
  note: string | null = null,
): D1PreparedStatement {
  const ledger = pointsRepository(db);
  if (reason === 'REFUND') return ledger.reversalStatement(accountId, points, reference, now, note);
  return ledger.creditStatement(accountId, points, reason, reference, now);
}

/** Undoes an order's reversals written under `note` (a refund its provider refused), for a caller's batch. */
export function undoReversalsStatement(
  db: D1Database,
  accountId: number,
  reference: string,
  note: string,
  now: number,
): D1PreparedStatement {
  return pointsRepository(db).undoReversalStatement(accountId, reference, note, now);
}

/** Several members' balances by account id (0 for a member without entries). */
export async function pointsBalances(db: D1Database, accountIds: readonly number[]): Promise<Map<number, number>> {
  const balances = new Map(accountIds.map((id) => [id, 0]));
  if (accountIds.length === 0) return balances;
  for (const row of await pointsRepository(db).balances(accountIds)) balances.set(row.accountId, row.balance);
  return balances;
}

/** A member's ledger, newest first. */
export function pointsLedger(db: D1Database, accountId: number, limit = 100): Promise<LedgerEntry[]> {
  return pointsRepository(db).entries(accountId, limit);
}

/** A staff adjustment of a member's points: what it came to. */
export type PointsAdjustment =
  | { outcome: 'adjusted'; balance: number }
  | { outcome: 'repeated'; balance: number }
  | { outcome: 'belowZero'; balance: number };

/**
 * Adds (or, negative, takes) points with staff's reason, and runs `also` (the audit entry) in the
 * same batch. Applied once per idempotency key ('repeated' after that); never takes the balance
 * below zero ('belowZero', nothing written), even with two adjustments at once.
 */
export async function adjustPoints(
  db: D1Database,
  adjustment: { accountId: number; delta: number; note: string; key: string; now: number },
  also: D1PreparedStatement[],
): Promise<PointsAdjustment> {
  const ledger = pointsRepository(db);
  const settled = async (): Promise<PointsAdjustment | null> => {
    const balance = await ledger.balance(adjustment.accountId);
    if (await ledger.adjustmentKeyUsed(adjustment.accountId, adjustment.key)) return { outcome: 'repeated', balance };
    if (adjustment.delta < 0 && balance + adjustment.delta < 0) return { outcome: 'belowZero', balance };
    return null;
  };
  try {
    // No check before: the batch's own guards decide, so two requests at once are judged in turn.
    await ledger.adjust(adjustment, also);
  } catch (error) {
    // A guard failed the batch: read why, never parse the database's error message.
    const refused = await settled();
    if (refused) return refused;
    throw error;
  }
  return { outcome: 'adjusted', balance: await ledger.balance(adjustment.accountId) };
}
export { memberLevelFor, levelBenefitsFor } from './levels.ts';
/** The daily points work (issue 21): expiry, oldest first, and the expiry reminder emails. */
export { expireDuePoints, expireMemberPoints, runDailyPoints, sendExpiryReminders } from './expiry.ts';
/** What a member sees of their points (issue 21): balance, pending, expiring soon, the log. */
export { memberPoints, pointsExpiryMonths, pointsLabel, pointsLog, pointsReminder } from './points.ts';
