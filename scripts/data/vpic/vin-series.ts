// VIN patterns that name the split models. vPIC's model patterns name "Silverado" or "Ram" and
// tell the 1500 from the 2500 HD only by a Series pattern of the same schema; the vehicle base
// names the series' model (series.ts). So each model pattern of a split model becomes, per Series
// pattern it meets, the VINs of both (the box where the two intersect) named by the series' model,
// narrower than the model pattern itself, which stays for VINs of an unknown series. A name that
// changes with the model year (F-250 → F-250 Super Duty from 1999) limits the box to its years,
// and so does a series' model the vehicle base lacks some year (a 2012 Dodge Ram whose series
// vPIC states only in a pattern shared with the Ram Chassis Cab stays a "Ram" there).
import { YEAR_POS, and, at, size, yearBit, type Box } from './box.ts';
import type { Pat, Schema, Vpic } from './read.ts';
import { isSplitModel, seriesModel } from './series.ts';
import { getOr } from './util.ts';
import type { VehicleExtract } from '../vehicle-tree.ts';

/** Does the vehicle base have this model that year ("make\tmodel\tyear")? */
type HasModelYear = (make: string, model: string, year: number) => boolean;

/** The model-years of the vehicle base. */
function modelYearsOf(base: Pick<VehicleExtract, 'makes' | 'models' | 'configs'>): HasModelYear {
  const found = new Set<string>();
  for (const [model, from, to] of base.configs) {
    const [make, name] = base.models[model] ?? [];
    for (let year = from; year <= to; year++) found.add(`${base.makes[make ?? -1]}\t${name}\t${year}`);
  }
  return (make, model, year) => found.has(`${make}\t${model}\t${year}`);
}

/** The VINs two boxes share, or null when they share none. */
function intersect(a: Box, b: Box): Box | null {
  const box: Box = [];
  for (let i = 0, n = Math.max(a.length, b.length); i < n; i++) {
    const set = and(at(a, i), at(b, i));
    if (set === 0) return null;
    box.push(set);
  }
  return box;
}

/** The model years each schema is linked for, within the vehicle base's years. */
function schemaYears(vpic: Vpic, yearFrom: number, yearTo: number): Map<number, Set<number>> {
  const years = new Map<number, Set<number>>();
  for (const link of vpic.allLinks) {
    const set = getOr(years, link.schema, () => new Set<number>());
    for (let y = Math.max(yearFrom, link.from); y <= Math.min(yearTo, link.end ?? yearTo); y++) set.add(y);
  }
  return years;
}

/** Boxes of `box` naming the series' model, one per name its years give (limited to those years). */
function namedBoxes(box: Box, name: (year: number) => string | null, years: Set<number>): [string, Box][] {
  const yearsOf = new Map<string, number>();
  for (const year of years) {
    const found = name(year);
    if (found !== null) yearsOf.set(found, (yearsOf.get(found) ?? 0) + yearBit(year));
  }
  if (yearsOf.size === 1 && [...years].every((y) => name(y) !== null)) return [[[...yearsOf.keys()][0]!, box]];
  const out: [string, Box][] = [];
  for (const [found, bits] of yearsOf) {
    const limit: Box = Array.from({ length: YEAR_POS + 1 }, (_, i) => (i === YEAR_POS ? bits : at([], 0)));
    const limited = intersect(box, limit);
    if (limited) out.push([found, limited]);
  }
  return out;
}

/** The model patterns of one schema with those of split models named by series (see the header). */
function splitSchema(
  schema: Schema,
  vpic: Vpic,
  years: Set<number>,
  has: HasModelYear,
  ids: Map<string, string>,
): Pat[] {
  const models: Pat[] = [];
  for (const mp of schema.models) {
    const [make, model] = vpic.modelOf.get(mp.value) ?? [];
    const split = make !== undefined && model !== undefined && isSplitModel(make, model);
    if (!split) {
      models.push(mp);
      continue;
    }
    const named =
      (value: string) =>
      (year: number): string | null => {
        const found = seriesModel(make, model, value, year);
        return found !== null && has(make, found, year) ? found : null;
      };
    // A rename that needs no series (F-250 → F-250 Super Duty) replaces vPIC's name in every year.
    if ([...years].some((year) => named('')(year) === null)) models.push(mp);
    const series = schema.others.filter((p) => p.field === 'series');
    const parts: [string, Box | null][] = [
      ['', mp.box],
      ...series.map((sp): [string, Box | null] => [sp.value, intersect(mp.box, sp.box)]),
    ];
    for (const [value, box] of parts) {
      if (box === null) continue;
      for (const [found, part] of namedBoxes(box, named(value), years)) {
        const id = getOr(ids, `${make}\t${found}`, () => `series:${make}\t${found}`);
        models.push({ field: 'model', value: id, box: part, size: size(part), models: new Set() });
      }
    }
  }
  return models;
}

/**
 * vPIC as the VIN extract reads it, with model patterns that name the split models of the
 * vehicle base (see the header) under model ids of their own.
 */
export function withSeriesModels(
  vpic: Vpic,
  base: Pick<VehicleExtract, 'makes' | 'models' | 'configs' | 'yearFrom' | 'yearTo'>,
): Vpic {
  const years = schemaYears(vpic, base.yearFrom, base.yearTo);
  const has = modelYearsOf(base);
  const named = new Map<string, string>();
  const schemas = new Map<number, Schema>();
  for (const [id, schema] of vpic.schemas)
    schemas.set(id, { ...schema, models: splitSchema(schema, vpic, years.get(id) ?? new Set(), has, named) });
  const modelOf = new Map(vpic.modelOf);
  for (const [key, id] of named) modelOf.set(id, key.split('\t') as [string, string]);
  return { ...vpic, schemas, modelOf };
}
