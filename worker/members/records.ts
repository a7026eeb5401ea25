/**
 * The members domain's records: the shapes its repositories read and write, named by the domain
 * (its doors and flows speak of these, never of a repository's row).
 */

/** One points ledger entry: the reason code, what it belongs to, and staff's reason for an adjustment. */
export interface LedgerEntry {
  id: number;
  delta: number;
  reason: string;
  reference: string | null;
  note: string | null;
  createdAt: number;
}
