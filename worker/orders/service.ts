/**
 * Orders' door: an order after it is placed (paid, cancelled, let go), paying for it, where it
 * ships, its history and tracking. Other domains, pages, routes and the cron reach orders here.
 */

export type { OrderRow, NewAdjustment, NewOrderLine, NewTax } from './repository.ts';
import { orderRepository } from './repository.ts';
import { pointsEarned } from './lifecycle.ts';
export { cancelOrder, markOrderPaid, pointsEarned, releaseExpiredHolds } from './lifecycle.ts';
export {
  PAY_MSG,
  applyPaymentEvent,
  cancelAndRefund,
  ownedOrder,
  payOrder,
  refundOrder,
  settlePaidOrder,
  startPayment,
  type OrderOwner,
} from './payments.ts';
export {
  giveUpPayment,
  orderPaymentCheck,
  orderPaymentReference,
  orderStatusOf,
  orderPaidResult,
  paymentRoute,
  startHostedPayment,
} from './payment-status.ts';
export { MAX_HOLD_MINUTES, holdOrderStock } from './hold.ts';
export {
  ORDER_ACCESS_RULES,
  PING_RULES,
  accessibleOrder,
  cancelOrderFor,
  guestOrderToken,
  orderOwnerFor,
  orderPing,
  type OrderAccess,
} from './access.ts';
export {
  ADDRESS_CHANGE_MSG,
  changeAddressForShop,
  changeOrderAddress,
  expressShippingOptions,
  moveOrder,
} from './address.ts';
export {
  REMOVABLE_STATUSES,
  TRACK_RULES,
  claimGuestOrders,
  loadOrderHistory,
  memberOrder,
  memberOrderCheck,
  memberOrders,
  openedOrder,
  removeFromHistory,
  trackOrder,
  trackedOrder,
  trackingOf,
} from './history.ts';
export { ORDER_MSG } from '../../shared/orders.ts';
export { NEW_ORDER_NUMBER, type TrackedOrder } from './schemas.ts';
export { queueOrderConfirmation } from './email.ts';
export {
  UNPAID_LIMITS,
  giftLineStatements,
  holdsTooManyUnpaid,
  newAccessKey,
  newOrderNumber,
  newOrderStatements,
  orderNumberTakenBy,
  orderPlacedWith,
  orderView,
  pointsGuardStatements,
  runOrderBatch,
  takeStockStatement,
  unpaidGuardStatements,
  type NewOrder,
  type Placer,
} from './placement.ts';
export {
  FULFIL_MSG,
  cancelForShop,
  markDelivered,
  shipOrder,
  unitsLeftToShip,
  type FulfilResult,
  type ShipmentInput,
} from './fulfilment.ts';
export { REFUND_MSG, refundOrderByShop, type RefundInput } from './refunds.ts';
export { NOTE_MSG, addOrderNote, orderNotes, type OrderNote } from './notes.ts';
/** The back office's order search (issue 19); its order page reads orderView. */
export { type StaffOrderFilter, staffOrderSearch } from './staff-repository.ts';
/** The back office's customers and dashboard (issue 19): orders per member, a member's orders, the day's figures. */
export { staffAccountOrders, staffOrderCounts, staffOrderFigures } from './staff-repository.ts';
/** What of a shipped order can be returned, and the order's side of a return (issue 20). */
export {
  type ReturnableLine,
  isReturnableStatus,
  orderAccountOf,
  orderEventStatement,
  orderMailIdentity,
  orderStatusRefreshStatement,
  restockStatements,
  returnWindowDays,
  returnableLines,
  returningStatements,
} from './returnable.ts';
/** What a member paid for parts on orders paid since a moment, less refunds (member levels, issue 21). */
export { memberPartsSpend } from './staff-repository.ts';

/**
 * Points a member's placed, not yet paid orders will earn once paid, at their level's rate
 * (issue 21, read-only).
 */
export async function pendingPointsOf(db: D1Database, accountId: number, earnRate?: number): Promise<number> {
  const unpaid = await orderRepository(db).unpaidForAccount(accountId);
  return unpaid.reduce((sum, order) => sum + pointsEarned(order, earnRate), 0);
}
