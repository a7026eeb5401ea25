// Reads what the derivation needs from the vPIC database: element ids, lookup tables, the
// kept makes and their models, the WMIs of those makes, every WMI → schema link, and the
// patterns of the schemas.
//
// How vPIC describes vehicles (element ids are checked against the Element table at start):
//   Wmi (VIN positions 1-3, with a vehicle type) --Wmi_VinSchema(YearFrom, YearTo)--> VinSchema
//   Pattern(VinSchemaId, Keys, ElementId, AttributeId): "VINs matching Keys have this value of
//   this element" (Model, Trim, Displacement, ...). Keys covers VIN positions 4-8, optionally
//   followed by '|' and positions 10, 11, ...; '*' is any character, '#' any digit, [A-CX] a
//   class; a short key leaves the remaining positions free. To decode a VIN, vPIC uses the
//   patterns of every schema linked to its WMI for its model year; some schemas hold only
//   engine, plant or restraint patterns (GM's "Passenger Car Engine Schema 2012", say).
import type { DatabaseSync } from 'node:sqlite';
import { parseKeys, size, type Box } from './box.ts';
import { MAKES, NOT_THE_MAKES_CARS, SCION, VEHICLE_TYPES, YEAR_FROM, YEAR_TO, notAVehicle } from './scope.ts';
import { DataError, clean, getOr } from './util.ts';
import { nameEnd } from './years.ts';

/** vPIC element ids used here, with the name each must have in the Element table. */
export const ELEMENT = {
  model: [28, 'Model'],
  trim: [38, 'Trim'],
  displacement: [13, 'Displacement (L)'],
  cylinders: [9, 'Engine Number of Cylinders'],
  config: [64, 'Engine Configuration'],
  fuel: [24, 'Fuel Type - Primary'],
  fuel2: [66, 'Fuel Type - Secondary'],
  electrification: [126, 'Electrification Level'],
  gvwr: [25, 'Gross Vehicle Weight Rating From'],
  series: [34, 'Series'],
} as const;
/** An element read from vPIC's patterns. */
export type Field = keyof typeof ELEMENT;
const FIELDS = Object.keys(ELEMENT) as Field[];
const FIELD_BY_ELEMENT = new Map<number, Field>(FIELDS.map((f) => [ELEMENT[f][0], f]));

/** A pattern: VINs in `box` have `value` for `field`. */
export interface Pat {
  field: Field;
  value: string;
  box: Box;
  size: number;
  /** For a trim/engine pattern: the model values of its own schema whose patterns it overlaps. */
  models: Set<string>;
}
/** A VIN schema's patterns: its model patterns and all the others. */
export interface Schema {
  id: number;
  models: Pat[];
  others: Pat[];
}
/** vPIC lookup tables: attribute id → name. */
export interface Lookups {
  fuel: Map<string, string>;
  config: Map<string, string>;
  electrification: Map<string, string>;
  gvwr: Map<string, string>;
}
/** A Wmi_VinSchema row, with its last year from YearTo or the schema's name (null = open). */
export interface LinkRow {
  wmi: string;
  schema: number;
  from: number;
  end: number | null;
}
/** Everything read from the database. */
export interface Vpic {
  lookups: Lookups;
  /** vPIC Model.Id → [display make, model name], for models of kept makes. */
  modelOf: Map<string, [string, string]>;
  /** WMI → the display makes vPIC links it to. */
  wmiMakes: Map<string, Set<string>>;
  /** Every schema link of vPIC. */
  allLinks: LinkRow[];
  /** The links of kept WMIs that reach into the years derived. */
  keptRows: LinkRow[];
  /** Patterns by schema id: models of every schema, the rest for kept schemas only. */
  schemas: Map<number, Schema>;
}

type Row = Record<string, unknown>;
type Query = (sql: string, ...params: (string | number)[]) => Row[];
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown): number => Number(v);

/** Throws a DataError unless every element id of ELEMENT has the expected name. */
function checkElements(all: Query): void {
  for (const field of FIELDS) {
    const [id, name] = ELEMENT[field];
    const found = str(all('SELECT Name FROM Element WHERE Id = ?', id)[0]?.Name);
    if (found !== name)
      throw new DataError(`vPIC Element ${id} is "${found}", expected "${name}": the database changed, check ELEMENT.`);
  }
}

/** Reads the lookup tables of fuel, engine configuration, electrification and GVWR. */
function readLookups(all: Query): Lookups {
  const lookup = (table: string): Map<string, string> =>
    new Map(all(`SELECT Id, Name FROM ${table}`).map((r) => [str(r.Id), str(r.Name)]));
  return {
    fuel: lookup('FuelType'),
    config: lookup('EngineConfiguration'),
    electrification: lookup('ElectrificationLevel'),
    gvwr: lookup('GrossVehicleWeightRating'),
  };
}

/** Kept makes: vPIC id → display name, and Toyota's id (for Scion). */
function readMakes(all: Query): { displayOf: Map<number, string>; toyota: number | undefined } {
  const makeIds = new Map(all('SELECT Id, Name FROM Make').map((r) => [str(r.Name), num(r.Id)]));
  const displayOf = new Map<number, string>();
  for (const [display, vpic] of Object.entries(MAKES)) {
    const id = makeIds.get(vpic);
    if (id === undefined) throw new DataError(`make "${vpic}" is not in vPIC's Make table: check MAKES.`);
    displayOf.set(id, display);
  }
  return { displayOf, toyota: makeIds.get(SCION.from) };
}

/** Models of kept makes: vPIC Model.Id → [display make, model name]. */
function readModels(
  all: Query,
  displayOf: Map<number, string>,
  toyota: number | undefined,
): Map<string, [string, string]> {
  const modelOf = new Map<string, [string, string]>();
  for (const r of all(
    `SELECT mm.ModelId AS id, mm.MakeId AS make, mo.Name AS name
       FROM Make_Model mm JOIN Model mo ON mo.Id = mm.ModelId ORDER BY mm.ModelId, mm.MakeId`,
  )) {
    const make = displayOf.get(num(r.make));
    const name = clean(str(r.name));
    if (!make || !name || notAVehicle(make, name) || modelOf.has(str(r.id))) continue;
    const scion = num(r.make) === toyota && SCION.prefix.test(name);
    modelOf.set(str(r.id), scion ? [SCION.make, name.replace(SCION.prefix, '')] : [make, name]);
  }
  return modelOf;
}

/** WMIs of kept makes and vehicle types → the display makes vPIC links to each. */
function readWmiMakes(all: Query, displayOf: Map<number, string>): Map<string, Set<string>> {
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
  return wmiMakes;
}

/** Every schema link of vPIC, with its last year: YearTo, or what the schema's name says. */
function readLinks(all: Query): LinkRow[] {
  return all(
    `SELECT ws.VinSchemaId AS schema, w.Wmi AS wmi, ws.YearFrom AS yf, ws.YearTo AS yt, vs.Name AS name
       FROM Wmi_VinSchema ws JOIN Wmi w ON w.Id = ws.WmiId JOIN VinSchema vs ON vs.Id = ws.VinSchemaId
     ORDER BY w.Wmi, ws.YearFrom, ws.VinSchemaId`,
  ).map((r) => ({
    wmi: str(r.wmi).toUpperCase(),
    schema: num(r.schema),
    from: num(r.yf),
    end: r.yt === null ? nameEnd(str(r.name), num(r.yf)) : num(r.yt),
  }));
}

/** Patterns: models of every schema (to tell shared patterns, see match.ts), the rest for kept schemas. */
function readPatterns(all: Query, keptIds: Set<number>): Map<number, Schema> {
  const schemas = new Map<number, Schema>();
  const elementIds = FIELDS.map((f) => ELEMENT[f][0]).join(',');
  for (const r of all(
    `SELECT VinSchemaId AS schema, Keys AS keys, ElementId AS element, AttributeId AS value FROM Pattern
     WHERE ElementId IN (${elementIds}) ORDER BY VinSchemaId, ElementId, Keys, AttributeId`,
  )) {
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
  return schemas;
}

/** Reads the database; throws a DataError when it is not what this script expects. */
export function readVpic(db: DatabaseSync): Vpic {
  const all: Query = (sql, ...params) => db.prepare(sql).all(...params) as Row[];
  checkElements(all);
  const lookups = readLookups(all);
  const { displayOf, toyota } = readMakes(all);
  const modelOf = readModels(all, displayOf, toyota);
  const wmiMakes = readWmiMakes(all, displayOf);
  const allLinks = readLinks(all);
  const keptRows = allLinks.filter((r) => wmiMakes.has(r.wmi) && r.from <= YEAR_TO && (r.end ?? YEAR_TO) >= YEAR_FROM);
  const schemas = readPatterns(all, new Set(keptRows.map((r) => r.schema)));
  return { lookups, modelOf, wmiMakes, allLinks, keptRows, schemas };
}
