import type { CartLinesView, CartPricing } from '../../shared/cart.ts';
import { coreChargesOf } from '../../shared/core-charges.ts';
import type { Market } from '../../shared/markets.ts';
import { priceCart } from '../../shared/promotions/engine.ts';
import type { PricingLine, CartPricing as EnginePricing } from '../../shared/promotions/types.ts';
import { postalCodeProblem } from '../../shared/validation.ts';
import { cartRepository } from './repository.ts';
import type { CartRecord } from './records.ts';
import { addOnUnitPrice } from '../../shared/promotions/exchange.ts';
import { eligibleLines } from '../../shared/promotions/eligibility.ts';
import { availabilityProblem } from './changes.ts';
import { type ContextAlong, loadPromotionContext, promotionContextAlong } from '../promotions/service.ts';
import type { UnitOfWork } from '../platform/unit-of-work.ts';
import { shippingQuote } from '../shipping/service.ts';
import { limitedLines } from './shipping-limits.ts';

/** Who is pricing and where the parts go: promotions depend on the member, shipping on the postal code. */
export interface PricingRequest {
  accountId: number | null;
  postCode: string | null;
  now: number;
  /** Points the member wants to spend on this order, and their balance. */
  points?: { toRedeem: number; balance: number };
  /** The shipping option the shopper picked at checkout; otherwise Standard Shipping, else the cheapest. */
  shippingName?: string | null;
  /** The promotions in play, when the caller started loading them alongside the cart's lines. */
  promotions?: ReturnType<typeof loadPromotionContext>;
  /** A guest's email once known (placing the order): first-order promotions are checked against it. */
  email?: string | null;
}

const contextRequest = (
  cart: CartRecord | null,
  market: Market,
  request: Pick<PricingRequest, 'accountId' | 'now' | 'email'>,
) => ({
  market: market.id,
  now: request.now,
  accountId: request.accountId,
  email: request.email ?? null,
  enteredCodes: cart?.promotionCodes ?? [],
  selectedCouponIds: cart?.couponIds ?? [],
});

/**
 * Starts loading the promotions a cart is priced with; they do not depend on its lines, so this
 * can run alongside them.
 */
export function promotionsFor(
  db: D1Database,
  cart: CartRecord | null,
  market: Market,
  request: Pick<PricingRequest, 'accountId' | 'now' | 'email'>,
) {
  return loadPromotionContext(db, contextRequest(cart, market, request));
}

/** The same reads, ridden along in a cart change's unit of work. */
export function promotionsAlong(
  work: UnitOfWork,
  cart: CartRecord,
  market: Market,
  request: Pick<PricingRequest, 'accountId' | 'now'>,
): ContextAlong {
  return promotionContextAlong(work, contextRequest(cart, market, request));
}

/** The usable lines as the promotions engine prices them. */
export function pricingLines(lines: CartLinesView): PricingLine[] {
  return lines.items
    .filter((item) => item.usable)
    .map((item) => ({
      key: item.key,
      skuId: item.skuId,
      itemId: item.itemId,
      brandId: item.brandId,
      categoryIds: item.categoryIds,
      quantity: item.itemCount,
      unitCent: item.discountPrice,
      itemType: item.itemType,
      bundleId: item.bundleId,
    }));
}

/** The engine's answer in the words the cart page shows. */
function pricingView(
  priced: EnginePricing,
  cart: CartRecord | null,
  codes: Map<number, string>,
  quote: ReturnType<typeof shippingQuote> | null,
  postCode: string | null,
  coreCharges: number,
): Omit<CartPricing, 'addOnItems'> {
  const chosen = quote?.chosen ?? null;
  return {
    currency: priced.currency,
    subtotal: priced.subtotalCent,
    discount: priced.discountCent,
    discounts: priced.adjustments
      .filter((adjustment) => adjustment.kind !== 'POINTS' && adjustment.kind !== 'FREE_SHIPPING')
      .map((adjustment) => ({
        promotionId: adjustment.promotionId,
        name: adjustment.name,
        reason: adjustment.reason,
        source: adjustment.source ?? 'POINTS',
        amount: adjustment.amountCent,
        code: adjustment.promotionId === null ? null : (codes.get(adjustment.promotionId) ?? null),
      })),
    shipping: priced.shippingCent,
    shippingDiscount: priced.shippingDiscountCent,
    shippingName: chosen?.name ?? null,
    shippingPromotionId:
      priced.adjustments.find((adjustment) => adjustment.kind === 'FREE_SHIPPING')?.promotionId ?? null,
    shippingDiscountName: priced.adjustments.find((adjustment) => adjustment.kind === 'FREE_SHIPPING')?.name ?? null,
    points: priced.pointsCent,
    pointsUsed: priced.pointsUsed,
    coreCharges,
    total: priced.totalCent + coreCharges,
    rejected: priced.rejected.map((rejection) => ({ code: rejection.code ?? null, reason: rejection.reason })),
    promotionCodes: cart?.promotionCodes ?? [],
    hints: priced.hints.map((hint) => hint.reason),
    exchangeOffers: priced.exchangeOffers.map((offer) => ({
      promotionId: offer.promotionId,
      name: offer.name,
      qualifies: offer.qualifies,
      reason: offer.reason,
      skuIds: offer.addOns.map((addOn) => addOn.skuId),
    })),
    giveaways: priced.giveaways.map(({ promotionId, name, reason, skuId, quantity }) => ({
      promotionId,
      name,
      reason,
      skuId,
      quantity,
    })),
    shippingOptions: quote?.options.map((option) => ({ name: option.name, cost: option.cost.cent })) ?? [],
    postCode,
    lineDiscounts: priced.lines.map((line) => ({ key: line.key, discount: line.discountCent, total: line.totalCent })),
  };
}

/**
 * The add-on parts the cart's exchange offers show, each at its add-on price in this market: a part
 * once, at the best price an offer gives it (issue 36: never the same part at two prices), marked in
 * the cart when any line holds it, and left out while a giveaway the cart earned brings it free.
 */
async function addOnItems(
  db: D1Database,
  market: Market,
  priced: EnginePricing,
  lines: CartLinesView,
  related: ReadonlySet<number>,
): Promise<CartPricing['addOnItems']> {
  // An offer shows its add-ons once the cart holds a part it is about (brake fluid with brakes), not for any cart.
  const offers = priced.exchangeOffers
    .filter((offer) => offer.qualifies || related.has(offer.promotionId))
    .flatMap((offer) => offer.addOns.map((addOn) => ({ offer, addOn })));
  if (offers.length === 0) return [];
  const facts = await cartRepository(db).skuFacts([...new Set(offers.map(({ addOn }) => addOn.skuId))], market.id);
  const inCart = new Set(lines.items.map((item) => item.skuId));
  const gifts = new Set(priced.giveaways.map((gift) => gift.skuId));
  const items = offers.flatMap(({ offer, addOn }) => {
    const sku = facts.get(addOn.skuId);
    if (!sku || sku.discountPrice === null || availabilityProblem(sku) || gifts.has(sku.skuId)) return [];
    return [
      {
        promotionId: offer.promotionId,
        skuId: sku.skuId,
        title: sku.title,
        imageUrl: sku.imageUrl,
        urlHandle: sku.urlHandle,
        price: addOnUnitPrice(addOn, sku.discountPrice),
        originalPrice: sku.discountPrice,
        qualifies: offer.qualifies,
        inCart: inCart.has(sku.skuId),
      },
    ];
  });
  // The best price first (a qualifying offer before one the cart is short of), then one entry per part.
  items.sort((a, b) => Number(b.qualifies) - Number(a.qualifies) || a.price - b.price || a.promotionId - b.promotionId);
  return items.filter((item, index) => items.findIndex((other) => other.skuId === item.skuId) === index);
}

/**
 * Prices the cart: the usable lines, the promotions in force and those the shopper entered
 * (each discount with its reason), and shipping for the postal code (Standard Shipping, else
 * the cheapest, §9). One pricing function for the cart page, buy now and checkout.
 */
export async function priceCartView(
  db: D1Database,
  cart: CartRecord | null,
  market: Market,
  lines: CartLinesView,
  request: PricingRequest,
): Promise<CartPricing> {
  const postCode = request.postCode && !postalCodeProblem(request.postCode, market.id) ? request.postCode : null;
  const priced = pricingLines(lines);
  const quantity = priced.reduce((sum, line) => sum + line.quantity, 0);
  const quoted = quantity > 0 ? shippingQuote(market.id, postCode, quantity, limitedLines(lines)) : null;
  const picked = quoted?.options.find((option) => option.name === request.shippingName);
  const quote = quoted && picked ? { ...quoted, chosen: picked } : quoted;
  const context = await (request.promotions ?? promotionsFor(db, cart, market, request));
  const result = priceCart({
    lines: priced,
    market: market.id,
    now: request.now,
    accountId: request.accountId,
    ...context,
    enteredCodes: cart?.promotionCodes ?? [],
    selectedCouponIds: cart?.couponIds ?? [],
    shippingCent: quote?.chosen?.cost.cent ?? 0,
    shippingOptionName: quote?.chosen?.name ?? null,
    pointsToRedeem: request.points?.toRedeem ?? 0,
    pointsBalance: request.points?.balance ?? 0,
  });
  const codes = new Map(
    context.promotions.flatMap((promotion) => (promotion.code ? [[promotion.id, promotion.code] as const] : [])),
  );
  const related = new Set(
    context.promotions
      .filter(
        (promotion) => promotion.promotionType === 'EXCHANGE_PURCHASE' && eligibleLines(promotion, priced).length > 0,
      )
      .map((promotion) => promotion.id),
  );
  return {
    ...pricingView(result, cart, codes, quote, postCode, coreChargesOf(lines.items)),
    addOnItems: await addOnItems(db, market, result, lines, related),
  };
}
