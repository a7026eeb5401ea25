import type { Clock } from './clock.ts';

/**
 * A per-isolate memory cache with a time-to-live. KV takes 60 s or more to propagate, so
 * short-lived caches (campaigns, 30 s) live in isolate memory instead.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(private readonly ttlMs: number, private readonly maxEntries = 500) {}

  /** Returns the cached value, or loads, stores and returns a fresh one. */
  async get(key: string, clock: Clock, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > clock.now()) return hit.value;
    const value = await load();
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, expires: clock.now() + this.ttlMs });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
