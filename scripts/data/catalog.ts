// Generates the parts catalog and loads it, with the vehicles, into the local D1.
//   npm run data:catalog -- [--items N] [--seed S] [--persist-to DIR] [--out FILE] [--force]
//   npm run data:catalog -- --remote -e production|staging [--items N] [--seed S] [--force]
// The load is one atomic file: it either replaces the whole catalog or changes nothing. A remote
// load prints a D1 Time Travel bookmark before its first write, and each part's progress.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadedVersion } from '../lib/data-version.ts';
import {
  type D1Target,
  executeFile,
  isRemote,
  parseTarget,
  printBookmark,
  TARGET_OPTIONS,
  TARGET_USAGE,
  targetName,
} from '../lib/d1-target.ts';
import { DEFAULT_STATE_DIR } from '../lib/wrangler.ts';
import { generateCatalog } from './catalog-gen.ts';
import {
  CATALOG_VERSION_KEY,
  catalogStatements,
  clearCatalogStatements,
  writeStatementFiles,
  writeStatements,
} from './catalog-sql.ts';
import { buildVehicleTree, readVehicleExtract } from './vehicle-tree.ts';

export const DEFAULT_ITEMS = 5000;
export const DEFAULT_SEED = 2022;
const MAX_ITEMS = 500_000;

/** What to generate, and where it goes: a local state directory or a deployed environment's D1. */
export type CatalogOptions = D1Target & {
  items: number;
  seed: number;
  out?: string;
  force?: boolean;
};

/** A version that changes whenever the data or the generator would give a different catalog. */
async function catalogVersion(items: number, seed: number): Promise<string> {
  const hash = createHash('sha256');
  for (const file of [
    'kv-seed/vehicles/vehicles.json',
    'kv-seed/vehicles/wmi.json',
    'scripts/data/catalog-gen.ts',
    'scripts/data/catalog-coverage.ts',
    'scripts/data/catalog-engine.ts',
    'scripts/data/catalog-fit.ts',
    'scripts/data/catalog-parts-mechanical.ts',
    'scripts/data/catalog-parts-outfitting.ts',
    'scripts/data/catalog-parts-power.ts',
    'scripts/data/catalog-parts-extras.ts',
    'scripts/data/catalog-plan.ts',
    'scripts/data/catalog-popular.ts',
    'scripts/data/catalog-random.ts',
    'scripts/data/catalog-record.ts',
    'scripts/data/catalog-regulated.ts',
    'scripts/data/catalog-shipping.ts',
    'shared/shipping-limits.ts',
    'scripts/data/catalog-tables.ts',
    'scripts/data/popular-models.ts',
    'scripts/data/model-generations.ts',
    'scripts/data/part-types.ts',
    'scripts/data/catalog-text.ts',
    'scripts/data/vehicle-tree.ts',
    'scripts/data/catalog-sql.ts',
  ]) {
    hash.update(await readFile(new URL(`../../${file}`, import.meta.url)).catch(() => Buffer.from('missing')));
  }
  return `items=${items};seed=${seed};data=${hash.digest('hex').slice(0, 16)}`;
}

/** One file is one atomic D1 execution; a bigger catalog is split (wrangler's 512 MB string limit). */
const MAX_FILE_BYTES = 150_000_000;

/**
 * Runs the load files in order against a local state directory or a deployed D1. Each file is
 * atomic; if a later one fails, the catalog is emptied again, so a failed load never leaves a
 * half-written catalog behind.
 */
export async function executeAll(target: string | D1Target, files: string[]): Promise<void> {
  const where = typeof target === 'string' ? { stateDir: target } : target;
  for (const [index, file] of files.entries()) {
    if (files.length > 1 && !isRemote(where)) console.log(`  loading part ${index + 1} of ${files.length}`);
    try {
      await executeFile(where, file, { index: index + 1, count: files.length });
    } catch (error) {
      if (index > 0) {
        const cleanup = `${files[0]}.rollback`;
        await writeStatements(cleanup, clearCatalogStatements());
        await executeFile(where, cleanup).finally(() => rm(cleanup, { force: true }));
      }
      throw error;
    }
  }
}

/** Generates and loads the catalog unless the same one is already loaded. */
export async function loadCatalog(options: CatalogOptions): Promise<void> {
  const started = Date.now();
  const version = await catalogVersion(options.items, options.seed);
  if (!options.out && !options.force && (await loadedVersion(options, CATALOG_VERSION_KEY)) === version) {
    console.log(`catalog already loaded (${version})`);
    return;
  }
  const { extract, wmi } = await readVehicleExtract();
  const tree = buildVehicleTree(extract, wmi);
  const catalog = generateCatalog(tree, options.items, options.seed);
  await mkdir('.wrangler', { recursive: true });
  const base = options.out ?? `.wrangler/catalog-${options.items}-${options.seed}.sql`;
  const files = await writeStatementFiles(
    base,
    catalogStatements(tree, catalog, version),
    options.out ? Number.POSITIVE_INFINITY : MAX_FILE_BYTES,
  );
  const bytes = files.reduce((sum, part) => sum + part.bytes, 0);
  const generated = Date.now();
  console.log(
    `catalog: ${options.items} items, ${catalog.tables.fitment!.length} fitment rows, ` +
      `${tree.nodes.length} vehicle nodes; ${(bytes / 1e6).toFixed(1)} MB of SQL in ${files.length} file(s), ` +
      `${((generated - started) / 1000).toFixed(1)} s`,
  );
  if (options.out) return;
  try {
    if (isRemote(options)) await printBookmark(options.env, 'the catalog load');
    await executeAll(
      options,
      files.map((part) => part.file),
    );
  } finally {
    await Promise.all(files.map((part) => rm(part.file, { force: true })));
  }
  console.log(`catalog loaded into ${targetName(options)} in ${((Date.now() - generated) / 1000).toFixed(1)} s`);
}

function positiveInt(name: string, text: string | undefined, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max)
    throw new Error(`--${name} must be a whole number from 1 to ${max}, got "${text}"`);
  return Number(text);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  try {
    const { values } = parseArgs({
      options: {
        items: { type: 'string' },
        seed: { type: 'string' },
        ...TARGET_OPTIONS,
        out: { type: 'string' },
        force: { type: 'boolean', default: false },
      },
    });
    if (values.remote && values.out !== undefined) throw new Error('--out only writes the SQL: drop --remote');
    const options: CatalogOptions = {
      ...parseTarget(values, DEFAULT_STATE_DIR),
      items: positiveInt('items', values.items, DEFAULT_ITEMS, MAX_ITEMS),
      seed: positiveInt('seed', values.seed, DEFAULT_SEED, 2 ** 31),
      out: values.out,
      force: values.force,
    };
    await stat('kv-seed/vehicles/vehicles.json').catch(() => {
      throw new Error('kv-seed/vehicles/vehicles.json is missing: run npm run data:vehicles');
    });
    await loadCatalog(options);
  } catch (error) {
    console.error(
      `data:catalog: ${(error as Error).message}\n` +
        `usage: npm run data:catalog -- [--items N] [--seed S] ${TARGET_USAGE} [--out FILE] [--force]`,
    );
    process.exit(2);
  }
}
