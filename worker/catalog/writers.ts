import type { MarketId } from '../../shared/markets.ts';
import type { UnitOfWork } from '../platform/unit-of-work.ts';
import { stockRepository } from './stock-repository.ts';

/**
 * The catalog's writers for a flow's unit of work (worker/flows/): stock taken by an order and given
 * back by a cancellation or a returned part put back on the shelf.
 */

/** The stock guard's name: an order taking more units of a part than are left fails its whole batch. */
export const STOCK_GUARD = 'stock';

/**
 * Takes each SKU's units (summed over lines) as one guard: the batch fails rather than oversell, and
 * `shortOf` reads afterwards which part ran short (its title), for the shopper's message.
 */
export function takeStockInto(
  work: UnitOfWork,
  units: ReadonlyMap<number, number>,
  market: MarketId,
  shortOf: (title: string) => void,
): void {
  const stock = stockRepository(work.db);
  const statements = [...units].map(([skuId, quantity]) => stock.takeStatement(skuId, quantity));
  work.guard(STOCK_GUARD, statements, async () => {
    const facts = await stock.skuFacts([...units.keys()], market);
    const short = facts.find((sku) => sku.availableTotal < (units.get(sku.skuId) ?? 0));
    if (short) shortOf(short.title);
    return !short;
  });
}

/** Takes a gift's units while they last; the writer right after it sees whether they were taken. */
export function takeGiftStockInto(work: UnitOfWork, skuId: number, quantity: number): void {
  work.add(stockRepository(work.db).takeWhileItLastsStatement(skuId, quantity));
}

/** The units of each SKU over lines that may name a SKU more than once. */
export function unitsBySku(lines: readonly { skuId: number; quantity: number }[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const line of lines) units.set(line.skuId, (units.get(line.skuId) ?? 0) + line.quantity);
  return units;
}

/** Puts units of SKUs back on the shelf (a cancelled order, a returned part that can be sold again). */
export function giveBackStockInto(work: UnitOfWork, units: ReadonlyMap<number, number>): void {
  const stock = stockRepository(work.db);
  for (const [skuId, quantity] of units) if (quantity > 0) work.add(stock.giveBackStatement(skuId, quantity));
}
