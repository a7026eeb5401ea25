import { CART_MSG } from '../../shared/cart.ts';
import type { Market } from '../../shared/markets.ts';
import { cartGuardedWrites, type CartGuard } from './guarded-writes-repository.ts';
import { cartRepository, type BundleSkuRow, type NewCart } from './repository.ts';
import type { CartRecord } from './records.ts';
import { unitOfWork } from '../platform/unit-of-work.ts';
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
import { cartPromotionContextAlong, type PromotionContext } from '../promotions/service.ts';

/**
 * Adding to the cart in one D1 round trip (the shop's most frequent write): the cart's row, what
 * the change is decided from, the guarded writes, the cart after them and its promotions go in one
 * unit of work. The writes check in SQL that the cart is this shopper's and that each part may be added
 * (guarded-writes-repository.ts); the per-part problems are then named from the reads, which saw
 * exactly what the writes saw. A member's cart is found first, as signing in may merge carts.
 */

export interface CartAdded {
  cart: CartRecord;
  /** Set when a new visitor cart was started: the browser must keep it with the cart id. */
  issuedToken?: string;
  change: CartChange;
  promotions: Promise<PromotionContext>;
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
  const bundleIds = [...new Set(items.flatMap((item) => (item.bundleId ? [item.bundleId] : [])))];
  const work = unitOfWork(db);
  if (target.create) work.add(repository.createStatement(target.create, now));
  const found = work.along(repository.byUuidStatement(guard.uuid), (result) => repository.cartOf(result));
  const skuIds = items.map((item) => item.skuId);
  const [beforeFacts, beforeLines] = repository
    .beforeAddStatements(guard.uuid, skuIds, market.id)
    .map((statement) => work.along(statement, (result) => result));
  const bundles = bundleIds.length > 0 ? work.along(repository.bundleSkusStatement(bundleIds), (r) => r.results) : null;
  const written = items.map((item) =>
    work.along(writes.add(guard, addedLine(item, item.itemCount), market.id, now), (result) => result.meta.changes),
  );
  work.add(writes.touch(guard, now));
  const after = work.along(repository.linesStatement(guard.uuid), (result) => result.results as CartChange['lines']);
  const promotions = cartPromotionContextAlong(work, {
    market: market.id,
    now,
    accountId: credentials.accountId,
    cartUuid: guard.uuid,
  });
  await work.run();
  const cart = found();
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
  const before = repository.readBeforeChange([beforeFacts!(), beforeLines!()]);
  const plan = planAdd(items, before, bundleProblemsOf(items, (bundles?.() ?? []) as BundleSkuRow[]));
  const errors = [...plan.errors];
  for (const { item, index } of plan.writes) {
    if (written[index]?.() === 0) errors.push({ skuId: item.skuId, error: CART_MSG.lineLimit });
  }
  return {
    cart,
    ...(target.issuedToken && { issuedToken: target.issuedToken }),
    change: { errors, lines: after(), facts: before.facts },
    promotions: promotions(),
  };
}
