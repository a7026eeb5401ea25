import { statusMachine } from './status-machine.ts';

/**
 * An order's statuses (§3 Order list statuses) and every move between them: the one place a set of
 * order statuses is written. Named sets below are derived from the events; the SQL `IN` lists are
 * built from them (sqlStatusList), and the database refuses a change of status no event allows.
 */

export const ORDER_STATUSES = [
  'PROCESSING',
  'SHIPPED',
  'PARTIAL_SHIPMENT',
  'CANCELLED',
  'PARTIAL_REFUND',
  'REFUND',
  'RETURNING',
  'PAYMENT_PENDING',
  'PENDING',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How a status reads to a shopper: REFUND is shown as Refunded (§3). */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  PROCESSING: 'Processing',
  SHIPPED: 'Shipped',
  PARTIAL_SHIPMENT: 'Partially shipped',
  CANCELLED: 'Cancelled',
  PARTIAL_REFUND: 'Partially refunded',
  REFUND: 'Refunded',
  RETURNING: 'Returning',
  PAYMENT_PENDING: 'Awaiting payment',
  PENDING: 'Pending',
};

const AWAITING_PAYMENT = ['PAYMENT_PENDING', 'PENDING'] as const;
/** Paid, with something left to send (RETURNING: a return of units already sent is open, the rest may ship). */
const SHIPPABLE = ['PROCESSING', 'PARTIAL_SHIPMENT', 'PARTIAL_REFUND', 'RETURNING'] as const;
/** Paid and not all given back (RETURNING: a return is settled with a refund). */
const REFUNDABLE = ['PROCESSING', 'PARTIAL_SHIPMENT', 'SHIPPED', 'PARTIAL_REFUND', 'RETURNING'] as const;
/** Shipped in part or in full, or already returning (another return of the same order is open). */
const RETURNABLE = ['SHIPPED', 'PARTIAL_SHIPMENT', 'PARTIAL_REFUND', 'RETURNING'] as const;
/** Where a paid order's status is set from what shipped, what was refunded and its open returns. */
const FULFILLED = ['PROCESSING', 'PARTIAL_SHIPMENT', 'SHIPPED', 'PARTIAL_REFUND', 'REFUND', 'RETURNING'] as const;

/**
 * The events. A status set from facts (shipped units, refunded money, open returns) is written as
 * the statuses that fact can lead to ('unchanged': the event changes something else of the order).
 */
export const ORDER_EVENTS = {
  /** Placed: awaiting payment, or paid in full with points. */
  place: { from: [null], to: ['PAYMENT_PENDING', 'PROCESSING'], by: ['shopper'] },
  /** The provider reports the payment captured (or authorized). */
  pay: { from: AWAITING_PAYMENT, to: ['PROCESSING'], by: ['provider'] },
  /** Cancelled before it shipped: stock, points and promotion uses go back, a payment is refunded. */
  cancel: {
    from: ['PAYMENT_PENDING', 'PENDING', 'PROCESSING'],
    to: ['CANCELLED'],
    by: ['shopper', { staff: 'orders.cancel' }],
  },
  /** Not paid before its stock hold ended: the parts go back on the shelf. */
  expire: { from: ['PAYMENT_PENDING'], to: ['CANCELLED'], by: ['system'] },
  /** The shopper keeps the parts held a while longer (once). */
  extendHold: { from: ['PAYMENT_PENDING'], to: 'unchanged', by: ['shopper'] },
  /** Shipped to another address (re-taxed while unpaid). */
  changeAddress: {
    from: ['PAYMENT_PENDING', 'PENDING', 'PROCESSING'],
    to: 'unchanged',
    by: ['shopper', { staff: 'orders.editAddress' }],
  },
  /** Units sent with a carrier. */
  ship: {
    from: SHIPPABLE,
    to: ['PARTIAL_SHIPMENT', 'SHIPPED', 'PARTIAL_REFUND', 'RETURNING'],
    by: [{ staff: 'orders.ship' }],
  },
  /** A shipment arrived. */
  deliver: { from: RETURNABLE, to: 'unchanged', by: [{ staff: 'orders.ship' }] },
  /** Money given back by the shop (a return's refund too); recorded before the provider is asked. */
  refund: {
    from: REFUNDABLE,
    to: ['PARTIAL_REFUND', 'REFUND', 'RETURNING'],
    by: [{ staff: 'orders.refund' }, { staff: 'returns.decide' }],
  },
  /** The provider refused a refund: it counts for nothing and the order is what it was. */
  refundRefused: {
    from: ['PARTIAL_REFUND', 'REFUND', 'RETURNING'],
    to: ['PROCESSING', 'PARTIAL_SHIPMENT', 'SHIPPED', 'PARTIAL_REFUND', 'RETURNING'],
    by: ['system'],
  },
  /** The shopper asks to return shipped units. */
  requestReturn: { from: RETURNABLE, to: ['RETURNING'], by: ['shopper'] },
  /** A return is decided on, received or refunded: its order leaves RETURNING when no return stays open. */
  settleReturn: {
    from: ['RETURNING'],
    to: ['RETURNING', 'PARTIAL_SHIPMENT', 'SHIPPED', 'PARTIAL_REFUND', 'REFUND'],
    by: [{ staff: 'returns.decide' }, { staff: 'returns.receive' }],
  },
  /** Taken off the shopper's order history (the order stays, hidden). */
  hide: { from: ['CANCELLED', 'REFUND'], to: 'unchanged', by: ['shopper'] },
} as const;
export type OrderEvent = keyof typeof ORDER_EVENTS;

export const orderStatus = statusMachine<OrderStatus, OrderEvent>('order', ORDER_STATUSES, ORDER_EVENTS);

/** Awaiting payment: the order can still be paid (its stock is held while PAYMENT_PENDING). */
export const PAYABLE_STATUSES = orderStatus.from('pay');
/** Holding stock for a payment: counted against the limits on unpaid orders, let go when the hold ends. */
export const HOLDING_STATUSES = orderStatus.from('expire');
/** A shopper may cancel an order while it has not shipped. */
export const CANCELLABLE_STATUSES = orderStatus.from('cancel');
/** Where an order may still be sent to another address. */
export const ADDRESS_CHANGEABLE_STATUSES = orderStatus.from('changeAddress');
export const SHIPPABLE_STATUSES = orderStatus.from('ship');
export const REFUNDABLE_STATUSES = orderStatus.from('refund');
export const RETURNABLE_ORDER_STATUSES = orderStatus.from('requestReturn');
export const REMOVABLE_STATUSES = orderStatus.from('hide');
/** The statuses its shipments, refunds and returns set (the status refresh's own `from`). */
export const FULFILLED_STATUSES: readonly OrderStatus[] = FULFILLED;
/** Paid and waiting for the shop to send something (the back office's "waiting to ship"). */
export const WAITING_TO_SHIP: readonly OrderStatus[] = ['PROCESSING', 'PARTIAL_SHIPMENT'];
/** All the money went back: a paid order here no longer counts as spent (member levels). */
export const MONEY_BACK_STATUSES: readonly OrderStatus[] = ['CANCELLED', 'REFUND'];
/** Some or all of a paid order's money went back (the back office's "refunded" filter, with refund rows). */
export const REFUNDED_STATUSES: readonly OrderStatus[] = ['REFUND', 'PARTIAL_REFUND', 'CANCELLED'];

export const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
