import type { OrderView } from '../../shared/orders.ts';
import {
  RETURN_OPEN_STATUSES,
  RETURN_STATUS_LABEL,
  RETURN_STATUSES,
  type ReturnStatus,
} from '../../shared/return-status.ts';
import type { Bindings } from '../env.ts';
import { orderView } from '../orders/service.ts';
import { returnRepository } from './repository.ts';
import { uploadRepository } from './upload-repository.ts';
import { staffReturnRepository } from './staff-repository.ts';
import { returnOfRma } from './staff-rules.ts';
import type { ReturnQueuePage, ReturnQueueStatus, StaffReturnView } from './staff-types.ts';
import { uploadAnswerOf } from './uploads.ts';

/**
 * What staff read of returns (issue 20): the queue (newest first, by status, searched by RMA, order
 * number or email), one return with everything to decide on (the order, the fit each part was sold
 * with, the evidence, who did what, the shopper's history), and its evidence files.
 */

export const RETURN_QUEUE_PAGE_SIZE = 50;

const isReturnStatus = (value: string): value is ReturnStatus => (RETURN_STATUSES as readonly string[]).includes(value);

/** The queue's statuses: one status, every return (ALL), or the ones still being handled (OPEN, the default). */
function queueStatus(asked: string | undefined): { status: ReturnQueueStatus; statuses: readonly ReturnStatus[] } {
  if (asked === 'ALL') return { status: 'ALL', statuses: RETURN_STATUSES };
  if (asked && isReturnStatus(asked)) return { status: asked, statuses: [asked] };
  return { status: 'OPEN', statuses: RETURN_OPEN_STATUSES };
}

/** A page of the returns queue, newest first, 50 a page, with how many returns each status has. */
export async function returnQueue(
  db: D1Database,
  filter: { status?: string; page?: number; q?: string },
): Promise<ReturnQueuePage> {
  const { status, statuses } = queueStatus(filter.status);
  const q = typeof filter.q === 'string' && filter.q.trim() ? filter.q.trim().slice(0, 200) : null;
  const asked = Number.isInteger(filter.page) && filter.page! >= 1 ? Math.min(filter.page!, 100_000) : 1;
  const size = RETURN_QUEUE_PAGE_SIZE;
  const staff = staffReturnRepository(db);
  let found = await staff.queue({ statuses, q, page: asked, size });
  const pages = Math.max(1, Math.ceil(found.total / size));
  const page = Math.min(asked, pages);
  if (page !== asked) found = await staff.queue({ statuses, q, page, size });
  return {
    rows: found.rows.map((row) => ({ ...row, statusLabel: RETURN_STATUS_LABEL[row.status] })),
    total: found.total,
    page,
    pages,
    status,
    counts: found.counts,
  };
}

/** Units of a line in the order's shipments, or its refunds that did not fail. */
const unitsOf = (entries: readonly { lines: { lineNo: number; quantity: number }[] }[], lineNo: number) =>
  entries.reduce(
    (sum, entry) => sum + entry.lines.reduce((units, line) => units + (line.lineNo === lineNo ? line.quantity : 0), 0),
    0,
  );

function returnLines(order: OrderView, lines: readonly { lineNo: number; quantity: number }[]) {
  const refunds = order.refunds.filter((refund) => refund.status !== 'FAILED');
  return lines.map((line) => {
    const ordered = order.lines.find((candidate) => candidate.lineNo === line.lineNo);
    return {
      lineNo: line.lineNo,
      title: ordered?.title ?? '',
      partNumber: ordered?.partNumber ?? '',
      quantity: line.quantity,
      shipped: unitsOf(order.shipments, line.lineNo),
      refunded: unitsOf(refunds, line.lineNo),
      unitPaid: ordered && ordered.quantity > 0 ? Math.round(ordered.total / ordered.quantity) : 0,
      fit: ordered?.fit ?? null,
    };
  });
}

/** One return as staff decide on it; null when there is no such return. */
export async function staffReturn(env: Bindings, rma: string): Promise<StaffReturnView | null> {
  const row = await returnOfRma(env.DB, rma);
  if (!row) return null;
  const staff = staffReturnRepository(env.DB);
  const [details, history, order, shopper] = await Promise.all([
    returnRepository(env.DB).details(row.id),
    staff.history(row.id),
    orderView(env.DB, row.orderId),
    staff.shopperOf(row.orderId),
  ]);
  if (!order || !shopper) return null;
  return {
    id: row.id,
    rma: row.rma,
    status: row.status,
    statusLabel: RETURN_STATUS_LABEL[row.status],
    reason: row.reason,
    text: row.text,
    vehicle: row.vehicle ? JSON.parse(row.vehicle) : null,
    createdAt: row.createdAt,
    order: {
      orderId: order.orderId,
      status: order.status,
      statusLabel: order.statusLabel,
      email: order.email,
      accountId: shopper.accountId,
      market: order.market,
      currency: order.currency,
      total: order.total,
      vehicleName: order.vehicle?.name ?? null,
    },
    lines: returnLines(order, details.lines),
    evidence: details.evidence.map(uploadAnswerOf),
    history,
    instructions: row.instructions,
    labelNumber: row.labelNumber,
    refund:
      row.status === 'REFUNDED' && row.refundCent !== null
        ? { amount: row.refundCent, fee: row.feeCent ?? 0, restocked: row.restocked === 1 }
        : null,
    shopper: { orders: shopper.orders, returns: shopper.returns, rejectedReturns: shopper.rejectedReturns },
  };
}

/**
 * An evidence file of any return, for the console's own link (staff only: the route checks who
 * asks); null when the upload is no return's evidence or its object is gone.
 */
export async function staffEvidenceObject(
  env: Bindings,
  uploadId: string,
  range: Headers | undefined,
): Promise<{ object: R2ObjectBody; contentType: string } | null> {
  if (typeof uploadId !== 'string' || !/^[0-9a-f]{32}$/.test(uploadId)) return null;
  const upload = await uploadRepository(env.DB).upload(uploadId);
  if (!upload || upload.returnId === null) return null;
  const object = await env.MEDIA.get(upload.objectKey, { range });
  if (!object) return null;
  return { object, contentType: upload.contentType ?? 'application/octet-stream' };
}
