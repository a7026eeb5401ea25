// The postal-code extract (US ZIP codes and Canadian forward sortation areas) and its load
// into D1 with the area dictionary.
//   npm run data:postal                                  writes data/postal/us.tsv and ca.tsv
//   npm run data:postal -- --load [--persist-to DIR] [--force]   loads the committed extract
//   npm run data:postal -- --load --remote -e production|staging [--force]   into a deployed D1
//
// Source: the npm package zipcodes (BSD licence, see data/postal/LICENSE), a dev dependency
// used only here. Its US data comes from federalgovernmentzipcodes.us (USPS ZIP codes); its
// Canadian data is one row per FSA, named after Canada Post's FSA areas. The extract keeps
// code, state and city; this script also repairs that data's lost French accents, derives the
// province from the FSA's letters, and drops H0H (Canada Post's letters-to-Santa code).
// Same package version in, byte-identical files out.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CA_PROVINCES } from '../../shared/regions.ts';
import { areaDictionaryStatements } from '../../worker/shipping/repository.ts';
import { loadedVersion, versionStatement } from '../lib/data-version.ts';
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
import { writeStatements } from './catalog-sql.ts';
import { insertStatements } from './sql.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const EXTRACT_DIR = join(ROOT, 'data/postal');
const META_KEY = 'postal';

/** One row of the extract. */
export interface PostalRow {
  postCode: string;
  stateCode: string;
  city: string;
}
export interface PostalExtract {
  us: PostalRow[];
  ca: PostalRow[];
}
/** A row of the zipcodes package. */
export interface SourceRow {
  zip: string;
  city: string;
  state: string;
}

/** The source data cannot be turned into a trustworthy extract. */
export class DataError extends Error {}

/** The province or territory of a Canadian FSA, from its first letter (X splits NU from NT). */
export function provinceOfFsa(fsa: string): string | null {
  if (/^X0[ABC]$/.test(fsa)) return 'NU';
  const byLetter: Record<string, string> = {
    A: 'NL',
    B: 'NS',
    C: 'PE',
    E: 'NB',
    G: 'QC',
    H: 'QC',
    J: 'QC',
    K: 'ON',
    L: 'ON',
    M: 'ON',
    N: 'ON',
    P: 'ON',
    R: 'MB',
    S: 'SK',
    T: 'AB',
    V: 'BC',
    X: 'NT',
    Y: 'YT',
  };
  return byLetter[fsa[0] ?? ''] ?? null;
}

/** Words whose accented letter the source lost (stored as U+FFFD), restored. */
const ACCENT_REPAIRS: Record<string, string> = Object.fromEntries(
  Object.entries({
    'ad?le': 'adèle',
    'a?ores': 'açores',
    'b?lair': 'bélair',
    'chaudi?re': 'chaudière',
    'ch?n?ville': 'chénéville',
    'ch?teauguay': 'châteauguay',
    'c?te': 'côte',
    'doroth?e': 'dorothée',
    'fran?ois': 'françois',
    'f?licien': 'félicien',
    'gasp?': 'gaspé',
    'gasp?sie': 'gaspésie',
    'genevi?ve': 'geneviève',
    'gr?ce': 'grâce',
    'h?bert': 'hébert',
    'h?bertville': 'hébertville',
    'h?l?ne': 'hélène',
    'jonqui?re': 'jonquière',
    'j?r?me': 'jérôme',
    "l'?le": "l'île",
    "l'?piphanie": "l'épiphanie",
    'lam?que': 'lamèque',
    'lanaudi?re': 'lanaudière',
    'laterri?re': 'laterrière',
    'l?onard': 'léonard',
    'l?vis': 'lévis',
    'mont?r?gie': 'montérégie',
    'm?re': 'mère',
    'm?tabetchouan': 'métabetchouan',
    'pel?': 'pelé',
    'pocati?re': 'pocatière',
    'pr?vost': 'prévost',
    'qu?bec': 'québec',
    'rivi?re': 'rivière',
    'rivi?res': 'rivières',
    'r?gion': 'région',
    'th?r?se': 'thérèse',
    'trinit?': 'trinité',
    't?miscamingue': 'témiscamingue',
    'vall?e': 'vallée',
    'val?re': 'valère',
    '?le': 'île',
    '?les': 'îles',
    '?mard': 'émard',
    '?mile': 'émile',
  }).map(([broken, fixed]) => [broken.replace(/\?/g, '\uFFFD'), fixed]),
);

const FRENCH_PARTICLES = new Set(['de', 'du', 'des', 'la', 'le', 'les', 'sur', 'en', 'aux', 'et']);
const ENGLISH_SMALL_WORDS = new Set(['and', 'of', 'the']);
const COMPASS = new Set([
  'north',
  'south',
  'east',
  'west',
  'central',
  'northeast',
  'northwest',
  'southeast',
  'southwest',
  'inner',
  'outer',
  'and',
]);

/** Restores lost accents, then spacing and capitals: "saint-joseph- De-beauce" → "Saint-Joseph-de-Beauce". */
export function tidyPlaceName(raw: string): string {
  const repaired = raw.replace(/[\p{L}'\uFFFD]+/gu, (word) =>
    word.includes('\uFFFD') ? (ACCENT_REPAIRS[word.toLowerCase()] ?? word) : word,
  );
  const spaced = repaired
    .replace(/\s*-\s*/g, '-')
    .replace(/\(\s+/g, '(')
    .replace(/\s+\)/g, ')')
    .replace(/\s+/g, ' ')
    .trim();
  let index = 0;
  return spaced.replace(/([\s(/-]?)([\p{L}][\p{L}.']*)/gu, (_match, before: string, word: string) => {
    const first = index++ === 0;
    const lower = word.toLowerCase();
    if (!first && before === '-' && FRENCH_PARTICLES.has(lower)) return before + lower;
    if (!first && before === ' ' && ENGLISH_SMALL_WORDS.has(lower)) return before + lower;
    const capital = word[0]!.toUpperCase() + word.slice(1);
    return (
      before +
      capital
        .replace(/^([LD]')(\p{L})/u, (_m, elision: string, letter: string) => elision + letter.toUpperCase())
        .replace(/^Mc(\p{Ll})/u, (_m, letter: string) => `Mc${letter.toUpperCase()}`)
    );
  });
}

/**
 * The city name of a Canadian FSA. An urban FSA (digit 1-9) names a part of a town:
 * "Lethbridge West and Central", "Vancouver (Strathcona / Chinatown)" → its town. A rural FSA
 * (digit 0) names a region and its main town, kept whole: "Eastern Alberta (St. Paul)".
 */
export function canadianCityName(fsa: string, rawName: string): string {
  const name = tidyPlaceName(rawName);
  if (fsa[1] === '0') return name;
  const words = name
    .replace(/\s*\(.*\)\s*/g, ' ')
    .replace(/^Downtown /, '')
    .trim()
    .split(' ');
  while (words.length > 1 && COMPASS.has(words.at(-1)!.toLowerCase())) words.pop();
  return words.join(' ');
}

const PROVINCE_NAMES: Record<string, string> = {
  ...Object.fromEntries(CA_PROVINCES.map((province) => [province.name, province.code])),
  'Northwest Territory': 'NT',
  'Nunavut Territory': 'NU',
};
const byCode = (a: PostalRow, b: PostalRow) => (a.postCode < b.postCode ? -1 : a.postCode > b.postCode ? 1 : 0);
const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The extract from the package's rows: checked, tidied and sorted by code. */
export function buildExtract(usRows: readonly SourceRow[], caRows: readonly SourceRow[]): PostalExtract {
  const us = usRows.map((row) => {
    if (!/^\d{5}$/.test(row.zip) || !/^[A-Z]{2}$/.test(row.state) || !clean(row.city))
      throw new DataError(`unreadable US row ${JSON.stringify(row)}`);
    return { postCode: row.zip, stateCode: row.state, city: clean(row.city) };
  });
  const ca = caRows
    .filter((row) => row.zip !== 'H0H')
    .map((row) => {
      const stateCode = provinceOfFsa(row.zip);
      if (!/^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]$/.test(row.zip) || !stateCode)
        throw new DataError(`unreadable FSA ${JSON.stringify(row)}`);
      // Some rows carry a place in the province column; a real province name must agree with the letters.
      const named = PROVINCE_NAMES[row.state];
      if (named && named !== stateCode)
        throw new DataError(`FSA ${row.zip} is in ${stateCode} by its letters but ${row.state} in the data`);
      return { postCode: row.zip, stateCode, city: canadianCityName(row.zip, row.city) };
    });
  const broken = [...us, ...ca].find((row) => /[\uFFFD\t\n]/.test(row.city) || !row.city);
  if (broken)
    throw new DataError(`no clean city name for ${broken.postCode}: "${broken.city}" (extend ACCENT_REPAIRS)`);
  return { us: us.sort(byCode), ca: ca.sort(byCode) };
}

const HEADER = 'post_code\tstate_code\tcity';

/** One extract file: a source line, the header, then one row per line. */
export function renderTsv(rows: readonly PostalRow[], source: string): string {
  const lines = rows.map((row) => `${row.postCode}\t${row.stateCode}\t${row.city}`);
  return `${[`# ${source}`, HEADER, ...lines].join('\n')}\n`;
}

/** The rows of an extract file. */
export function parseTsv(text: string): PostalRow[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#') && line !== HEADER)
    .map((line) => {
      const [postCode, stateCode, city] = line.split('\t');
      if (!postCode || !stateCode || !city) throw new DataError(`bad extract line "${line}"`);
      return { postCode, stateCode, city };
    });
}

/** Every statement of a full replacement: marked as loading first, the version written last. */
export function* postalStatements(extract: PostalExtract, version: string): Generator<string> {
  const marker = (value: string) => versionStatement(META_KEY, value);
  yield marker('loading');
  yield 'DELETE FROM postal_code;';
  for (const market of ['us', 'ca'] as const) {
    yield* insertStatements(
      'postal_code',
      extract[market].map((row) => ({ market, post_code: row.postCode, city: row.city, state_code: row.stateCode })),
    );
  }
  for (const statement of areaDictionaryStatements()) yield `${statement};`;
  yield marker(version);
}

/** The committed extract. */
export async function readExtract(dir = EXTRACT_DIR): Promise<PostalExtract> {
  const [us, ca] = await Promise.all(
    ['us', 'ca'].map(async (market) => parseTsv(await readFile(join(dir, `${market}.tsv`), 'utf8'))),
  );
  return { us: us!, ca: ca! };
}

/** Changes whenever the extract or the SQL that loads it would give different tables. */
async function postalVersion(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of [
    'data/postal/us.tsv',
    'data/postal/ca.tsv',
    'worker/shipping/repository.ts',
    'shared/regions.ts',
    'shared/shipping.ts',
    'scripts/data/postal.ts',
  ]) {
    hash.update(await readFile(join(ROOT, file)).catch(() => Buffer.from('missing')));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Loads the committed extract and rebuilds the area dictionary in the local D1 (migrations
 * applied first, as scripts/seed.ts does) or in a deployed environment's D1 (its bookmark
 * printed first), in one atomic execution; skipped while the same version is loaded unless forced.
 */
export async function loadPostal(options: D1Target & { force?: boolean }): Promise<void> {
  const version = await postalVersion();
  if (!options.force && (await loadedVersion(options, META_KEY)) === version) {
    console.log(`postal codes already loaded (${version})`);
    return;
  }
  const extract = await readExtract();
  await mkdir(join(ROOT, '.wrangler'), { recursive: true });
  const file = join(ROOT, '.wrangler', `postal-${process.pid}.sql`);
  try {
    await writeStatements(file, postalStatements(extract, version));
    if (isRemote(options)) await printBookmark(options.env, 'the postal code load');
    await executeFile(options, file);
  } finally {
    await rm(file, { force: true });
  }
  console.log(
    `postal codes loaded into ${targetName(options)}: ${extract.us.length} US ZIP codes, ` +
      `${extract.ca.length} Canadian FSAs (${version})`,
  );
}

/** Reads the zipcodes package and writes both extract files atomically. */
async function writeExtract(out: string): Promise<void> {
  const require = createRequire(join(ROOT, 'package.json'));
  const { version } = require('zipcodes/package.json') as { version: string };
  const rows = (module: string) => Object.values((require(module) as { codes: Record<string, SourceRow> }).codes);
  const extract = buildExtract(rows('zipcodes/lib/codes.js'), rows('zipcodes/lib/codesCanada.js'));
  await mkdir(out, { recursive: true });
  const source = `zipcodes@${version} (BSD licence, see LICENSE), made by scripts/data/postal.ts`;
  const files = (['us', 'ca'] as const).map((market) => [`${market}.tsv`, renderTsv(extract[market], source)] as const);
  const temp = (name: string) => join(out, `.${name}.${process.pid}.tmp`);
  for (const [name, text] of files) await writeFile(temp(name), text);
  for (const [name] of files) await rename(temp(name), join(out, name));
  const cities = new Set(extract.us.map((row) => `${row.stateCode}|${row.city.toLowerCase()}`)).size;
  console.log(
    `data:postal: ${extract.us.length} US ZIP codes in ${cities} cities, ` +
      `${extract.ca.length} Canadian FSAs from zipcodes@${version}; wrote ${out}`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const usage = `usage: npm run data:postal -- [--out DIR] | --load ${TARGET_USAGE} [--force]`;
  try {
    const { values } = parseArgs({
      options: {
        out: { type: 'string' },
        load: { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        ...TARGET_OPTIONS,
      },
    });
    const target = parseTarget(values, DEFAULT_STATE_DIR);
    if (values.load) await loadPostal({ ...target, force: values.force });
    else if (values.remote) throw new Error('--remote needs --load');
    else await writeExtract(values.out ? resolve(values.out) : EXTRACT_DIR);
  } catch (error) {
    console.error(`data:postal: ${(error as Error).message}\n${usage}`);
    process.exit(error instanceof DataError ? 1 : 2);
  }
}
