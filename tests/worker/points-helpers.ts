import { pointsRepository } from '../../worker/members/repository.ts';
import { pointsEntryInto, type PointsReason } from '../../worker/members/writers.ts';
import { unitOfWork } from '../../worker/platform/unit-of-work.ts';

/** Points moved for tests the way the shop moves them, without an order to carry them. */

/** Spends points only while the balance covers them (a coupon bought with points); answers whether they were. */
export async function spendPoints(
  db: D1Database,
  accountId: number,
  points: number,
  reason: string,
  reference: string,
  now: number,
): Promise<boolean> {
  return (
    (await pointsRepository(db).spendStatement(accountId, points, reason, reference, now).run()).meta.changes === 1
  );
}

/** A ledger entry as an order's flow writes it (a REFUND is bounded by the order's own points). */
export function creditPoints(
  db: D1Database,
  accountId: number,
  points: number,
  reason: PointsReason,
  reference: string,
  now: number,
): Promise<void> {
  const work = unitOfWork(db);
  pointsEntryInto(work, { accountId, points, reason, reference, now });
  return work.run();
}
