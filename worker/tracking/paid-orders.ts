import type { ShopEvent } from '../env.ts';
import { TRACK_EVENT } from '../../shared/tracking.ts';
import { log } from '../platform/log.ts';
import { abTestGroupFor } from './abtest.ts';
import { checkoutVisitorRepository } from './checkout-repository.ts';
import type { CheckoutVisitor } from './records.ts';
import type { TrackMessage } from './events.ts';

/** A paid order as the orders domain hands it over: the figures the dashboard counts, and whose it was. */
export interface PaidOrder {
  orderId: string;
  market: 'us' | 'ca';
  totalCent: number;
  currency: string;
  /** The visitor key the order was placed with (null for orders placed before the shop kept it). */
  visitorKey: string | null;
  paidAt: number;
}

/**
 * Marks the events the shop writes itself (data.source): the dashboard counts paid orders and revenue only
 * from these, and only a server conversion goes on to the affiliate network; a browser cannot send them.
 */
export const SERVER_SOURCE = 'server';

/** The id of an order's paid event and of its conversion: one each per order, whoever reports it again. */
export const orderPaidEventId = (orderId: string) => `order_paid:${orderId}`;
export const conversionEventId = (orderId: string) => `conversion:${orderId}`;

type Queued = Omit<TrackMessage, 'kind' | 'at'>;

/** The order_paid event, and the marketing conversion where the shopper's privacy choices allowed marketing. */
export function paidOrderEvents(order: PaidOrder, visitor: CheckoutVisitor | null): Queued[] {
  // A Canadian shopper who has not allowed analytics is counted without their visitor key, like their events;
  // without a checkout row to say what they chose, a Canadian order is counted that way too.
  const identified = visitor ? visitor.identified : order.market !== 'ca';
  const visitorKey = identified ? (order.visitorKey ?? '') : '';
  const base = {
    pageUrl: visitor?.pageUrl ?? '',
    referrer: visitor?.referrer ?? '',
    ts: order.paidAt,
    clientId: visitor?.clientId ?? '',
    sessionId: visitor?.sessionId ?? '',
    albGroup: visitor?.albGroup ?? '',
    abTestGroup: visitor?.abTestGroup || (order.visitorKey ? abTestGroupFor(order.visitorKey) : ''),
    ip: visitor?.ip ?? '',
    network: visitor?.network ?? '',
    downlinkSpeed: visitor?.downlinkSpeed ?? '',
    visitorKey,
    market: order.market,
  };
  const { orderId, totalCent, currency } = order;
  const paid: Queued = {
    ...base,
    id: orderPaidEventId(orderId),
    event: TRACK_EVENT.orderPaid,
    data: { orderId, totalCent, currency, source: SERVER_SOURCE },
  };
  if (!visitor?.marketingAllowed) return [paid];
  const conversion: Queued = {
    ...base,
    id: conversionEventId(orderId),
    event: TRACK_EVENT.marketingConversion,
    data: {
      orderId,
      clickId: visitor.clickId,
      eventDate: new Date(order.paidAt).toISOString(),
      customProfileId: visitor.clientId || null,
      source: SERVER_SOURCE,
    },
  };
  return [paid, conversion];
}

/**
 * Reports a paid order from the server (§4: once per paid order on SUCCEEDED): the order_paid event with its
 * total, and the marketing conversion the affiliate adapter forwards, with the ids the visitor's checkout
 * left. Called once, when the order moves to paid; the event ids are the order's, so a redelivery counts
 * once too. Never throws: tracking does not fail a payment.
 */
export async function recordPaidOrder(
  env: { DB: D1Database; EVENTS: Queue<ShopEvent> },
  order: PaidOrder,
  send: (queue: Queue<ShopEvent>, event: Queued) => Promise<boolean>,
): Promise<number> {
  let visitor: CheckoutVisitor | null = null;
  try {
    if (order.visitorKey) visitor = await checkoutVisitorRepository(env.DB).byVisitorKey(order.visitorKey);
  } catch (cause) {
    log.warn('checkout ids not read for a paid order', { cause: String(cause), orderId: order.orderId });
  }
  let queued = 0;
  for (const event of paidOrderEvents(order, visitor)) if (await send(env.EVENTS, event)) queued++;
  return queued;
}
