import type { Prop65Listing } from '../../shared/regulated-parts.ts';
import type { FitStatus } from '../../shared/fitment.ts';
import type { Currency, MarketId } from '../../shared/markets.ts';
import type { OrderStatus } from '../../shared/order-status.ts';
import type { OrderPaymentState } from '../../shared/orders.ts';

/**
 * The orders domain's records: the shapes its repositories read and write, named by the domain
 * (its doors and flows speak of these, never of a repository's row).
 */

/** Who placed an order, for the unpaid-order limits. */
export interface Placer {
  ip: string | null;
  visitorKey: string | null;
  email: string;
}

/**
 * A new order's row: its fields, the key its guest tokens are signed with, and who placed it
 * (checkout always gives all three; an order without a key opens to no token).
 */
export type NewOrder = Omit<OrderRecord, 'paidAt' | 'cancelledAt' | 'pointsEarned' | 'updatedAt'> & {
  accessKey?: string | null;
  placedIp?: string | null;
  visitorKey?: string | null;
};

export interface OrderRecord {
  id: string;
  idempotencyKey: string;
  accountId: number | null;
  email: string;
  market: MarketId;
  currency: Currency;
  status: OrderStatus;
  subtotalCent: number;
  discountCent: number;
  shippingCent: number;
  shippingDiscountCent: number;
  taxCent: number;
  pointsUsed: number;
  pointsCent: number;
  totalCent: number;
  shippingName: string;
  address: string;
  paymentMethod: string | null;
  cartUuid: string | null;
  holdExpiresAt: number | null;
  paidAt: number | null;
  cancelledAt: number | null;
  pointsEarned: number;
  createdAt: number;
  updatedAt: number;
  /** The vehicle the shopper had chosen when placing it (its deepest node id and name), or null. */
  vehicleId?: number | null;
  vehicleName?: string | null;
  /** The visitor key it was placed with (the tracking ids of its checkout are the visitor's), or null. */
  visitorKey?: string | null;
  /** The language it was placed in: its emails speak it (issue 37). */
  locale?: 'en' | 'fr';
}
export interface NewOrderLine {
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
  unitCent: number;
  discountCent: number;
  totalCent: number;
  /** The fit the line was sold with for the order's vehicle (§4 Fit status); null where it did not apply. */
  fit?: FitStatus | null;
  /** The Prop 65 warning the line was sold with (shipped to California); null otherwise. */
  prop65?: Prop65Listing | null;
  /** A core deposit's line (itemType CORE): the number of the part's line whose core it is. */
  coreOf?: number | null;
}
export interface NewAdjustment {
  promotionId: number | null;
  source: string | null;
  kind: string;
  name: string;
  reason: string;
  amountCent: number;
}
export interface NewTax {
  name: string;
  rateLabel: string;
  amountCent: number;
}

/** What the back office's order list filters on (issue 19); null means any. */
export interface StaffOrderFilter {
  /** An order number, an email, part of a ship-to name, or a part number. */
  text: string | null;
  status: OrderStatus | null;
  market: MarketId | null;
  /** Paid or not, or with money given back (a refund by the shop or a refunded cancellation). */
  payment: OrderPaymentState | null;
  /** Placed at or after / before, in milliseconds. */
  from: number | null;
  to: number | null;
  page: number;
  size: number;
}
