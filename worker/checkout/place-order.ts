import type { AddressFields } from '../../shared/address.ts';
import type { Market } from '../../shared/markets.ts';
import { STOCK_HOLD_MINUTES, type OrderView } from '../../shared/orders.ts';
import { ApiError } from '../platform/api-error.ts';
import { removeLineStatement, skuFacts, type CartRow } from '../cart/service.ts';
import {
  giftLineStatements,
  newOrderStatements,
  orderPlacedWith,
  orderView,
  pointsGuardStatements,
  runOrderBatch,
  takeStockStatement,
  type NewAdjustment,
  type NewOrderLine,
} from '../orders/service.ts';
import { pointsCreditStatement } from '../members/service.ts';
import { isPromotionOverused, promotionUsageStatements } from '../promotions/service.ts';
import { assertOrderable, checkAddress, CHECKOUT_MSG, quoteCheckout, type CheckoutQuote } from './quote.ts';
import { catalogChanged } from '../platform/recent-reads.ts';

/**
 * Placing an order (issue 8 §3): one D1 batch writes the order with the prices, discounts and
 * tax it was priced with, takes the stock (sku.available_total's CHECK makes an oversell fail
 * the whole batch), spends the points (a guard row fails the batch if the balance would go
 * negative), records each promotion use (guarded the same way), and empties the cart lines it
 * bought. The client's idempotency key makes a double click or a retried request one order.
 */

export interface PlaceOrderInput {
  idempotencyKey: string;
  cart: CartRow;
  market: Market;
  accountId: number | null;
  email: string;
  address: AddressFields;
  shippingName: string | null;
  paymentMethod: string;
  pointsToRedeem: number;
  /** The total the shopper was shown; a different one now means the cart or prices changed. */
  expectedTotal: number;
  now: number;
}

export interface PlacedOrder {
  order: OrderView;
  /** False when the idempotency key named an order placed before. */
  created: boolean;
}

/** An order number a shopper can read out on the phone: market, date, six random digits. */
function orderNumber(market: Market, now: number): string {
  const day = new Date(now).toISOString().slice(2, 10).replace(/-/g, '');
  const digits = crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000;
  return `${market.id.toUpperCase()}${day}${String(digits).padStart(6, '0')}`;
}

function orderLines(quote: CheckoutQuote): NewOrderLine[] {
  const shares = new Map(quote.pricing.lineDiscounts.map((line) => [line.key, line]));
  return quote.lines.items.map((item, index) => ({
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
  }));
}

function adjustmentsOf(quote: CheckoutQuote): NewAdjustment[] {
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
      promotionId: pricing.shippingPromotionId ?? null,
      source: null,
      kind: 'FREE_SHIPPING',
      name: 'Free shipping',
      reason: 'Shipping is on us',
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

/** Which part ran out, for the shopper's message. */
async function soldOutTitle(db: D1Database, quote: CheckoutQuote, market: Market): Promise<string> {
  const facts = await skuFacts(
    db,
    quote.lines.items.map((item) => item.skuId),
    market.id,
  );
  const short = quote.lines.items.find((item) => (facts.get(item.skuId)?.availableTotal ?? 0) < item.itemCount);
  return short?.title ?? 'a part';
}

/** Places the order, or answers the one this idempotency key placed before. */
export async function placeOrder(db: D1Database, input: PlaceOrderInput): Promise<PlacedOrder> {
  const earlier = await orderPlacedWith(db, input.idempotencyKey);
  if (earlier) return { order: earlier, created: false };
  await checkAddress(db, input.market, input.address);
  const quote = await quoteCheckout(db, {
    cart: input.cart,
    market: input.market,
    accountId: input.accountId,
    address: input.address,
    shippingName: input.shippingName,
    pointsToRedeem: input.pointsToRedeem,
    now: input.now,
  });
  assertOrderable(quote.lines);
  if (quote.total !== input.expectedTotal) throw new ApiError(409, 409, CHECKOUT_MSG.changed, { total: quote.total });
  const id = orderNumber(input.market, input.now);
  const paidInFull = quote.total === 0;
  const statements = [
    ...newOrderStatements(
      db,
      {
        id,
        idempotencyKey: input.idempotencyKey,
        accountId: input.accountId,
        email: input.email,
        market: input.market.id,
        currency: input.market.currency,
        status: paidInFull ? 'PROCESSING' : 'PAYMENT_PENDING',
        subtotalCent: quote.pricing.subtotal,
        discountCent: quote.pricing.discount,
        shippingCent: quote.pricing.shipping,
        shippingDiscountCent: quote.pricing.shippingDiscount,
        taxCent: quote.tax,
        pointsUsed: quote.pricing.pointsUsed,
        pointsCent: quote.pricing.points,
        totalCent: quote.total,
        shippingName: quote.pricing.shippingName ?? '',
        address: JSON.stringify(input.address),
        paymentMethod: paidInFull ? 'POINTS' : input.paymentMethod,
        cartUuid: input.cart.uuid,
        holdExpiresAt: paidInFull ? null : input.now + STOCK_HOLD_MINUTES * 60_000,
        createdAt: input.now,
      },
      orderLines(quote),
      adjustmentsOf(quote),
      quote.taxes.map((tax) => ({ name: tax.name, rateLabel: tax.rateLabel, amountCent: tax.amountCent })),
    ),
    ...stockStatements(db, quote),
    ...promotionStatements(db, quote, { accountId: input.accountId, email: input.email, orderId: id, now: input.now }),
    ...(quote.pricing.pointsUsed > 0 && input.accountId !== null
      ? [
          pointsCreditStatement(db, input.accountId, -quote.pricing.pointsUsed, 'REDEEM_ORDER', id, input.now),
          ...pointsGuardStatements(db, input.accountId),
        ]
      : []),
    ...(await giftStatements(db, id, quote, input.market)),
    ...quote.lines.items.map((item) =>
      removeLineStatement(db, input.cart.uuid, {
        skuId: item.skuId,
        itemType: item.itemType,
        bundleId: item.bundleId ?? '',
      }),
    ),
  ];
  try {
    await runOrderBatch(db, statements);
  } catch (error) {
    // The same key placed by a request running alongside this one: that order is the answer.
    const twin = await orderPlacedWith(db, input.idempotencyKey);
    if (twin) return { order: twin, created: false };
    throw await placementFailure(db, error, input, quote);
  }
  catalogChanged(); // stock was taken
  return { order: (await orderView(db, id))!, created: true };
}

/** The gifts the order qualifies for (§7 giveaway), as zero-priced lines after the bought ones. */
async function giftStatements(
  db: D1Database,
  orderId: string,
  quote: CheckoutQuote,
  market: Market,
): Promise<D1PreparedStatement[]> {
  if (quote.pricing.giveaways.length === 0) return [];
  const facts = await skuFacts(
    db,
    quote.pricing.giveaways.map((gift) => gift.skuId),
    market.id,
  );
  let lineNo = quote.lines.items.length;
  return quote.pricing.giveaways.flatMap((gift) => {
    const sku = facts.get(gift.skuId);
    if (!sku) return [];
    lineNo++;
    return giftLineStatements(db, orderId, {
      lineNo,
      skuId: sku.skuId,
      itemId: sku.itemId,
      title: `${sku.title} (gift: ${gift.name})`,
      partNumber: sku.partNumber,
      imageUrl: sku.imageUrl,
      urlHandle: sku.urlHandle,
      itemType: 'GIFT',
      bundleId: null,
      quantity: gift.quantity,
      unitCent: 0,
      discountCent: 0,
      totalCent: 0,
    });
  });
}

/** One stock statement per SKU with the quantity of every line of it. */
function stockStatements(db: D1Database, quote: CheckoutQuote) {
  const bySku = new Map<number, number>();
  for (const item of quote.lines.items) bySku.set(item.skuId, (bySku.get(item.skuId) ?? 0) + item.itemCount);
  return [...bySku].map(([skuId, quantity]) => takeStockStatement(db, skuId, quantity));
}

function promotionStatements(
  db: D1Database,
  quote: CheckoutQuote,
  use: { accountId: number | null; email: string; orderId: string; now: number },
) {
  const ids = new Set<number>();
  for (const discount of quote.pricing.discounts) if (discount.promotionId) ids.add(discount.promotionId);
  if (quote.pricing.shippingPromotionId) ids.add(quote.pricing.shippingPromotionId);
  return [...ids].flatMap((promotionId) =>
    promotionUsageStatements(db, {
      promotionId,
      accountId: use.accountId,
      email: use.email,
      orderId: use.orderId,
      nowSec: Math.floor(use.now / 1000),
    }),
  );
}

/** Turns a failed batch into what the shopper is told; nothing was written. */
async function placementFailure(
  db: D1Database,
  error: unknown,
  input: PlaceOrderInput,
  quote: CheckoutQuote,
): Promise<Error> {
  const message = error instanceof Error ? error.message : String(error);
  if (/available_total/.test(message))
    return new ApiError(409, 409, CHECKOUT_MSG.soldOut(await soldOutTitle(db, quote, input.market)));
  if (isPromotionOverused(error)) return new ApiError(409, 409, CHECKOUT_MSG.promotionUsedUp);
  if (/batch_guard/.test(message)) return new ApiError(409, 409, CHECKOUT_MSG.pointsChanged);
  return error instanceof Error ? error : new Error(message);
}
