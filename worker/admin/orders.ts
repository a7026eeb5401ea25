/** The back office's read-only order list and order page, through the orders and payments services. */
import { MARKET_IDS, type MarketId } from '../../shared/markets.ts';
import { ORDER_PAYMENT_STATES, type OrderPaymentState } from '../../shared/orders.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/order-status.ts';
import { orderView } from '../orders/service.ts';
import { orderNotes, type StaffOrderFilter, staffOrderSearch, unitsLeftToShip } from '../orders/staff.ts';
import { orderPaymentHistory } from '../payments/service.ts';
import { providerMoneyOfOrder } from '../payments/staff.ts';

export const ORDERS_PAGE_SIZE = 25;
const DAY_MS = 86_400_000;

/** A YYYY-MM-DD date as the start of that UTC day, in milliseconds; null when empty or not a date. */
function dayStart(text: string | undefined): number | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(ms) ? null : ms;
}

/** The list's query string as it was typed, for the form to show again. */
export interface OrderQuery {
  q: string;
  status: string;
  market: string;
  payment: string;
  from: string;
  to: string;
  page: number;
}

/** Reads the list's query string; anything unknown counts as "any" (never an error). */
export function orderQuery(query: (name: string) => string | undefined): OrderQuery {
  const page = Number.parseInt(query('page') ?? '1', 10);
  return {
    q: (query('q') ?? '').trim().slice(0, 200),
    status: ORDER_STATUSES.includes(query('status') as OrderStatus) ? query('status')! : '',
    market: MARKET_IDS.includes(query('market') as MarketId) ? query('market')! : '',
    payment: ORDER_PAYMENT_STATES.some((state) => state.value === query('payment')) ? query('payment')! : '',
    from: dayStart(query('from')) === null ? '' : query('from')!,
    to: dayStart(query('to')) === null ? '' : query('to')!,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

/** A page of orders matching the query, with the count and totals per currency. */
export async function findOrders(db: D1Database, query: OrderQuery) {
  const to = dayStart(query.to);
  const filter: StaffOrderFilter = {
    text: query.q || null,
    status: (query.status || null) as OrderStatus | null,
    market: (query.market || null) as MarketId | null,
    payment: (query.payment || null) as OrderPaymentState | null,
    from: dayStart(query.from),
    to: to === null ? null : to + DAY_MS, // the "to" day is included
    page: query.page,
    size: ORDERS_PAGE_SIZE,
  };
  const found = await staffOrderSearch(db, filter);
  return { ...found, pages: Math.max(1, Math.ceil(found.total / ORDERS_PAGE_SIZE)) };
}

/**
 * An order for its page: the order with its shipments and refunds, every payment with the refunds
 * it gave, what each provider reports holding, and the units of each line still to ship; null when
 * there is no such order.
 */
export async function orderForStaff(db: D1Database, orderId: string) {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(orderId)) return null;
  const order = await orderView(db, orderId);
  if (!order) return null;
  const [payments, toShip, notes, providerMoney] = await Promise.all([
    orderPaymentHistory(db, orderId),
    unitsLeftToShip(db, orderId),
    orderNotes(db, orderId),
    providerMoneyOfOrder(db, orderId),
  ]);
  const refunded = order.refunds.filter((refund) => refund.status !== 'FAILED');
  const unitsRefunded = new Map<number, number>();
  for (const refund of refunded)
    for (const line of refund.lines)
      unitsRefunded.set(line.lineNo, (unitsRefunded.get(line.lineNo) ?? 0) + line.quantity);
  return {
    order,
    payments,
    notes,
    providerMoney,
    toShip: Object.fromEntries(toShip) as Record<number, number>,
    unitsRefunded: Object.fromEntries(unitsRefunded) as Record<number, number>,
    refundableCent: order.paidAt === null ? 0 : order.total - refunded.reduce((sum, refund) => sum + refund.amount, 0),
  };
}
