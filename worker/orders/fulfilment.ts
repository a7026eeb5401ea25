import { carrierName, isCarrierId, normalTrackingNumber, TRACKING_NUMBER_PATTERN } from '../../shared/carriers.ts';
import { CANCELLABLE_STATUSES } from '../../shared/orders.ts';
import type { Bindings } from '../env.ts';
import { mailerFor } from '../platform/email.ts';
import { refundOrderPayments, voidOpenPayments } from '../payments/service.ts';
import { orderShippedEmail, orderCancelledEmail, reviewInvitationEmail } from './fulfilment-email.ts';
import { fulfilmentRepository } from './fulfilment-repository.ts';
import { cancelledByShop } from './lifecycle.ts';
import { webOrigin } from '../platform/origins.ts';
import { guestOrderToken } from './access.ts';
import { orderLinkUrl } from './email.ts';
import { orderRepository } from './repository.ts';
import { getShopSettings } from '../content/service.ts';
import { systemClock } from '../platform/clock.ts';

/**
 * Sending an order (issue 19, Orders and fulfilment): a shipment of some units of some lines with
 * a carrier and tracking number moves the order to PARTIAL_SHIPMENT or SHIPPED and emails the
 * shopper the tracking link and the review invitations; a shipment can be marked delivered; the
 * shop can cancel what has not shipped. Every change runs the caller's audit entry in its batch.
 */

export const FULFIL_MSG = {
  carrier: 'Please choose a carrier.',
  trackingNumber: 'Please enter the tracking number (6 to 40 letters and digits).',
  nothingChosen: 'Choose at least one unit of one line to ship.',
  quantity: 'A line cannot ship more units than are left to send.',
  notShippable: 'This order cannot be shipped: it is not paid, or everything has been sent, cancelled or refunded.',
  noSuchShipment: 'There is no such shipment on this order.',
  alreadyDelivered: 'This shipment is already marked delivered.',
  notCancellable: 'Only an order that has not shipped can be cancelled.',
} as const;

export type FulfilResult<T = object> = ({ ok: true } & T) | { ok: false; status: 400 | 404 | 409; message: string };

const refused = (status: 400 | 404 | 409, message: string) => ({ ok: false as const, status, message });

/** The units of each line still to send: ordered, less shipped and refunded. */
export async function unitsLeftToShip(db: D1Database, orderId: string): Promise<Map<number, number>> {
  const counts = await fulfilmentRepository(db).lineCounts(orderId);
  return new Map(counts.map((line) => [line.lineNo, Math.max(0, line.quantity - line.shipped - line.refunded)]));
}

export interface ShipmentInput {
  /** The form's idempotency key: a second post of the same form is the same shipment. */
  key: string;
  carrier: string;
  trackingNumber: string;
  lines: { lineNo: number; quantity: number }[];
}

/** What is wrong with a shipment form before the order is read, or null. */
function shipmentProblem(input: ShipmentInput): string | null {
  if (!isCarrierId(input.carrier)) return FULFIL_MSG.carrier;
  if (!TRACKING_NUMBER_PATTERN.test(normalTrackingNumber(input.trackingNumber))) return FULFIL_MSG.trackingNumber;
  if (!input.lines.some((line) => line.quantity > 0)) return FULFIL_MSG.nothingChosen;
  return null;
}

/**
 * Ships units of an order's lines. Refused when the order is not shippable or a line would send
 * more than is left (checked again inside the batch, so two staff shipping at once cannot send a
 * unit twice); a repeated form is answered with the shipment it made.
 */
export async function shipOrder(
  env: Bindings,
  orderId: string,
  input: ShipmentInput,
  actor: { staffId: number | null; audit: D1PreparedStatement },
  now: number,
): Promise<FulfilResult<{ shipmentId: number; repeated: boolean }>> {
  const fulfilment = fulfilmentRepository(env.DB);
  const earlier = await fulfilment.shipmentByKey(input.key);
  if (earlier) return { ok: true, shipmentId: earlier.id, repeated: true };
  const problem = shipmentProblem(input);
  if (problem) return refused(400, problem);
  const order = await orderRepository(env.DB).byId(orderId);
  if (!order) return refused(404, FULFIL_MSG.notShippable);
  const left = await unitsLeftToShip(env.DB, orderId);
  const lines = input.lines.filter((line) => line.quantity > 0);
  if (lines.some((line) => !left.has(line.lineNo) || line.quantity > left.get(line.lineNo)!))
    return refused(409, FULFIL_MSG.quantity);
  const trackingNumber = normalTrackingNumber(input.trackingNumber);
  const shipment = { key: input.key, carrier: input.carrier, trackingNumber, staffId: actor.staffId, now };
  try {
    await fulfilment.run([
      ...fulfilment.shipmentStatements(orderId, shipment, lines),
      fulfilment.refreshStatusStatement(orderId, now),
      fulfilment.eventStatement(orderId, `Shipped with ${carrierName(input.carrier)} ${trackingNumber}`, now),
      actor.audit,
    ]);
  } catch (error) {
    const raced = await fulfilment.shipmentByKey(input.key);
    if (raced) return { ok: true, shipmentId: raced.id, repeated: true };
    if (/batch_guard|CHECK constraint/i.test(String(error))) return refused(409, FULFIL_MSG.notShippable);
    throw error;
  }
  const made = (await fulfilment.shipmentByKey(input.key))!;
  await tellShopperShipped(env, orderId, made.id);
  return { ok: true, shipmentId: made.id, repeated: false };
}

/**
 * The shop's name, and the order's market origin and the shopper's link to the order (a member's
 * order history, a guest's tracking page with its token), for an email's words and links.
 */
export async function emailContext(env: Bindings, orderId: string, market: string) {
  const { SHOP_NAME } = await getShopSettings(env.SETTINGS, systemClock);
  const origin = webOrigin(env, market);
  const accountId = (await orderRepository(env.DB).byId(orderId))?.accountId ?? null;
  const token = await guestOrderToken(env.DB, { orderId, accountId }, Date.now());
  return { shop: { name: SHOP_NAME, origin }, orderUrl: orderLinkUrl(origin, orderId, token) };
}

/** The shipping email with the carrier's tracking link, and the review invitations for what shipped. */
async function tellShopperShipped(env: Bindings, orderId: string, shipmentId: number): Promise<void> {
  const order = await orderRepository(env.DB).view(orderId);
  const shipment = order?.shipments.find((candidate) => candidate.id === shipmentId);
  if (!order || !shipment) return;
  const { shop, orderUrl } = await emailContext(env, orderId, order.market);
  const mailer = await mailerFor(env);
  await mailer.send(orderShippedEmail(order, shipment, shop, orderUrl));
  const invitation = await reviewInvitationEmail(order, shipment, shop, env.AUTH_SECRET);
  if (invitation) await mailer.send(invitation);
}

/** Marks one of the order's shipments delivered (once). */
export async function markDelivered(
  db: D1Database,
  orderId: string,
  shipmentId: number,
  audit: D1PreparedStatement,
  now: number,
): Promise<FulfilResult> {
  const fulfilment = fulfilmentRepository(db);
  const shipment = (await orderRepository(db).view(orderId))?.shipments.find((found) => found.id === shipmentId);
  if (!shipment) return refused(404, FULFIL_MSG.noSuchShipment);
  if (shipment.deliveredAt !== null) return refused(409, FULFIL_MSG.alreadyDelivered);
  const [changed] = await fulfilment
    .run([
      fulfilment.deliveredStatement(orderId, shipmentId, now),
      ...orderRepository(db).movedGuardStatements(),
      fulfilment.eventStatement(orderId, `Delivered (${shipment.carrierName} ${shipment.trackingNumber})`, now),
      audit,
    ])
    .catch(() => [null]);
  return changed ? { ok: true } : refused(409, FULFIL_MSG.alreadyDelivered);
}

/**
 * Cancels an order that has not shipped, for the shop: stock, points and promotion uses go back,
 * an open payment window closes and what was paid is refunded in full; the shopper is emailed.
 */
export async function cancelForShop(
  env: Bindings,
  orderId: string,
  audit: D1PreparedStatement,
  now: number,
): Promise<FulfilResult<{ refunded: boolean }>> {
  const order = await orderRepository(env.DB).byId(orderId);
  if (!order) return refused(404, FULFIL_MSG.notCancellable);
  if (!CANCELLABLE_STATUSES.includes(order.status)) return refused(409, FULFIL_MSG.notCancellable);
  if (!(await cancelledByShop(env.DB, order, audit, now))) return refused(409, FULFIL_MSG.notCancellable);
  await voidOpenPayments(env, {}, orderId);
  const refunded = order.paidAt !== null ? await refundOrderPayments(env, orderId) : false;
  const view = await orderRepository(env.DB).view(orderId);
  if (view) {
    const { shop, orderUrl } = await emailContext(env, orderId, view.market);
    await (await mailerFor(env)).send(orderCancelledEmail(view, shop, refunded, orderUrl));
  }
  return { ok: true, refunded };
}
