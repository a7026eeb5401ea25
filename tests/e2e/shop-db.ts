import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { d1Rows } from '../../scripts/lib/d1-target.ts';
import { theShop } from './shop.ts';

/** How long a read waits for a lock of the running shop to pass. */
const BUSY_TIMEOUT_MS = 10_000;

let reader: DatabaseSync | null = null;

/**
 * The shop's local D1 database opened read-only: the one SQLite file Miniflare keeps for it in the worker's
 * state directory. A `wrangler d1 execute` starts a runtime per statement, seconds of CPU each on a busy
 * machine, and the tests read far more than they write (tracking polls for its events). A reader beside the
 * shop is harmless in WAL mode; a writer is not: a write from outside, between a read and a write of one of the
 * shop's transactions, makes the shop's write fail (SQLITE_BUSY_SNAPSHOT) and the page a 500, so writes still
 * go through wrangler, which the shop's own runtime serialises.
 */
function shopReader(): DatabaseSync {
  if (reader) return reader;
  const folder = join(theShop().stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const files = readdirSync(folder).filter((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (files.length !== 1) throw new Error(`expected the shop's one D1 database in ${folder}, found ${files.length}`);
  reader = new DatabaseSync(join(folder, files[0]!), { readOnly: true, timeout: BUSY_TIMEOUT_MS });
  return reader;
}

/**
 * Runs SQL on the shop's local D1 and answers its rows: a query (SELECT or WITH) read from the file
 * directly, anything else (a write, or several statements, run as one batch) through wrangler.
 */
export async function shopQuery<T = Record<string, unknown>>(sql: string): Promise<T[]> {
  const statement = sql.trim();
  if (/^(SELECT|WITH)\b/i.test(statement))
    return shopReader()
      .prepare(statement)
      .all()
      .map((row) => ({ ...row }) as T);
  return d1Rows<T>({ stateDir: theShop().stateDir }, statement);
}
