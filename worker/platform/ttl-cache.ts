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
 * short-lived caches (campaigns, 30 s) live in isolate memory instead. Only a loaded value is kept
 * and shared: a load still under way belongs to the request that started it (its I/O), and the
 * Workers runtime refuses another request's waiting on it ("Cannot perform I/O on behalf of a
 * different request"), or leaves that request hanging when the first one ends; a caller that
 * asks meanwhile loads for itself. A failed load is not kept. With a `generation`, an entry loaded
 * under an older generation is read afresh (recent-reads.ts).
 * Callers must not change a cached value: it is shared.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number; generation: number }>();

  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly generation: () => number;
  /** Counts clear()s: a load started before the last one is not kept. */
  private clears = 0;

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
    if (hit && hit.expires > now && hit.generation === generation) return Promise.resolve(hit.value as T);
    const loading = load();
    const clears = this.clears;
    loading.then(
      (value) => {
        if (clears === this.clears) this.keep(key, { value, expires: now + this.ttlMs, generation });
      },
      () => {},
    );
    return loading;
  }

  /** Keeps a loaded value, unless one loaded later (a newer generation, a later start) is there already. */
  private keep(key: string, entry: { value: V; expires: number; generation: number }): void {
    const held = this.entries.get(key);
    if (held && (held.generation > entry.generation || held.expires > entry.expires)) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.dropStale(entry.expires - this.ttlMs, entry.generation);
    this.entries.set(key, entry);
  }

  clear(): void {
    this.clears += 1;
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
