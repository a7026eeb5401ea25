import type { AuditEntry } from './audit-repository.ts';

export type { AuditEntry } from './audit-repository.ts';

/** Who acts, as the audit log names them: a staff member, or the shop itself (a script, the cron). */
export interface StaffActor {
  id: number | null;
  email: string;
}

/**
 * What the back office hands a domain with a change it asks for: the actor and the action's name.
 * The domain adds the record and its before and after, and writes the entry into its unit of work.
 */
export interface AuditTrail {
  actor: StaffActor;
  action: string;
}

/** The audit entry of a change, given the record's state before and after it (the domain reads both). */
export type AuditedChange = (change: { before: unknown; after: unknown }) => AuditEntry;

/** The audit entry of `trail` for one record, before and after the change. */
export function auditEntry(
  trail: AuditTrail,
  record: { type: string; id: string | number | null; before?: unknown; after?: unknown },
): AuditEntry {
  return {
    staffId: trail.actor.id,
    staffEmail: trail.actor.email,
    action: trail.action,
    recordType: record.type,
    recordId: record.id === null ? null : String(record.id),
    before: record.before ?? null,
    after: record.after ?? null,
  };
}
