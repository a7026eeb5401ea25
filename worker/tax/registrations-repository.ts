/**
 * The SQL of the registrations' changes (issue 39): each change takes the next revision, with every
 * registration after it.
 */

export interface RegistrationEditRow {
  revision: number;
  registrations: string;
}

export interface NewRegistrationEdit {
  revision: number;
  market: string;
  registration: string;
  before: unknown;
  after: unknown;
  registrations: unknown;
  staffId: number | null;
  createdAt: number;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export function registrationsRepository(db: D1Database) {
  return {
    /** The newest change: its revision and every registration after it; null before the first change. */
    latest(): Promise<RegistrationEditRow | null> {
      return db
        .prepare(`SELECT revision, registrations FROM tax_registration_edit ORDER BY revision DESC LIMIT 1`)
        .first<RegistrationEditRow>();
    },

    /** The newest revision (0 before the first change). */
    async latestRevision(): Promise<number> {
      const row = await db.prepare(`SELECT max(revision) AS revision FROM tax_registration_edit`).first<{
        revision: number | null;
      }>();
      return row?.revision ?? 0;
    },

    /** A change at its revision: a revision another change took first fails the batch (the primary key). */
    insertStatement(edit: NewRegistrationEdit): D1PreparedStatement {
      return db
        .prepare(
          `INSERT INTO tax_registration_edit (revision, market, registration, before_json, after_json, registrations,
             staff_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          edit.revision,
          edit.market,
          edit.registration,
          json(edit.before),
          json(edit.after),
          JSON.stringify(edit.registrations),
          edit.staffId,
          edit.createdAt,
        );
    },
  };
}
