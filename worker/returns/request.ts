import type { ReturnVehicle } from '../../shared/api/returns.ts';
import { returnPagePath, type ReturnReason } from '../../shared/returns.ts';
import type { Bindings } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import { fieldError } from '../platform/contract.ts';
import { mailerFor } from '../platform/email.ts';
import { orderMailIdentity, returnableLines, returnWindowDays } from '../orders/service.ts';
import * as m from '../../shared/i18n/generated/messages.js';
import type { OrderView } from '../../shared/orders.ts';
import { returnRequestedEmail } from './email.ts';
import { returnAnswerOf } from './read.ts';
import { returnRepository } from './repository.ts';
import type { ReturnRecord } from './records.ts';
import { uploadRepository } from './upload-repository.ts';
import { coreProblem, evidenceProblem, keptVehicle, linesProblem, mergedLines, type Problem } from './rules.ts';

/**
 * Asking for a return (issue 20), returns' side: shipped units of an order's lines, within the window,
 * with the evidence its reason needs, checked against the order as it is now; the new return's row;
 * its email. The request-return flow (worker/flows/request-return.ts) writes it with the order's move.
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

/** The first rule the request breaks against the order as it is now, with the units each line shipped. */
export async function checkReturnRequest(env: Bindings, order: OrderView, request: ReturnRequest, now: number) {
  const returns = returnRepository(env.DB);
  const windowDays = await returnWindowDays(env);
  const returnable = returnableLines(order, windowDays);
  const lines = mergedLines(request.lines);
  const uploadIds = [...new Set(request.uploadIds)];
  const [held, uploads] = await Promise.all([
    returns.heldUnits(order.orderId),
    uploadRepository(env.DB).uploads(order.orderId, uploadIds),
  ]);
  const text = request.text?.trim() ?? '';
  const problem =
    coreProblem(request.reason, lines, order.lines) ??
    linesProblem(lines, returnable, held, now, windowDays) ??
    evidenceProblem({ reason: request.reason, text, vehicle: request.vehicle }, uploads, uploadIds.length, now);
  const shipped = (lineNo: number) => returnable.find((line) => line.lineNo === lineNo)?.shipped ?? 0;
  return { problem, text, uploadIds, lines: lines.map((line) => ({ ...line, shipped: shipped(line.lineNo) })) };
}

/** A new return's row for an order, from the request and its check. */
export function newReturnRow(orderId: string, request: ReturnRequest, text: string, now: number) {
  const vehicle = keptVehicle(request.vehicle);
  return {
    rma: newRmaNumber(now),
    orderId,
    key: request.idempotencyKey,
    reason: request.reason,
    text: text || null,
    vehicle: vehicle ? JSON.stringify(vehicle) : null,
    now,
  };
}

/** What the shopper is told when a check finds a problem: a field's message, or a 409 for what changed. */
export const returnRefusal = (found: Problem) =>
  found.status === 409 ? new ApiError(409, 409, found.message) : fieldError(found.field, found.message);

/** The return a form's key made on this order, with its answer; null when none. */
export async function returnOfRequest(env: Bindings, orderId: string, key: string, now: number) {
  const made = await returnRepository(env.DB).returnByKey(orderId, key);
  return made ? { row: made, answer: await returnAnswerOf(env, made, now) } : null;
}

/** The return's email, with its page's link on the market's configured origin. */
export async function tellShopperReturnRequested(
  env: Bindings,
  order: OrderView,
  made: ReturnRecord,
  accountId: number | null,
) {
  const { shop, guestToken, speak, link, shown } = await orderMailIdentity(env, {
    orderId: order.orderId,
    market: order.market,
    accountId,
  });
  const { lines } = await returnRepository(env.DB).details(made.id);
  const message = speak(() => {
    const named = shown(order);
    const units = lines.map((line) => {
      const ordered = named.lines.find((candidate) => candidate.lineNo === line.lineNo);
      return ordered
        ? m.email_units({ quantity: line.quantity, title: ordered.title, partNumber: ordered.partNumber })
        : m.email_units_line({ quantity: line.quantity, lineNo: line.lineNo });
    });
    const request = { rma: made.rma, orderId: order.orderId, reason: made.reason, email: order.email, units };
    return returnRequestedEmail(request, shop.name, link(returnPagePath(made.rma, guestToken)));
  });
  await (await mailerFor(env)).send(message);
}
