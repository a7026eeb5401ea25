import type { AddressFields } from '../../shared/address.ts';
import type { Market } from '../../shared/markets.ts';
import { HOLD_MSG } from '../../shared/holds.ts';
import type { OrderView } from '../../shared/orders.ts';
import { ApiError } from '../platform/api-error.ts';
import { catalogChanged } from '../platform/recent-reads.ts';
import { unitOfWork, type UnitOfWork } from '../platform/unit-of-work.ts';
import type { CartRecord } from '../cart/service.ts';
import { removeBoughtLinesInto } from '../cart/writers.ts';
import { skuFacts } from '../catalog/service.ts';
import { STOCK_GUARD, takeGiftStockInto, takeStockInto } from '../catalog/writers.ts';
import {
  assertOrderable,
  assertShippable,
  checkAddress,
  CHECKOUT_MSG,
  quoteCheckout,
  type CheckoutQuote,
} from '../checkout/service.ts';
import { POINTS_GUARD, spendPointsInto } from '../members/writers.ts';
import { guestOrderToken, orderView } from '../orders/service.ts';
import {
  giftLineInto,
  HELD_CEILING_GUARD,
  heldCeilingInto,
  holdsTooManyUnpaid,
  newAccessKey,
  newOrderInto,
  newOrderNumber,
  orderNumberTakenBy,
  orderPlacedWith,
  type Placer,
  UNPAID_GUARD,
  unpaidLimitInto,
} from '../orders/writers.ts';
import { PROMOTION_GUARD, promotionUsesInto } from '../promotions/writers.ts';
import type { TaxEnv } from '../tax/service.ts';
import { orderTaxInto } from '../tax/writers.ts';
import { releaseExpiredHolds } from './cancel-order.ts';
import { queueTaxJob } from './commit-tax.ts';
import { adjustmentsOf, orderLines, usesOf } from './placement-lines.ts';
import { depositsOf } from '../../shared/core-charges.ts';
import { assertHoldable, holdExpiry, titleOf, unitsOf } from './placement-holds.ts';

/**
 * Placing an order (issue 8 §3): one unit of work writes the order with the prices, discounts and
 * tax it was priced with, takes the stock (sku.available_total's CHECK makes an oversell fail the
 * whole batch) and, unpaid, holds it only within the caps of shared/holds.ts (a part's share held
 * by unpaid orders is guarded inside the batch), spends the points (a guard fails the batch if
 * the balance would go negative), records each promotion use (guarded the same way), and
 * empties the cart lines it bought when it is paid in full. The client's idempotency key makes a
 * double click or a retried request one order. A failed batch is explained by the guard that no
 * longer holds, read afterwards, never by the database's message; an order number another order
 * took first is retried with a new one.
 */

export interface PlaceOrderInput {
  idempotencyKey: string;
  cart: CartRecord;
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
  /** The language the shopper placed it in (its emails speak it); English when not given. */
  locale?: 'en' | 'fr';
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

/** Tries before giving up on order numbers that were all taken (80 random bits: a collision is rare already). */
const NUMBER_TRIES = 3;
const PLACED_ALONGSIDE = 'placed alongside';
const NUMBER_TAKEN = 'order number taken';

/**
 * The key as stored: scoped to the account, or to the cart of the visitor who sent it, so the
 * same key from someone else places their own order instead of answering this one.
 */
function scopedKey(input: PlaceOrderInput): string {
  const scope = input.accountId !== null ? `account:${input.accountId}` : `cart:${input.cart.uuid}`;
  return `${scope}:${input.idempotencyKey}`;
}

/** Places the order, or answers the one this idempotency key placed before for this shopper. */
export async function placeOrder(env: TaxEnv, input: PlaceOrderInput): Promise<PlacedOrder> {
  const db = env.DB;
  const key = scopedKey(input);
  const earlier = await orderPlacedWith(db, key);
  if (earlier) return answer(db, earlier, false, input);
  // Stock held by orders whose time ran out goes back first, whether or not the cron has run.
  await releaseExpiredHolds(db, input.now);
  await checkAddress(db, input.market, input.address);
  const quote = await quoteCheckout(env, {
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
  // A part the ship-to state does not allow (a 49-state converter to California) is never sold there.
  assertShippable(quote.lines);
  if (quote.total > 0) assertHoldable(quote, input.market);
  if (quote.total !== input.expectedTotal) throw new ApiError(409, 409, CHECKOUT_MSG.changed, { total: quote.total });
  const placer = { ip: input.placer.ip, visitorKey: input.placer.visitorKey, email: input.email };
  if (quote.total > 0 && (await holdsTooManyUnpaid(db, placer)))
    throw new ApiError(429, 429, CHECKOUT_MSG.tooManyUnpaid);
  const numbers = input.orderNumbers ?? newOrderNumber;
  for (let attempt = 1; ; attempt++) {
    const id = numbers(input.market, input.now);
    let soldOut = '';
    let overHeld = '';
    const work = unitOfWork(db)
      .explain(PLACED_ALONGSIDE, async () => (await orderPlacedWith(db, key)) === null)
      .explain(NUMBER_TAKEN, async () => (await orderNumberTakenBy(db, id)) === null);
    const refused = { soldOut: (title: string) => (soldOut = title), overHeld: (title: string) => (overHeld = title) };
    await placementInto(work, { id, key, input, quote, placer }, refused);
    const done = await work.commit();
    if (done.ok) {
      catalogChanged(); // stock was taken
      // The sale is committed to the tax service once paid: at once for one paid in full with points.
      await queueTaxJob(env, { kind: 'commit', orderId: id });
      return answer(db, (await orderView(db, id))!, true, input);
    }
    if (done.guard === PLACED_ALONGSIDE) return answer(db, (await orderPlacedWith(db, key))!, false, input);
    if (done.guard === NUMBER_TAKEN && attempt < NUMBER_TRIES) continue;
    throw refusal(done.guard, done.guard === HELD_CEILING_GUARD ? overHeld : soldOut, done.cause);
  }
}

/** What the shopper is told when a guard stopped the order (naming the part); other failures are thrown as is. */
function refusal(guard: string, part: string, cause: unknown): Error {
  if (guard === STOCK_GUARD) return new ApiError(409, 409, CHECKOUT_MSG.soldOut(part));
  if (guard === HELD_CEILING_GUARD) return new ApiError(409, 409, HOLD_MSG.heldByOthers(part));
  if (guard === POINTS_GUARD) return new ApiError(409, 409, CHECKOUT_MSG.pointsChanged);
  if (guard === UNPAID_GUARD) return new ApiError(429, 429, CHECKOUT_MSG.tooManyUnpaid);
  if (guard === PROMOTION_GUARD) return new ApiError(409, 409, CHECKOUT_MSG.promotionUsedUp);
  return cause instanceof Error ? cause : new Error(String(cause));
}

async function answer(db: D1Database, order: OrderView, created: boolean, input: PlaceOrderInput) {
  const orderToken = await guestOrderToken(db, { orderId: order.orderId, accountId: input.accountId }, input.now);
  return { order, created, orderToken };
}

interface Placement {
  id: string;
  key: string;
  input: PlaceOrderInput;
  quote: CheckoutQuote;
  placer: Placer;
}

/**
 * Everything the order's one batch writes, for one order number. The guards come in the order a
 * shopper is told about them: a part sold out, too much of it held by unpaid orders, the points
 * balance, too many unpaid orders, a promotion used up.
 */
async function placementInto(
  work: UnitOfWork,
  placement: Placement,
  refused: { soldOut: (title: string) => void; overHeld: (title: string) => void },
) {
  const { id, key, input, quote, placer } = placement;
  const paidInFull = quote.total === 0;
  newOrderInto(
    work,
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
      locale: input.locale ?? 'en',
      holdExpiresAt: paidInFull ? null : holdExpiry(quote, input.market, input.accountId === null, input.now),
      createdAt: input.now,
      accessKey: newAccessKey(),
      placedIp: placer.ip,
      visitorKey: placer.visitorKey,
      vehicleId: quote.lines.vehicleName ? (input.vehicleId ?? null) : null,
      vehicleName: quote.lines.vehicleName,
    },
    {
      lines: orderLines(quote),
      adjustments: adjustmentsOf(quote),
      taxes: quote.taxes.map((tax) => ({ name: tax.name, rateLabel: tax.rateLabel, amountCent: tax.amountCent })),
    },
  );
  // The tax by line and jurisdiction: what a commit records with the tax service once it is paid.
  if (quote.taxDraft) orderTaxInto(work, id, quote.taxDraft, input.now);
  const units = unitsOf(quote);
  takeStockInto(work, units, input.market.id, refused.soldOut);
  if (!paidInFull) heldCeilingInto(work, units, (skuId) => refused.overHeld(titleOf(quote, skuId)));
  if (quote.pricing.pointsUsed > 0 && input.accountId !== null)
    spendPointsInto(work, {
      accountId: input.accountId,
      points: quote.pricing.pointsUsed,
      reference: id,
      now: input.now,
    });
  if (!paidInFull) unpaidLimitInto(work, placer);
  promotionUsesInto(
    work,
    usesOf(quote, { accountId: input.accountId, email: input.email, orderId: id, now: input.now }),
  );
  await giftsInto(work, id, quote, input.market);
  // An order paid in full leaves the cart at once; any other keeps its parts in the cart until it is paid
  // (the pay-order flow), so a declined card or an abandoned payment window loses nothing.
  if (paidInFull) removeBoughtLinesInto(work, input.cart.uuid, quote.lines.items);
}

/** The gifts the order qualifies for (§7 giveaway), as zero-priced lines after the bought ones, while they last. */
async function giftsInto(work: UnitOfWork, orderId: string, quote: CheckoutQuote, market: Market) {
  if (quote.pricing.giveaways.length === 0) return;
  const facts = await skuFacts(
    work.db,
    quote.pricing.giveaways.map((gift) => gift.skuId),
    market.id,
  );
  // After the parts and their core deposits.
  let lineNo = quote.lines.items.length + depositsOf(quote.lines.items).length;
  for (const gift of quote.pricing.giveaways) {
    const sku = facts.get(gift.skuId);
    if (!sku) continue;
    lineNo++;
    takeGiftStockInto(work, sku.skuId, gift.quantity);
    giftLineInto(work, orderId, {
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
  }
}
