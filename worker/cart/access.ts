import { type Along, type UnitOfWork, unitOfWork } from '../platform/unit-of-work.ts';
import { CART_MSG } from '../../shared/cart.ts';
import { ERROR_CODE } from '../../shared/messages.ts';
import { ApiError } from '../platform/api-error.ts';
import { cartRepository } from './repository.ts';
import type { CartRecord } from './records.ts';
import { toBase64Url } from '../../shared/base64.ts';
import { sha256Hex } from '../platform/signing.ts';

/**
 * Who may reach which cart (§4 Cart): a visitor's cart by its id and secret token, a member's
 * by their account. A visitor who signs in brings their cart along: it is merged into the
 * member's cart, or becomes it when they had none.
 */

export interface CartCredentials {
  cartUUID: string | null;
  token: string | null;
  accountId: number | null;
}

export interface OpenedCart {
  cart: CartRecord;
  /** Set when a new visitor cart was started: the browser must keep it with the cart id. */
  issuedToken?: string;
}

/** Reads a caller wants about the cart it is reaching (by the cart's id), run along in the lookup's unit of work. */
export type CartReads<T> = (work: UnitOfWork, uuid: string) => Along<T>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a cart id is well formed (anything else is treated as no cart). */
export const isCartUuid = (value: string | null | undefined): value is string => !!value && UUID.test(value);

export function hashToken(token: string): Promise<string> {
  return sha256Hex(token);
}

export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return toBase64Url(bytes);
}

export const notYours = () => new ApiError(ERROR_CODE.notFound, 404, CART_MSG.notFound);

/** The hash of a presented cart token, or '' (which matches no cart) when none or a nonsense one is presented. */
export async function presentedTokenHash(token: string | null): Promise<string> {
  return token !== null && token.length <= 200 ? hashToken(token) : '';
}

async function tokenMatches(cart: CartRecord, token: string | null): Promise<boolean> {
  const presented = await presentedTokenHash(token);
  return presented !== '' && presented === cart.tokenHash;
}

/** The member's cart after bringing in the visitor cart they hold (if any). */
async function memberCart(
  db: D1Database,
  credentials: CartCredentials,
  accountId: number,
  now: number,
): Promise<CartRecord | null> {
  const repository = cartRepository(db);
  const own = await repository.byAccount(accountId);
  if (!isCartUuid(credentials.cartUUID) || credentials.cartUUID === own?.uuid) return own;
  const held = await repository.byUuid(credentials.cartUUID);
  // A cart that is gone (merged in another tab, expired) simply resets to the member's own.
  if (!held) return own;
  if (held.accountId !== null || held.kind !== 'CART' || !(await tokenMatches(held, credentials.token)))
    throw notYours();
  if (own) {
    await repository.merge(held.uuid, own.uuid, now);
    return own;
  }
  if (await repository.adopt(held.uuid, accountId, now)) return { ...held, accountId };
  return repository.byAccount(accountId);
}

/**
 * The cart these credentials reach, or null when there is none yet (the cart resets: §4,
 * "without a cart id and token"). Another shopper's cart is refused with a clear message.
 */
export async function findCart(db: D1Database, credentials: CartCredentials, now: number): Promise<CartRecord | null> {
  return (await findCartWith(db, credentials, now)).cart;
}

/**
 * findCart, with the caller's reads about a visitor's cart in the same round trip: they are
 * returned only once the token proves the cart is this browser's.
 */
export async function findCartWith<T = never>(
  db: D1Database,
  credentials: CartCredentials,
  now: number,
  reads?: CartReads<T>,
): Promise<{ cart: CartRecord | null; read?: T }> {
  if (credentials.accountId !== null) return { cart: await memberCart(db, credentials, credentials.accountId, now) };
  if (!isCartUuid(credentials.cartUUID)) return { cart: null };
  const repository = cartRepository(db);
  const work = unitOfWork(db);
  const found = work.along(repository.byUuidStatement(credentials.cartUUID), (result) => repository.cartOf(result));
  const read = reads?.(work, credentials.cartUUID);
  await work.run();
  const cart = found();
  if (!cart) return { cart: null };
  if (!(await tokenMatches(cart, credentials.token))) throw notYours();
  // The browser's cart became a member's at sign-in; signed out, it starts afresh.
  return cart.accountId === null && cart.kind === 'CART' ? { cart, ...(read && { read: read() }) } : { cart: null };
}

/** The cart to change: the one these credentials reach, else a new one. */
export async function openCart(
  db: D1Database,
  credentials: CartCredentials,
  now: number,
  kind: 'CART' | 'BUY_NOW' = 'CART',
): Promise<OpenedCart> {
  const found = kind === 'CART' ? await findCart(db, credentials, now) : null;
  if (found) return { cart: found };
  const repository = cartRepository(db);
  const token = newToken();
  const accountId = credentials.accountId;
  const cart = { uuid: crypto.randomUUID(), tokenHash: await hashToken(token), accountId, kind };
  if (!(await repository.create(cart, now))) {
    // Another tab created the member's cart a moment ago: use that one.
    const existing = accountId !== null ? await repository.byAccount(accountId) : null;
    if (existing) return { cart: existing };
    throw new Error('cart could not be created');
  }
  return { cart: { ...cart, promotionCodes: [], couponIds: [], pointsLocked: 0 }, issuedToken: token };
}

/** A buy-now cart (one part straight to checkout), reached by its id and token only. */
export async function findBuyNowCart(
  db: D1Database,
  uuid: string | null,
  token: string | null,
  accountId: number | null,
): Promise<CartRecord | null> {
  if (!isCartUuid(uuid)) return null;
  const cart = await cartRepository(db).byUuid(uuid);
  if (!cart || cart.kind !== 'BUY_NOW') return null;
  if (!(await tokenMatches(cart, token)) || (cart.accountId !== null && cart.accountId !== accountId)) throw notYours();
  return cart;
}
