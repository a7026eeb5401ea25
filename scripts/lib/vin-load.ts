// Loads the VIN → model extract (kv-seed/vehicles/vin-patterns.json) into D1's vin_schema_link
// and vin_pattern tables (migration 0009), and writes the small copy the worker tests load.
// The load is one atomic file, skipped while the same extract is loaded (shop_meta 'vin-patterns').
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Row } from '../data/catalog-gen.ts';
import { writeStatements } from '../data/catalog-sql.ts';
import { insertStatements } from '../data/sql.ts';
import { loadedVersion, versionStatement } from './data-version.ts';
import type { VinExtract } from './vin-extract.ts';
import { globBreadth, vinGlob } from './vin-glob.ts';
import { type D1Target, executeFile, isRemote, printBookmark, targetName } from './d1-target.ts';

/** The committed extract (found from this file, not from the working directory). */
export const VIN_EXTRACT_FILE = fileURLToPath(new URL('../../kv-seed/vehicles/vin-patterns.json', import.meta.url));
const META_KEY = 'vin-patterns';

/** Which part of the extract to keep: links of these years, schemas naming a model of these makes. */
export interface VinFilter {
  makes: readonly string[];
  yearFrom: number;
  yearTo: number;
}

/** Reads the committed extract. */
export async function readVinExtract(file = VIN_EXTRACT_FILE): Promise<VinExtract> {
  return JSON.parse(await readFile(file, 'utf8')) as VinExtract;
}

/**
 * The rows of both tables, optionally cut to a filter. A schema is kept whole (every model
 * pattern of it), so a VIN decodes the same as with the full extract: a pattern of another
 * make that ties with one of ours still makes the answer ambiguous.
 */
export function vinRows(extract: VinExtract, filter?: VinFilter): { vin_schema_link: Row[]; vin_pattern: Row[] } {
  const makeOf = (model: number): string => extract.makes[extract.models[model]?.[0] ?? -1] ?? '';
  const keptSchemas = new Set(
    extract.patterns.filter(([, , model]) => !filter || filter.makes.includes(makeOf(model))).map(([schema]) => schema),
  );
  const vin_schema_link: Row[] = [];
  for (const [wmi, schema, from, to] of extract.links) {
    const yearFrom = Math.max(from, filter?.yearFrom ?? from);
    const yearTo = Math.min(to, filter?.yearTo ?? to);
    if (keptSchemas.has(schema) && yearFrom <= yearTo)
      vin_schema_link.push({ wmi, schema_id: schema, year_from: yearFrom, year_to: yearTo });
  }
  const linked = new Set(vin_schema_link.map((link) => link.schema_id as number));
  const vin_pattern: Row[] = extract.patterns
    .filter(([schema]) => linked.has(schema))
    .map(([schema, glob, model]) => ({
      schema_id: schema,
      glob: vinGlob(glob),
      breadth: globBreadth(glob),
      make: makeOf(model),
      model: extract.models[model]?.[1] ?? '',
    }));
  return { vin_schema_link, vin_pattern };
}

const marker = (value: string): string => versionStatement(META_KEY, value);

/** Every statement that replaces both tables; the version is written last, so a cut-short load never looks finished. */
export function* vinStatements(extract: VinExtract, version: string, filter?: VinFilter): Generator<string> {
  yield marker('loading');
  yield 'DELETE FROM vin_pattern;';
  yield 'DELETE FROM vin_schema_link;';
  const rows = vinRows(extract, filter);
  yield* insertStatements('vin_schema_link', rows.vin_schema_link);
  yield* insertStatements('vin_pattern', rows.vin_pattern);
  yield marker(version);
}

/** A version that changes with the extract and with how it is turned into rows. */
async function vinVersion(file: string): Promise<string> {
  const hash = createHash('sha256');
  for (const part of [file, new URL('./vin-load.ts', import.meta.url), new URL('./vin-glob.ts', import.meta.url)]) {
    hash.update(await readFile(part).catch(() => Buffer.from('missing')));
  }
  return `vin=${hash.digest('hex').slice(0, 16)}`;
}

/**
 * Loads the extract into the local D1 at `stateDir` (migrations applied first, as by seed) or
 * into a deployed environment's D1 (its bookmark printed first), unless the same version is
 * already there or `force` is set.
 */
export async function loadVinPatterns(options: D1Target & { force?: boolean; file?: string }): Promise<void> {
  const started = Date.now();
  const file = options.file ?? VIN_EXTRACT_FILE;
  const version = await vinVersion(file);
  if (!options.force && (await loadedVersion(options, META_KEY)) === version) {
    console.log(`vin patterns already loaded (${version})`);
    return;
  }
  const extract = await readVinExtract(file);
  await mkdir('.wrangler', { recursive: true });
  const sqlFile = '.wrangler/vin-patterns.sql';
  const bytes = await writeStatements(sqlFile, vinStatements(extract, version));
  try {
    if (isRemote(options)) await printBookmark(options.env, 'the VIN pattern load');
    await executeFile(options, sqlFile);
  } finally {
    await rm(sqlFile, { force: true });
  }
  console.log(
    `vin patterns: ${extract.links.length} schema links, ${extract.patterns.length} model patterns ` +
      `(${(bytes / 1e6).toFixed(1)} MB of SQL) loaded${isRemote(options) ? ` into ${targetName(options)}` : ''} ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** Writes the test fixture: the statements for the filter, as one file; returns its size in bytes. */
export function writeVinFixture(file: string, extract: VinExtract, filter: VinFilter): Promise<number> {
  return writeStatements(file, vinStatements(extract, 'test-fixture', filter));
}
