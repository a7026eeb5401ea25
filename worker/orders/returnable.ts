import type { OrderView } from '../../shared/orders.ts';
import { RETURNABLE_ORDER_STATUSES } from '../../shared/returns.ts';
import type { Bindings } from '../env.ts';
import { getShopSettings } from '../content/service.ts';
import { systemClock } from '../platform/clock.ts';
import { guestOrderToken } from './access.ts';
import type { ShopIdentity } from './email.ts';
import { webOrigin } from '../platform/origins.ts';
import { fulfilmentRepository } from './fulfilment-repository.ts';
import { orderRepository } from './repository.ts';

/**
 * What of a shipped order can be returned (issue 20), as the returns domain asks it: the units
 * each line shipped and until when, and the statements that move the order to RETURNING inside
 * the return's own batch.
 */

const DAY = 86_400_000;

/** A line of the order as a return sees it: units shipped and when its return window closes. */
export interface ReturnableLine {
  lineNo: number;
  title: string;
  partNumber: string;
  shipped: number;
  /** The window runs from the latest delivery (or shipping, when no delivery is known) of this line. */
  windowEndsAt: number;
}

/**
 * The order with its lines' shipped units and return windows (the shop's window in days, from
 * its settings); lines that never shipped are left out.
 */
export function returnableLines(order: OrderView, windowDays: number): ReturnableLine[] {
  return order.lines.flatMap((line) => {
    const shipments = order.shipments.filter((shipment) => shipment.lines.some((sent) => sent.lineNo === line.lineNo));
    if (shipments.length === 0) return [];
    const shipped = shipments.reduce(
      (sum, shipment) => sum + shipment.lines.filter((sent) => sent.lineNo === line.lineNo)[0]!.quantity,
      0,
    );
    const from = Math.max(...shipments.map((shipment) => shipment.deliveredAt ?? shipment.shippedAt));
    const windowEndsAt = from + windowDays * DAY;
    return [{ lineNo: line.lineNo, title: line.title, partNumber: line.partNumber, shipped, windowEndsAt }];
  });
}

/** Whether the order's status allows a return (shipped, in part or in full, or already returning). */
export const isReturnableStatus = (status: string) => (RETURNABLE_ORDER_STATUSES as readonly string[]).includes(status);

/**
 * Moves the order to RETURNING with a history line, for the return's batch: the guard aborts the
 * batch when the order left the returnable statuses since it was read.
 */
export function returningStatements(db: D1Database, orderId: string, note: string, now: number) {
  const orders = orderRepository(db);
  return [
    orders.setStatusStatement(orderId, RETURNABLE_ORDER_STATUSES, 'RETURNING', now),
    ...orders.movedGuardStatements(),
    orders.eventStatement(orderId, 'RETURNING', note, now),
  ];
}

/** The return window in days, as the shop settings give it. */
export async function returnWindowDays(env: Pick<Bindings, 'SETTINGS'>): Promise<number> {
  return (await getShopSettings(env.SETTINGS, systemClock)).RETURN_WINDOW_DAYS;
}

/** The shop's name and the order market's configured origin, and a guest's order token, for a return's email. */
export async function orderMailIdentity(
  env: Bindings,
  order: { orderId: string; market: string; accountId: number | null },
): Promise<{ shop: ShopIdentity; guestToken: string | null }> {
  const { SHOP_NAME } = await getShopSettings(env.SETTINGS, systemClock);
  const guestToken = await guestOrderToken(env.DB, order, Date.now());
  return { shop: { name: SHOP_NAME, origin: webOrigin(env, order.market) }, guestToken };
}

/** The member an order belongs to: null for a guest's order (or no such order). */
export async function orderAccountOf(db: D1Database, orderId: string): Promise<number | null> {
  return (await orderRepository(db).byId(orderId))?.accountId ?? null;
}

/**
 * Sets the order's status again from its shipments, refunds and open returns, for a return's
 * batch: when its last open return closes, a RETURNING order goes back to what it is otherwise.
 */
export function orderStatusRefreshStatement(db: D1Database, orderId: string, now: number): D1PreparedStatement {
  return fulfilmentRepository(db).refreshStatusStatement(orderId, now);
}

/** Puts returned units of an order's lines back on the shelf (their SKUs' available stock), for a return's batch. */
export async function restockStatements(
  db: D1Database,
  orderId: string,
  units: readonly { lineNo: number; quantity: number }[],
): Promise<D1PreparedStatement[]> {
  const orders = orderRepository(db);
  const lines = await orders.lines(orderId);
  return units.flatMap((unit) => {
    const line = lines.find((candidate) => candidate.lineNo === unit.lineNo);
    return line && unit.quantity > 0 ? [orders.giveBackStockStatement(line.skuId, unit.quantity)] : [];
  });
}

/** The order's history line, for a return's batch (e.g. "Return RMA-... refunded"). */
export function orderEventStatement(db: D1Database, orderId: string, note: string, now: number): D1PreparedStatement {
  return fulfilmentRepository(db).eventStatement(orderId, note, now);
}
