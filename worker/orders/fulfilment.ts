import { isCoreLine } from '../../shared/core-charges.ts';
import { isCarrierId, normalTrackingNumber, TRACKING_NUMBER_PATTERN } from '../../shared/carriers.ts';
import type { Bindings } from '../env.ts';
import type { AuditEntry } from '../platform/audit.ts';
import { marketOrigin } from '../platform/origin.ts';
import { unitOfWork } from '../platform/unit-of-work.ts';
import { fulfilmentRepository } from './fulfilment-repository.ts';
import { guestOrderToken } from './access.ts';
import { orderLinkUrl } from './email.ts';
import { orderRepository } from './repository.ts';
import { getShopSettings } from '../content/service.ts';
import { systemClock } from '../platform/clock.ts';
import { mailerFor } from '../platform/email.ts';
import { reviewInvitationEmail } from './fulfilment-email.ts';
import { orderLanguage } from './mail-language.ts';

/**
 * Orders' side of sending an order (issue 19, Orders and fulfilment): the units left to send, what a
 * shipment form may say, marking a shipment delivered (with the staff member's audit entry), and the
 * links and names an order's emails carry. Shipping itself is the ship-order flow.
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

/** The units of each line still to send: ordered, less shipped and refunded (a core deposit is never sent). */
export async function unitsLeftToShip(db: D1Database, orderId: string): Promise<Map<number, number>> {
  const counts = (await fulfilmentRepository(db).lineCounts(orderId)).filter((line) => !isCoreLine(line));
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
export function shipmentProblem(input: ShipmentInput): string | null {
  if (!isCarrierId(input.carrier)) return FULFIL_MSG.carrier;
  if (!TRACKING_NUMBER_PATTERN.test(normalTrackingNumber(input.trackingNumber))) return FULFIL_MSG.trackingNumber;
  if (!input.lines.some((line) => line.quantity > 0)) return FULFIL_MSG.nothingChosen;
  return null;
}

/**
 * The shop's name, and the order's market origin and the shopper's link to the order (a member's
 * order history, a guest's tracking page with its token), for an email's words and links; `speak`
 * builds the email in the language the order was placed in, as its link is.
 */
export async function orderEmailContext(env: Bindings, orderId: string, market: string) {
  const { SHOP_NAME } = await getShopSettings(env.SETTINGS, systemClock);
  const origin = marketOrigin(env, market);
  const row = await orderRepository(env.DB).byId(orderId);
  const token = await guestOrderToken(env.DB, { orderId, accountId: row?.accountId ?? null }, Date.now());
  const { speak } = orderLanguage(origin, { market, locale: row?.locale ?? null });
  return { shop: { name: SHOP_NAME, origin }, orderUrl: speak(() => orderLinkUrl(origin, orderId, token)), speak };
}

/**
 * Marks one of the order's shipments delivered (once). When that was the last parcel of an order
 * with nothing left to send, the shopper gets the review invitation, once (issue 36: after delivery,
 * not at shipping time nor once per parcel).
 */
export async function markDelivered(
  env: Bindings,
  orderId: string,
  shipmentId: number,
  audit: AuditEntry,
  now: number,
): Promise<FulfilResult> {
  const db = env.DB;
  const fulfilment = fulfilmentRepository(db);
  const shipment = (await orderRepository(db).view(orderId))?.shipments.find((found) => found.id === shipmentId);
  if (!shipment) return refused(404, FULFIL_MSG.noSuchShipment);
  if (shipment.deliveredAt !== null) return refused(409, FULFIL_MSG.alreadyDelivered);
  const work = unitOfWork(db)
    .add(fulfilment.deliveredStatement(orderId, shipmentId, now))
    .guard('delivered', orderRepository(db).movedGuardStatements(), async () => false)
    .add(fulfilment.eventStatement(orderId, `Delivered (${shipment.carrierName} ${shipment.trackingNumber})`, now))
    .audit(audit);
  if (!(await work.commit()).ok) return refused(409, FULFIL_MSG.alreadyDelivered);
  if (await fulfilment.claimReviewInvitation(orderId, now)) await inviteReview(env, orderId);
  return { ok: true };
}

async function inviteReview(env: Bindings, orderId: string): Promise<void> {
  const order = await orderRepository(env.DB).view(orderId);
  if (!order) return;
  const { shop, speak } = await orderEmailContext(env, orderId, order.market);
  const invitation = await speak(() => reviewInvitationEmail(order, shop, env.AUTH_SECRET));
  if (invitation) await (await mailerFor(env)).send(invitation);
}
