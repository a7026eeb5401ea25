import type { OrderView } from '../../shared/orders.ts';
import { accessRepository, type Placer, type UnpaidLimits } from './access-repository.ts';
import { placementRepository, type NewOrder } from './placement-repository.ts';
import { orderRepository, type NewAdjustment, type NewOrderLine, type NewTax } from './repository.ts';

export type { NewOrder } from './placement-repository.ts';
export type { Placer } from './access-repository.ts';
export { newAccessKey } from './access-token.ts';
export { newOrderNumber } from './order-number.ts';

/** How many unpaid orders (each holding stock) one IP, visitor and email may have at a time. */
export const UNPAID_LIMITS: UnpaidLimits = { perIp: 10, perVisitor: 3, perEmail: 3 };

/**
 * What checkout needs from orders to place one: the statements of its one batch (the order,
 * its stock, its gifts, the points guard), the batch itself, and the order it became.
 */

/** The statements that write a new order with its lines, adjustments, tax lines and first event. */
export function newOrderStatements(
  db: D1Database,
  order: NewOrder,
  lines: NewOrderLine[],
  adjustments: NewAdjustment[],
  taxes: NewTax[],
): D1PreparedStatement[] {
  return placementRepository(db).insertStatements(order, lines, adjustments, taxes);
}

/** Takes stock; the sku table's CHECK fails the whole batch rather than oversell. */
export function takeStockStatement(db: D1Database, skuId: number, quantity: number): D1PreparedStatement {
  return placementRepository(db).takeStockStatement(skuId, quantity);
}

/** A gift line, written only while its stock lasts. */
export function giftLineStatements(db: D1Database, orderId: string, line: NewOrderLine): D1PreparedStatement[] {
  return placementRepository(db).giftStatements(orderId, line);
}

/** Fails the batch unless the member's points balance is still not negative. */
export function pointsGuardStatements(db: D1Database, accountId: number): D1PreparedStatement[] {
  return placementRepository(db).pointsGuardStatements(accountId);
}

/** Runs an order's statements as one D1 batch: all of them happen, or none. */
export async function runOrderBatch(db: D1Database, statements: D1PreparedStatement[]): Promise<void> {
  await orderRepository(db).run(statements);
}

/** Fails the batch when, with the new unpaid order, its IP, visitor or email holds more than UNPAID_LIMITS. */
export function unpaidGuardStatements(db: D1Database, placer: Placer): D1PreparedStatement[] {
  return accessRepository(db).unpaidGuardStatements(placer, UNPAID_LIMITS);
}

/** Whether this IP, visitor or email already holds as many unpaid orders as allowed. */
export async function holdsTooManyUnpaid(db: D1Database, placer: Placer): Promise<boolean> {
  const counts = await accessRepository(db).unpaidCounts(placer);
  return (
    counts.ip >= UNPAID_LIMITS.perIp ||
    counts.visitor >= UNPAID_LIMITS.perVisitor ||
    counts.email >= UNPAID_LIMITS.perEmail
  );
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

/** An order with everything its pages show. */
export function orderView(db: D1Database, orderId: string): Promise<OrderView | null> {
  return orderRepository(db).view(orderId);
}
