import { pointsRepository } from './repository.ts';

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

/** A ledger entry (negative to take points) for a caller's batch, e.g. placing or cancelling an order. */
export function pointsCreditStatement(
  db: D1Database,
  accountId: number,
  points: number,
  reason: string,
  reference: string,
  now: number,
): D1PreparedStatement {
  return pointsRepository(db).creditStatement(accountId, points, reason, reference, now);
}
