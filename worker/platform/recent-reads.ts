import { TtlCache } from './ttl-cache.ts';

/**
 * Catalog reads shared for a moment. Identical searches and product lookups within
 * RECENT_READ_MS share one D1 answer in an isolate, so a rush on one product or one search costs
 * D1 one read a second rather than one per shopper. What shoppers see is never older than that,
 * and a write in this isolate that changes it (stock taken or given back, a review published,
 * changed or deleted) calls `catalogChanged()`, which makes every shared answer read afresh,
 * including a read that was under way during the write. The cart, checkout and orders never read
 * through here: they check price and stock in D1 on every change.
 */
export const RECENT_READ_MS = 1000;

let generation = 0;

/** What shoppers see of the catalog changed: every shared answer is read afresh. */
export function catalogChanged(): void {
  generation++;
}

/** A cache of catalog answers: kept RECENT_READ_MS, and dropped when the catalog changes. */
export function recentReads<V>(maxEntries: number, ttlMs = RECENT_READ_MS): TtlCache<V> {
  return new TtlCache<V>(ttlMs, maxEntries, () => generation);
}
