import type { ReturnStatus } from '../../shared/return-status.ts';

/**
 * The returns domain's records: the shapes its repositories read and write, named by the domain
 * (its doors and flows speak of these, never of a repository's row).
 */

export interface ReturnRecord {
  id: number;
  rma: string;
  orderId: string;
  reason: string;
  text: string | null;
  vehicle: string | null;
  status: ReturnStatus;
  createdAt: number;
  instructions: string | null;
  labelNumber: string | null;
  refundKey: string | null;
  refundCent: number | null;
  feeCent: number | null;
  restocked: number;
}
export interface NewReturn {
  rma: string;
  orderId: string;
  key: string;
  reason: string;
  text: string | null;
  vehicle: string | null;
  now: number;
}
