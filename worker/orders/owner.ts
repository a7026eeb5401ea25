import { ORDER_MSG } from '../../shared/orders.ts';
import { ApiError } from '../platform/api-error.ts';
import { orderRepository } from './repository.ts';
import type { OrderRecord } from './records.ts';

/** Who owns an order, as the payment and cancel calls take it once the access check has passed. */

export interface OrderOwner {
  accountId: number | null;
  email: string | null;
}

/** The order, if these credentials own it: a member their own, a visitor by the order's email. */
export async function ownedOrder(db: D1Database, orderId: string, owner: OrderOwner): Promise<OrderRecord> {
  const order = await orderRepository(db).byId(orderId);
  const mine =
    order &&
    (order.accountId !== null && owner.accountId !== null
      ? order.accountId === owner.accountId
      : owner.email !== null && order.email.toLowerCase() === owner.email.toLowerCase());
  if (!order || !mine) throw ApiError.notFound(ORDER_MSG.notFound);
  return order;
}

/** Where the shopper comes back to after the provider's window. */
export const resultPath = (orderId: string) => `/checkout/orderResult?orderId=${encodeURIComponent(orderId)}`;
