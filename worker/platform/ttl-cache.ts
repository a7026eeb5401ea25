import { AsyncLocalStorage } from 'node:async_hooks';
import type { Clock } from './clock.ts';

const bypass = new AsyncLocalStorage<true>();

/**
 * Runs a request's work past every TtlCache: each read loads afresh and nothing it loads is kept.
 * A content preview reads a draft this way, so the draft never reaches another shopper's page.
 */
export function withoutCaches<T>(work: () => T): T {
  return bypass.run(true, work);
}

/**
 * A per-isolate memory cache with a time-to-live. KV takes 60 s or more to propagate, so
 * short-lived caches (campaigns, 30 s) live in isolate memory instead. A load still under way is
 * shared with the callers that ask meanwhile; a failed load is not kept. With a `generation`, an
 * entry loaded under an older generation is read afresh (recent-reads.ts).
 * Callers must not change a cached value: it is shared.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number; generation: number }>();

  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly generation: () => number;

  constructor(ttlMs: number, maxEntries = 500, generation: () => number = () => 0) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.generation = generation;
  }

  /**
   * Returns the cached value, or loads, stores and returns a fresh one. The value has the type of
   * what `load` gives: a cache serves one reader, so that is what its entries hold (caches.ts).
   */
  get<T extends V>(key: string, clock: Clock, load: () => Promise<T>): Promise<T> {
    if (bypass.getStore()) return load();
    const now = clock.now();
    const generation = this.generation();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now && hit.generation === generation) return hit.value as Promise<T>;
    const entry = { value: load(), expires: now + this.ttlMs, generation };
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.dropStale(now, generation);
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }

  clear(): void {
    this.entries.clear();
  }

  /** Drops expired and outdated entries, then the oldest ones if it is still full. */
  private dropStale(now: number, generation: number): void {
    for (const [key, entry] of this.entries)
      if (entry.expires <= now || entry.generation !== generation) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}
