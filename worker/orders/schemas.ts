import * as z from 'zod';
import { ORDER_MSG, type OrderView } from '../../shared/orders.ts';
import { ORDER_STATUSES } from '../../shared/order-status.ts';
import { emailField } from '../../shared/api/accounts.ts';

/** The orders' contracts: the order number, the history and tracking queries, an order as answered. */

/** The order messages (shared/orders.ts), beside the contracts that answer with them. */
export { ORDER_MSG };

/**
 * What the order calls accept as an order number: any number the shop ever issued, including
 * the short ones of orders placed before numbers became long and random (NEW_ORDER_NUMBER).
 */
export const ORDER_NUMBER = /^[A-Za-z0-9-]{1,40}$/;
/** The numbers issued now (newOrderNumber): market, day, four groups of four base-32 characters. */
export const NEW_ORDER_NUMBER = /^(US|CA)\d{6}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/;
/** A guest's order-access token as the calls take it (see access-token.ts). */
export const orderTokenField = z.string().max(200, 'is too long').optional();
export const orderIdField = z.string({ error: ORDER_MSG.orderNumber }).regex(ORDER_NUMBER, ORDER_MSG.orderNumber);
/** An order number as a shopper types it: spaces and case do not matter. */
const typedOrderNumber = z
  .string({ error: ORDER_MSG.orderNumber })
  .trim()
  .toUpperCase()
  .regex(ORDER_NUMBER, ORDER_MSG.orderNumber);

const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);
const PAGE = 'must be a whole number from 1';
const SIZE = 'must be a whole number from 1 to 50';
export const listQuery = z.object({
  status: z.preprocess(
    blankIsAbsent,
    z.enum(ORDER_STATUSES, { error: `must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  ),
  time: z.preprocess(
    blankIsAbsent,
    z.enum(['1', '6'], { error: 'must be 1 (last 30 days) or 6 (last 6 months)' }).optional(),
  ),
  page: z.coerce.number({ error: PAGE }).int(PAGE).min(1, PAGE).max(100_000, PAGE).default(1),
  size: z.coerce.number({ error: SIZE }).int(SIZE).min(1, SIZE).max(50, SIZE).default(10),
});
/** The public tracking query; the /order/track and /printInvoice pages read theirs with it too. */
export const trackQuery = z.object({ orderNo: typedOrderNumber, email: emailField });

const lineSchema = z.object({
  lineNo: z.number().int(),
  skuId: z.number().int(),
  itemId: z.number().int(),
  title: z.string(),
  partNumber: z.string(),
  imageUrl: z.string().nullable(),
  urlHandle: z.string().nullable(),
  itemType: z.string(),
  bundleId: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
});
const eventSchema = z.object({ status: z.string(), note: z.string().nullable(), createdAt: z.number().int() });
export const summaryFields = {
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  email: z.string(),
  market: z.enum(['us', 'ca']),
  currency: z.enum(['USD', 'CAD']),
  createdAt: z.number().int(),
  paidAt: z.number().int().nullable(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  shipping: z.number().int(),
  shippingDiscount: z.number().int(),
  shippingName: z.string(),
  tax: z.number().int(),
  pointsUsed: z.number().int(),
  points: z.number().int(),
  total: z.number().int(),
  pointsEarned: z.number().int(),
  paymentMethod: z.string().nullable(),
  cancellable: z.boolean(),
  holdExpiresAt: z.number().int().nullable(),
  address: z.object({
    market: z.enum(['us', 'ca']),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string().nullable(),
    city: z.string(),
    regionCode: z.string(),
    postalCode: z.string(),
  }),
};
const unitsSchema = z.array(z.object({ lineNo: z.number().int(), quantity: z.number().int() }));
/** A shipment: carrier, tracking number and the carrier's tracking page, which units it sent. */
const shipmentSchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  carrierName: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  shippedAt: z.number().int(),
  deliveredAt: z.number().int().nullable(),
  lines: unitsSchema,
});
const refundSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  shipping: z.number().int(),
  pointsTaken: z.number().int(),
  reason: z.string(),
  status: z.enum(['PENDING', 'DONE', 'FAILED']),
  createdAt: z.number().int(),
  lines: unitsSchema,
});
export const orderViewSchema = z.object({
  ...summaryFields,
  lines: z.array(lineSchema),
  adjustments: z.array(
    z.object({
      promotionId: z.number().int().nullable(),
      source: z.string().nullable(),
      kind: z.string(),
      name: z.string(),
      reason: z.string(),
      amount: z.number().int(),
    }),
  ),
  taxes: z.array(z.object({ name: z.string(), rateLabel: z.string(), amount: z.number().int() })),
  events: z.array(eventSchema),
  shipments: z.array(shipmentSchema),
  refunds: z.array(refundSchema),
});
export const trackedSchema = z.object({
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  createdAt: z.number().int(),
  shippingName: z.string(),
  lines: z.array(
    lineSchema.pick({ lineNo: true, title: true, partNumber: true, imageUrl: true, urlHandle: true, quantity: true }),
  ),
  events: z.array(eventSchema),
  /** What has shipped, with the carrier's tracking link (which lines, by their place in `lines`). */
  shipments: z.array(shipmentSchema),
  /** Awaiting payment: when the hold on its parts ends. */
  holdExpiresAt: z.number().int().nullable(),
});
export type TrackedOrder = z.infer<typeof trackedSchema>;

/** One order in the member's history: its own fields and a glimpse of its lines. */
export interface OrderHistoryEntry
  extends Omit<OrderView, 'lines' | 'adjustments' | 'taxes' | 'events' | 'shipments' | 'refunds'> {
  lines: { title: string; imageUrl: string | null; quantity: number }[];
}

/** A page of the member's order history, with the filters it was read with. */
export interface OrderHistoryData {
  total: number;
  list: OrderHistoryEntry[];
  status: OrderView['status'] | null;
  time: '1' | '6' | null;
  page: number;
  size: number;
}
