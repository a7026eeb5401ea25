import type { AddressFields } from '../../shared/address.ts';
import type { Market } from '../../shared/markets.ts';
import { STOCK_HOLD_MINUTES, type OrderView } from '../../shared/orders.ts';
import { ApiError } from '../platform/api-error.ts';
import { removeLineStatement, skuFacts, type CartRow } from '../cart/service.ts';
import {
  giftLineStatements,
  guestOrderToken,
  holdsTooManyUnpaid,
  newAccessKey,
  newOrderNumber,
  newOrderStatements,
  orderNumberTakenBy,
  orderPlacedWith,
  orderView,
  pointsGuardStatements,
  runOrderBatch,
  takeStockStatement,
  unpaidGuardStatements,
  type NewAdjustment,
  type NewOrderLine,
  type Placer,
} from '../orders/service.ts';
import { pointsCreditStatement } from '../members/service.ts';
import { promotionUsageStatements } from '../promotions/service.ts';
import { assertOrderable, checkAddress, CHECKOUT_MSG, quoteCheckout, type CheckoutQuote } from './quote.ts';
import { placementFailure } from './placement-failure.ts';
import { catalogChanged } from '../platform/recent-reads.ts';

/**
 * Placing an order (issue 8 §3): one D1 batch writes the order with the prices, discounts and
 * tax it was priced with, takes the stock (sku.available_total's CHECK makes an oversell fail
 * the whole batch), spends the points (a guard row fails the batch if the balance would go
 * negative), records each promotion use (guarded the same way), and empties the cart lines it
 * bought. The client's idempotency key makes a double click or a retried request one order.
 * A failed batch is explained by reading what it ran into (placement-failure.ts), never by its
 * error message; an order number another order took first is retried with a new one.
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
  /** The shopper's chosen vehicle: each line keeps the fit it was sold with, for returns. */
  vehicleId?: number | null;
  /** Where the order came from, for the limit on unpaid orders per IP and visitor. */
  placer: { ip: string | null; visitorKey: string | null };
  now: number;
  /** Where order numbers come from; tests force a collision with it. */
  orderNumbers?: (market: Market, now: number) => string;
}

export interface PlacedOrder {
  order: OrderView;
  /** False when the idempotency key named an order placed before. */
  created: boolean;
  /** What a guest acts on the order with (pay, cancel, track, print); null for a member's order. */
  orderToken: string | null;
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
    fit: item.carModelMatch,
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

/** Tries before giving up on order numbers that were all taken (80 random bits: a collision is rare already). */
const NUMBER_TRIES = 3;

/**
 * The key as stored: scoped to the account, or to the cart of the visitor who sent it, so the
 * same key from someone else places their own order instead of answering this one.
 */
function scopedKey(input: PlaceOrderInput): string {
  const scope = input.accountId !== null ? `account:${input.accountId}` : `cart:${input.cart.uuid}`;
  return `${scope}:${input.idempotencyKey}`;
}

/** Places the order, or answers the one this idempotency key placed before for this shopper. */
export async function placeOrder(db: D1Database, input: PlaceOrderInput): Promise<PlacedOrder> {
  const key = scopedKey(input);
  const earlier = await orderPlacedWith(db, key);
  if (earlier) return answer(db, earlier, false, input);
  await checkAddress(db, input.market, input.address);
  const quote = await quoteCheckout(db, {
    cart: input.cart,
    market: input.market,
    accountId: input.accountId,
    address: input.address,
    shippingName: input.shippingName,
    pointsToRedeem: input.pointsToRedeem,
    attributeValueId: input.vehicleId ?? null,
    // Re-checks a guest's first-order discount with the email (the quote before it may not have had it).
    email: input.email,
    now: input.now,
  });
  assertOrderable(quote.lines);
  if (quote.total !== input.expectedTotal) throw new ApiError(409, 409, CHECKOUT_MSG.changed, { total: quote.total });
  const placer = { ip: input.placer.ip, visitorKey: input.placer.visitorKey, email: input.email };
  if (quote.total > 0 && (await holdsTooManyUnpaid(db, placer)))
    throw new ApiError(429, 429, CHECKOUT_MSG.tooManyUnpaid);
  const numbers = input.orderNumbers ?? newOrderNumber;
  for (let attempt = 1; ; attempt++) {
    const id = numbers(input.market, input.now);
    try {
      await runOrderBatch(db, await placementStatements(db, { id, key, input, quote, placer }));
      catalogChanged(); // stock was taken
      return answer(db, (await orderView(db, id))!, true, input);
    } catch (error) {
      // The same key placed by a request running alongside this one: that order is the answer.
      const twin = await orderPlacedWith(db, key);
      if (twin) return answer(db, twin, false, input);
      // Another order got this number first: nothing was written, so try again with a new one.
      if ((await orderNumberTakenBy(db, id)) !== null && attempt < NUMBER_TRIES) continue;
      throw await placementFailure(db, error, { ...input, placer }, quote);
    }
  }
}

async function answer(db: D1Database, order: OrderView, created: boolean, input: PlaceOrderInput) {
  const orderToken = await guestOrderToken(db, { orderId: order.orderId, accountId: input.accountId }, input.now);
  return { order, created, orderToken };
}

/** Every statement of the order's one batch, for one order number. */
async function placementStatements(
  db: D1Database,
  {
    id,
    key,
    input,
    quote,
    placer,
  }: { id: string; key: string; input: PlaceOrderInput; quote: CheckoutQuote; placer: Placer },
): Promise<D1PreparedStatement[]> {
  const paidInFull = quote.total === 0;
  return [
    ...newOrderStatements(
      db,
      {
        id,
        idempotencyKey: key,
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
        accessKey: newAccessKey(),
        placedIp: placer.ip,
        visitorKey: placer.visitorKey,
        vehicleId: quote.lines.vehicleName ? (input.vehicleId ?? null) : null,
        vehicleName: quote.lines.vehicleName,
      },
      orderLines(quote),
      adjustmentsOf(quote),
      quote.taxes.map((tax) => ({ name: tax.name, rateLabel: tax.rateLabel, amountCent: tax.amountCent })),
    ),
    ...(paidInFull ? [] : unpaidGuardStatements(db, placer)),
    ...stockStatements(db, quote),
    ...promotionStatements(db, quote, { accountId: input.accountId, email: input.email, orderId: id, now: input.now }),
    ...(quote.pricing.pointsUsed > 0 && input.accountId !== null
      ? [
          pointsCreditStatement(db, input.accountId, -quote.pricing.pointsUsed, 'REDEEM_ORDER', id, input.now),
          ...pointsGuardStatements(db, input.accountId),
        ]
      : []),
    ...(await giftStatements(db, id, quote, input.market)),
    // An order paid in full leaves the cart at once; any other keeps its parts in the cart until it is paid
    // (markOrderPaid), so a declined card or an abandoned payment window loses nothing.
    ...(paidInFull
      ? quote.lines.items.map((item) =>
          removeLineStatement(db, input.cart.uuid, {
            skuId: item.skuId,
            itemType: item.itemType,
            bundleId: item.bundleId ?? '',
          }),
        )
      : []),
  ];
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
