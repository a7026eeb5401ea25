// Walks every kept WMI through the model years: the schemas in force each year, the cells
// they give (see match.ts), and from those the trim/engine variants of each model-year.
import { YEAR_POS, and, at, yearBit } from './box.ts';
import { NO_ENGINE, type Engine } from './engine.ts';
import { computeCells, type Active, type Cell } from './match.ts';
import type { Lookups, Pat } from './read.ts';
import { YEAR_FROM, YEAR_TO } from './scope.ts';
import { compareText, getOr } from './util.ts';
import { modelsOfLink, type Link, type LinkEnd } from './years.ts';

/** One trim/engine pairing of a model-year. */
export interface Variant {
  trim: string;
  engine: Engine;
  /** vPIC's Series of the VINs ("2500", "Super Duty - Single Rear Wheel"), or null. */
  series: string | null;
  /** An engine of a shared code table only (see match.ts), not known to be the model's. */
  shared: boolean;
}
/** What the walk over WMIs and years finds. */
export interface Collected {
  /** "make\tmodel\tyear" → variants, keyed by their JSON. */
  variants: Map<string, Map<string, Variant>>;
  /** "make\tmodel" → GVWR classes stated. */
  gvwrOf: Map<string, Set<string>>;
  /** WMI → make → model-years ("make\tmodel\tyear"). */
  wmiYears: Map<string, Map<string, Set<string>>>;
  /** Number of schemas cut too finely for all their cells to be examined. */
  cutShort: number;
}

/** Per WMI and year: the schemas in force, the cells they give, and the variants of each model-year. */
export function collect(
  links: Link[],
  endOf: LinkEnd,
  wmiMakes: Map<string, Set<string>>,
  modelOf: Map<string, [string, string]>,
  lookups: Lookups,
): Collected {
  const linksOfWmi = new Map<string, Link[]>();
  for (const l of links) getOr(linksOfWmi, l.wmi, () => []).push(l);

  // The cells of a combination of schemas are cached: many WMI-years share one.
  const cellCache = new Map<string, Cell[]>();
  const budgetHit = new Set<string>();
  const variants = new Map<string, Map<string, Variant>>();
  const gvwrOf = new Map<string, Set<string>>();
  const wmiYears = new Map<string, Map<string, Set<string>>>();
  const addVariant = (key: string, v: Variant): void =>
    void getOr(variants, key, () => new Map()).set(JSON.stringify(v), v);

  for (const [wmi, wmiLinks] of [...linksOfWmi].sort((a, b) => compareText(a[0], b[0]))) {
    const makes = wmiMakes.get(wmi) ?? new Set<string>();
    for (let year = YEAR_FROM; year <= YEAR_TO; year++) {
      const yb = yearBit(year);
      const active: Active[] = [];
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
        const models = new Set(
          [...modelsOfLink(l)].filter((m) => {
            const mm = modelOf.get(m);
            return mm !== undefined && makes.has(mm[0]) && year <= endOf(l, m);
          }),
        );
        if (models.size) active.push({ schema: l.schema, models });
      }
      if (!active.length) continue;
      const key = JSON.stringify([
        active.map((a) => [a.schema.id, [...a.models].sort()]),
        auxIds.sort((a, b) => a - b),
      ]);
      const cells = getOr(cellCache, key, () => computeCells(active, aux, lookups, budgetHit));
      // The model exists this year when one of its patterns allows this year's character.
      for (const { schema, models } of active) {
        for (const p of schema.models) {
          const mm = modelOf.get(p.value);
          if (!mm || !models.has(p.value) || !and(at(p.box, YEAR_POS), yb)) continue;
          const key = `${mm[0]}\t${mm[1]}\t${year}`;
          addVariant(key, { trim: '', engine: NO_ENGINE, series: null, shared: false });
          getOr(
            getOr(wmiYears, wmi, () => new Map()),
            mm[0],
            () => new Set(),
          ).add(key);
        }
      }
      for (const cell of cells) {
        const mm = modelOf.get(cell.model);
        if (!mm || !and(cell.years, yb)) continue;
        const key = `${mm[0]}\t${mm[1]}\t${year}`;
        if (!variants.has(key)) continue; // this year's character belongs to no pattern of the model
        const series = cell.series;
        for (const trim of cell.trims.length ? cell.trims : [''])
          addVariant(key, { trim, engine: cell.engine, series, shared: false });
        for (const engine of cell.shared) addVariant(key, { trim: '', engine, series, shared: true });
        if (cell.gvwr !== null)
          getOr(gvwrOf, `${mm[0]}\t${mm[1]}`, () => new Set()).add(lookups.gvwr.get(cell.gvwr) ?? '');
      }
    }
  }
  return { variants, gvwrOf, wmiYears, cutShort: budgetHit.size };
}
