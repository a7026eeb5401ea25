import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { inject } from 'vitest';

/** How long a statement waits while the running shop holds the database's write lock. */
const BUSY_TIMEOUT_MS = 10_000;

let connection: DatabaseSync | undefined;

/**
 * The shop's local D1 (the e2e run's own state directory) opened as the SQLite file it is. A statement through
 * `wrangler d1 execute` started a process of its own, 1-2 s each and dozens per run; the file answers in
 * milliseconds. The shop under test writes to the same file (orders, the event sink's batches), so a statement can
 * meet its lock: SQLite's busy handler waits for it.
 */
function shopDb(): DatabaseSync {
  if (connection) return connection;
  const dir = join(inject('shopStateDir'), 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (!file) throw new Error(`no local D1 database in ${dir}`);
  connection = new DatabaseSync(join(dir, file), { timeout: BUSY_TIMEOUT_MS });
  return connection;
}

/** Whether the SQL holds more than one statement (a `;` outside string literals with more after it). */
const isBatch = (sql: string) => /;\s*\S/.test(sql.replace(/'(?:[^']|'')*'/g, "''"));

/**
 * Runs SQL on the shop's local D1 and answers its rows. Several statements run as one transaction, as a D1 batch
 * does, so a refused batch changed nothing; they answer no rows.
 */
export async function shopQuery<T = Record<string, unknown>>(sql: string): Promise<T[]> {
  const db = shopDb();
  if (!isBatch(sql)) return db.prepare(sql).all() as T[];
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(sql);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return [];
}
