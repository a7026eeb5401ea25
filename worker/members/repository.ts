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

    /** The balances of several members at once (members without entries are left out). */
    async balances(accountIds: readonly number[]): Promise<{ accountId: number; balance: number }[]> {
      const { results } = await db
        .prepare(
          `SELECT account_id AS accountId, sum(delta) AS balance FROM points_ledger
           WHERE account_id IN (SELECT value FROM json_each(?)) GROUP BY account_id`,
        )
        .bind(JSON.stringify(accountIds))
        .all<{ accountId: number; balance: number }>();
      return results;
    },

    /** A member's newest ledger entries first. */
    async entries(accountId: number, limit: number): Promise<LedgerEntry[]> {
      const { results } = await db
        .prepare(
          `SELECT id, delta, reason, reference, note, created_at AS createdAt FROM points_ledger
           WHERE account_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
        )
        .bind(accountId, limit)
        .all<LedgerEntry>();
      return results;
    },

    /** Whether an adjustment with this idempotency key was already written for the member. */
    async adjustmentKeyUsed(accountId: number, key: string): Promise<boolean> {
      const row = await db
        .prepare(`SELECT 1 AS used FROM points_ledger WHERE account_id = ? AND reason = 'ADJUSTMENT' AND reference = ?`)
        .bind(accountId, key)
        .first<{ used: number }>();
      return row !== null;
    },

    /**
     * A staff adjustment and the caller's statements (its audit entry) as one batch that fails
     * whole when the key was used already (a repeated post) or when it would take the balance
     * below zero (checked after the insert, so two adjustments at once are judged one after the
     * other); a positive adjustment is always allowed.
     */
    async adjust(
      adjustment: { accountId: number; delta: number; note: string; key: string; now: number },
      also: D1PreparedStatement[],
    ): Promise<void> {
      const { accountId, delta, note, key, now } = adjustment;
      await db.batch([
        db
          .prepare(
            `INSERT INTO points_ledger (account_id, delta, reason, reference, note, created_at)
             SELECT ?1, ?2, 'ADJUSTMENT', ?3, ?4, ?5
             WHERE NOT EXISTS (SELECT 1 FROM points_ledger
               WHERE account_id = ?1 AND reason = 'ADJUSTMENT' AND reference = ?3)`,
          )
          .bind(accountId, delta, key, note, now),
        db.prepare(`INSERT INTO batch_guard (ok) SELECT changes() = 1`),
        db
          .prepare(
            `INSERT INTO batch_guard (ok)
             SELECT ?2 > 0 OR (SELECT coalesce(sum(delta), 0) FROM points_ledger WHERE account_id = ?1) >= 0`,
          )
          .bind(accountId, delta),
        db.prepare(`DELETE FROM batch_guard`),
        ...also,
      ]);
    },
  };
}

/** One points ledger entry: the reason code, what it belongs to, and staff's reason for an adjustment. */
export interface LedgerEntry {
  id: number;
  delta: number;
  reason: string;
  reference: string | null;
  note: string | null;
  createdAt: number;
}
