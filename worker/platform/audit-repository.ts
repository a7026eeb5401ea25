import type { AuditEntry } from './records.ts';
/** The audit log's insert: the one table every staff change writes a row to, in the batch of the change. */

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export function auditRepository(db: D1Database) {
  return {
    /** The insert of one audit entry (the table is append-only: triggers refuse updates and deletes). */
    insertStatement(entry: AuditEntry): D1PreparedStatement {
      return db
        .prepare(
          `INSERT INTO audit_log (staff_id, staff_email, action, record_type, record_id, before_json, after_json)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          entry.staffId,
          entry.staffEmail,
          entry.action,
          entry.recordType,
          entry.recordId,
          json(entry.before),
          json(entry.after),
        );
    },
  };
}
