// Trims for best sellers' model-years vPIC leaves without any: a curated table of the factory trims of the US and
// Canadian market. Without a trim step the selector goes straight from the model to its engines ("2015 Ford F-150:
// 2.7L, 3.5L, 5.0L"), which is not how a shopper knows the truck, and a trim's parts have nowhere to fit. vPIC's own
// trims always win: the table fills only a model-year with engines and no trim at all, and places the model-year's
// own engines (vPIC's or the engine table's) under each trim, or under the trims it names them for.
import type { Row } from './trims.ts';
import { DataError } from './util.ts';

/** A trim, and the engines it came with (by engine text) when not every one of the model-year's. */
type TableTrim = string | { trim: string; engines: readonly string[] };
/** [first model year, last model year, the trims of those years]. */
type TrimRange = readonly [from: number, to: number, trims: readonly TableTrim[]];

const ECOBOOST_35 = '3.5L V6 Gas';
const F150_2015: TableTrim[] = [
  'XL',
  'XLT',
  'Lariat',
  { trim: 'King Ranch', engines: [ECOBOOST_35, '5.0L V8 Gas'] },
  { trim: 'Platinum', engines: [ECOBOOST_35, '5.0L V8 Gas'] },
];
const F150_2020: TableTrim[] = [
  { trim: 'XL', engines: ['2.7L V6 Gas', '3.3L V6 Gas', ECOBOOST_35, '5.0L V8 Gas'] },
  { trim: 'XLT', engines: ['2.7L V6 Gas', '3.0L V6 Diesel', '3.3L V6 Gas', ECOBOOST_35, '5.0L V8 Gas'] },
  { trim: 'Lariat', engines: ['2.7L V6 Gas', '3.0L V6 Diesel', ECOBOOST_35, '5.0L V8 Gas'] },
  { trim: 'King Ranch', engines: ['3.0L V6 Diesel', ECOBOOST_35, '5.0L V8 Gas'] },
  { trim: 'Platinum', engines: ['3.0L V6 Diesel', ECOBOOST_35, '5.0L V8 Gas'] },
  { trim: 'Limited', engines: [ECOBOOST_35] },
  { trim: 'Raptor', engines: [ECOBOOST_35] },
];

const HYBRID_35 = '3.5L V6 Hybrid';
const F150_2024: TableTrim[] = [
  ...['XL', 'XLT', 'Lariat'].map((trim) => ({ trim, engines: ['2.7L V6 Gas', ECOBOOST_35, HYBRID_35, '5.0L V8 Gas'] })),
  { trim: 'STX', engines: ['2.7L V6 Gas', '5.0L V8 Gas'] },
  ...['King Ranch', 'Platinum'].map((trim) => ({ trim, engines: [ECOBOOST_35, HYBRID_35, '5.0L V8 Gas'] })),
  { trim: 'Tremor', engines: [ECOBOOST_35, '5.0L V8 Gas'] },
  { trim: 'Raptor', engines: [ECOBOOST_35] },
  { trim: 'Raptor R', engines: ['5.2L V8 Gas'] },
  ...['Pro', 'XLT', 'Flash', 'Lariat', 'Platinum'].map((name) => ({
    trim: `Lightning ${name}`,
    engines: ['Electric'],
  })),
];

/** make → model → year ranges. */
export const TRIM_TABLE: Record<string, Record<string, readonly TrimRange[]>> = {
  Ford: {
    'F-150': [
      [2015, 2015, F150_2015],
      [2016, 2016, [...F150_2015, { trim: 'Limited', engines: [ECOBOOST_35] }]],
      [2020, 2020, F150_2020],
      [
        2021,
        2021,
        [
          ...F150_2020.filter((entry) => typeof entry !== 'string' && entry.trim !== 'Raptor'),
          { trim: 'Lariat Hybrid', engines: ['3.5L V6 Hybrid'] },
        ],
      ],
      [2024, 2024, F150_2024],
    ],
  },
  Toyota: {
    Camry: [[2025, 2027, ['LE', 'SE', 'XLE', 'XSE']]],
    RAV4: [[2026, 2027, ['LE', 'XLE', 'XLE Premium', 'Woodland', 'SE', 'XSE', 'Limited']]],
  },
};

/** The table's trims of a model-year; none when it has none. */
export function tableTrims(make: string, model: string, year: number): TableTrim[] {
  return (TRIM_TABLE[make]?.[model] ?? [])
    .filter(([from, to]) => from <= year && year <= to)
    .flatMap(([, , trims]) => trims);
}

/** A model-year's rows with the table's trims: each trim over its engines, all being the model-year's own. */
export function withTableTrims(key: string, rows: Row[], trims: TableTrim[]): Row[] {
  const engines = [...new Set(rows.map(([, engine]) => engine).filter((engine) => engine !== ''))];
  return trims.flatMap((entry): Row[] => {
    if (typeof entry === 'string') return engines.length ? engines.map((engine) => [entry, engine]) : [[entry, '']];
    const missing = entry.engines.filter((engine) => !engines.includes(engine));
    if (missing.length)
      throw new DataError(`trim table: ${key.replaceAll('\t', ' ')} has no ${missing.join(', ')} for ${entry.trim}`);
    return entry.engines.map((engine): Row => [entry.trim, engine]);
  });
}

/**
 * Gives each model-year of `rowsOfYear` ("make\tmodel\tyear" keys) with no trim the table's trims (withTableTrims);
 * answers how many model-years it filled.
 */
export function fillTrimsFromTable(rowsOfYear: Map<string, Row[]>): number {
  let filled = 0;
  for (const [key, rows] of rowsOfYear) {
    if (rows.some(([trim]) => trim !== '')) continue;
    const [make = '', model = '', year = ''] = key.split('\t');
    const trims = tableTrims(make, model, Number(year));
    if (!trims.length) continue;
    rowsOfYear.set(key, withTableTrims(key, rows, trims));
    filled++;
  }
  return filled;
}
