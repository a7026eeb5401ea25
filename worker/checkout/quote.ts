import type { AddressFields } from '../../shared/address.ts';
import type { CartLinesView, CartPricing } from '../../shared/cart.ts';
import { depositsOf } from '../../shared/core-charges.ts';
import type { Market } from '../../shared/markets.ts';
import type { TaxLine } from '../../shared/tax.ts';
import { ApiError } from '../platform/api-error.ts';
import { fieldError } from '../platform/contract.ts';
import { levelBenefitsFor, pointsBalance } from '../members/service.ts';
import { pointsEarned } from '../../shared/orders.ts';
import { pricedCart, type CartRecord } from '../cart/service.ts';
import { verifyAddress } from '../shipping/service.ts';
import { quoteTax, type TaxDraft, type TaxEnv } from '../tax/service.ts';

/** What checkout shows and an order is placed with: the cart priced for an address, with its tax lines. */

export interface CheckoutRequest {
  cart: CartRecord;
  market: Market;
  accountId: number | null;
  address: AddressFields | null;
  shippingName?: string | null;
  pointsToRedeem?: number;
  /** The shopper's current vehicle: each line says whether it fits (§4 Fit status). */
  attributeValueId?: number | null;
  /** The order's email once known (placing it): a guest's first-order discount depends on it. */
  email?: string | null;
  now: number;
}

export interface CheckoutQuote {
  lines: CartLinesView;
  pricing: CartPricing;
  taxes: TaxLine[];
  tax: number;
  /** Why no tax is charged, where the shopper should know (a state the shop does not collect in). */
  taxNote: string | null;
  /** The combined rate on parts, whether parts and shipping are taxed, whether the tax is an estimate. */
  taxSummary: { combinedRateLabel: string | null; partsTaxed: boolean; shippingTaxed: boolean; estimated: boolean };
  /** How the tax was figured, line by line: what placing the order records (never shown). */
  taxDraft: TaxDraft | null;
  /** What the shopper pays: the cart's total plus tax. */
  total: number;
  pointsBalance: number;
  /** What paying this order would earn the member at their level's rate (0 for a visitor). */
  pointsToEarn: number;
  /** The level's points per dollar of parts (0 for a visitor), and its name (null for a visitor). */
  pointsEarnRate: number;
  levelName: string | null;
}

export const CHECKOUT_MSG = {
  empty: 'Your cart is empty.',
  unusable: 'Some parts in your cart can no longer be bought. Please review your cart.',
  wrongMarket: (market: Market) =>
    `We ship this order within ${market.country.inSentence} only. Please enter an address there.`,
  changed: 'Your cart changed since you last saw it. Please review the new total before placing your order.',
  soldOut: (title: string) => `Sorry, ${title} sold out while you were checking out. Please review your cart.`,
  promotionUsedUp: 'A discount in your order has just reached its limit. Please review the new total.',
  pointsChanged: 'Your points balance changed. Please review the points used.',
  shipping: 'Please choose one of the shipping options offered.',
  tooManyUnpaid:
    'You already have unpaid orders holding parts. Please pay for or cancel one of them before placing another.',
} as const;

/** The address must be in the shop's market and deliverable, its postal code in its state or province. */
export async function checkAddress(db: D1Database, market: Market, address: AddressFields): Promise<void> {
  if (address.market !== market.id) throw ApiError.badRequest(CHECKOUT_MSG.wrongMarket(market));
  const verification = await verifyAddress(db, market.id, {
    postCode: address.postalCode,
    stateCode: address.regionCode,
    city: address.city,
  });
  if (!verification.valid)
    throw fieldError('address.postalCode', verification.message ?? 'Please check the postal code.');
}

const NO_TAX = { combinedRateLabel: null, partsTaxed: false, shippingTaxed: false, estimated: false };

/**
 * Prices the cart for checkout: promotions, the chosen shipping to the address, points, and the
 * tax of the ship-to address from the market's tax service (tax/service.ts).
 */
export async function quoteCheckout(env: TaxEnv, request: CheckoutRequest): Promise<CheckoutQuote> {
  const db = env.DB;
  const { cart, market, accountId, address } = request;
  const balance = accountId !== null ? pointsBalance(db, accountId) : Promise.resolve(0);
  const level = levelBenefitsFor(db, accountId, request.now);
  level.catch(() => undefined); // awaited below, once the cart is priced
  const toRedeem = Math.max(0, Math.trunc(request.pointsToRedeem ?? 0));
  const { lines, pricing } = await pricedCart(db, cart, market, {
    accountId,
    postCode: address?.postalCode ?? null,
    regionCode: address?.regionCode ?? null,
    attributeValueId: request.attributeValueId ?? null,
    email: request.email ?? null,
    now: request.now,
    shippingName: request.shippingName ?? null,
    points: balance.then((held) => ({ toRedeem, balance: held })),
  });
  const held = await balance;
  if (request.shippingName && pricing.shippingName !== request.shippingName) {
    assertRoutable(lines); // no option at all because of a part: say which and why
    throw ApiError.badRequest(CHECKOUT_MSG.shipping);
  }
  const shares = new Map(pricing.lineDiscounts.map((line) => [line.key, line.total]));
  const checkoutTax = address
    ? await quoteTax(env, {
        market,
        address,
        accountId,
        email: request.email ?? null,
        lines: lines.items.map((item) => ({
          amountCent: shares.get(item.key) ?? item.lineTotal,
          quantity: item.itemCount,
        })),
        goodsCent: pricing.subtotal - pricing.discount - pricing.points,
        deposits: depositsOf(lines.items),
        shippingCent: pricing.shipping - pricing.shippingDiscount,
        now: request.now,
      })
    : null;
  const tax = checkoutTax?.tax ?? 0;
  const rate = (await level)?.benefits.earnRate ?? 0;
  const toEarn = pointsEarned(
    { accountId, subtotalCent: pricing.subtotal, discountCent: pricing.discount, pointsCent: pricing.points },
    rate,
  );
  return {
    lines,
    pricing,
    taxes: checkoutTax?.taxes ?? [],
    tax,
    taxNote: checkoutTax?.note ?? null,
    taxSummary: checkoutTax?.summary ?? NO_TAX,
    taxDraft: checkoutTax?.draft ?? null,
    total: pricing.total + tax,
    pointsBalance: held,
    pointsToEarn: toEarn,
    pointsEarnRate: rate,
    levelName: (await level)?.name ?? null,
  };
}

/**
 * Refuses an order with a part the ship-to state does not allow (issue 40), naming the part: the
 * place-order flow asks this of the quote it places, whatever the page showed.
 */
export function assertShippable(lines: CartLinesView): void {
  const refused = lines.items.find((item) => item.shipRefusal !== null);
  if (refused) throw new ApiError(409, 409, refused.shipRefusal!.message);
  assertRoutable(lines);
}

/** Refuses a part no carrier route brings there (hazardous by ground only, freight only: shared/shipping-limits.ts). */
function assertRoutable(lines: CartLinesView): void {
  const unroutable = lines.items.find((item) => item.shipLimit?.kind === 'NO_ROUTE');
  if (unroutable) throw new ApiError(409, 409, unroutable.shipLimit!.message);
}

/** Refuses a checkout that cannot become an order: an empty cart, or parts that can no longer be bought. */
export function assertOrderable(lines: CartLinesView): void {
  if (lines.items.length === 0) throw ApiError.badRequest(CHECKOUT_MSG.empty);
  if (lines.items.some((item) => !item.usable)) throw new ApiError(409, 409, CHECKOUT_MSG.unusable);
}
