import { STOCK_HOLD_MINUTES } from '../../shared/orders.ts';
import { ApiError } from '../platform/api-error.ts';
import { accessRepository } from './access-repository.ts';
import { ownedOrder, type OrderOwner } from './owner.ts';
import { HOLDING_STATUSES } from '../../shared/order-status.ts';

/**
 * How long an unpaid order keeps its parts: STOCK_HOLD_MINUTES from placement, and one more
 * stretch while the shopper is in the payment window, never past MAX_HOLD_MINUTES after it was
 * placed. Without the cap, calling payment/lock every half hour kept parts off the shelf forever.
 */

/** The longest an unpaid order holds its parts, counted from placement. */
export const MAX_HOLD_MINUTES = 60;

/** Keeps the order's stock while the shopper pays: once, 30 minutes from now, at most 60 from placement. */
export async function holdOrderStock(db: D1Database, orderId: string, owner: OrderOwner, now: number) {
  const order = await ownedOrder(db, orderId, owner);
  if (!HOLDING_STATUSES.includes(order.status))
    throw ApiError.badRequest('Only an order awaiting payment holds its parts.');
  const current = order.holdExpiresAt ?? now;
  const until = Math.min(now + STOCK_HOLD_MINUTES * 60_000, order.createdAt + MAX_HOLD_MINUTES * 60_000);
  const extended = until > current ? await accessRepository(db).extendHoldOnce(order.id, until) : null;
  return { orderId: order.id, holdExpiresAt: extended ?? current };
}
