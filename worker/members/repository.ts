/** The points ledger's SQL. A spend is one conditional insert, so two spends at once never overdraw. */
export function pointsRepository(db: D1Database) {
  return {
    async balance(accountId: number): Promise<number> {
      const row = await db
        .prepare(`SELECT coalesce(sum(delta), 0) AS balance FROM points_ledger WHERE account_id = ?`)
        .bind(accountId)
        .first<{ balance: number }>();
      return row?.balance ?? 0;
    },

    /** Takes points only while the balance covers them; changes 0 rows otherwise. */
    spendStatement(accountId: number, points: number, reason: string, reference: string, now: number) {
      return db
        .prepare(
          `INSERT INTO points_ledger (account_id, delta, reason, reference, created_at)
         SELECT ?1, -?2, ?3, ?4, ?5
         WHERE (SELECT coalesce(sum(delta), 0) FROM points_ledger WHERE account_id = ?1) >= ?2`,
        )
        .bind(accountId, points, reason, reference, now);
    },

    creditStatement(accountId: number, points: number, reason: string, reference: string, now: number) {
      return db
        .prepare(`INSERT INTO points_ledger (account_id, delta, reason, reference, created_at) VALUES (?, ?, ?, ?, ?)`)
        .bind(accountId, points, reason, reference, now);
    },

    async run(statement: D1PreparedStatement): Promise<boolean> {
      return (await statement.run()).meta.changes === 1;
    },
  };
}
