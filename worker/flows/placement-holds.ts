import { HOLD_MSG, holdMinutes, UNPAID_ORDER_CAPS } from '../../shared/holds.ts';
import type { Market } from '../../shared/markets.ts';
import { ApiError } from '../platform/api-error.ts';
import type { CheckoutQuote } from '../checkout/service.ts';
import { unitsBySku } from '../catalog/writers.ts';

/**
 * An unpaid order sized to what it may hold (shared/holds.ts): the caps one order can break by
 * itself are refused before its batch (nothing of another order changes them); the share of a
 * part all unpaid orders hold together is guarded inside the batch (orders' heldCeilingInto).
 */

/** The units of each SKU the quote's lines take. */
export function unitsOf(quote: CheckoutQuote): Map<number, number> {
  return unitsBySku(quote.lines.items.map((item) => ({ skuId: item.skuId, quantity: item.itemCount })));
}

/** The part's title, for the shopper's message. */
export function titleOf(quote: CheckoutQuote, skuId: number): string {
  return quote.lines.items.find((item) => item.skuId === skuId)?.title ?? 'This part';
}

/** Refuses an unpaid order with more of one part, or worth more, than an unpaid order may hold (409). */
export function assertHoldable(quote: CheckoutQuote, market: Market): void {
  for (const [skuId, units] of unitsOf(quote))
    if (units > UNPAID_ORDER_CAPS.unitsPerSku)
      throw new ApiError(409, 409, HOLD_MSG.unitsPerSku(titleOf(quote, skuId)));
  if (quote.total > UNPAID_ORDER_CAPS.totalCent[market.currency])
    throw new ApiError(409, 409, HOLD_MSG.total(market.currency));
}

/** When an unpaid order placed now stops holding its parts: sooner for a guest's or a large order. */
export function holdExpiry(quote: CheckoutQuote, market: Market, guest: boolean, now: number): number {
  const units = [...unitsOf(quote).values()].reduce((sum, count) => sum + count, 0);
  return now + holdMinutes({ guest, totalCent: quote.total, currency: market.currency, units }) * 60_000;
}
