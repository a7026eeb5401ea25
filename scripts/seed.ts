// Seeds the local shop: applies D1 migrations and loads settings and content into KV.
// Idempotent: running it again leaves the same state.
//   node scripts/seed.ts [--persist-to DIR]
import { mkdir, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { buildSeedEntries } from '../kv-seed/entries.ts';
import { readInfoPages } from './lib/pages.ts';
import { applyLocalMigrations } from './lib/local-migrations.ts';
import { DEFAULT_STATE_DIR, runWrangler } from './lib/wrangler.ts';

export async function seed(stateDir: string): Promise<void> {
  await applyLocalMigrations(stateDir);
  const entries = buildSeedEntries([...(await readInfoPages()), ...(await readInfoPages('kv-seed/blog'))]);
  await mkdir('.wrangler', { recursive: true });
  const file = '.wrangler/kv-seed.json';
  await writeFile(file, JSON.stringify(entries));
  await runWrangler(['kv', 'bulk', 'put', file, '--binding', 'SETTINGS', '--local', '--persist-to', stateDir]);
  console.log(`seeded ${stateDir}: migrations applied, ${entries.length} settings and content entries`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  let stateDir: string;
  try {
    ({
      values: { 'persist-to': stateDir },
    } = parseArgs({
      options: { 'persist-to': { type: 'string', default: DEFAULT_STATE_DIR } },
    }));
  } catch (error) {
    console.error(`seed: ${(error as Error).message}\nusage: node scripts/seed.ts [--persist-to DIR]`);
    process.exit(2);
  }
  await seed(stateDir);
}
