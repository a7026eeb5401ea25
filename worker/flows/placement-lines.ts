import { CORE_LINE_TYPE, coreLineTitle, depositsOf } from '../../shared/core-charges.ts';
import type { CheckoutQuote } from '../checkout/service.ts';
import type { NewAdjustment, NewOrderLine } from '../orders/writers.ts';

/** What an order is written with, read off its checkout quote: its lines, its adjustments, its promotion uses. */

/**
 * The order's lines, each with its share of the discounts and the fit it was sold with; then a core
 * deposit line for each part with a core (issue 40), numbered after the parts as checkout taxed it.
 */
export function orderLines(quote: CheckoutQuote): NewOrderLine[] {
  const shares = new Map(quote.pricing.lineDiscounts.map((line) => [line.key, line]));
  const parts = quote.lines.items;
  const deposits = depositsOf(parts).map(
    ({ item, partLineNo, quantity, amountCent }, index): NewOrderLine => ({
      lineNo: parts.length + index + 1,
      skuId: item.skuId,
      itemId: item.itemId,
      title: coreLineTitle(item.title),
      partNumber: item.partNumber,
      imageUrl: null,
      urlHandle: item.urlHandle,
      itemType: CORE_LINE_TYPE,
      bundleId: null,
      quantity,
      unitCent: item.coreCharge!,
      discountCent: 0,
      totalCent: amountCent,
      fit: null,
      coreOf: partLineNo,
    }),
  );
  return [...partLines(parts, shares), ...deposits];
}

function partLines(
  items: CheckoutQuote['lines']['items'],
  shares: Map<string, { discount: number; total: number }>,
): NewOrderLine[] {
  return items.map((item, index) => ({
    lineNo: index + 1,
    skuId: item.skuId,
    itemId: item.itemId,
    title: item.title,
    partNumber: item.partNumber,
    imageUrl: item.imageUrl,
    urlHandle: item.urlHandle,
    itemType: item.itemType,
    bundleId: item.bundleId,
    quantity: item.itemCount,
    unitCent: item.discountPrice,
    discountCent: shares.get(item.key)?.discount ?? 0,
    totalCent: shares.get(item.key)?.total ?? item.lineTotal,
    fit: item.carModelMatch,
    // The Prop 65 warning a Californian was shown: the order's email and pages keep it.
    prop65: item.prop65,
  }));
}

/** Every discount with its reason, the free shipping and the points paid with, as the order keeps them. */
export function adjustmentsOf(quote: CheckoutQuote): NewAdjustment[] {
  const { pricing } = quote;
  const rows: NewAdjustment[] = pricing.discounts.map((discount) => ({
    promotionId: discount.promotionId ?? null,
    source: discount.source,
    kind: 'DISCOUNT',
    name: discount.name,
    reason: discount.reason,
    amountCent: discount.amount,
  }));
  if (pricing.shippingDiscount > 0)
    rows.push({
      promotionId: pricing.shippingPromotionId || null,
      source: null,
      kind: 'FREE_SHIPPING',
      name: 'Free shipping',
      // A member level's free shipping is named with the level ("Gold member: Free Standard Shipping ...").
      reason: pricing.shippingDiscountName ?? 'Shipping is on us',
      amountCent: pricing.shippingDiscount,
    });
  if (pricing.points > 0)
    rows.push({
      promotionId: null,
      source: null,
      kind: 'POINTS',
      name: 'Points',
      reason: `${pricing.pointsUsed} points redeemed`,
      amountCent: pricing.points,
    });
  return rows;
}

/** One use of each promotion the order was priced with (a discount's or the free shipping's). */
export function usesOf(
  quote: CheckoutQuote,
  use: { accountId: number | null; email: string; orderId: string; now: number },
) {
  const ids = new Set<number>();
  for (const discount of quote.pricing.discounts) if (discount.promotionId) ids.add(discount.promotionId);
  if (quote.pricing.shippingPromotionId) ids.add(quote.pricing.shippingPromotionId);
  return [...ids].map((promotionId) => ({
    promotionId,
    accountId: use.accountId,
    email: use.email,
    orderId: use.orderId,
    nowSec: Math.floor(use.now / 1000),
  }));
}
