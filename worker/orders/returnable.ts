import { CORE_RETURN_DAYS, isCoreLine } from '../../shared/core-charges.ts';
import type { OrderView } from '../../shared/orders.ts';
import type { Bindings } from '../env.ts';
import { getShopSettings } from '../content/service.ts';
import { systemClock } from '../platform/clock.ts';
import { guestOrderToken } from './access.ts';
import type { ShopIdentity } from './email.ts';
import { marketOrigin } from '../platform/origin.ts';
import { orderRepository } from './repository.ts';
import { orderLanguage, type OrderLanguage } from './mail-language.ts';

/**
 * What of a shipped order can be returned (issue 20), as the returns domain asks it: the units each
 * line shipped and until when, the return window, and the names and links a return's email carries.
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
    // A core deposit goes back with its part's shipments, for as long as the old part may come back.
    const shippedAs = line.coreOf ?? line.lineNo;
    const days = isCoreLine(line) ? CORE_RETURN_DAYS : windowDays;
    const shipments = order.shipments.filter((shipment) => shipment.lines.some((sent) => sent.lineNo === shippedAs));
    if (shipments.length === 0) return [];
    const shipped = shipments.reduce(
      (sum, shipment) => sum + shipment.lines.filter((sent) => sent.lineNo === shippedAs)[0]!.quantity,
      0,
    );
    const from = Math.max(...shipments.map((shipment) => shipment.deliveredAt ?? shipment.shippedAt));
    const windowEndsAt = from + days * DAY;
    return [{ lineNo: line.lineNo, title: line.title, partNumber: line.partNumber, shipped, windowEndsAt }];
  });
}

/** The return window in days, as the shop settings give it. */
export async function returnWindowDays(env: Pick<Bindings, 'SETTINGS'>): Promise<number> {
  return (await getShopSettings(env.SETTINGS, systemClock)).RETURN_WINDOW_DAYS;
}

/**
 * The shop's name and the order market's configured origin, and a guest's order token, for a return's email;
 * with the order's language (`speak`, `link`: the email and its links in the language the order was placed in).
 */
export async function orderMailIdentity(
  env: Bindings,
  order: { orderId: string; market: string; accountId: number | null },
): Promise<{ shop: ShopIdentity; guestToken: string | null } & OrderLanguage> {
  const [{ SHOP_NAME }, row] = await Promise.all([
    getShopSettings(env.SETTINGS, systemClock),
    orderRepository(env.DB).byId(order.orderId),
  ]);
  const guestToken = await guestOrderToken(env.DB, order, Date.now());
  const origin = marketOrigin(env, order.market);
  const language = orderLanguage(origin, { market: order.market, locale: row?.locale ?? null });
  return { shop: { name: SHOP_NAME, origin }, guestToken, ...language };
}

/** The member an order belongs to: null for a guest's order (or no such order). */
export async function orderAccountOf(db: D1Database, orderId: string): Promise<number | null> {
  return (await orderRepository(db).byId(orderId))?.accountId ?? null;
}
