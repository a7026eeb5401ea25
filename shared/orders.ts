import type { Prop65Listing } from './regulated-parts.ts';
import type { FitStatus } from './fitment.ts';
import type { AddressFields } from './address.ts';
import type { Currency, MarketId } from './markets.ts';
import type { OrderStatus } from './order-status.ts';

/** Order words (§3 Order list statuses and filter times), written once. */

/** Order filter times (§3): all, last 30 days (1), last 6 months (6). */
export const ORDER_TIME_FILTERS = [
  { label: 'All orders', value: null },
  { label: 'Last 30 days', value: 1 },
  { label: 'Last 6 months', value: 6 },
] as const;

/** The back office's payment states of an order (its list's filter). */
export const ORDER_PAYMENT_STATES = [
  { value: 'unpaid', label: 'Awaiting payment' },
  { value: 'paid', label: 'Paid' },
  { value: 'refunded', label: 'Refunded (all or part)' },
] as const;
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number]['value'];

/** Points a member earns per whole dollar paid for parts (redeemed at 100 points to the dollar). */
export const EARN_POINTS_PER_DOLLAR = 1;

/**
 * Points earned by a paid order: the member level's earn rate per whole dollar paid for parts (not
 * shipping or tax); the flat rate when no level is known; none for a guest's order.
 */
export function pointsEarned(
  order: { subtotalCent: number; discountCent: number; pointsCent: number; accountId: number | null },
  earnRate: number = EARN_POINTS_PER_DOLLAR,
): number {
  if (order.accountId === null) return 0;
  const dollars = Math.floor(Math.max(0, order.subtotalCent - order.discountCent - order.pointsCent) / 100);
  return Math.floor(dollars * Math.max(0, earnRate));
}

/** How long stock is held for an order that is not paid yet. */
export const STOCK_HOLD_MINUTES = 30;

/** The ship-to address an order keeps: the account book's fields (§3 Country config labels). */
export type OrderAddress = AddressFields;

/** An order as the shopper's pages and calls show it. */
export interface OrderView {
  orderId: string;
  status: OrderStatus;
  statusLabel: string;
  email: string;
  market: MarketId;
  currency: Currency;
  createdAt: number;
  paidAt: number | null;
  subtotal: number;
  discount: number;
  shipping: number;
  shippingDiscount: number;
  shippingName: string;
  tax: number;
  pointsUsed: number;
  points: number;
  total: number;
  pointsEarned: number;
  paymentMethod: string | null;
  address: OrderAddress;
  lines: {
    lineNo: number;
    skuId: number;
    itemId: number;
    title: string;
    partNumber: string;
    imageUrl: string | null;
    urlHandle: string | null;
    itemType: string;
    bundleId: string | null;
    quantity: number;
    unitPrice: number;
    discount: number;
    total: number;
    /** The fit it was sold with for `vehicle` (§4 Fit status); null where fitment did not apply. */
    fit: FitStatus | null;
    /** The Prop 65 warning it was sold with (shipped to California); absent or null otherwise. */
    prop65?: Prop65Listing | null;
    /** A core deposit's line (itemType CORE): the number of the part's line whose core it is. */
    coreOf?: number | null;
  }[];
  /** The refundable core charges among the lines (issue 40): part of the total, not of the subtotal. */
  coreCharges?: number;
  /** The vehicle the shopper had chosen when placing the order, or null. */
  vehicle: { id: number; name: string } | null;
  adjustments: {
    promotionId: number | null;
    source: string | null;
    kind: string;
    name: string;
    reason: string;
    amount: number;
  }[];
  taxes: { name: string; rateLabel: string; amount: number }[];
  events: { status: string; note: string | null; createdAt: number }[];
  /** What has been sent, oldest first: carrier, tracking number and its link, which units. */
  shipments: OrderShipment[];
  /** What the shop has given back, oldest first (a refund the provider refused is FAILED). */
  refunds: OrderRefund[];
  cancellable: boolean;
  /** Awaiting payment: when the hold on its parts ends (it can be paid until then); null otherwise. */
  holdExpiresAt: number | null;
}

export interface OrderShipment {
  id: number;
  carrier: string;
  carrierName: string;
  trackingNumber: string;
  trackingUrl: string | null;
  shippedAt: number;
  deliveredAt: number | null;
  lines: { lineNo: number; quantity: number }[];
}

export interface OrderRefund {
  id: number;
  amount: number;
  shipping: number;
  pointsTaken: number;
  reason: string;
  status: 'PENDING' | 'DONE' | 'FAILED';
  createdAt: number;
  lines: { lineNo: number; quantity: number }[];
}

/** What the order calls and pages tell a shopper when an order cannot be found, shown, cancelled or removed. */
export const ORDER_MSG = {
  notFound: 'This order could not be found.',
  trackNotFound: 'We could not find an order with that number and email.',
  notRemovable: 'Only cancelled or refunded orders can be removed from your order history.',
  orderNumber: 'must be an order number',
  notCancellable:
    'This order can no longer be cancelled: it has already shipped. You can return parts once they arrive.',
} as const;
