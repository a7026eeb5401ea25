import type { AuditEntry } from './records.ts';

export type { AuditEntry } from './records.ts';

/**
 * The audit entry of a change, given the record's state before and after it: the back office knows
 * who acts and why, the domain reads the record on both sides and writes the entry into its unit of work.
 */
export type AuditedChange = (change: { before: unknown; after: unknown }) => AuditEntry;
