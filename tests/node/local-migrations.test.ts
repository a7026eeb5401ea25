import { readdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLocalMigrations } from '../../scripts/lib/local-migrations.ts';
import { spawnWrangler } from '../../scripts/lib/wrangler.ts';
import { localQuery } from './local-d1.ts';

let stateDir: string;
const query = (sql: string) => localQuery(stateDir, sql);

/** What `wrangler d1 migrations apply` prints for the state directory. */
async function migrationsApply(): Promise<string> {
  const child = spawnWrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir], {
    quiet: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise((resolve) => child.once('exit', resolve));
  return output;
}

beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'autohaven-migrations-'));
  await applyLocalMigrations(stateDir);
}, 120_000);
afterAll(async () => {
  await rm(stateDir, { recursive: true, force: true });
});

describe('local migrations in one file', () => {
  it("records every migration in wrangler's ledger, in order, and runs each of them", async () => {
    const files = (await readdir('worker/db/migrations')).filter((name) => name.endsWith('.sql')).sort();
    const ledger = await query('SELECT name FROM d1_migrations ORDER BY id');
    expect(ledger.map((row) => row.name)).toEqual(files);
    // The last migrations' columns are there: every file ran, none was swallowed by the one before it.
    const staffColumns = await query("SELECT name FROM pragma_table_info('staff')");
    expect(staffColumns.map((row) => row.name)).toContain('locked_until');
  });

  it('leaves wrangler nothing to apply, so a developer shop started later does not run them again', async () => {
    expect(await migrationsApply()).toContain('No migrations to apply');
  }, 60_000);
});
