import type { OrderView } from '../../shared/orders.ts';
import { placementRepository } from './placement-repository.ts';
import { orderRepository, type NewAdjustment, type NewOrderLine, type NewTax, type OrderRow } from './repository.ts';

/**
 * What checkout needs from orders to place one: the statements of its one batch (the order,
 * its stock, its gifts, the points guard), the batch itself, and the order it became.
 */

/** The statements that write a new order with its lines, adjustments, tax lines and first event. */
export function newOrderStatements(
  db: D1Database,
  order: Omit<OrderRow, 'paidAt' | 'cancelledAt' | 'pointsEarned' | 'updatedAt'>,
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
