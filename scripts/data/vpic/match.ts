// Attaching trims and engines to models (the heuristic). A Keys is a box: a set of allowed
// characters per VIN position. A trim or engine pattern P belongs to model M when
//   1. P's box overlaps a box of M's model patterns (some VIN matches both), and
//   2. P overlaps no other model: within P's own schema when that schema has models (so in a
//      one-model schema everything that overlaps belongs to that model), or, for a schema
//      without models, among all models of the schemas linked with it to the same WMIs in the
//      same years; or else P's box holds every VIN of M's pattern ("*" = Electric for a Tesla),
//      or P, an engine pattern of M's own schema, names M's model family by its VIN positions 4-7
//      ("*[12][ABC7FGH8]*C" = 5.3L for the Yukon and the Yukon XL: see namesModelFamily).
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
// the same model-year (an empty trim, or an engine missing a part) is dropped (see output.ts).
import { YEAR_POS, at, contains, cut, overlaps, type Box } from './box.ts';
import { engineOf, engineText, type Engine } from './engine.ts';
import type { Field, LinkRow, Lookups, Pat, Schema } from './read.ts';
import { NO_TRIM, YEAR_TO } from './scope.ts';
import { compareText, getOr } from './util.ts';

/** What one cell of a model's VINs says. */
export interface Cell {
  model: string;
  trims: string[];
  engine: Engine;
  gvwr: string | null;
  series: string | null;
  years: number; // class of position 10
  /** Engines of shared code tables (rule 2) the cell's VINs may have, when it has none of its own. */
  shared: Engine[];
}
/** A schema in force for a WMI and year, with the kept models it gives then. */
export interface Active {
  schema: Schema;
  models: Set<string>;
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

const ENGINE_FIELDS = new Set<Field>(['displacement', 'cylinders', 'config', 'fuel', 'fuel2', 'electrification']);
/** VIN positions 4-7 (box positions 0-3): where vPIC's model patterns name the model (position 8 is the engine's). */
const MODEL_POSITIONS = [0, 1, 2, 3];
/**
 * Does an engine pattern of a model's own schema name the model's family: its keys restrict VIN
 * positions 4-7 and allow every model code of the model there ("*[12][ABC7FGH8]*C" = 5.3L for the
 * Yukon's "*[12][ABC7]" and the Yukon XL's "*[12][FGH8]")? Such a pattern was written for those
 * models, unlike a code table keyed on position 8 alone ("****C") or on an engine letter
 * elsewhere (Toyota's "*E" = 2.4L across the Corolla and Camry of one schema).
 */
function namesModelFamily(p: Pat, model: Pat): boolean {
  if (!ENGINE_FIELDS.has(p.field) || !overlaps(p.box, model.box)) return false;
  const full = at([], 0);
  if (MODEL_POSITIONS.every((i) => at(p.box, i) === full)) return false;
  return MODEL_POSITIONS.every((i) => contains([at(p.box, i)], [at(model.box, i)]));
}

/**
 * The engines a shared code table (FCA's and GM's "****B" = 2.4L) offers to VINs of a region:
 * one per engine key that overlaps the region, from the engine patterns with that same key.
 */
function sharedEngines(region: Box, near: Pat[], lookups: Lookups): Engine[] {
  const byKey = new Map<string, Pat[]>();
  for (const p of near)
    if (ENGINE_FIELDS.has(p.field) && overlaps(p.box, region)) getOr(byKey, JSON.stringify(p.box), () => []).push(p);
  const found = new Map<string, Engine>();
  for (const pats of byKey.values()) {
    const value = (field: Field): string | null => {
      const values = new Set(pats.filter((p) => p.field === field).map((p) => p.value));
      return values.size === 1 ? ([...values][0] ?? null) : null;
    };
    const engine = engineOf(value, lookups);
    if (engineText(engine, '') !== '') found.set(JSON.stringify(engine), engine);
  }
  return [...found.values()];
}

/** Records in each trim/engine pattern the models it overlaps (rule 2 of the header). */
export function attachToModels(schemas: Map<number, Schema>, allLinks: LinkRow[]): void {
  for (const s of schemas.values())
    for (const p of s.others) for (const m of s.models) if (overlaps(p.box, m.box)) p.models.add(m.value);

  // A schema without models (GM's engine tables, Ford's "Position 8 Medium/Heavy Truck", plants)
  // serves every model-bearing schema linked with it to the same WMI in the same years, for any
  // WMI of vPIC: a pattern of it belongs to a model only if it overlaps no other model of all
  // those (so "****1" = 1.4L, shared by all GM cars, belongs to none).
  const rowsOfWmi = new Map<string, LinkRow[]>();
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
    for (const s of domain)
      for (const m of s.models) for (const p of aux.others) if (overlaps(p.box, m.box)) p.models.add(m.value);
  }
}

/**
 * The cells of the active schemas' kept models, with patterns of model-less schemas as `aux`;
 * adds cut-short schema ids to `cutShort`.
 */
export function computeCells(active: Active[], aux: Pat[], lookups: Lookups, cutShort: Set<string>): Cell[] {
  const found = new Map<string, Cell>();
  for (const { schema, models } of active) {
    const budget = { left: 20_000 };
    for (const mp of schema.models) {
      if (!models.has(mp.value)) continue;
      // Patterns that belong to this model: they overlap no other model, or hold for all of its VINs.
      const near = [...schema.others, ...aux].filter((p) => overlaps(p.box, mp.box));
      const family = new Set(schema.others.filter((p) => namesModelFamily(p, mp)));
      const mine = new Set(
        near.filter((p) => {
          return (p.models.size === 1 && p.models.has(mp.value)) || contains(p.box, mp.box) || family.has(p);
        }),
      );
      // Another pattern matters only where it could beat one of those: same field, as specific or more.
      const rivals = near.filter(
        (p) =>
          !mine.has(p) &&
          [...mine].some((q) => q.field === p.field && p.size <= q.size + 1e-9 && overlaps(p.box, q.box)),
      );
      cut(
        mp.box,
        [...schema.models, ...mine, ...rivals],
        (region, covering) => {
          const model = winners(covering, 'model');
          if (model.some((p) => p.value !== mp.value)) return; // another model's VINs, or a tie
          const cell: Cell = {
            model: mp.value,
            trims: valuesOf(covering, 'trim', mine).filter((t) => !NO_TRIM.test(t)),
            engine: engineOf((field) => single(covering, field, mine), lookups),
            gvwr: single(covering, 'gvwr', mine),
            series: single(covering, 'series', mine),
            years: at(region, YEAR_POS),
            shared: [],
          };
          if (engineText(cell.engine, '') === '') cell.shared = sharedEngines(region, near, lookups);
          found.set(JSON.stringify(cell), cell);
        },
        budget,
      );
    }
    if (budget.left < 0) cutShort.add(String(schema.id));
  }
  return [...found.values()];
}
