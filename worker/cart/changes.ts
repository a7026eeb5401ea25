import type { UnitOfWork } from '../platform/unit-of-work.ts';
import { CART_MSG, MAX_LINE_QUANTITY, cartItemKey, type CartItemType } from '../../shared/cart.ts';
import { isBuyable } from '../../shared/item-status.ts';
import type { MarketId } from '../../shared/markets.ts';
import { cartRepository, type BundleSkuRow } from './repository.ts';
import type { BeforeChange, CartLineRecord, CartRecord, SkuFacts } from './records.ts';

/**
 * Changing a cart (§4 Cart): every change checks stock and market availability against the
 * catalog, clamps what cannot be had, and reports each problem per part (§7 errors[].error)
 * instead of failing the whole request. Each change is one D1 batch of single-row writes, so
 * two tabs changing one cart at once never corrupt it.
 */

export interface CartLineInput {
  skuId: number;
  itemCount: number;
  itemType: CartItemType;
  bundleId: number | null;
  attributeValueId?: number | null;
  campaignId?: number | null;
}

export interface CartError {
  skuId: number;
  error: string;
}

/** What a change answers: the problems per part, and the cart's lines after it. */
export interface CartChange {
  errors: CartError[];
  lines: CartLineRecord[];
  /** The facts of every SKU in the cart after the change, read in the same batch. */
  facts: Map<number, SkuFacts>;
}

/**
 * What a caller already has or wants in the same round trips: the reads before the change, and
 * reads to run with its write.
 */
export interface ChangeOptions {
  before?: BeforeChange;
  alongside?: (work: UnitOfWork) => void;
}

/** The status a part has in a market for the cart: sold out when none are left, off shelves when not priced here. */
export function effectiveStatus(facts: SkuFacts): string {
  if (facts.discountPrice === null) return 'OFF_SHELVES';
  if (isBuyable(facts.status)) return facts.availableTotal > 0 ? facts.status : 'SOLD_OUT';
  return facts.status;
}

/** Why a part cannot go into the cart at all, or null when it can. */
export function availabilityProblem(facts: SkuFacts | undefined): string | null {
  if (!facts) return CART_MSG.unknownSku;
  const status = effectiveStatus(facts);
  if (status === 'SOLD_OUT') return CART_MSG.soldOut;
  // Off the shelves in this market's status (us_status / ca_status) means not sold in this country.
  if (status === 'OFF_SHELVES') return CART_MSG.notSoldHere;
  if (!isBuyable(status)) return CART_MSG.unavailable;
  return null;
}

const lineKey = (line: { skuId: number; itemType: string; bundleId: string }) => ({
  skuId: line.skuId,
  itemType: line.itemType,
  bundleId: line.bundleId,
});

/** Why each bundle line of a change cannot be added (its bundle is gone or no longer holds the part), by line key. */
export function bundleProblemsOf(items: readonly CartLineInput[], rows: readonly BundleSkuRow[]): Map<string, string> {
  const problems = new Map<string, string>();
  for (const item of items) {
    if (!item.bundleId) continue;
    const member = rows.find((row) => row.bundleId === item.bundleId && row.skuId === item.skuId);
    if (!member || !member.active) problems.set(cartItemKey(item), CART_MSG.bundleGone);
  }
  return problems;
}

async function bundleProblems(db: D1Database, items: readonly CartLineInput[]): Promise<Map<string, string>> {
  const bundleIds = [...new Set(items.flatMap((item) => (item.bundleId ? [item.bundleId] : [])))];
  return bundleProblemsOf(items, await cartRepository(db).bundleSkus(bundleIds));
}

/** The line an added part is written as. */
export const addedLine = (item: CartLineInput, count: number): Omit<CartLineRecord, 'addedAt'> => ({
  skuId: item.skuId,
  itemType: item.itemType,
  bundleId: item.bundleId ? String(item.bundleId) : '',
  itemCount: count,
  attributeValueId: item.attributeValueId ?? null,
  campaignId: item.campaignId ?? null,
});

/**
 * What an add does, decided from what the cart and catalog held before it: each part's problem,
 * and the parts to write with how many (quantities add to a line already there, within stock
 * and the line limit). `writes[].index` is the part's place in `items`.
 */
export function planAdd(
  items: readonly CartLineInput[],
  before: BeforeChange,
  bundles: Map<string, string>,
): { errors: CartError[]; writes: { item: CartLineInput; count: number; index: number }[] } {
  const inCart = new Map(before.lines.map((line) => [cartItemKey(line), line.itemCount]));
  const errors: CartError[] = [];
  const writes: { item: CartLineInput; count: number; index: number }[] = [];
  items.forEach((item, index) => {
    const key = cartItemKey(item);
    const sku = before.facts.get(item.skuId);
    const problem = availabilityProblem(sku) ?? bundles.get(key) ?? null;
    if (problem) {
      errors.push({ skuId: item.skuId, error: problem });
      return;
    }
    const already = inCart.get(key) ?? 0;
    const room = Math.min(sku!.availableTotal, MAX_LINE_QUANTITY) - already;
    const count = Math.min(item.itemCount, room);
    if (count < item.itemCount) errors.push({ skuId: item.skuId, error: CART_MSG.onlyLeft(sku!.availableTotal) });
    if (count <= 0) return;
    inCart.set(key, already + count);
    writes.push({ item, count, index });
  });
  return { errors, writes };
}

/**
 * Adds parts (quantities add to a line already there), within stock: for a cart already in hand
 * (buy now). The cart API adds in one round trip (add.ts).
 */
export async function addToCart(
  db: D1Database,
  cart: CartRecord,
  market: MarketId,
  items: readonly CartLineInput[],
  now: number,
): Promise<CartChange> {
  const repository = cartRepository(db);
  const [before, bundles] = await Promise.all([
    repository.beforeChange(
      cart.uuid,
      items.map((item) => item.skuId),
      market,
    ),
    bundleProblems(db, items),
  ]);
  const { errors, writes } = planAdd(items, before, bundles);
  const statements = writes.map(({ item, count }) => repository.addStatement(cart.uuid, addedLine(item, count), now));
  const { changed, lines: after, facts: cartFacts } = await repository.write(cart.uuid, statements, now, market);
  writes.forEach(({ item }, index) => {
    if (changed[index] === false) errors.push({ skuId: item.skuId, error: CART_MSG.lineLimit });
  });
  return { errors, lines: after, facts: cartFacts };
}

/** Sets quantities (0 removes the line), within stock; a line another tab removed is reported, not re-created. */
export async function updateCart(
  db: D1Database,
  cart: CartRecord,
  market: MarketId,
  items: readonly CartLineInput[],
  now: number,
  options: ChangeOptions = {},
): Promise<CartChange> {
  const repository = cartRepository(db);
  const { facts, lines } =
    options.before ??
    (await repository.beforeChange(
      cart.uuid,
      items.map((item) => item.skuId),
      market,
    ));
  const present = new Map<string, CartLineRecord>(lines.map((line) => [cartItemKey(line), line]));
  const errors: CartError[] = [];
  const statements: ReturnType<typeof repository.setCountStatement>[] = [];
  for (const item of items) {
    const line = present.get(cartItemKey(item));
    if (!line) {
      errors.push({ skuId: item.skuId, error: CART_MSG.notInCart });
      continue;
    }
    if (item.itemCount === 0) {
      statements.push(repository.deleteLineStatement(cart.uuid, lineKey(line)));
      continue;
    }
    const sku = facts.get(item.skuId);
    const problem = availabilityProblem(sku);
    // A line that can no longer be bought keeps its quantity and shows under unusable.
    if (problem) {
      errors.push({ skuId: item.skuId, error: problem });
      continue;
    }
    const count = Math.min(item.itemCount, sku!.availableTotal, MAX_LINE_QUANTITY);
    if (count < item.itemCount) errors.push({ skuId: item.skuId, error: CART_MSG.onlyLeft(sku!.availableTotal) });
    statements.push(repository.setCountStatement(cart.uuid, lineKey(line), count));
  }
  const written = await repository.write(cart.uuid, statements, now, market, options.alongside);
  return { errors, lines: written.lines, facts: written.facts };
}

/** Removes lines; removing one that is already gone is not an error (another tab did it). */
export async function removeFromCart(
  db: D1Database,
  cart: CartRecord,
  market: MarketId,
  items: readonly CartLineInput[],
  now: number,
  options: ChangeOptions = {},
): Promise<CartChange> {
  const repository = cartRepository(db);
  const statements = items.map((item) =>
    repository.deleteLineStatement(cart.uuid, {
      skuId: item.skuId,
      itemType: item.itemType,
      bundleId: item.bundleId ? String(item.bundleId) : '',
    }),
  );
  const written = await repository.write(cart.uuid, statements, now, market, options.alongside);
  return { errors: [], lines: written.lines, facts: written.facts };
}
