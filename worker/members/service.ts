import { pointsRepository } from './repository.ts';
import type { LedgerEntry } from './records.ts';

export type { LedgerEntry } from './records.ts';

/**
 * Members' door: the points balance (100 points = $1 on parts) and ledger, the member's level and
 * what they see of their points. The back office's side is staff.ts; the points an order spends,
 * earns and gives back are written by the flows through writers.ts.
 */

/** The member's points balance. */
export function pointsBalance(db: D1Database, accountId: number): Promise<number> {
  return pointsRepository(db).balance(accountId);
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

export { memberLevelFor, levelBenefitsFor } from './levels.ts';
/** The daily points work (issue 21): expiry, oldest first, and the expiry reminder emails. */
export { expireDuePoints, expireMemberPoints, runDailyPoints, sendExpiryReminders } from './expiry.ts';
/** What a member sees of their points (issue 21): balance, pending, expiring soon, the log. */
export { memberPoints, pointsExpiryMonths, pointsLabel, pointsLog, pointsReminder } from './points.ts';
