import { auditRepository } from '../platform/audit-repository.ts';
import type { AuditEntry } from '../platform/records.ts';

export type { AuditEntry } from '../platform/records.ts';
/** Staff and audit log queries: the only place with their SQL. */
import type { StaffRole } from '../../shared/staff-permissions.ts';
import type { AuditRecord, StaffRecord } from './records.ts';

const STAFF_COLUMNS = `id, email, name, role, password_hash AS passwordHash, totp_secret AS totpSecret, active,
  session_version AS sessionVersion, totp_last_step AS totpLastStep, failed_attempts AS failedAttempts,
  last_failed_at AS lastFailedAt, last_sign_in_at AS lastSignInAt, created_at AS createdAt`;

const AUDIT_COLUMNS = `id, staff_id AS staffId, staff_email AS staffEmail, action, record_type AS recordType,
  record_id AS recordId, before_json AS beforeJson, after_json AS afterJson, at`;

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** The insert of one audit entry, to run alone or in the batch of the change it records. */
export const auditInsert = (db: D1Database, entry: AuditEntry) => auditRepository(db).insertStatement(entry);

export function staffRepository(db: D1Database) {
  return {
    byId: (id: number) => db.prepare(`SELECT ${STAFF_COLUMNS} FROM staff WHERE id = ?`).bind(id).first<StaffRecord>(),
    byEmail: (email: string) =>
      db.prepare(`SELECT ${STAFF_COLUMNS} FROM staff WHERE email = ?`).bind(email).first<StaffRecord>(),
    /** Everyone, active first, then by name. */
    async list(): Promise<StaffRecord[]> {
      const { results } = await db.prepare(`SELECT ${STAFF_COLUMNS} FROM staff ORDER BY active DESC, name, id`).all();
      return results as unknown as StaffRecord[];
    },

    /** Adds a staff member and its audit entry in one write; null when the email is taken. */
    async create(
      staff: { email: string; name: string; role: StaffRole; passwordHash: string | null; totpSecret: string | null },
      audit: Omit<AuditEntry, 'recordId' | 'before' | 'after'>,
    ): Promise<number | null> {
      const after = json({ email: staff.email, name: staff.name, role: staff.role });
      const [inserted] = await db.batch([
        db
          .prepare(
            `INSERT INTO staff (email, name, role, password_hash, totp_secret) VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (email) DO NOTHING RETURNING id`,
          )
          .bind(staff.email, staff.name, staff.role, staff.passwordHash, staff.totpSecret),
        // Only when the row above went in (changes() is the previous statement's count).
        db
          .prepare(
            `INSERT INTO audit_log (staff_id, staff_email, action, record_type, record_id, after_json)
             SELECT ?, ?, ?, ?, id, ? FROM staff WHERE email = ? AND changes() = 1`,
          )
          .bind(audit.staffId, audit.staffEmail, audit.action, audit.recordType, after, staff.email),
      ]);
      return (inserted!.results[0] as { id: number } | undefined)?.id ?? null;
    },

    /** Changes role and active flag (bumping the session version: their sessions end) with the audit entry. */
    async update(id: number, change: { role: StaffRole; active: boolean }, audit: AuditEntry): Promise<void> {
      await db.batch([
        db
          .prepare(
            `UPDATE staff SET role = ?, active = ?, session_version = session_version + 1, updated_at = unixepoch()
             WHERE id = ?`,
          )
          .bind(change.role, change.active ? 1 : 0, id),
        auditInsert(db, audit),
      ]);
    },

    /**
     * Records a good sign-in: the TOTP step used (only when later than the last, so a code is good
     * once even for two sign-ins at the same moment); false when another sign-in took that step first.
     */
    async signedIn(id: number, totpStep: number): Promise<boolean> {
      const result = await db
        .prepare(
          `UPDATE staff SET totp_last_step = ?, failed_attempts = 0, last_sign_in_at = unixepoch()
           WHERE id = ? AND totp_last_step < ?`,
        )
        .bind(totpStep, id, totpStep)
        .run();
      return result.meta.changes === 1;
    },
    /** A sign-in through Cloudflare Access (no TOTP step). */
    accessSignedIn: (id: number) =>
      db.prepare('UPDATE staff SET failed_attempts = 0, last_sign_in_at = unixepoch() WHERE id = ?').bind(id).run(),
    failedSignIn: (id: number) =>
      db
        .prepare('UPDATE staff SET failed_attempts = failed_attempts + 1, last_failed_at = unixepoch() WHERE id = ?')
        .bind(id)
        .run(),
    /** Ends every session of a staff member (signing out). */
    endSessions: (id: number) =>
      db.prepare('UPDATE staff SET session_version = session_version + 1 WHERE id = ?').bind(id).run(),

    /** Writes one audit entry. */
    audit: (entry: AuditEntry) => auditInsert(db, entry).run(),
    /** The newest audit entries, a page at a time. */
    async auditPage(limit: number, offset: number): Promise<{ rows: AuditRecord[]; total: number }> {
      const [rows, count] = await db.batch([
        db
          .prepare(`SELECT ${AUDIT_COLUMNS} FROM audit_log ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`)
          .bind(limit, offset),
        db.prepare('SELECT count(*) AS total FROM audit_log'),
      ]);
      return {
        rows: rows!.results as unknown as AuditRecord[],
        total: (count!.results[0] as { total: number }).total,
      };
    },
  };
}

export type StaffRepository = ReturnType<typeof staffRepository>;
