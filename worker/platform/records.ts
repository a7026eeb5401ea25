/**
 * The platform domain's records: the shapes its repositories read and write, named by the domain
 * (its doors and flows speak of these, never of a repository's row).
 */

/** One audit entry as a change records it: who, what, which record, before and after. */
export interface AuditEntry {
  staffId: number | null;
  staffEmail: string;
  action: string;
  recordType: string;
  recordId: string | null;
  before: unknown;
  after: unknown;
}
