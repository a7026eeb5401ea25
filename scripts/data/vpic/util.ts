// Small helpers shared by the vPIC modules: a locale-free order, whitespace cleanup, map
// defaults, and the error raised when the database is not what the script expects.

/** Locale-free, case-insensitive order (ties broken by code points): output never depends on ICU. */
export function compareText(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Collapses runs of whitespace to one space and trims the ends. */
export const clean = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** The value of `key` in `map`, first setting it to `make()` when absent. */
export const getOr = <K, V>(map: Map<K, V>, key: K, make: () => V): V => {
  const found = map.get(key);
  if (found !== undefined) return found;
  const made = make();
  map.set(key, made);
  return made;
};

/** The database is not what this script expects. */
export class DataError extends Error {}
