import { POINTS_REASON_KIND, type PointsLogKind } from '../../shared/members.ts';

/** The member levels' SQL (issue 21): what a member earned in the level window. */

const reasonsOf = (kind: PointsLogKind) =>
  JSON.stringify(Object.keys(POINTS_REASON_KIND).filter((reason) => POINTS_REASON_KIND[reason] === kind));

export function levelsRepository(db: D1Database) {
  return {
    /**
     * Points a member earned (orders, birthdays) since `since` (ms), less the earned points taken
     * back since (a refund's or cancellation's negative reversal rows); never below zero. One range
     * read on points_ledger_account.
     */
    async pointsEarnedSince(accountId: number, since: number): Promise<number> {
      const row = await db
        .prepare(
          `SELECT coalesce(sum(delta), 0) AS earned FROM points_ledger
           WHERE account_id = ?1 AND created_at >= ?2
             AND (reason IN (SELECT value FROM json_each(?3))
               OR (delta < 0 AND reason IN (SELECT value FROM json_each(?4))))`,
        )
        .bind(accountId, since, reasonsOf('EARN'), reasonsOf('REVERSAL'))
        .first<{ earned: number }>();
      return Math.max(0, row?.earned ?? 0);
    },
  };
}
