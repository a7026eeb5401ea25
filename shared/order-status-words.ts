import * as m from './i18n/generated/messages.js';
import type { OrderStatus } from './order-status.ts';

/** A status as the page's language says it: in English the spec's words (ORDER_STATUS_LABEL), in French its own. */
const NAMES: Readonly<Record<OrderStatus, () => string>> = {
  PROCESSING: m.order_status_processing,
  SHIPPED: m.order_status_shipped,
  PARTIAL_SHIPMENT: m.order_status_partial_shipment,
  CANCELLED: m.order_status_cancelled,
  PARTIAL_REFUND: m.order_status_partial_refund,
  REFUND: m.order_status_refund,
  RETURNING: m.order_status_returning,
  PAYMENT_PENDING: m.order_status_payment_pending,
  PENDING: m.order_status_pending,
};

export function orderStatusName(status: OrderStatus): string {
  return NAMES[status]();
}

/** The order history's time filters (ORDER_TIME_FILTERS' values) in the page's language. */
export function orderTimeFilterName(months: number | null): string {
  if (months === 1) return m.order_history_last_30_days();
  if (months === 6) return m.order_history_last_6_months();
  return m.order_history_all_orders();
}
