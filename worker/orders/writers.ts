import { type OrderEvent, type OrderStatus, orderStatus } from '../../shared/order-status.ts';
import type { StillHolds, UnitOfWork } from '../platform/unit-of-work.ts';
import { accessRepository } from './access-repository.ts';
import type { Placer, NewOrder, NewAdjustment, NewOrderLine, NewTax } from './records.ts';
import { fulfilmentRepository } from './fulfilment-repository.ts';
import { UNPAID_LIMITS, unpaidLimitReached } from './placement.ts';
import { heldCeiling, UNPAID_ORDER_CAPS } from '../../shared/holds.ts';
import { placementRepository } from './placement-repository.ts';
import { orderRepository } from './repository.ts';

/**
 * Orders' writers for a flow's unit of work (worker/flows/). Every status move goes through
 * moveOrderInto, which moves only from the statuses the event may leave (shared/order-status.ts)
 * and guards that it did move; the database refuses any move the status table does not allow.
 */

export type { NewOrder } from './records.ts';
export type { NewAdjustment, NewOrderLine, NewTax } from './records.ts';
export type { Placer } from './records.ts';

/** The guard named when an order was no longer where a move expected it (another request moved it first). */
export const MOVED_GUARD = 'order moved';
/** The guard named when one IP, visitor or email would hold too many unpaid orders. */
export const UNPAID_GUARD = 'unpaid orders';
/** The guard named when unpaid orders would hold more of a part than its ceiling (shared/holds.ts). */
export const HELD_CEILING_GUARD = 'held ceiling';
/** The guard named when a shipment or refund no longer fits what is left of the order. */
export const FULFILMENT_GUARD = 'fulfilment';

/** A new order with its lines, adjustments, tax lines and first history line. */
export function newOrderInto(
  work: UnitOfWork,
  order: NewOrder,
  parts: { lines: NewOrderLine[]; adjustments: NewAdjustment[]; taxes: NewTax[] },
): void {
  work.add(...placementRepository(work.db).insertStatements(order, parts.lines, parts.adjustments, parts.taxes));
}

/**
 * Fails the batch when, with the order just written, its IP, visitor or email holds more unpaid
 * orders than allowed.
 */
export function unpaidLimitInto(work: UnitOfWork, placer: Placer): void {
  const access = accessRepository(work.db);
  work.guard(
    UNPAID_GUARD,
    access.unpaidGuardStatements(placer, UNPAID_LIMITS),
    async () => !unpaidLimitReached(await access.unpaidCounts(placer)),
  );
}

/**
 * Fails the batch when, with this order's units (by SKU) just taken, unpaid orders together hold more of a
 * part than its ceiling (shared/holds.ts heldCeiling); `overHeld` learns afterwards which part it was.
 */
export function heldCeilingInto(
  work: UnitOfWork,
  units: ReadonlyMap<number, number>,
  overHeld: (skuId: number) => void,
): void {
  const access = accessRepository(work.db);
  const skuIds = [...units.keys()];
  const ceiling = { floor: UNPAID_ORDER_CAPS.unitsPerSku, share: UNPAID_ORDER_CAPS.heldShare };
  work.guard(HELD_CEILING_GUARD, access.heldCeilingGuardStatements(skuIds, ceiling), async () => {
    // Read after the failed batch wrote nothing: this order's units would come on top of what is held.
    const over = (await access.heldStock(skuIds)).find(
      (sku) => sku.held + (units.get(sku.skuId) ?? 0) > heldCeiling(sku.held + sku.available),
    );
    if (over) overHeld(over.skuId);
    return !over;
  });
}

/** A gift line, written only when the stock taken just before it (catalog's takeGiftStockInto) was there. */
export function giftLineInto(work: UnitOfWork, orderId: string, line: NewOrderLine): void {
  work.add(placementRepository(work.db).giftLineStatement(orderId, line));
}

/**
 * Moves the order by `event` to `to`, only from the statuses the event may leave, with the guard that
 * it moved: of two requests racing, the second moves nothing and takes nothing else with it.
 */
export function moveOrderInto(
  work: UnitOfWork,
  move: {
    orderId: string;
    event: OrderEvent;
    to: OrderStatus;
    now: number;
    note: string;
    from?: readonly OrderStatus[];
    paidAt?: number;
    cancelledAt?: number;
  },
): void {
  const from = move.from ?? orderStatus.from(move.event);
  if (!from.some((status) => orderStatus.allows(move.event, status, move.to)))
    throw new Error(`${move.event} cannot move an order to ${move.to}`);
  const orders = orderRepository(work.db);
  const extra = { paidAt: move.paidAt, cancelledAt: move.cancelledAt };
  work.add(orders.setStatusStatement(move.orderId, from, move.to, move.now, extra));
  work.guard(MOVED_GUARD, orders.movedGuardStatements(), async () => {
    const now = await orders.byId(move.orderId);
    return now !== null && from.includes(now.status);
  });
  work.add(orders.eventStatement(move.orderId, move.to, move.note, move.now));
}

/** A paid order keeps the points it earned and holds its stock no longer. */
export function paidInto(work: UnitOfWork, orderId: string, pointsEarned: number): void {
  work.add(orderRepository(work.db).paidStatement(orderId, pointsEarned));
}

/** The order's history line, with the status the batch left it in. */
export function orderNoteInto(work: UnitOfWork, orderId: string, note: string, now: number): void {
  work.add(fulfilmentRepository(work.db).eventStatement(orderId, note, now));
}

/**
 * Sets a paid order's status again from what shipped, what was refunded and its open returns, read
 * inside the batch (the events ship, refund, refundRefused and settleReturn reach it this way).
 */
export function refreshStatusInto(work: UnitOfWork, orderId: string, now: number): void {
  work.add(fulfilmentRepository(work.db).refreshStatusStatement(orderId, now));
}

/** A new address with its tax and total, while the order is still in the status it was read in. */
export function addressChangeInto(
  work: UnitOfWork,
  order: { id: string; status: OrderStatus },
  change: { address: string; taxCent: number; totalCent: number; taxes: NewTax[] },
  now: number,
  note: string,
): void {
  const orders = orderRepository(work.db);
  const [update, ...taxLines] = orders.addressChangeStatements(order, change, now);
  work.add(update!);
  work.guard(MOVED_GUARD, orders.movedGuardStatements(), async () => {
    const current = await orders.byId(order.id);
    return current !== null && current.status === order.status;
  });
  work.add(...taxLines, orders.eventStatement(order.id, order.status, note, now));
}

/** A shipment of some units of some lines: refused inside the batch when the order cannot ship them any more. */
export function shipmentInto(
  work: UnitOfWork,
  orderId: string,
  shipment: { key: string; carrier: string; trackingNumber: string; staffId: number | null; now: number },
  lines: { lineNo: number; quantity: number }[],
  stillHolds?: StillHolds,
): void {
  work.guard(FULFILMENT_GUARD, fulfilmentRepository(work.db).shipmentStatements(orderId, shipment, lines), stillHolds);
}

/**
 * A refund recorded as PENDING before the provider is asked: refused inside the batch when the order
 * is not refundable, a line would be refunded more units than were ordered, or more money than was paid.
 */
export function refundRecordInto(
  work: UnitOfWork,
  orderId: string,
  refund: Parameters<ReturnType<typeof fulfilmentRepository>['refundStatements']>[1],
  lines: { lineNo: number; quantity: number }[],
  stillHolds?: StillHolds,
): void {
  work.guard(FULFILMENT_GUARD, fulfilmentRepository(work.db).refundStatements(orderId, refund, lines), stillHolds);
}

/** Ends a pending refund: DONE with what the provider gave back, or FAILED. */
export function settleRefundInto(
  work: UnitOfWork,
  refundKey: string,
  outcome: { status: 'DONE' | 'FAILED'; amountCent: number },
): void {
  work.add(fulfilmentRepository(work.db).settleRefundStatement(refundKey, outcome));
}

// What the flows decide with, beside the writers: placement's reads, the cron's expired holds, the
// emails an order sends and their context, a refund's figures, shipments by form key.
export {
  holdsTooManyUnpaid,
  newAccessKey,
  newOrderNumber,
  orderNumberTakenBy,
  orderPlacedWith,
} from './placement.ts';
export { queueOrderConfirmation } from './email.ts';
export { ordersToRemind, sendPayLinkAsked, sendPayNoticeOnce, type OrderNoticeKind } from './pay-notices.ts';
export { orderCancelledEmail, orderRefundedEmail, orderShippedEmail } from './fulfilment-email.ts';
export { orderEmailContext, shipmentProblem } from './fulfilment.ts';
export { refundByKey, refundFigures } from './refunds.ts';

/** Unpaid orders whose stock hold has run out (the cron cancels them). */
export function expiredHolds(db: D1Database, now: number) {
  return orderRepository(db).expiredHolds(now);
}

/** The shipment a form's key made, or null. */
export function shipmentByKey(db: D1Database, key: string) {
  return fulfilmentRepository(db).shipmentByKey(key);
}
