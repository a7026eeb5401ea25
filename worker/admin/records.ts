import type { StaffRole } from '../../shared/staff-permissions.ts';

/**
 * The admin domain's records: the shapes its repositories read and write, named by the domain
 * (its doors and flows speak of these, never of a repository's row).
 */

export interface StaffRecord {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  passwordHash: string | null;
  totpSecret: string | null;
  active: number;
  sessionVersion: number;
  totpLastStep: number;
  failedAttempts: number;
  lastFailedAt: number | null;
  lastSignInAt: number | null;
  createdAt: number;
}
export interface AuditRecord {
  id: number;
  staffId: number | null;
  staffEmail: string;
  action: string;
  recordType: string;
  recordId: string | null;
  beforeJson: string | null;
  afterJson: string | null;
  at: number;
}
