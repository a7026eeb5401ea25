import { auditRepository } from '../platform/audit-repository.ts';
import type { AuditEntry } from '../platform/records.ts';
import type { LedgerFact } from './points-rules.ts';
import type { LedgerEntry } from './records.ts';

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

    /**
     * A REFUND row (issue 21) bounded as points-rules.ts allowedReversal says: a give-back never
     * more than was spent on the order and not yet given back, a take-back never more than was
     * earned on it and not yet taken, nor more than the balance. Writes nothing when that is 0.
     */
    reversalStatement(accountId: number, points: number, reference: string, now: number, note: string | null = null) {
      return db
        .prepare(
          `INSERT INTO points_ledger (account_id, delta, reason, reference, created_at, note)
           SELECT ?1, allowed, 'REFUND', ?3, ?4, ?5 FROM (
             SELECT CASE WHEN ?2 > 0 THEN max(0, min(?2, spent - reversed))
                    ELSE -max(0, min(-?2, balance, earned + reversed)) END AS allowed
             FROM (SELECT
               (SELECT coalesce(sum(delta), 0) FROM points_ledger WHERE account_id = ?1) AS balance,
               coalesce(sum(CASE reason WHEN 'EARNED_ORDER' THEN delta ELSE 0 END), 0) AS earned,
               coalesce(sum(CASE reason WHEN 'REDEEM_ORDER' THEN -delta ELSE 0 END), 0) AS spent,
               coalesce(sum(CASE reason WHEN 'REFUND' THEN delta ELSE 0 END), 0) AS reversed
               FROM points_ledger WHERE account_id = ?1 AND reference = ?3))
           WHERE allowed <> 0`,
        )
        .bind(accountId, points, reference, now, note);
    },

    /**
     * Undoes the REFUND rows written under `note` for an order (a refund the payment provider then
     * refused): each row's exact opposite, a give-back taken again only as far as the balance holds.
     */
    undoReversalStatement(accountId: number, reference: string, note: string, now: number) {
      return db
        .prepare(
          `INSERT INTO points_ledger (account_id, delta, reason, reference, created_at, note)
           SELECT ?1, CASE WHEN sum(delta) > 0
               THEN -min(sum(delta), (SELECT coalesce(sum(delta), 0) FROM points_ledger WHERE account_id = ?1))
               ELSE -sum(delta) END, 'REFUND', ?2, ?4, ?3 || ':undone'
           FROM points_ledger WHERE account_id = ?1 AND reference = ?2 AND reason = 'REFUND' AND note = ?3
           GROUP BY delta > 0 HAVING sum(delta) <> 0`,
        )
        .bind(accountId, reference, note, now);
    },

    /**
     * Takes points only when the statement before it in the batch wrote its row (changes() = 1)
     * and the balance covers them: what a purchase with points puts after the row it pays for.
     */
    spendAfterStatement(accountId: number, points: number, reason: string, reference: string, now: number) {
      return db
        .prepare(
          `INSERT INTO points_ledger (account_id, delta, reason, reference, created_at)
         SELECT ?1, -?2, ?3, ?4, ?5
         WHERE changes() = 1 AND (SELECT coalesce(sum(delta), 0) FROM points_ledger WHERE account_id = ?1) >= ?2`,
        )
        .bind(accountId, points, reason, reference, now);
    },

    creditStatement(accountId: number, points: number, reason: string, reference: string, now: number) {
      return db
        .prepare(`INSERT INTO points_ledger (account_id, delta, reason, reference, created_at) VALUES (?, ?, ?, ?, ?)`)
        .bind(accountId, points, reason, reference, now);
    },

    /** Fails the batch (batch_guard's CHECK) unless the member's balance is still not negative. */
    balanceGuardStatements(accountId: number) {
      return [
        db
          .prepare(
            `INSERT INTO batch_guard (ok)
            SELECT (SELECT coalesce(sum(delta), 0) FROM points_ledger WHERE account_id = ?) >= 0`,
          )
          .bind(accountId),
        db.prepare(`DELETE FROM batch_guard`),
      ];
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

    /** Every row of a member's ledger, oldest first: what points-rules.ts replays. */
    async facts(accountId: number): Promise<LedgerFact[]> {
      const { results } = await db
        .prepare(
          `SELECT id, delta, reason, reference, created_at AS createdAt FROM points_ledger
           WHERE account_id = ? ORDER BY created_at, id`,
        )
        .bind(accountId)
        .all<LedgerFact>();
      return results;
    },

    /** A page of a member's ledger, newest first, only the reasons given (all when null), and how many match. */
    async page(accountId: number, reasons: readonly string[] | null, limit: number, offset: number) {
      const where = `account_id = ?1 AND (?2 IS NULL OR reason IN (SELECT value FROM json_each(?2)))`;
      const only = reasons ? JSON.stringify(reasons) : null;
      const [count, rows] = await db.batch([
        db.prepare(`SELECT count(*) AS total FROM points_ledger WHERE ${where}`).bind(accountId, only),
        db
          .prepare(
            `SELECT id, delta, reason, reference, note, created_at AS createdAt FROM points_ledger
             WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ?3 OFFSET ?4`,
          )
          .bind(accountId, only, limit, offset),
      ]);
      return {
        total: (count!.results[0] as { total: number }).total,
        rows: rows!.results as LedgerEntry[],
      };
    },

    /**
     * Writes off earn days' expired points, each once (a unique index on EXPIRED rows per member and
     * earn day makes a repeated or concurrent run write nothing more), and only while the ledger is
     * as it was read (no row but expiries after `lastId`) and the balance covers it. Answers how
     * many points were written off.
     */
    async expire(
      accountId: number,
      expiries: readonly { day: string; points: number }[],
      lastId: number,
      now: number,
    ): Promise<number> {
      if (expiries.length === 0) return 0;
      const written = await db.batch(
        expiries.map((expiry) =>
          db
            .prepare(
              `INSERT OR IGNORE INTO points_ledger (account_id, delta, reason, reference, created_at)
               SELECT ?1, -?2, 'EXPIRED', ?3, ?4
               WHERE coalesce((SELECT max(id) FROM points_ledger WHERE account_id = ?1 AND reason <> 'EXPIRED'), 0) = ?5
                 AND (SELECT coalesce(sum(delta), 0) FROM points_ledger WHERE account_id = ?1) >= ?2`,
            )
            .bind(accountId, expiry.points, expiry.day, now, lastId),
        ),
      );
      return written.reduce((sum, result, i) => sum + (result.meta.changes === 1 ? expiries[i]!.points : 0), 0);
    },

    /**
     * Members (after `afterId`, by id, up to `limit`) with a balance and points credited before
     * `creditedBefore` on a day whose expiry is not written yet: the ones the expiry cron reads.
     */
    async expiryCandidates(creditedBefore: number, afterId: number, limit: number): Promise<number[]> {
      const { results } = await db
        .prepare(
          `SELECT DISTINCT l.account_id AS accountId FROM points_ledger l
           WHERE l.delta > 0 AND l.created_at < ?1 AND l.account_id > ?2
             AND NOT EXISTS (SELECT 1 FROM points_ledger e WHERE e.account_id = l.account_id AND e.reason = 'EXPIRED'
               AND e.reference = strftime('%Y-%m-%d', l.created_at / 1000, 'unixepoch'))
             AND (SELECT sum(delta) FROM points_ledger b WHERE b.account_id = l.account_id) > 0
           ORDER BY l.account_id LIMIT ?3`,
        )
        .bind(creditedBefore, afterId, limit)
        .all<{ accountId: number }>();
      return results.map((row) => row.accountId);
    },

    /** Members (after `afterId`, by id, up to `limit`) credited points between two times and holding a balance. */
    async creditedBetween(from: number, to: number, afterId: number, limit: number): Promise<number[]> {
      const { results } = await db
        .prepare(
          `SELECT DISTINCT l.account_id AS accountId FROM points_ledger l
           WHERE l.delta > 0 AND l.created_at >= ?1 AND l.created_at < ?2 AND l.account_id > ?3
             AND (SELECT sum(delta) FROM points_ledger b WHERE b.account_id = l.account_id) > 0
           ORDER BY l.account_id LIMIT ?4`,
        )
        .bind(from, to, afterId, limit)
        .all<{ accountId: number }>();
      return results.map((row) => row.accountId);
    },

    /** Claims the expiry reminder of a member's expiry date; false when it was claimed (sent) before. */
    async claimReminder(accountId: number, expiresOn: string, points: number, now: number): Promise<boolean> {
      const result = await db
        .prepare(
          `INSERT OR IGNORE INTO points_expiry_reminder (account_id, expires_on, points, sent_at) VALUES (?, ?, ?, ?)`,
        )
        .bind(accountId, expiresOn, points, now)
        .run();
      return result.meta.changes === 1;
    },

    /** Gives a claim back when its email could not be sent, so the next run tries again. */
    async releaseReminder(accountId: number, expiresOn: string): Promise<void> {
      await db
        .prepare(`DELETE FROM points_expiry_reminder WHERE account_id = ? AND expires_on = ?`)
        .bind(accountId, expiresOn)
        .run();
    },

    /** Claims the day's points run (expiry and reminders); false when a run of that day was claimed. */
    async claimDailyRun(day: string, now: number): Promise<boolean> {
      const result = await db
        .prepare(`INSERT OR IGNORE INTO points_daily_run (day, started_at) VALUES (?, ?)`)
        .bind(day, now)
        .run();
      return result.meta.changes === 1;
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
     * A staff adjustment and its audit entry as one batch that fails
     * whole when the key was used already (a repeated post) or when it would take the balance
     * below zero (checked after the insert, so two adjustments at once are judged one after the
     * other); a positive adjustment is always allowed.
     */
    async adjust(
      adjustment: { accountId: number; delta: number; note: string; key: string; now: number },
      audit: AuditEntry,
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
        auditRepository(db).insertStatement(audit),
      ]);
    },
  };
}
