/**
 * Birthday points' SQL (issue 21 item 2): the members whose birthday it is, and the year's BIRTHDAY
 * ledger row, written once (a unique index on BIRTHDAY rows per member and year, 0031_birthday.sql).
 */
export function birthdayRepository(db: D1Database) {
  return {
    /**
     * Members (after `afterId`, by id, up to `limit`) born on one of `days` of `month`, not blocked,
     * who have no birthday points for `year` yet.
     */
    async celebrating(
      month: number,
      days: readonly number[],
      year: string,
      afterId: number,
      limit: number,
    ): Promise<number[]> {
      const { results } = await db
        .prepare(
          `SELECT a.id AS accountId FROM account a
           WHERE a.birth_month = ?1 AND a.birth_day IN (SELECT value FROM json_each(?2))
             AND a.blocked_at IS NULL AND a.id > ?4
             AND NOT EXISTS (SELECT 1 FROM points_ledger l
               WHERE l.account_id = a.id AND l.reason = 'BIRTHDAY' AND l.reference = ?3)
           ORDER BY a.id LIMIT ?5`,
        )
        .bind(month, JSON.stringify(days), year, afterId, limit)
        .all<{ accountId: number }>();
      return results.map((row) => row.accountId);
    },

    /** Gives a member the year's birthday points; false when that year's were given already (a run raced it). */
    async give(accountId: number, points: number, year: string, now: number): Promise<boolean> {
      const result = await db
        .prepare(
          `INSERT OR IGNORE INTO points_ledger (account_id, delta, reason, reference, created_at)
           VALUES (?, ?, 'BIRTHDAY', ?, ?)`,
        )
        .bind(accountId, points, year, now)
        .run();
      return result.meta.changes === 1;
    },
  };
}
