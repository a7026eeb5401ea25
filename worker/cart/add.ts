import { CART_MSG } from '../../shared/cart.ts';
import type { Market } from '../../shared/markets.ts';
import { cartGuardedWrites, type CartGuard } from './guarded-writes-repository.ts';
import { cartRepository, type BundleSkuRow, type CartRow, type NewCart } from './repository.ts';
import { namedBatch } from '../platform/named-batch.ts';
import { addedLine, bundleProblemsOf, planAdd, type CartChange, type CartLineInput } from './changes.ts';
import {
  findCart,
  hashToken,
  isCartUuid,
  newToken,
  notYours,
  presentedTokenHash,
  type CartCredentials,
} from './access.ts';
import { cartPromotionContextQuery } from '../promotions/service.ts';

/**
 * Adding to the cart in one D1 round trip (the shop's most frequent write): the cart's row, what
 * the change is decided from, the guarded writes, the cart after them and its promotions go in one
 * batch. The writes check in SQL that the cart is this shopper's and that each part may be added
 * (guarded-writes-repository.ts); the per-part problems are then named from the reads, which saw
 * exactly what the writes saw. A member's cart is found first, as signing in may merge carts.
 */

export interface CartAdded {
  cart: CartRow;
  /** Set when a new visitor cart was started: the browser must keep it with the cart id. */
  issuedToken?: string;
  change: CartChange;
  promotions: ReturnType<ReturnType<typeof cartPromotionContextQuery>['decode']>;
}

interface Target {
  guard: CartGuard;
  /** A cart to create in the same batch. */
  create?: NewCart;
  issuedToken?: string;
}

async function newCart(accountId: number | null): Promise<Target> {
  const token = newToken();
  const cart: NewCart = { uuid: crypto.randomUUID(), tokenHash: await hashToken(token), accountId, kind: 'CART' };
  return { guard: cart, create: cart, issuedToken: token };
}

/**
 * The cart to add to: a visitor's by the id and token presented (checked by the batch), a
 * member's as found, else a new one.
 */
async function targetFor(db: D1Database, credentials: CartCredentials, now: number): Promise<Target> {
  if (credentials.accountId !== null) {
    const cart = await findCart(db, credentials, now);
    return cart ? { guard: cart } : newCart(credentials.accountId);
  }
  if (!isCartUuid(credentials.cartUUID)) return newCart(null);
  return {
    guard: { uuid: credentials.cartUUID, tokenHash: await presentedTokenHash(credentials.token), accountId: null },
  };
}

/** Adds parts to the cart the credentials reach, or to a new one. */
export async function addToCartOnce(
  db: D1Database,
  credentials: CartCredentials,
  market: Market,
  items: readonly CartLineInput[],
  now: number,
  attempt = 0,
): Promise<CartAdded> {
  const target = await targetFor(db, credentials, now);
  const { guard } = target;
  const repository = cartRepository(db);
  const writes = cartGuardedWrites(db);
  const promotions = cartPromotionContextQuery(db, {
    market: market.id,
    now,
    accountId: credentials.accountId,
    cartUuid: guard.uuid,
  });
  const bundleIds = [...new Set(items.flatMap((item) => (item.bundleId ? [item.bundleId] : [])))];
  const read = await namedBatch(db, {
    create: target.create ? [repository.createStatement(target.create, now)] : [],
    cart: [repository.byUuidStatement(guard.uuid)],
    before: repository.beforeAddStatements(
      guard.uuid,
      items.map((item) => item.skuId),
      market.id,
    ),
    bundles: bundleIds.length > 0 ? [repository.bundleSkusStatement(bundleIds)] : [],
    written: items.map((item) => writes.add(guard, addedLine(item, item.itemCount), market.id, now)),
    touch: [writes.touch(guard, now)],
    after: [repository.linesStatement(guard.uuid)],
    promotions: promotions.statements,
  });
  const cart = repository.cartOf(read.cart[0]!);
  if (!cart || cart.tokenHash !== guard.tokenHash || cart.accountId !== guard.accountId || cart.kind !== 'CART') {
    // Nothing was written. Someone else's cart is refused; a cart that is gone, became a member's or
    // lost a race to another tab's new member cart is looked for again (as a new cart, or the member's).
    if (cart && cart.tokenHash !== guard.tokenHash && credentials.accountId === null) throw notYours();
    if (attempt > 0) throw new Error('the cart could not be reached');
    return addToCartOnce(
      db,
      credentials.accountId === null ? { ...credentials, cartUUID: null, token: null } : credentials,
      market,
      items,
      now,
      attempt + 1,
    );
  }
  // The facts read before the writes cover every line after them: an add only writes lines of the parts it names.
  const before = repository.readBeforeChange(read.before);
  const plan = planAdd(items, before, bundleProblemsOf(items, (read.bundles[0]?.results ?? []) as BundleSkuRow[]));
  const errors = [...plan.errors];
  for (const { item, index } of plan.writes) {
    if (read.written[index]?.meta.changes === 0) errors.push({ skuId: item.skuId, error: CART_MSG.lineLimit });
  }
  return {
    cart,
    ...(target.issuedToken && { issuedToken: target.issuedToken }),
    change: { errors, lines: read.after[0]!.results as CartChange['lines'], facts: before.facts, alongside: [] },
    promotions: promotions.decode(read.promotions),
  };
}
