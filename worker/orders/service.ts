/**
 * Orders' door: an order after it is placed (paid, cancelled, let go), paying for it, where it
 * ships, its history and tracking. Other domains, pages, routes and the cron reach orders here.
 */

export type { OrderRow, NewAdjustment, NewOrderLine, NewTax } from './repository.ts';
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
  holdOrderStock,
  orderPaymentCheck,
  orderPaymentReference,
  orderStatusOf,
  orderPaidResult,
  paymentRoute,
  startHostedPayment,
} from './payment-status.ts';
export { ADDRESS_CHANGE_MSG, changeOrderAddress, expressShippingOptions, moveOrder } from './address.ts';
export {
  REMOVABLE_STATUSES,
  TRACK_RULES,
  loadOrderHistory,
  memberOrder,
  memberOrderCheck,
  memberOrders,
  removeFromHistory,
  trackOrder,
  trackedOrder,
  trackingOf,
} from './history.ts';
export { ORDER_MSG, type TrackedOrder } from './schemas.ts';
export { queueOrderConfirmation } from './email.ts';
export {
  giftLineStatements,
  newOrderStatements,
  orderPlacedWith,
  orderView,
  pointsGuardStatements,
  runOrderBatch,
  takeStockStatement,
} from './placement.ts';
