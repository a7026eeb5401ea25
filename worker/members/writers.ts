import type { UnitOfWork } from '../platform/unit-of-work.ts';
import { pointsRepository } from './repository.ts';

/**
 * Members' writers for a flow's unit of work (worker/flows/): the points an order spends, earns and
 * gives back, and the guard that no spend takes a balance below zero.
 */

/** The points guard's name: the batch fails when the member's balance would go below zero. */
export const POINTS_GUARD = 'points';

/** Why a ledger row is written (points_ledger.reason). */
export type PointsReason = 'EARNED_ORDER' | 'REDEEM_ORDER' | 'REFUND';

/**
 * A ledger entry (negative to take points), e.g. placing or paying an order. A reversal (REFUND) is
 * bounded by the order's own points (points-rules.ts allowedReversal): it never gives back more than
 * was spent on the order, never takes back more than was earned on it, and never takes the balance
 * below zero. `note` tags reversals a refused refund undoes (undoReversalsInto).
 */
export function pointsEntryInto(
  work: UnitOfWork,
  entry: { accountId: number; points: number; reason: PointsReason; reference: string; now: number; note?: string },
): void {
  if (entry.points === 0) return;
  const ledger = pointsRepository(work.db);
  const { accountId, points, reason, reference, now } = entry;
  work.add(
    reason === 'REFUND'
      ? ledger.reversalStatement(accountId, points, reference, now, entry.note ?? null)
      : ledger.creditStatement(accountId, points, reason, reference, now),
  );
}

/** Points spent (a negative entry) with the guard after it; `stillHolds` reads whether the balance covers `spent`. */
export function spendPointsInto(
  work: UnitOfWork,
  spend: { accountId: number; points: number; reference: string; now: number },
): void {
  const ledger = pointsRepository(work.db);
  pointsEntryInto(work, { ...spend, points: -spend.points, reason: 'REDEEM_ORDER' });
  work.guard(
    POINTS_GUARD,
    ledger.balanceGuardStatements(spend.accountId),
    async () => (await ledger.balance(spend.accountId)) >= spend.points,
  );
}

/** Undoes an order's reversals written under `note` (a refund its provider refused). */
export function undoReversalsInto(
  work: UnitOfWork,
  undo: { accountId: number; reference: string; note: string; now: number },
): void {
  work.add(pointsRepository(work.db).undoReversalStatement(undo.accountId, undo.reference, undo.note, undo.now));
}

/**
 * Points paid for the row the writer just before this one wrote (a coupon bought with points): taken
 * only when that row was written and the balance covers them.
 */
export function spendForRowInto(
  work: UnitOfWork,
  spend: { accountId: number; points: number; reason: string; reference: string; now: number },
): void {
  const { accountId, points, reason, reference, now } = spend;
  work.add(pointsRepository(work.db).spendAfterStatement(accountId, points, reason, reference, now));
}
