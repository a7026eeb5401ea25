import { ORDER_MSG, type OrderView } from '../../shared/orders.ts';
import {
  CANCELLABLE_STATUSES,
  ORDER_STATUSES,
  REMOVABLE_STATUSES,
  type OrderStatus,
} from '../../shared/order-status.ts';
import { ApiError } from '../platform/api-error.ts';
import type { Bindings } from '../env.ts';
import { enforce, type Rule } from '../platform/rate-limit.ts';
import { orderRepository } from './repository.ts';
import { accessibleOrder, type OrderAccess } from './access.ts';
import { ORDER_NUMBER, type OrderHistoryData, type TrackedOrder } from './schemas.ts';
import { imageAsset } from '../platform/build-info.ts';

/** A member's order history and detail, and public tracking by order number and email. */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const HISTORY_PAGE_SIZE = 10;
/** An order number and an email are a guessable pair, so looking one up is limited like sign-in attempts. */
export const TRACK_RULES = {
  perIp: { limit: 20, windowMs: 10 * MINUTE },
  perOrder: { limit: 8, windowMs: 10 * MINUTE },
} satisfies Record<string, Rule>;

export interface OrderFilter {
  status: OrderStatus | null;
  time: '1' | '6' | null;
  page: number;
  size: number;
}

/** The start of a §3 filter time: last 30 days (1) or last 6 months (6); null for all orders. */
export function sinceFor(time: '1' | '6' | null | undefined, now: number): number | null {
  if (time === '1') return now - 30 * DAY;
  if (time !== '6') return null;
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - 6);
  return since.getTime();
}

/** The member's orders, newest first, by §3 status and filter time, a page at a time. */
export function memberOrders(db: D1Database, accountId: number, filter: OrderFilter, now: number) {
  const { status, time, page, size } = filter;
  return orderRepository(db).listForAccount(accountId, { status, since: sinceFor(time, now), page, size });
}

/**
 * The member's order history for /myAccount?type=orderHistory. It is a page, so filters are read
 * leniently: an unknown status or time shows all orders, a bad page number the first page.
 */
export async function loadOrderHistory(
  db: D1Database,
  accountId: number,
  query: Record<string, string | undefined>,
  now: number,
): Promise<OrderHistoryData> {
  const status = (ORDER_STATUSES as readonly string[]).includes(query.status ?? '')
    ? (query.status as OrderStatus)
    : null;
  const time = query.time === '1' || query.time === '6' ? query.time : null;
  const page = Math.min(100_000, Math.max(1, Number.parseInt(query.page ?? '', 10) || 1));
  const result = await memberOrders(db, accountId, { status, time, page, size: HISTORY_PAGE_SIZE }, now);
  return { ...result, status, time, page, size: HISTORY_PAGE_SIZE };
}

/**
 * A member sees the orders they placed as a guest: the guest orders placed with the member's email, once that email
 * is verified (the caller's promise), become theirs. Answers how many.
 */
export function claimGuestOrders(db: D1Database, accountId: number, verifiedEmail: string): Promise<number> {
  return orderRepository(db).claimGuestOrders(accountId, verifiedEmail);
}

/** The order a session or guest token opens, with everything its pages show (the invoice, tracking by link). */
export async function openedOrder(
  env: Pick<Bindings, 'DB' | 'RATE_LIMITER'>,
  access: OrderAccess,
  now = Date.now(),
): Promise<OrderView> {
  const order = await accessibleOrder(env, access, now);
  return (await orderRepository(env.DB).view(order.id))!;
}

/** A member's own order; someone else's reads exactly like one that does not exist. */
export async function memberOrder(db: D1Database, accountId: number, orderId: string): Promise<OrderView | null> {
  if (!ORDER_NUMBER.test(orderId)) return null;
  const orders = orderRepository(db);
  const [row, view] = await Promise.all([orders.byId(orderId), orders.view(orderId)]);
  return row?.accountId === accountId ? view : null;
}

/** Whether the member may open an order, and whether it can still be cancelled. */
export async function memberOrderCheck(db: D1Database, accountId: number, orderId: string) {
  const row = await orderRepository(db).byId(orderId);
  const own = row !== null && row.accountId === accountId;
  return { orderId, exists: own, cancellable: own && CANCELLABLE_STATUSES.includes(row.status) };
}

/** Takes a cancelled or refunded order out of its member's history (the order itself is kept). */
export async function removeFromHistory(db: D1Database, accountId: number, orderId: string): Promise<void> {
  const orders = orderRepository(db);
  const row = await orders.byId(orderId);
  if (!row || row.accountId !== accountId) throw ApiError.notFound(ORDER_MSG.notFound);
  if (!REMOVABLE_STATUSES.includes(row.status)) throw ApiError.badRequest(ORDER_MSG.notRemovable);
  await orders.hide(orderId, row.accountId);
}

/**
 * An order found by its number and the email it was placed with, as public tracking shows it
 * (status and parts, never the address or phone). Counts the attempt first (per IP and per order
 * number), so neither pair can be guessed at speed; over the limit is a 429.
 */
export async function trackedOrder(
  env: Pick<Bindings, 'DB' | 'RATE_LIMITER'>,
  ip: string,
  orderNo: string,
  email: string,
): Promise<TrackedOrder | null> {
  await enforce(env.RATE_LIMITER, [
    { key: `track:ip:${ip}`, rule: TRACK_RULES.perIp },
    { key: `track:order:${orderNo}`, rule: TRACK_RULES.perOrder },
  ]);
  const view = await orderRepository(env.DB).view(orderNo);
  return view && view.email.toLowerCase() === email.toLowerCase() ? trackingOf(view) : null;
}

/** What public tracking shows: where the order is, not who it goes to or what it cost. */
export function trackingOf(order: OrderView): TrackedOrder {
  return {
    orderId: order.orderId,
    status: order.status,
    statusLabel: order.statusLabel,
    createdAt: order.createdAt,
    shippingName: order.shippingName,
    lines: order.lines.map(({ lineNo, title, partNumber, imageUrl, urlHandle, quantity }) => ({
      lineNo,
      title,
      partNumber,
      imageUrl: imageAsset(imageUrl),
      urlHandle,
      quantity,
    })),
    events: order.events,
    shipments: order.shipments,
    holdExpiresAt: order.holdExpiresAt,
  };
}

/** Public tracking: the order's whereabouts, or a 404 when the number and email do not match. */
export async function trackOrder(
  env: Pick<Bindings, 'DB' | 'RATE_LIMITER'>,
  ip: string,
  orderNo: string,
  email: string,
): Promise<TrackedOrder> {
  const order = await trackedOrder(env, ip, orderNo, email);
  if (!order) throw ApiError.notFound(ORDER_MSG.trackNotFound);
  return order;
}
