import { auditRepository } from '../platform/audit-repository.ts';
import type { AuditEntry } from '../platform/records.ts';
import type { CustomerRecord } from './records.ts';
/** The back office's account queries (issue 19, Customers): finding members and blocking them. */

const CUSTOMER_COLUMNS = `a.id, a.email, a.first_name AS firstName, a.last_name AS lastName, a.phone, a.market,
  a.email_verified AS emailVerified, a.subscribed, a.created_at AS createdAt, a.blocked_at AS blockedAt, a.locale`;

/** D1 refuses LIKE patterns over 50 bytes: longer text is matched as a whole email only. */
const LIKE_MAX_BYTES = 50;
function likePattern(text: string | null): string | null {
  if (text === null) return null;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return new TextEncoder().encode(pattern).length > LIKE_MAX_BYTES ? null : pattern;
}

/** Aborts the batch (batch_guard's CHECK) unless the statement just before changed exactly one row. */
const changedGuard = (db: D1Database) => [
  db.prepare('INSERT INTO batch_guard (ok) SELECT changes() = 1'),
  db.prepare('DELETE FROM batch_guard'),
];

export function customersRepository(db: D1Database) {
  return {
    /**
     * Members whose email, profile name or an address book name contains the text (all members
     * when null), newest first, a page at a time, with how many match.
     */
    async search(
      text: string | null,
      limit: number,
      offset: number,
    ): Promise<{ rows: CustomerRecord[]; total: number }> {
      const where = `(?1 IS NULL OR a.email = ?1 OR a.email LIKE ?2 ESCAPE '\\'
        OR (coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')) LIKE ?2 ESCAPE '\\'
        OR EXISTS (SELECT 1 FROM address d WHERE d.account_id = a.id
          AND (d.first_name || ' ' || d.last_name) LIKE ?2 ESCAPE '\\'))`;
      const params = [text, likePattern(text)];
      const [rows, total] = await db.batch([
        db
          .prepare(`SELECT ${CUSTOMER_COLUMNS} FROM account a WHERE ${where} ORDER BY a.id DESC LIMIT ?3 OFFSET ?4`)
          .bind(...params, limit, offset),
        db.prepare(`SELECT count(*) AS total FROM account a WHERE ${where}`).bind(...params),
      ]);
      return { rows: rows!.results as CustomerRecord[], total: (total!.results[0] as { total: number }).total };
    },

    /** One member, for the back office's member page. */
    byId: (id: number) =>
      db.prepare(`SELECT ${CUSTOMER_COLUMNS} FROM account a WHERE a.id = ?`).bind(id).first<CustomerRecord>(),

    /**
     * Blocks the account (ending every session: the token version moves on) or unblocks it, with
     * the caller's statements (its audit entry) in the same batch. The batch fails whole when the
     * account was not in the other state, so a second click records nothing.
     */
    async setBlocked(id: number, blocked: boolean, audit: AuditEntry): Promise<void> {
      const change = blocked
        ? `UPDATE account SET blocked_at = unixepoch(), token_version = token_version + 1, updated_at = unixepoch()
           WHERE id = ? AND blocked_at IS NULL`
        : `UPDATE account SET blocked_at = NULL, updated_at = unixepoch() WHERE id = ? AND blocked_at IS NOT NULL`;
      await db.batch([db.prepare(change).bind(id), ...changedGuard(db), auditRepository(db).insertStatement(audit)]);
    },
  };
}
