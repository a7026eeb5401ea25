import type { UnitOfWork } from '../platform/unit-of-work.ts';
import { promotionRepository } from './repository.ts';
import type { UsageEntry } from './records.ts';

/**
 * Promotions' writers for a flow's unit of work (worker/flows/): the uses an order records (guarded,
 * so a promotion used up meanwhile fails the order's batch) and their undo when it is cancelled.
 */

/** The promotion-use guard's name: a promotion ended, paused or used up while the order was placed. */
export const PROMOTION_GUARD = 'promotion';

/** Records one use of each promotion the order was priced with; each use is guarded. */
export function promotionUsesInto(work: UnitOfWork, uses: readonly UsageEntry[]): void {
  const promotions = promotionRepository(work.db);
  for (const use of uses) work.guard(PROMOTION_GUARD, promotions.usageStatements(use), () => promotions.usable(use));
}

/** Gives back a cancelled order's promotion uses: counts back, coupons back in the wallet. */
export function releasePromotionUsesInto(work: UnitOfWork, orderId: string): void {
  work.add(...promotionRepository(work.db).releaseStatements(orderId));
}
