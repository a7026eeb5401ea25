import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { ok } from '../../shared/envelope.ts';
import { CANCELLABLE_STATUSES, ORDER_STATUSES, type OrderStatus, type OrderView } from '../../shared/orders.ts';
import { ApiError } from '../platform/api-error.ts';
import { orderRepository } from './repository.ts';
import type { AppEnv } from '../env.ts';
import { requireMember } from '../middleware/auth.ts';
import { enforce, type Rule } from '../platform/rate-limit.ts';
import { clientIp, emailField } from '../accounts/route-support.ts';
import { endpoint, readBody, readQuery } from '../platform/contract.ts';

/** What the order calls and pages tell a shopper when an order cannot be shown or removed. */
export const ORDER_MSG = {
  notFound: 'This order could not be found.',
  trackNotFound: 'We could not find an order with that number and email.',
  notRemovable: 'Only cancelled or refunded orders can be removed from your order history.',
  orderNumber: 'must be an order number',
} as const;

/** Orders a member may take out of their history: nothing more will happen to them. */
export const REMOVABLE_STATUSES: readonly OrderStatus[] = ['CANCELLED', 'REFUND'];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** An order number and an email are a guessable pair, so looking one up is limited like sign-in attempts. */
export const TRACK_RULES = {
  perIp: { limit: 20, windowMs: 10 * MINUTE },
  perOrder: { limit: 8, windowMs: 10 * MINUTE },
} satisfies Record<string, Rule>;

export const ORDER_NUMBER = /^[A-Za-z0-9-]{1,40}$/;
const orderIdField = z.string({ error: ORDER_MSG.orderNumber }).regex(ORDER_NUMBER, ORDER_MSG.orderNumber);
/** An order number as a shopper types it: spaces and case do not matter. */
const typedOrderNumber = z
  .string({ error: ORDER_MSG.orderNumber })
  .trim()
  .toUpperCase()
  .regex(ORDER_NUMBER, ORDER_MSG.orderNumber);

const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);
const PAGE = 'must be a whole number from 1';
const SIZE = 'must be a whole number from 1 to 50';
const listQuery = z.object({
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
const summaryFields = {
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
const orderViewSchema = z.object({
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
});
const trackedSchema = z.object({
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  createdAt: z.number().int(),
  shippingName: z.string(),
  lines: z.array(lineSchema.pick({ title: true, partNumber: true, imageUrl: true, urlHandle: true, quantity: true })),
  events: z.array(eventSchema),
});
export type TrackedOrder = z.infer<typeof trackedSchema>;

const list = endpoint({
  method: 'get',
  path: '/order/signed/order/list',
  tag: 'orders',
  auth: true,
  summary:
    "The member's orders, newest first, by §3 status and filter time (1: last 30 days, 6: last 6 months; absent: all), a page at a time",
  query: listQuery,
  response: z.object({
    total: z.number().int(),
    list: z.array(
      z.object({
        ...summaryFields,
        lines: z.array(z.object({ title: z.string(), imageUrl: z.string().nullable(), quantity: z.number().int() })),
      }),
    ),
  }),
});
const detail = endpoint({
  method: 'get',
  path: '/order/signed/order/detail/:orderId',
  tag: 'orders',
  auth: true,
  summary:
    "One of the member's orders with its lines, discounts, tax lines and history; another member's order is not found",
  response: orderViewSchema,
});
const check = endpoint({
  method: 'post',
  path: '/order/signed/order/detail/check',
  tag: 'orders',
  auth: true,
  summary: 'Whether the member may open an order, and whether it can still be cancelled',
  body: z.object({ orderId: orderIdField }),
  response: z.object({ orderId: z.string(), exists: z.boolean(), cancellable: z.boolean() }),
});
const remove = endpoint({
  method: 'delete',
  path: '/order/signed/order/:orderId',
  tag: 'orders',
  auth: true,
  summary: "Remove a cancelled or refunded order from the member's order history (the order itself is kept)",
  response: z.null(),
});
const track = endpoint({
  method: 'get',
  path: '/order/public/track/order/info',
  tag: 'orders',
  summary:
    'Track an order with its number and the email it was placed with: status, history, parts and shipping method (never the address); rate limited',
  query: trackQuery,
  response: trackedSchema,
});

/** The start of a §3 filter time: last 30 days (1) or last 6 months (6); null for all orders. */
export function sinceFor(time: '1' | '6' | null | undefined, now: number): number | null {
  if (time === '1') return now - 30 * DAY;
  if (time !== '6') return null;
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - 6);
  return since.getTime();
}

/** A member's own order; someone else's reads exactly like one that does not exist. */
export async function memberOrder(db: D1Database, accountId: number, orderId: string): Promise<OrderView | null> {
  if (!ORDER_NUMBER.test(orderId)) return null;
  const orders = orderRepository(db);
  const [row, view] = await Promise.all([orders.byId(orderId), orders.view(orderId)]);
  return row?.accountId === accountId ? view : null;
}

/**
 * An order found by its number and the email it was placed with. Counts the attempt first
 * (per IP and per order number), so neither pair can be guessed at speed; over the limit is a 429.
 */
export async function trackedOrder(c: Context<AppEnv>, orderNo: string, email: string): Promise<OrderView | null> {
  await enforce(c.env.RATE_LIMITER, [
    { key: `track:ip:${clientIp(c)}`, rule: TRACK_RULES.perIp },
    { key: `track:order:${orderNo}`, rule: TRACK_RULES.perOrder },
  ]);
  const view = await orderRepository(c.env.DB).view(orderNo);
  return view && view.email.toLowerCase() === email.toLowerCase() ? view : null;
}

/** What public tracking shows: where the order is, not who it goes to or what it cost. */
export function trackingOf(order: OrderView): TrackedOrder {
  return {
    orderId: order.orderId,
    status: order.status,
    statusLabel: order.statusLabel,
    createdAt: order.createdAt,
    shippingName: order.shippingName,
    lines: order.lines.map(({ title, partNumber, imageUrl, urlHandle, quantity }) => ({
      title,
      partNumber,
      imageUrl,
      urlHandle,
      quantity,
    })),
    events: order.events,
  };
}

function pathOrderId(c: Context<AppEnv>): string {
  const parsed = orderIdField.safeParse(c.req.param('orderId'));
  if (!parsed.success) throw ApiError.badRequest(`orderId ${ORDER_MSG.orderNumber}`);
  return parsed.data;
}

/** The member's orders (§7 Orders): history, detail, the open check and removal; and public tracking. */
export const ordersApi = new Hono<AppEnv>()
  .use('/order/signed/*', requireMember)
  .get(list.path, async (c) => {
    const { status, time, page, size } = readQuery(c, list);
    const filter = { status: status ?? null, since: sinceFor(time, Date.now()), page, size };
    return c.json(ok(await orderRepository(c.env.DB).listForAccount(c.var.member!.accountId, filter)));
  })
  .get(detail.path, async (c) => {
    const order = await memberOrder(c.env.DB, c.var.member!.accountId, pathOrderId(c));
    if (!order) throw ApiError.notFound(ORDER_MSG.notFound);
    return c.json(ok(order));
  })
  .post(check.path, async (c) => {
    const { orderId } = await readBody(c, check);
    const row = await orderRepository(c.env.DB).byId(orderId);
    const own = row !== null && row.accountId === c.var.member!.accountId;
    return c.json(ok({ orderId, exists: own, cancellable: own && CANCELLABLE_STATUSES.includes(row.status) }));
  })
  .delete(remove.path, async (c) => {
    const orderId = pathOrderId(c);
    const orders = orderRepository(c.env.DB);
    const row = await orders.byId(orderId);
    if (!row || row.accountId !== c.var.member!.accountId) throw ApiError.notFound(ORDER_MSG.notFound);
    if (!REMOVABLE_STATUSES.includes(row.status)) throw ApiError.badRequest(ORDER_MSG.notRemovable);
    await orders.hide(orderId, row.accountId);
    return c.json(ok(null));
  })
  .get(track.path, async (c) => {
    const { orderNo, email } = readQuery(c, track);
    const order = await trackedOrder(c, orderNo, email);
    if (!order) throw ApiError.notFound(ORDER_MSG.trackNotFound);
    return c.json(ok(trackingOf(order)));
  });
