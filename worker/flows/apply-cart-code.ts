import type { Market } from '../../shared/markets.ts';
import type { RejectionProblem } from '../../shared/promotion-words.ts';
import { priceCart, normalizeCodes } from '../../shared/promotions/engine.ts';
import { ApiError } from '../platform/api-error.ts';
import {
  cartPricingLines,
  findCart,
  openCart,
  priceCartView,
  pricedCart,
  savePromotionChoices,
  showCart,
  type CartCredentials,
  type CartRecord,
  type ShopperView,
  type ShownCart,
} from '../cart/service.ts';
import { loadPromotionContext } from '../promotions/service.ts';

/**
 * Promotion codes and wallet coupons on a cart (§7 cart codes): the promotions domain judges a code
 * against the cart's lines, the cart keeps the codes entered and the coupons chosen.
 */

/** The most codes one cart carries: only the best of each kind applies anyway. */
export const MAX_CART_CODES = 5;

/**
 * A code that can never apply to this shopper is refused at once with its reason; one the cart
 * only falls short of (a threshold, a better code of its kind) stays on the cart, and the
 * cart says what is missing.
 */
const REFUSED: ReadonlySet<RejectionProblem> = new Set([
  'UNKNOWN_CODE',
  'WRONG_MARKET',
  'NOT_STARTED',
  'EXPIRED',
  'MEMBERS_ONLY',
  'USAGE_LIMIT',
  'ALREADY_USED',
]);

/** Enters a promotion code on the cart, or refuses it with the reason (§8: shown as a warning). */
async function applyCode(
  db: D1Database,
  cart: CartRecord,
  market: Market,
  code: string,
  accountId: number | null,
  now: number,
): Promise<void> {
  const [normalized] = normalizeCodes([code]);
  if (!normalized) throw ApiError.badRequest('code must not be empty');
  if (cart.promotionCodes.includes(normalized)) return;
  if (cart.promotionCodes.length >= MAX_CART_CODES)
    throw ApiError.badRequest(`A cart can carry at most ${MAX_CART_CODES} codes. Remove one to add another.`);
  const codes = [...cart.promotionCodes, normalized];
  const lines = await cartPricingLines(db, cart, market);
  const context = await loadPromotionContext(db, {
    market: market.id,
    now,
    accountId,
    enteredCodes: codes,
    selectedCouponIds: cart.couponIds,
  });
  const priced = priceCart({
    lines,
    market: market.id,
    now,
    accountId,
    ...context,
    enteredCodes: codes,
    selectedCouponIds: cart.couponIds,
    shippingCent: 0,
    pointsToRedeem: 0,
    pointsBalance: 0,
  });
  const refusal = priced.rejected.find(
    (rejection) => rejection.code?.toUpperCase() === normalized && REFUSED.has(rejection.problem),
  );
  if (refusal) throw ApiError.badRequest(refusal.reason);
  await savePromotionChoices(db, cart, { codes, couponIds: cart.couponIds }, now);
  cart.promotionCodes = codes;
}

/** Takes a code off the cart (taking off one that is not there is fine). */
async function removeCode(db: D1Database, cart: CartRecord, code: string, now: number): Promise<void> {
  const [normalized] = normalizeCodes([code]);
  const codes = cart.promotionCodes.filter((entered) => entered !== normalized);
  await savePromotionChoices(db, cart, { codes, couponIds: cart.couponIds }, now);
  cart.promotionCodes = codes;
}

/**
 * Chooses the member's wallet coupons to use (by promotion id); the engine uses the best one and
 * says why not the others.
 */
async function selectCoupons(db: D1Database, cart: CartRecord, couponIds: number[], now: number): Promise<void> {
  const chosen = [...new Set(couponIds)].slice(0, MAX_CART_CODES);
  await savePromotionChoices(db, cart, { codes: cart.promotionCodes, couponIds: chosen }, now);
  cart.couponIds = chosen;
}

/**
 * Enters a code on the shopper's cart (starting a cart when there is none), or takes it off, and
 * shows the cart: a code that can never apply is refused with its reason.
 */
export async function enterCode(
  db: D1Database,
  credentials: CartCredentials,
  market: Market,
  entry: { code: string; remove?: boolean },
  shopper: ShopperView,
): Promise<ShownCart> {
  const { now } = shopper;
  const { accountId } = credentials;
  const { cart, issuedToken } = await openCart(db, credentials, now);
  if (entry.remove) await removeCode(db, cart, entry.code, now);
  else await applyCode(db, cart, market, entry.code, accountId, now);
  return {
    cart,
    ...(issuedToken && { issuedToken }),
    ...(await pricedCart(db, cart, market, { ...shopper, accountId })),
    errors: [],
  };
}

/**
 * Prices the shopper's cart with its codes and the member's chosen wallet coupons; coupons given
 * replace the choice (members only).
 */
export async function priceWithCoupons(
  db: D1Database,
  credentials: CartCredentials,
  market: Market,
  couponIds: number[] | undefined,
  shopper: ShopperView,
): Promise<ShownCart> {
  const { accountId } = credentials;
  const cart = await findCart(db, credentials, shopper.now);
  if (cart && couponIds && accountId !== null) await selectCoupons(db, cart, couponIds, shopper.now);
  return { cart, ...(await pricedCart(db, cart, market, { ...shopper, accountId })), errors: [] };
}

/** Whether an add-on part gets its add-on price in the shopper's cart, and if not what is missing. */
export async function exchangeOfferFor(
  db: D1Database,
  credentials: CartCredentials,
  market: Market,
  skuId: number,
  now: number,
): Promise<{ skuId: number; valid: boolean; reason: string; promotionId: number | null }> {
  const { pricing } = await showCart(db, credentials, market, { now });
  const offer = pricing.exchangeOffers.find((candidate) => candidate.skuIds.includes(skuId));
  if (!offer) return { skuId, valid: false, reason: 'This part has no add-on price right now.', promotionId: null };
  return { skuId, valid: offer.qualifies, reason: offer.reason, promotionId: offer.promotionId };
}

const NO_CART: CartRecord = {
  uuid: '',
  tokenHash: '',
  accountId: null,
  promotionCodes: [],
  couponIds: [],
  kind: 'CART',
  pointsLocked: 0,
};

/** What a code would take off the shopper's cart, without entering it. */
export async function tryCode(
  db: D1Database,
  credentials: CartCredentials,
  market: Market,
  code: string,
  now: number,
): Promise<{ code: string; valid: boolean; reason: string; discount: number }> {
  const { cart, lines, pricing: base } = await showCart(db, credentials, market, { now });
  const held = cart ?? NO_CART;
  const trial = { ...held, promotionCodes: [...held.promotionCodes, code.toUpperCase()] };
  const request = { accountId: credentials.accountId, postCode: null, now };
  const priced = await priceCartView(db, trial, market, lines, request);
  const rejection = priced.rejected.find((candidate) => candidate.code?.toUpperCase() === code.toUpperCase());
  return {
    code: code.toUpperCase(),
    valid: !rejection,
    reason: rejection?.reason ?? 'This code applies to your cart.',
    discount: Math.max(0, base.total - priced.total),
  };
}
