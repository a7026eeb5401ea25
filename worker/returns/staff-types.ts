import type { AuditEntry } from '../platform/audit.ts';
import type { FitStatus } from '../../shared/fitment.ts';
import type { ReturnStatus } from '../../shared/return-status.ts';

/**
 * The shapes the back office's returns pages and the returns domain's staff side share (issue 20):
 * the queue, one return as staff see it, and what each decision takes and answers.
 */

/** Who acts: the staff member, and the audit entry written in the batch of the change. */
export interface ReturnActor {
  staffId: number;
  audit: AuditEntry;
}

/** What a staff decision answers: done, or why not (400 bad input, 404 no such return, 409 not now). */
export type StaffReturnResult<T = object> =
  | ({ ok: true } & T)
  | { ok: false; status: 400 | 404 | 409; message: string; field?: string };

/** The queue's filter: a status, or every return still being handled (the default). */
export type ReturnQueueStatus = ReturnStatus | 'OPEN' | 'ALL';

export interface ReturnQueueRow {
  rma: string;
  orderId: string;
  email: string;
  reason: string;
  status: ReturnStatus;
  statusLabel: string;
  /** Units asked to go back, over all lines. */
  units: number;
  evidenceCount: number;
  createdAt: number;
  updatedAt: number;
}

export interface ReturnQueuePage {
  rows: ReturnQueueRow[];
  total: number;
  page: number;
  pages: number;
  status: ReturnQueueStatus;
  /** Returns per status, for the queue's tabs. */
  counts: Record<ReturnStatus, number>;
}

/** An evidence file as staff see it, through the console's own link (/admin/returns/evidence/:uploadId). */
export interface StaffEvidence {
  uploadId: string;
  name: string;
  kind: 'image' | 'video';
  contentType: string;
  size: number;
}

/** One return with everything staff decide on. */
export interface StaffReturnView {
  id: number;
  rma: string;
  status: ReturnStatus;
  statusLabel: string;
  reason: string;
  text: string | null;
  /** What the shopper said their vehicle is ("Part doesn't fit"): a VIN, or year, make and model. */
  vehicle: { vin?: string; year?: number; make?: string; model?: string } | null;
  createdAt: number;
  order: {
    orderId: string;
    status: string;
    statusLabel: string;
    email: string;
    accountId: number | null;
    market: string;
    currency: string;
    total: number;
    /** The vehicle chosen when the order was placed, or null. */
    vehicleName: string | null;
  };
  lines: {
    lineNo: number;
    title: string;
    partNumber: string;
    quantity: number;
    /** Units of the line the order shipped and already refunded. */
    shipped: number;
    refunded: number;
    /** The line's price per unit after discounts, in cents. */
    unitPaid: number;
    /** The fit recorded at purchase for the order's vehicle (§4 Fit status); null where it did not apply. */
    fit: FitStatus | null;
  }[];
  evidence: StaffEvidence[];
  history: { status: ReturnStatus; note: string | null; createdAt: number; staffEmail: string | null }[];
  /** How to send the parts back, set on approval. */
  instructions: string | null;
  labelNumber: string | null;
  /** The settlement, once refunded. */
  refund: { amount: number; fee: number; restocked: boolean } | null;
  /** The shopper's history with the shop: their orders and returns (this one included). */
  shopper: { orders: number; returns: number; rejectedReturns: number };
}

export interface ApproveInput {
  instructions: string;
  labelNumber: string;
}

export interface RefundReturnInput {
  /** The form's idempotency key: a double click is one refund. */
  key: string;
  /** Units of the return's lines to refund (at most what the return holds per line). */
  lines: { lineNo: number; quantity: number }[];
  /** Restocking fee kept, in cents (0: none). */
  feeCent: number;
  /** The units go back on the shelf (the part is resellable). */
  restock: boolean;
}
