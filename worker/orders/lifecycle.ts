import { EARN_POINTS_PER_DOLLAR, ORDER_MSG } from '../../shared/orders.ts';
import {
  CANCELLABLE_STATUSES,
  HOLDING_STATUSES,
  PAYABLE_STATUSES,
  type OrderStatus,
} from '../../shared/order-status.ts';
import { ApiError } from '../platform/api-error.ts';
import { orderRepository, type OrderRow } from './repository.ts';
import { levelBenefitsFor, pointsCreditStatement } from '../members/service.ts';
import { promotionReleaseStatements } from '../promotions/service.ts';
import { catalogChanged } from '../platform/recent-reads.ts';
import { removeLineStatement } from '../cart/service.ts';

/**
 * An order after it is placed (issue 8): paid, cancelled, or let go when its stock hold runs
 * out. Each change is one batch whose first statement moves the status only from the states
 * it may leave, followed by a guard that aborts the batch when it did not move; so a payment
 * and an expiry racing for one order never both happen, and stock or points are never given
 * back twice.
 */

/**
 * Points earned by a paid order: the member level's earn rate per whole dollar paid for parts (not
 * shipping or tax); the flat rate when no level is known.
 */
export function pointsEarned(
  order: Pick<OrderRow, 'subtotalCent' | 'discountCent' | 'pointsCent' | 'accountId'>,
  earnRate: number = EARN_POINTS_PER_DOLLAR,
): number {
  if (order.accountId === null) return 0;
  const dollars = Math.floor(Math.max(0, order.subtotalCent - order.discountCent - order.pointsCent) / 100);
  return Math.floor(dollars * Math.max(0, earnRate));
}

/**
 * Marks an unpaid order paid: it moves to PROCESSING and the member earns points at the rate of
 * the level they hold before it (the order keeps them, so a refund takes back exactly those).
 * False when it was not awaiting payment.
 */
export async function markOrderPaid(
  db: D1Database,
  orderId: string,
  now: number,
  note = 'Payment received',
): Promise<boolean> {
  const orders = orderRepository(db);
  const order = await orders.byId(orderId);
  if (!order || !PAYABLE_STATUSES.includes(order.status)) return false;
  const level = await levelBenefitsFor(db, order.accountId, now);
  const earned = pointsEarned(order, level?.benefits.earnRate);
  // The parts were kept in the cart while the order waited for its payment: paid, they leave it.
  const bought = order.cartUuid
    ? (await orders.lines(orderId)).map((line) =>
        removeLineStatement(db, order.cartUuid!, {
          skuId: line.skuId,
          itemType: line.itemType,
          bundleId: line.bundleId ?? '',
        }),
      )
    : [];
  try {
    await orders.run([
      orders.setStatusStatement(orderId, PAYABLE_STATUSES, 'PROCESSING', now, { paidAt: now }),
      ...orders.movedGuardStatements(),
      orders.paidStatement(orderId, earned),
      ...bought,
      ...(earned > 0 ? [pointsCreditStatement(db, order.accountId!, earned, 'EARNED_ORDER', orderId, now)] : []),
      orders.eventStatement(orderId, 'PROCESSING', note, now),
    ]);
    return true;
  } catch (error) {
    if (await movedElsewhere(db, orderId, PAYABLE_STATUSES)) return false;
    throw error;
  }
}

/**
 * After a failed status batch: whether the order had already left the statuses it was to move
 * from, i.e. the guard did its job because another request moved it first. Read, never parsed
 * from the database's error message.
 */
async function movedElsewhere(db: D1Database, orderId: string, from: readonly OrderStatus[]): Promise<boolean> {
  const now = await orderRepository(db).byId(orderId);
  return now === null || !from.includes(now.status);
}

/** The statements that give back what an order took: stock, points spent and earned, promotion uses. */
async function undoStatements(db: D1Database, order: OrderRow, now: number): Promise<D1PreparedStatement[]> {
  const orders = orderRepository(db);
  const lines = await orders.lines(order.id);
  const bySku = new Map<number, number>();
  for (const line of lines) bySku.set(line.skuId, (bySku.get(line.skuId) ?? 0) + line.quantity);
  return [
    ...[...bySku].map(([skuId, quantity]) => orders.giveBackStockStatement(skuId, quantity)),
    ...(order.accountId !== null && order.pointsUsed > 0
      ? [pointsCreditStatement(db, order.accountId, order.pointsUsed, 'REFUND', order.id, now)]
      : []),
    ...(order.accountId !== null && order.pointsEarned > 0
      ? [pointsCreditStatement(db, order.accountId, -order.pointsEarned, 'REFUND', order.id, now)]
      : []),
    ...promotionReleaseStatements(db, order.id),
  ];
}

async function moveToCancelled(
  db: D1Database,
  order: OrderRow,
  from: readonly OrderStatus[],
  note: string,
  now: number,
  also: D1PreparedStatement[] = [],
): Promise<boolean> {
  const orders = orderRepository(db);
  try {
    await orders.run([
      orders.setStatusStatement(order.id, from, 'CANCELLED', now, { cancelledAt: now }),
      ...orders.movedGuardStatements(),
      ...(await undoStatements(db, order, now)),
      orders.eventStatement(order.id, 'CANCELLED', note, now),
      ...also,
    ]);
    catalogChanged(); // stock went back on the shelf
    return true;
  } catch (error) {
    if (await movedElsewhere(db, order.id, from)) return false;
    throw error;
  }
}

/**
 * Cancels an order for its owner while it is still processing: stock, points and coupons go
 * back. Answers whether the order had been paid, so the caller refunds the payment.
 */
export async function cancelOrder(
  db: D1Database,
  orderId: string,
  owner: { accountId: number | null; email: string | null },
  now: number,
): Promise<{ wasPaid: boolean; order: OrderRow }> {
  const order = await orderRepository(db).byId(orderId);
  const mine =
    order &&
    (owner.accountId !== null
      ? order.accountId === owner.accountId
      : owner.email !== null && order.email.toLowerCase() === owner.email.toLowerCase());
  if (!order || !mine) throw ApiError.notFound(ORDER_MSG.notFound);
  if (order.status === 'CANCELLED') return { wasPaid: order.paidAt !== null, order };
  if (!CANCELLABLE_STATUSES.includes(order.status)) throw ApiError.badRequest(ORDER_MSG.notCancellable);
  if (!(await moveToCancelled(db, order, CANCELLABLE_STATUSES, 'Cancelled by the shopper', now)))
    throw ApiError.badRequest(ORDER_MSG.notCancellable);
  return { wasPaid: order.paidAt !== null, order };
}

/**
 * Cancels an order that has not shipped, for the shop (the back office): stock, points and coupons
 * go back, with the staff member's audit entry in the same batch. False when it had moved on.
 */
export function cancelledByShop(
  db: D1Database,
  order: OrderRow,
  audit: D1PreparedStatement,
  now: number,
): Promise<boolean> {
  return moveToCancelled(db, order, CANCELLABLE_STATUSES, 'Cancelled by the shop', now, [audit]);
}

/**
 * The cron's work: unpaid orders whose stock hold ran out are cancelled and their stock goes
 * back. Answers how many.
 */
export async function releaseExpiredHolds(db: D1Database, now: number): Promise<number> {
  let released = 0;
  for (const order of await orderRepository(db).expiredHolds(now)) {
    if (await moveToCancelled(db, order, HOLDING_STATUSES, 'Not paid in time: the parts went back on the shelf', now))
      released++;
  }
  return released;
}
