// What the data checks (scripts/data/check.ts) read D1 through: one SQL statement in, its rows
// out. The checks never import the catalog generator: they read only what a load left in D1.
import { join } from 'node:path';
import { type D1Target, d1QueryArgs, isRemote } from '../../lib/d1-target.ts';
import { OFFLINE_ENV, wranglerJson } from '../../lib/wrangler.ts';

export type Row = Record<string, unknown>;
/** Runs one read-only statement and answers its rows. */
export type Query = <T = Row>(sql: string) => Promise<T[]>;

/** One check's outcome: how many contradictions, up to five examples, and remarks on how it judged. */
export interface CheckResult {
  name: string;
  label: string;
  count: number;
  examples: string[];
  notes: string[];
  ms?: number;
}

export const MAX_EXAMPLES = 5;

/** A check's outcome from what it found (each a sentence naming the row), timed from `started`. */
export function checkResult(
  name: string,
  label: string,
  started: number,
  found: string[],
  notes: string[] = [],
): CheckResult {
  return { name, label, count: found.length, examples: found.slice(0, MAX_EXAMPLES), notes, ms: Date.now() - started };
}

/** The part of a D1 binding the checks use (the Worker binding, or the platform proxy's). */
export interface D1Like {
  prepare(sql: string): { all<T>(): Promise<{ results: T[] }> };
}

/** A Query over a D1 binding (the bench's platform proxy). */
export function d1Query(db: D1Like): Query {
  return async <T>(sql: string) => (await db.prepare(sql).all<T>()).results;
}

/** A Query through `wrangler d1 execute --json` (one process per statement; what --remote uses). */
export function wranglerQuery(target: D1Target): Query {
  return async <T>(sql: string) => (await wranglerJson<{ results: T[] }[]>(d1QueryArgs(target, sql)))[0]?.results ?? [];
}

/**
 * Opens the target's D1 for the checks: a local state directory through wrangler's platform
 * proxy (one workerd for every statement), a deployed one through wrangler. Call dispose after.
 */
export async function openTarget(target: D1Target): Promise<{ query: Query; dispose: () => Promise<void> }> {
  if (isRemote(target)) return { query: wranglerQuery(target), dispose: async () => {} };
  Object.assign(process.env, OFFLINE_ENV);
  process.env.WRANGLER_LOG ??= 'error'; // the proxy's config warnings would mix into --json
  const { getPlatformProxy } = await import('wrangler');
  const { env, dispose } = await getPlatformProxy<{ DB: D1Like }>({
    persist: { path: join(target.stateDir, 'v3') },
  });
  return { query: d1Query(env.DB), dispose };
}

/** A SQL string literal. */
export const sqlText = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A SQL list of numbers for IN (...); `NULL` keeps an empty list valid. */
export const sqlIds = (ids: readonly number[]) => (ids.length ? ids.join(', ') : 'NULL');

/** The columns a table has (PRAGMA table_info), to read optional columns others may add. */
export async function columnsOf(query: Query, table: string): Promise<Set<string>> {
  const rows = await query<{ name: string }>(`PRAGMA table_info(${table})`);
  return new Set(rows.map((row) => row.name));
}

/** Years as short ranges: 2017-2019, 2021. */
export function yearRanges(years: Iterable<number>): string {
  const sorted = [...new Set(years)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!;
    while (i + 1 < sorted.length && sorted[i + 1] === sorted[i]! + 1) i++;
    parts.push(start === sorted[i] ? String(start) : `${start}-${sorted[i]}`);
  }
  return parts.join(', ');
}

/** A short quoted title for an example. */
export const quote = (title: unknown) => {
  const text = String(title ?? '');
  return `"${text.length > 90 ? `${text.slice(0, 87)}...` : text}"`;
};

/** The back categories (leaves and their parents' names), what the checks classify by name. */
export async function backCategories(query: Query): Promise<{ id: number; name: string; parent: string }[]> {
  return query(
    `SELECT c.id, c.name, coalesce(p.name, '') AS parent FROM category c
     LEFT JOIN category p ON p.id = c.parent_id WHERE c.kind = 'BACK'`,
  );
}

/** Items a shopper can find: neither drafts, deleted, nor taken off the shelves. */
export const LISTED = `i.status NOT IN ('DRAFT', 'DELETED', 'OFF_SHELVES')`;
