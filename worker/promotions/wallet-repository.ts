import { unitOfWork, type UnitOfWork } from '../platform/unit-of-work.ts';
/**
 * The wallet's writes (issue 7, issue 21): a coupon claimed, or bought with points in one batch
 * with the points it costs, and whether a member holds one.
 */
export function walletRepository(db: D1Database) {
  return {
    /**
     * Puts a coupon bought with points in the wallet in one batch with `spend` (the points, taken
     * only after the coupon row was written and while the balance covers them): a guard fails the
     * whole batch when they were not taken, so a coupon is never held unpaid. Answers the wallet
     * row's id, or null when nothing was written (held already, or too few points).
     */
    async buyCoupon(
      accountId: number,
      promotionId: number,
      pointsSpent: number,
      payInto: (work: UnitOfWork) => void,
    ): Promise<number | null> {
      const work = unitOfWork(db);
      work.add(
        db
          .prepare(
            `INSERT INTO member_coupon (account_id, promotion_id, claimed_via, points_spent)
            VALUES (?, ?, 'REDEEM', ?) ON CONFLICT (account_id, promotion_id) DO NOTHING`,
          )
          .bind(accountId, promotionId, pointsSpent),
      );
      payInto(work);
      work.guard(
        'coupon paid',
        [db.prepare(`INSERT INTO batch_guard (ok) SELECT changes() = 1`), db.prepare(`DELETE FROM batch_guard`)],
        async () => false,
      );
      const id = work.along(
        db
          .prepare(`SELECT id FROM member_coupon WHERE account_id = ? AND promotion_id = ?`)
          .bind(accountId, promotionId),
        (result) => (result.results[0] as { id: number } | undefined)?.id ?? null,
      );
      return (await work.commit()).ok ? id() : null;
    },

    /** Whether the member holds the coupon in their wallet (in any state). */
    async holds(accountId: number, promotionId: number): Promise<boolean> {
      const row = await db
        .prepare(`SELECT 1 AS held FROM member_coupon WHERE account_id = ? AND promotion_id = ?`)
        .bind(accountId, promotionId)
        .first();
      return row !== null;
    },

    /** Puts a coupon in a member's wallet; null when it is there already. */
    async claimCoupon(
      accountId: number,
      promotionId: number,
      via: 'CLAIM' | 'REDEEM',
      pointsSpent: number,
    ): Promise<number | null> {
      const row = await db
        .prepare(
          `INSERT INTO member_coupon (account_id, promotion_id, claimed_via, points_spent) VALUES (?, ?, ?, ?)
         ON CONFLICT (account_id, promotion_id) DO NOTHING RETURNING id`,
        )
        .bind(accountId, promotionId, via, pointsSpent)
        .first<{ id: number }>();
      return row?.id ?? null;
    },
  };
}
