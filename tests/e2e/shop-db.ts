import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { theShop } from './shop.ts';

/** How long a statement waits for the running shop to release the database's write lock. */
const BUSY_TIMEOUT_MS = 10_000;

let database: DatabaseSync | null = null;

/**
 * The shop's local D1 database: the one SQLite file Miniflare keeps for it in the e2e run's state
 * directory, opened directly (a `wrangler d1 execute` starts a runtime per statement, seconds of CPU
 * each on a busy machine). The shop under test writes to the same file in WAL mode; SQLite's own
 * file locks keep the two processes apart, and a statement waits for the shop's lock to pass.
 */
function shopDatabase(): DatabaseSync {
  if (database) return database;
  const folder = join(theShop().stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const files = readdirSync(folder).filter((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (files.length !== 1) throw new Error(`expected the shop's one D1 database in ${folder}, found ${files.length}`);
  database = new DatabaseSync(join(folder, files[0]!), { timeout: BUSY_TIMEOUT_MS });
  return database;
}

/**
 * Runs SQL on the shop's local D1 and answers its rows. A query (SELECT or WITH) answers its rows; anything
 * else may be several statements, run in one transaction (all or nothing) and answering none.
 */
export async function shopQuery<T = Record<string, unknown>>(sql: string): Promise<T[]> {
  const db = shopDatabase();
  const statement = sql.trim();
  if (/^(SELECT|WITH)\b/i.test(statement))
    return db
      .prepare(statement)
      .all()
      .map((row) => ({ ...row }) as T);
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(statement);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return [];
}
