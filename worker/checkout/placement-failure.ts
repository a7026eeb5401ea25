import type { Market } from '../../shared/markets.ts';
import { ApiError } from '../platform/api-error.ts';
import { skuFacts } from '../cart/service.ts';
import { pointsBalance } from '../members/service.ts';
import { holdsTooManyUnpaid, type Placer } from '../orders/service.ts';
import { isPromotionOverused } from '../promotions/service.ts';
import { CHECKOUT_MSG, type CheckoutQuote } from './quote.ts';

/**
 * Why an order's batch failed, told by reading what it ran into: a part with too little stock
 * left, a points balance below what the order spends, too many unpaid orders. The database's
 * error text is never parsed for our own guards; nothing of the order was written.
 */

/** The first part of the order with less stock than it needs now; null when all are there. */
async function soldOutPart(db: D1Database, quote: CheckoutQuote, market: Market): Promise<string | null> {
  const needed = new Map<number, number>();
  for (const item of quote.lines.items) needed.set(item.skuId, (needed.get(item.skuId) ?? 0) + item.itemCount);
  const facts = await skuFacts(db, [...needed.keys()], market.id);
  const short = quote.lines.items.find(
    (item) => (facts.get(item.skuId)?.availableTotal ?? 0) < needed.get(item.skuId)!,
  );
  return short?.title ?? null;
}

/** Turns a failed placement batch into what the shopper is told; an unexplained failure is thrown as it came. */
export async function placementFailure(
  db: D1Database,
  error: unknown,
  input: { market: Market; accountId: number | null; placer: Placer },
  quote: CheckoutQuote,
): Promise<Error> {
  const soldOut = await soldOutPart(db, quote, input.market);
  if (soldOut) return new ApiError(409, 409, CHECKOUT_MSG.soldOut(soldOut));
  const spends = quote.pricing.pointsUsed;
  if (spends > 0 && input.accountId !== null && (await pointsBalance(db, input.accountId)) < spends)
    return new ApiError(409, 409, CHECKOUT_MSG.pointsChanged);
  if (quote.total > 0 && (await holdsTooManyUnpaid(db, input.placer)))
    return new ApiError(429, 429, CHECKOUT_MSG.tooManyUnpaid);
  // The promotions domain tells its own guard; checkout does not read the message.
  if (isPromotionOverused(error)) return new ApiError(409, 409, CHECKOUT_MSG.promotionUsedUp);
  return error instanceof Error ? error : new Error(String(error));
}
