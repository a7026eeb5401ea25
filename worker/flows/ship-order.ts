import { SHIPPABLE_STATUSES } from '../../shared/order-status.ts';
import { carrierName, normalTrackingNumber } from '../../shared/carriers.ts';
import type { Bindings } from '../env.ts';
import type { AuditEntry } from '../platform/audit.ts';
import { mailerFor } from '../platform/email.ts';
import { unitOfWork } from '../platform/unit-of-work.ts';
import { FULFIL_MSG, unitsLeftToShip, type FulfilResult, type ShipmentInput } from '../orders/staff.ts';
import {
  orderEmailContext,
  orderNoteInto,
  orderShippedEmail,
  refreshStatusInto,
  shipmentByKey,
  shipmentInto,
  shipmentProblem,
} from '../orders/writers.ts';
import { orderRecord, orderView } from '../orders/service.ts';

/**
 * Sending an order (issue 19, Orders and fulfilment): a shipment of some units of some lines with
 * a carrier and tracking number moves the order to PARTIAL_SHIPMENT or SHIPPED and emails the
 * shopper the tracking link (the review invitation follows delivery), with the staff member's audit entry in the
 * shipment's batch. Refused when the order is not shippable or a line would send more than is left,
 * checked again inside the batch, so two staff shipping at once cannot send a unit twice; a repeated
 * form is answered with the shipment it made.
 */

const refused = (status: 400 | 404 | 409, message: string) => ({ ok: false as const, status, message });

/** Ships units of an order's lines. */
export async function shipOrder(
  env: Bindings,
  orderId: string,
  input: ShipmentInput,
  actor: { staffId: number | null; audit: AuditEntry },
  now: number,
): Promise<FulfilResult<{ shipmentId: number; repeated: boolean }>> {
  const earlier = await shipmentByKey(env.DB, input.key);
  if (earlier) return { ok: true, shipmentId: earlier.id, repeated: true };
  const problem = shipmentProblem(input);
  if (problem) return refused(400, problem);
  if (!(await orderRecord(env.DB, orderId))) return refused(404, FULFIL_MSG.notShippable);
  const left = await unitsLeftToShip(env.DB, orderId);
  const lines = input.lines.filter((line) => line.quantity > 0);
  if (lines.some((line) => !left.has(line.lineNo) || line.quantity > left.get(line.lineNo)!))
    return refused(409, FULFIL_MSG.quantity);
  const trackingNumber = normalTrackingNumber(input.trackingNumber);
  const shipment = { key: input.key, carrier: input.carrier, trackingNumber, staffId: actor.staffId, now };
  const work = unitOfWork(env.DB).explain('shipped alongside', async () => !(await shipmentByKey(env.DB, input.key)));
  shipmentInto(work, orderId, shipment, lines, () => stillShippable(env.DB, orderId, lines));
  refreshStatusInto(work, orderId, now);
  orderNoteInto(work, orderId, `Shipped with ${carrierName(input.carrier)} ${trackingNumber}`, now);
  work.audit(actor.audit);
  const done = await work.commit();
  if (!done.ok) {
    const raced = await shipmentByKey(env.DB, input.key);
    return raced ? { ok: true, shipmentId: raced.id, repeated: true } : refused(409, FULFIL_MSG.notShippable);
  }
  const made = (await shipmentByKey(env.DB, input.key))!;
  await tellShopperShipped(env, orderId, made.id);
  return { ok: true, shipmentId: made.id, repeated: false };
}

/** Whether the order can still ship these units (read after a failed batch, to name its guard). */
async function stillShippable(db: D1Database, orderId: string, lines: { lineNo: number; quantity: number }[]) {
  const order = await orderRecord(db, orderId);
  if (!order || !SHIPPABLE_STATUSES.includes(order.status)) return false;
  const left = await unitsLeftToShip(db, orderId);
  return lines.every((line) => (left.get(line.lineNo) ?? 0) >= line.quantity);
}

/** The shipping email with the carrier's tracking link (the review invitation waits for delivery). */
async function tellShopperShipped(env: Bindings, orderId: string, shipmentId: number): Promise<void> {
  const order = await orderView(env.DB, orderId);
  const shipment = order?.shipments.find((candidate) => candidate.id === shipmentId);
  if (!order || !shipment) return;
  const { shop, orderUrl, speak } = await orderEmailContext(env, orderId, order.market);
  const mailer = await mailerFor(env);
  await mailer.send(speak(() => orderShippedEmail(order, shipment, shop, orderUrl)));
}
