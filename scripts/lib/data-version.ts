// Which version of a data set (the catalog, postal codes, VIN patterns) a local shop holds: a
// shop_meta row per set. A load writes 'loading' first and its version last, so a load cut short
// never looks finished, and a start skips a set whose version is already in.
import { sqlValue } from '../data/sql.ts';
import { type D1Target, d1QueryArgs } from './d1-target.ts';
import { wranglerJson } from './wrangler.ts';

/** The statement that records `value` as the set's version (or 'loading'). */
export function versionStatement(key: string, value: string): string {
  return (
    `INSERT INTO shop_meta (key, value) VALUES (${sqlValue(key)}, ${sqlValue(value)}) ` +
    'ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = unixepoch();'
  );
}

/**
 * The version of the set loaded into the D1 of `target` (a local state directory or a deployed
 * environment), or null when none (or no database yet).
 */
export async function loadedVersion(target: string | D1Target, key: string): Promise<string | null> {
  const where = typeof target === 'string' ? { stateDir: target } : target;
  try {
    const result = await wranglerJson<{ results: { value: string }[] }[]>(
      d1QueryArgs(where, `SELECT value FROM shop_meta WHERE key = ${sqlValue(key)}`),
    );
    return result[0]?.results[0]?.value ?? null;
  } catch {
    return null;
  }
}
