import type { ReturnAnswer } from '../../shared/api/returns.ts';
import { RETURN_MSG } from '../../shared/returns.ts';
import { RETURN_STATUS_LABEL } from '../../shared/return-status.ts';
import type { Bindings } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import { accessibleOrder, orderAccountOf, orderView, type OrderAccess } from '../orders/service.ts';
import { returnRepository } from './repository.ts';
import type { ReturnRecord } from './records.ts';
import { uploadRepository } from './upload-repository.ts';
import { signedEvidencePath, verifyEvidenceLink } from './signing.ts';
import { uploadAnswerOf } from './uploads.ts';

/**
 * Reading a return (issue 20): the shopper's own, with its history and short-lived signed links
 * to its evidence; and serving an evidence file through the Worker to a valid link only.
 */

type Env = Pick<Bindings, 'DB' | 'RATE_LIMITER' | 'AUTH_SECRET'>;

/** The return as its page shows it, evidence links signed from `now`. */
export async function returnAnswerOf(env: Env, row: ReturnRecord, now: number): Promise<ReturnAnswer> {
  const [details, order] = await Promise.all([
    returnRepository(env.DB).details(row.id),
    orderView(env.DB, row.orderId),
  ]);
  const lineOf = (lineNo: number) => order?.lines.find((line) => line.lineNo === lineNo);
  const evidence = await Promise.all(
    details.evidence.map(async (upload) => ({
      ...uploadAnswerOf(upload),
      ...(await signedEvidencePath(env.AUTH_SECRET, upload.id, now)),
    })),
  );
  return {
    rma: row.rma,
    orderId: row.orderId,
    status: row.status,
    statusLabel: RETURN_STATUS_LABEL[row.status],
    reason: row.reason,
    text: row.text,
    vehicle: row.vehicle ? JSON.parse(row.vehicle) : null,
    createdAt: row.createdAt,
    instructions: row.instructions,
    labelNumber: row.labelNumber,
    refund:
      row.status === 'REFUNDED' && row.refundCent !== null
        ? { amount: row.refundCent, fee: row.feeCent ?? 0, currency: order?.currency ?? 'USD' }
        : null,
    lines: details.lines.map((line) => ({
      lineNo: line.lineNo,
      title: lineOf(line.lineNo)?.title ?? '',
      partNumber: lineOf(line.lineNo)?.partNumber ?? '',
      quantity: line.quantity,
    })),
    history: details.history,
    evidence,
  };
}

/** The order a return was asked for (by its RMA number), or null: where a guest's order token is looked for. */
export async function orderOfReturn(db: D1Database, rma: string): Promise<string | null> {
  const upper = rma.toUpperCase();
  return /^RMA-[0-9A-Z-]{6,30}$/.test(upper)
    ? ((await returnRepository(db).returnByRma(upper))?.orderId ?? null)
    : null;
}

/** A return by its RMA number, for a caller who may act on its order; anything else is the same 404. */
export async function shopperReturn(
  env: Env,
  rma: string,
  access: Omit<OrderAccess, 'orderId'>,
  now: number,
): Promise<ReturnAnswer> {
  const row = /^RMA-[0-9A-Z-]{6,30}$/.test(rma) ? await returnRepository(env.DB).returnByRma(rma) : null;
  if (!row) throw ApiError.notFound(RETURN_MSG.notFound);
  try {
    await accessibleOrder(env, { ...access, orderId: row.orderId }, now);
  } catch (error) {
    if (error instanceof ApiError && error.httpCode === 404) throw ApiError.notFound(RETURN_MSG.notFound);
    throw error;
  }
  return returnAnswerOf(env, row, now);
}

/**
 * An evidence file for a signed link: a link that is forged or expired, for a file of no return,
 * or of a member's order opened by anyone but that member, is refused (403).
 */
export async function evidenceObject(
  env: Pick<Bindings, 'DB' | 'MEDIA' | 'AUTH_SECRET'>,
  uploadId: string,
  link: { expires?: string; signature?: string; accountId: number | null; range: Headers | undefined },
  now: number,
) {
  const forbidden = new ApiError(403, 403, RETURN_MSG.linkExpired);
  if (!(await verifyEvidenceLink(env.AUTH_SECRET, uploadId, link, now))) throw forbidden;
  const upload = await uploadRepository(env.DB).upload(uploadId);
  if (!upload || upload.returnId === null) throw forbidden;
  const ownerId = await orderAccountOf(env.DB, upload.orderId);
  if (ownerId !== null && ownerId !== link.accountId) throw forbidden;
  const object = await env.MEDIA.get(upload.objectKey, { range: link.range });
  if (!object) throw ApiError.notFound(RETURN_MSG.notFound);
  return { object, contentType: upload.contentType ?? 'application/octet-stream' };
}
