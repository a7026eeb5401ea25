import { orderRepository } from './repository.ts';
import type { NewOrderLine, OrderRecord } from './records.ts';

/**
 * Orders' door: an order after it is placed, as shoppers' pages, other domains and the flows read it:
 * who may open it, its view and lines, its history and tracking, what of it can be returned. The back
 * office's side is staff.ts; what the flows write with is writers.ts.
 */

export type { OrderRecord } from './records.ts';
export type { OrderOwner } from './owner.ts';
export type { OrderAccess } from './access.ts';
export { ownedOrder, resultPath } from './owner.ts';
export { accessibleOrder, guestOrderToken, orderOwnerFor } from './access.ts';
export { claimGuestOrders, loadOrderHistory, memberOrder, openedOrder, trackedOrder, trackingOf } from './history.ts';
export { ADDRESS_CHANGE_MSG } from './address.ts';
export {
  orderAccountOf,
  orderMailIdentity,
  returnableLines,
  returnWindowDays,
  type ReturnableLine,
} from './returnable.ts';
export { memberPartsSpend } from './staff-repository.ts';

/** An order's record, or null. */
export function orderRecord(db: D1Database, orderId: string): Promise<OrderRecord | null> {
  return orderRepository(db).byId(orderId);
}

/** An order with everything its pages show, or null. */
export function orderView(db: D1Database, orderId: string) {
  return orderRepository(db).view(orderId);
}

/** An order's lines, in line order. */
export function orderLinesOf(db: D1Database, orderId: string): Promise<NewOrderLine[]> {
  return orderRepository(db).lines(orderId);
}

/** A member's placed orders still waiting for their payment (their pending points, issue 21). */
export function unpaidOrdersOf(db: D1Database, accountId: number): Promise<OrderRecord[]> {
  return orderRepository(db).unpaidForAccount(accountId);
}
