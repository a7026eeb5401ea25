import type { Clock } from './clock.ts';

/**
 * Catalog reads shared for a moment. Identical searches and product lookups within
 * RECENT_READ_MS share one D1 answer in an isolate, so a rush on one product or one search costs
 * D1 one read a second rather than one per shopper. What shoppers see is never older than that,
 * and a write in this isolate that changes it (stock taken or given back, a review published,
 * changed or deleted) calls `catalogChanged()`, which drops every shared answer at once, including
 * a read that was under way during the write. The cart, checkout and orders never read through
 * here: they check price and stock in D1 on every change.
 */
export const RECENT_READ_MS = 1000;

let generation = 0;

/** What shoppers see of the catalog changed: every shared answer is read afresh. */
export function catalogChanged(): void {
  generation++;
}

interface Entry<V> {
  value: Promise<V>;
  expires: number;
  generation: number;
}

/**
 * Answers by key, each kept for `ttlMs` and shared with reads that ask meanwhile, including while
 * it is still being read. A failed read is not kept. Callers must not change an answer: it is shared.
 */
export class RecentReads<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(private readonly maxEntries: number, private readonly ttlMs = RECENT_READ_MS) {}

  read(key: string, clock: Clock, load: () => Promise<V>): Promise<V> {
    const now = clock.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now && hit.generation === generation) return hit.value;
    const entry: Entry<V> = { value: load(), expires: now + this.ttlMs, generation };
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.dropStale(now);
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }

  /** Drops expired and outdated answers, then the oldest ones if it is still full. */
  private dropStale(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= now || entry.generation !== generation) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}
