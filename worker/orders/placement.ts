import type { OrderView } from '../../shared/orders.ts';
import { accessRepository, type UnpaidLimits } from './access-repository.ts';
import type { Placer } from './records.ts';
import { orderRepository } from './repository.ts';

export { newAccessKey } from './access-token.ts';
export { newOrderNumber } from './order-number.ts';

/** What placing an order asks of orders before it writes: the limits on unpaid orders, numbers, earlier placements. */

/** How many unpaid orders (each holding stock) one IP, visitor and email may have at a time. */
export const UNPAID_LIMITS: UnpaidLimits = { perIp: 10, perVisitor: 3, perEmail: 3 };

/** Whether counts of unpaid orders have reached a limit. */
export function unpaidLimitReached(counts: { ip: number; visitor: number; email: number }): boolean {
  return (
    counts.ip >= UNPAID_LIMITS.perIp ||
    counts.visitor >= UNPAID_LIMITS.perVisitor ||
    counts.email >= UNPAID_LIMITS.perEmail
  );
}

/** Whether this IP, visitor or email already holds as many unpaid orders as allowed. */
export async function holdsTooManyUnpaid(db: D1Database, placer: Placer): Promise<boolean> {
  return unpaidLimitReached(await accessRepository(db).unpaidCounts(placer));
}

/** The idempotency key the order with this number was placed with; null when no order has the number. */
export function orderNumberTakenBy(db: D1Database, orderId: string): Promise<string | null> {
  return accessRepository(db).placedKey(orderId);
}

/** The order an idempotency key placed, if any. */
export async function orderPlacedWith(db: D1Database, idempotencyKey: string): Promise<OrderView | null> {
  const orders = orderRepository(db);
  const earlier = await orders.byIdempotencyKey(idempotencyKey);
  return earlier ? orders.view(earlier.id) : null;
}
