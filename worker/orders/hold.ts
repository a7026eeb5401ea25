import { holdMinutes } from '../../shared/holds.ts';
import { isCoreLine } from '../../shared/core-charges.ts';
import { HOLDING_STATUSES } from '../../shared/order-status.ts';
import { ApiError } from '../platform/api-error.ts';
import { accessRepository } from './access-repository.ts';
import { ownedOrder, type OrderOwner } from './owner.ts';
import { orderRepository } from './repository.ts';

/**
 * How long an unpaid order keeps its parts: its hold from placement (shared/holds.ts: shorter for a
 * guest's or a large order), and one more stretch of the same length while the shopper is in the
 * payment window, never past twice that length after it was placed. Without the cap, calling
 * payment/lock every half hour kept parts off the shelf forever.
 */

/** How many holds long an unpaid order may keep its parts at most, counted from placement. */
export const MAX_HOLDS = 2;

/** Keeps the order's stock while the shopper pays: once, one hold from now, at most MAX_HOLDS holds from placement. */
export async function holdOrderStock(db: D1Database, orderId: string, owner: OrderOwner, now: number) {
  const order = await ownedOrder(db, orderId, owner);
  if (!HOLDING_STATUSES.includes(order.status))
    throw ApiError.badRequest('Only an order awaiting payment holds its parts.');
  const lines = await orderRepository(db).lines(order.id);
  // Parts held: a gift is free and a core deposit is no part of its own.
  const held = lines.filter((line) => line.itemType !== 'GIFT' && !isCoreLine(line));
  const units = held.reduce((sum, line) => sum + line.quantity, 0);
  const minutes = holdMinutes({
    guest: order.accountId === null,
    totalCent: order.totalCent,
    currency: order.currency,
    units,
  });
  const current = order.holdExpiresAt ?? now;
  const until = Math.min(now + minutes * 60_000, order.createdAt + MAX_HOLDS * minutes * 60_000);
  const extended = until > current ? await accessRepository(db).extendHoldOnce(order.id, until) : null;
  return { orderId: order.id, holdExpiresAt: extended ?? current };
}
