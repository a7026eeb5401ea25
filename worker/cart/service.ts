import type { UnitOfWork } from '../platform/unit-of-work.ts';
import type { CartAnswer, CartLinesView, CartPricing } from '../../shared/cart.ts';
import type { Market, MarketId } from '../../shared/markets.ts';
import { ApiError } from '../platform/api-error.ts';
import { pointsBalance } from '../members/service.ts';
import { findBuyNowCart, findCart, findCartWith, openCart, type CartCredentials, type CartReads } from './access.ts';
import type { ContextAlong } from '../promotions/service.ts';
import { addToCartOnce } from './add.ts';
import { addToCart, removeFromCart, updateCart, type CartError, type CartLineInput } from './changes.ts';
import { priceCartView, pricingLines, promotionsAlong, promotionsFor, type PricingRequest } from './pricing.ts';
import { cartRepository } from './repository.ts';
import type { BeforeChange, CartLineRecord, CartRecord, SkuFacts } from './records.ts';
import { cartLines } from './view.ts';
import { regulateLines } from './regulated.ts';
import { limitLines } from './shipping-limits.ts';

/**
 * The cart's door (§4 Cart): showing the shopper's cart priced, changing it, buy now, and what
 * other domains need of carts (checkout reads and empties them, promotions keep codes on them).
 */

export type { CartRecord } from './records.ts';
export { findBuyNowCart, findCart, openCart, type CartCredentials } from './access.ts';
export { priceCartView } from './pricing.ts';

const BUY_NOW_MSG = {
  expired: 'This buy-now checkout has expired. Please choose the part again.',
  cannotBuy: 'This part cannot be bought now.',
} as const;

/** Where the shopper is looking from: the current vehicle (lines are checked against it) and where the parts go. */
export interface ShopperView {
  attributeValueId?: number | null;
  /** Shipping is estimated for it; an invalid code is ignored. */
  postCode?: string | null;
  /** The ship-to state or province when an address is known (checkout): parts the law keeps out say so. */
  regionCode?: string | null;
  now: number;
}

/** A cart as every cart call shows it: its lines for the current vehicle, priced, and each part's problem. */
export interface ShownCart {
  cart: CartRecord | null;
  /** Set when a new visitor cart was started: the browser must keep it with the cart id. */
  issuedToken?: string;
  lines: CartLinesView;
  pricing: CartPricing;
  errors: CartError[];
}

type PointsToSpend = NonNullable<PricingRequest['points']>;

/** What a cart is priced for: the shopper's view, and the member's points (still loading, when read alongside). */
type PricedCartRequest = ShopperView &
  Omit<PricingRequest, 'postCode' | 'points'> & { points?: PointsToSpend | Promise<PointsToSpend> };

/**
 * A cart's lines for the current vehicle (catalog facts, bundle prices, fitment) priced with its
 * promotions and shipping: the one way a cart is shown. The promotions load alongside the lines,
 * unless a change already read them; lines a change read back are not read again.
 */
export async function pricedCart(
  db: D1Database,
  cart: CartRecord | null,
  market: Market,
  shopper: PricedCartRequest,
  known?: { lines: CartLineRecord[]; facts: Map<number, SkuFacts> },
): Promise<{ lines: CartLinesView; pricing: CartPricing }> {
  const request = { ...shopper, postCode: shopper.postCode ?? null };
  const promotions = shopper.promotions ?? promotionsFor(db, cart, market, request);
  promotions.catch(() => undefined);
  const vehicleId = shopper.attributeValueId ?? null;
  const shipTo = { postCode: request.postCode, regionCode: shopper.regionCode };
  const [lines, points] = await Promise.all([
    cartLines(db, cart, market, vehicleId, known)
      .then((shown) => regulateLines(db, shown, market, shipTo, vehicleId))
      .then((shown) => limitLines(shown, market, shipTo)),
    shopper.points,
  ]);
  return { lines, pricing: await priceCartView(db, cart, market, lines, { ...request, promotions, points }) };
}

/** The cart these credentials reach, shown; none yet is an empty cart (cartUUID null). */
export async function showCart(
  db: D1Database,
  credentials: CartCredentials,
  market: Market,
  shopper: ShopperView,
): Promise<ShownCart> {
  const cart = await findCart(db, credentials, shopper.now);
  return {
    cart,
    ...(await pricedCart(db, cart, market, { ...shopper, accountId: credentials.accountId })),
    errors: [],
  };
}

/** Adds parts to the cart the credentials reach, or to a new one, in one D1 round trip (add.ts), and shows it. */
export async function addToShopperCart(
  db: D1Database,
  credentials: CartCredentials,
  market: Market,
  items: readonly CartLineInput[],
  shopper: ShopperView,
): Promise<ShownCart> {
  const added = await addToCartOnce(db, credentials, market, items, shopper.now);
  const request = { ...shopper, accountId: credentials.accountId, promotions: Promise.resolve(added.promotions) };
  return {
    cart: added.cart,
    ...(added.issuedToken && { issuedToken: added.issuedToken }),
    ...(await pricedCart(db, added.cart, market, request, added.change)),
    errors: added.change.errors,
  };
}

/**
 * Sets quantities (UPDATE) or removes lines (DELETE) of the cart the credentials reach, and shows
 * it. The reads a change is decided from share the cart lookup's round trip; the promotions ride
 * along with its write.
 */
export async function changeShopperCart(
  db: D1Database,
  credentials: CartCredentials,
  market: Market,
  change: { action: 'UPDATE' | 'DELETE'; items: readonly CartLineInput[] },
  shopper: ShopperView,
): Promise<ShownCart> {
  const { now } = shopper;
  const accountId = credentials.accountId;
  // Setting quantities is decided from the parts' facts and the lines; removing needs neither.
  const reads = change.action === 'UPDATE' ? changeReads(db, market.id, change.items) : undefined;
  const { cart, read } = await findCartWith(db, credentials, now, reads);
  if (!cart) return { cart: null, ...(await pricedCart(db, null, market, { ...shopper, accountId })), errors: [] };
  let promotions: ContextAlong | undefined;
  const alongside = (work: UnitOfWork) => {
    promotions = promotionsAlong(work, cart, market, { accountId, now });
  };
  const options = { before: read, alongside };
  const changed =
    change.action === 'DELETE'
      ? await removeFromCart(db, cart, market.id, change.items, now, options)
      : await updateCart(db, cart, market.id, change.items, now, options);
  const request = { ...shopper, accountId, promotions: promotions!() };
  return { cart, ...(await pricedCart(db, cart, market, request, changed)), errors: changed.errors };
}

/** The reads a change makes before writing, to share the cart lookup's round trip. */
function changeReads(
  db: D1Database,
  market: MarketId,
  items: readonly Pick<CartLineInput, 'skuId'>[],
): CartReads<BeforeChange> {
  return (work, uuid) =>
    cartRepository(db).beforeChangeAlong(
      work,
      uuid,
      items.map((item) => item.skuId),
      market,
    );
}

/**
 * Buy now (§7): one part in a checkout of its own, a new cart that never merges with the
 * shopper's, shown like a cart of one line. A part that cannot be added at all is refused with
 * its problem.
 */
export async function startBuyNow(
  db: D1Database,
  accountId: number | null,
  market: Market,
  item: CartLineInput,
  now: number,
): Promise<ShownCart & { cart: CartRecord }> {
  const { cart, issuedToken } = await openCart(db, { cartUUID: null, token: null, accountId }, now, 'BUY_NOW');
  const added = await addToCart(db, cart, market.id, [item], now);
  // The cart shows one line per line written: none means nothing could be bought.
  if (added.lines.length === 0) throw ApiError.badRequest(added.errors[0]?.error ?? BUY_NOW_MSG.cannotBuy);
  const request = { accountId, attributeValueId: item.attributeValueId ?? null, now };
  return { cart, issuedToken, ...(await pricedCart(db, cart, market, request, added)), errors: added.errors };
}

/**
 * The member's points on a buy-now checkout: the balance, and how many points (and cents) this
 * order can take.
 */
export async function buyNowPoints(
  db: D1Database,
  market: Market,
  accountId: number,
  buyNow: { cartUUID: string; cartToken: string },
  now: number,
): Promise<{ balance: number; usablePoints: number; usableCent: number }> {
  const cart = await findBuyNowCart(db, buyNow.cartUUID, buyNow.cartToken, accountId);
  if (!cart) throw ApiError.notFound(BUY_NOW_MSG.expired);
  const balance = await pointsBalance(db, accountId);
  const { pricing } = await pricedCart(db, cart, market, { accountId, now, points: { toRedeem: balance, balance } });
  return { balance, usablePoints: pricing.pointsUsed, usableCent: pricing.points };
}

/** The cart as the server renders /shopCart; a refused cart, or none, is null (the page shows it empty). */
export async function cartForPage(
  db: D1Database,
  credentials: CartCredentials,
  market: Market,
  now: number,
): Promise<CartAnswer | null> {
  const cart = await findCart(db, credentials, now).catch(() => null);
  if (!cart) return null;
  const { lines, pricing } = await pricedCart(db, cart, market, { accountId: credentials.accountId, now });
  return { cartUUID: cart.uuid, detail: { ...lines, pricing }, errors: [] };
}

/** A cart's usable lines as the promotions engine prices them (no vehicle: fitment does not change a price). */
export async function cartPricingLines(db: D1Database, cart: CartRecord, market: Market) {
  return pricingLines(await cartLines(db, cart, market, null));
}

/** Keeps the promotion codes entered and the wallet coupons chosen on a cart. */
export function savePromotionChoices(
  db: D1Database,
  cart: CartRecord,
  choices: { codes: string[]; couponIds: number[] },
  now: number,
): Promise<void> {
  return cartRepository(db).setPromotions(cart.uuid, choices.codes, choices.couponIds, now);
}

/** Sets aside points on a cart for its checkout (0 releases them). */
export function lockCartPoints(db: D1Database, cart: CartRecord, points: number, now: number): Promise<void> {
  return cartRepository(db).lockPoints(cart.uuid, points, now);
}

/** The catalog facts of SKUs in one market (status, stock, price), as the cart prices them. */
export function skuFacts(db: D1Database, skuIds: readonly number[], market: MarketId): Promise<Map<number, SkuFacts>> {
  return cartRepository(db).skuFacts(skuIds, market);
}
