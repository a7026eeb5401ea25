// Engines for the popular model-years vPIC leaves without one: a curated table of the factory
// engines of the US and Canadian market (engine-table-gm.ts, engine-table-fca.ts, the rest here).
// vPIC's own engines always win: the table fills only a model-year with no engine at all, and
// writes each engine through engineText, the same text and fields as a vPIC engine.
import { engineText, type Engine } from './engine.ts';
import { FCA_ENGINES } from './engine-table-fca.ts';
import { GM_ENGINES } from './engine-table-gm.ts';
import type { EngineRanges, TableEngine } from './engine-table-types.ts';
import { attachOrphanEngines, type Row } from './trims.ts';
import { DataError } from './util.ts';

/** The other makes' popular models vPIC leaves a year without an engine. */
const OTHER_ENGINES: Record<string, Record<string, EngineRanges>> = {
  Acura: { MDX: [[2010, 2013, ['3.7L V6 Gas']]] },
  Hyundai: { Elantra: [[2001, 2006, ['2.0L L4 Gas']]] },
  Subaru: {
    Forester: [[2003, 2008, ['2.5L H4 Gas']]],
    Impreza: [
      [2002, 2005, ['2.0L H4 Gas', '2.5L H4 Gas']],
      [2006, 2011, ['2.5L H4 Gas']],
    ],
    Legacy: [[2003, 2007, ['2.5L H4 Gas']]],
    Outback: [[2005, 2009, ['2.5L H4 Gas', '3.0L H6 Gas']]],
  },
  Toyota: { Corolla: [[2003, 2008, ['1.8L L4 Gas']]] },
};

/** Every table: make → model → year ranges. */
export const ENGINE_TABLE: Record<string, Record<string, EngineRanges>> = {
  ...GM_ENGINES,
  ...FCA_ENGINES,
  ...OTHER_ENGINES,
};

const LAYOUTS: Record<string, string> = { L: 'In-Line', V: 'V-Shaped', H: 'Horizontally opposed (boxer)' };
const FUELS = new Set(['Gas', 'Flex Fuel', 'Diesel', 'Hybrid']);

/** The engine a table text describes ("5.3L V8 Flex Fuel"); a DataError when it is not one. */
export function tableEngine(text: string): Engine {
  const match = /^(\d+\.\d)L ([LVH])(\d+) (.+)$/.exec(text);
  const [, displacement = '', layout = '', cylinders = '', fuel = ''] = match ?? [];
  if (!match || !FUELS.has(fuel)) throw new DataError(`engine table: "${text}" is not an engine text`);
  return { displacement, cylinders: Number(cylinders), config: LAYOUTS[layout] ?? null, fuel };
}

/** The table's engines of a model-year, each as vPIC's engine text would read; none when the table has none. */
export function tableEngines(make: string, model: string, year: number): TableEngine[] {
  const ranges = ENGINE_TABLE[make]?.[model] ?? [];
  return ranges
    .filter(([from, to]) => from <= year && year <= to)
    .flatMap(([, , engines]) => engines)
    .map((engine) => (typeof engine === 'string' ? { text: engine } : engine))
    .map((engine) => {
      const text = engineText(tableEngine(engine.text), make);
      if (text !== engine.text) throw new DataError(`engine table: ${make} ${model} "${engine.text}" reads "${text}"`);
      return engine;
    });
}

/** The rows of a model-year with the table's engines: under each trim they go with, or under the model. */
export function withTableEngines(rows: Row[], engines: TableEngine[]): Row[] {
  const trims = [...new Set(rows.map(([trim]) => trim).filter((trim) => trim !== ''))];
  if (!trims.length) return engines.map((engine): Row => ['', engine.text]);
  return attachOrphanEngines(
    trims.flatMap((trim) => {
      const fitting = engines.filter((engine) => engine.trims?.test(trim) ?? true);
      return fitting.length ? fitting.map((engine): Row => [trim, engine.text]) : [[trim, ''] as Row];
    }),
  );
}

/**
 * Gives each model-year of `rowsOfYear` ("make\tmodel\tyear" keys) with no engine the table's
 * engines (see withTableEngines); answers how many model-years it filled.
 */
export function fillFromTable(rowsOfYear: Map<string, Row[]>): number {
  let filled = 0;
  for (const [key, rows] of rowsOfYear) {
    if (rows.some(([, engine]) => engine !== '')) continue;
    const [make = '', model = '', year = ''] = key.split('\t');
    const engines = tableEngines(make, model, Number(year));
    if (!engines.length) continue;
    rowsOfYear.set(key, withTableEngines(rows, engines));
    filled++;
  }
  return filled;
}
