// Applies the D1 migrations to a new local state directory in one statement file.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runWrangler } from './wrangler.ts';

const MIGRATIONS_DIR = 'worker/db/migrations';

/** wrangler's own ledger of applied migrations (its default table and columns), so `migrations apply` agrees later. */
const LEDGER = `CREATE TABLE IF NOT EXISTS d1_migrations(
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

/** Whether the state directory holds a local D1 database yet. */
function hasDatabase(stateDir: string): boolean {
  return existsSync(join(stateDir, 'v3', 'd1'));
}

/**
 * Brings the local D1 in `stateDir` to the latest migration. A new directory gets every migration and
 * wrangler's ledger of them in one `d1 execute --file`: `d1 migrations apply` starts the local runtime
 * once per migration, a minute and a half for the shop's on a shared machine, against seconds. A directory
 * that already has its database (a developer's shop) is left to `d1 migrations apply`, which applies
 * only what is new.
 */
export async function applyLocalMigrations(stateDir: string): Promise<void> {
  if (hasDatabase(stateDir)) {
    await runWrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir]);
    return;
  }
  const names = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  const parts = [LEDGER];
  for (const name of names) {
    const sql = (await readFile(join(MIGRATIONS_DIR, name), 'utf8')).trim();
    // Each file ends its last statement itself: a trailing comment or a missing ";" never joins the next file.
    parts.push(`-- ${name}\n${sql}${sql.endsWith(';') ? '' : '\n;'}`);
    parts.push(`INSERT INTO d1_migrations (name) VALUES ('${name.replaceAll("'", "''")}');`);
  }
  await mkdir('.wrangler', { recursive: true });
  const file = join('.wrangler', `migrations-${process.pid}.sql`);
  await writeFile(file, `${parts.join('\n')}\n`);
  try {
    await runWrangler(['d1', 'execute', 'DB', '--local', '--persist-to', stateDir, '--yes', '--file', file]);
  } finally {
    await rm(file, { force: true });
  }
}
