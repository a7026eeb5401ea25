import type { ReturnAnswer, ReturnVehicle } from '../../shared/api/returns.ts';
import { RETURN_MSG, returnPagePath, type ReturnReason } from '../../shared/returns.ts';
import type { Bindings } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import { fieldError } from '../platform/contract.ts';
import { mailerFor } from '../platform/email.ts';
import {
  accessibleOrder,
  isReturnableStatus,
  orderMailIdentity,
  orderView,
  returnableLines,
  returnWindowDays,
  returningStatements,
  type OrderAccess,
} from '../orders/service.ts';
import type { OrderView } from '../../shared/orders.ts';
import { returnRequestedEmail } from './email.ts';
import { returnAnswerOf } from './read.ts';
import { returnRepository, type ReturnRow } from './repository.ts';
import { evidenceProblem, keptVehicle, linesProblem, mergedLines, type Problem } from './rules.ts';

/**
 * Asking for a return (issue 20): shipped units of an order's lines, within the window, with the
 * evidence the reason needs. The return, its lines, its evidence and the order's move to
 * RETURNING are one batch whose guards re-check the units, so two submits at once cannot return
 * a unit twice; the form's key makes a retried submit the same return.
 */

export interface ReturnRequest {
  idempotencyKey: string;
  lines: { lineNo: number; quantity: number }[];
  reason: ReturnReason;
  text?: string;
  vehicle?: ReturnVehicle;
  uploadIds: string[];
}

/** Crockford's base-32: no I, L, O or U, so a number read out on the phone is not misheard. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new RMA number: the day asked and 50 random bits, e.g. RMA-261124-K7Q2M-9X4TB. */
export function newRmaNumber(now: number): string {
  const day = new Date(now).toISOString().slice(2, 10).replace(/-/g, '');
  const random = [...crypto.getRandomValues(new Uint8Array(10))].map((byte) => ALPHABET[byte % 32]).join('');
  return `RMA-${day}-${random.slice(0, 5)}-${random.slice(5)}`;
}

const refusal = (found: Problem) =>
  found.status === 409 ? new ApiError(409, 409, found.message) : fieldError(found.field, found.message);

/** The first rule the request breaks against the order as it is now, with the units each line shipped. */
async function check(env: Bindings, order: OrderView, request: ReturnRequest, now: number) {
  const returns = returnRepository(env.DB);
  const windowDays = await returnWindowDays(env);
  const returnable = returnableLines(order, windowDays);
  const lines = mergedLines(request.lines);
  const uploadIds = [...new Set(request.uploadIds)];
  const [held, uploads] = await Promise.all([
    returns.heldUnits(order.orderId),
    returns.uploads(order.orderId, uploadIds),
  ]);
  const text = request.text?.trim() ?? '';
  const problem =
    linesProblem(lines, returnable, held, now, windowDays) ??
    evidenceProblem({ reason: request.reason, text, vehicle: request.vehicle }, uploads, uploadIds.length, now);
  const shipped = (lineNo: number) => returnable.find((line) => line.lineNo === lineNo)?.shipped ?? 0;
  return { problem, text, uploadIds, lines: lines.map((line) => ({ ...line, shipped: shipped(line.lineNo) })) };
}

/** Asks for a return of units of an order the caller may act on; answers the return (the same one for a retry). */
export async function requestReturn(
  env: Bindings,
  access: OrderAccess,
  request: ReturnRequest,
  now: number,
): Promise<{ created: boolean; answer: ReturnAnswer }> {
  const order = await accessibleOrder(env, access, now);
  const returns = returnRepository(env.DB);
  const earlier = await returns.returnByKey(order.id, request.idempotencyKey);
  if (earlier) return { created: false, answer: await returnAnswerOf(env, earlier, now) };
  const view = await orderView(env.DB, order.id);
  if (!view || !isReturnableStatus(order.status)) throw ApiError.badRequest(RETURN_MSG.notReturnable);
  const checked = await check(env, view, request, now);
  if (checked.problem) throw refusal(checked.problem);
  const vehicle = keptVehicle(request.vehicle);
  const row = {
    rma: newRmaNumber(now),
    orderId: order.id,
    key: request.idempotencyKey,
    reason: request.reason,
    text: checked.text || null,
    vehicle: vehicle ? JSON.stringify(vehicle) : null,
    now,
  };
  try {
    await returns.run([
      ...returns.createStatements(row, checked.lines, checked.uploadIds),
      ...returningStatements(env.DB, order.id, `Return ${row.rma} requested`, now),
    ]);
  } catch (error) {
    const raced = await returns.returnByKey(order.id, request.idempotencyKey);
    if (raced) return { created: false, answer: await returnAnswerOf(env, raced, now) };
    // Something changed between the check and the batch (another submit took the units or the files).
    const again = await check(env, (await orderView(env.DB, order.id)) ?? view, request, now);
    if (again.problem) throw refusal(again.problem);
    throw error;
  }
  const made = (await returns.returnByKey(order.id, request.idempotencyKey))!;
  await tellShopper(env, view, made, order.accountId);
  return { created: true, answer: await returnAnswerOf(env, made, now) };
}

/** The return's email, with its page's link on the market's configured origin. */
async function tellShopper(env: Bindings, order: OrderView, made: ReturnRow, accountId: number | null) {
  const { shop, guestToken } = await orderMailIdentity(env, {
    orderId: order.orderId,
    market: order.market,
    accountId,
  });
  const { lines } = await returnRepository(env.DB).details(made.id);
  const units = lines.map((line) => {
    const ordered = order.lines.find((candidate) => candidate.lineNo === line.lineNo);
    return `${line.quantity} x ${ordered?.title ?? `line ${line.lineNo}`}${ordered ? ` (${ordered.partNumber})` : ''}`;
  });
  const url = `${shop.origin}${returnPagePath(made.rma, guestToken)}`;
  const message = returnRequestedEmail(
    { rma: made.rma, orderId: order.orderId, reason: made.reason, email: order.email, units },
    shop.name,
    url,
  );
  await (await mailerFor(env)).send(message);
}
