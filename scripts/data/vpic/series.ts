// Models split by series where the trade does: vPIC files every Silverado, Sierra and Dodge
// Ram of a year under one model and tells the 1500 from the 2500 HD only by its Series
// element; Ford's F-250 to F-550 from 1999 on are the Super Duty trucks (a rename). A model-year's
// variants move to the series' model name; those whose series is unknown are dropped (a 6.6L
// diesel of an unknown series is no Silverado 1500's engine: empty is better than wrong).
import type { Variant } from './collect.ts';
import { getOr } from './util.ts';

/** The ton class of a GM or Dodge series ("1500 (1/2 Ton)", "3/4 Ton", "3500W"), or null. */
function tonClass(series: string): number | null {
  const number = /^\D{0,4}\(?(\d{4})/.exec(series)?.[1];
  if (number) return Number(number);
  if (/^1\/2 ton/i.test(series)) return 1500;
  if (/^3\/4 ton/i.test(series)) return 2500;
  if (/^1 ton/i.test(series)) return 3500;
  return null;
}

/** GM's pickup name of a ton class: "Silverado 1500", "Sierra 2500 HD" (heavy duty from 2001). */
function gmPickup(base: string, series: string, year: number): string | null {
  const ton = tonClass(series);
  if (ton === null || ton < 1500 || ton > 6500) return null;
  return ton === 1500 ? `${base} 1500` : year >= 2001 ? `${base} ${ton} HD` : `${base} ${ton}`;
}

/** The model names to split or rename, by "make\tmodel": model-year and series → the trade's name. */
const SPLIT: Record<string, (series: string, year: number) => string | null> = {
  'Chevrolet\tSilverado': (series, year) => gmPickup('Silverado', series, year),
  'Chevrolet\tSilverado HD': (series, year) => gmPickup('Silverado', series, year),
  'Chevrolet\tSilverado LD': () => 'Silverado 1500 LD',
  'Chevrolet\tSilverado LTD': () => 'Silverado 1500 LTD',
  'GMC\tSierra': (series, year) => gmPickup('Sierra', series, year),
  'GMC\tSierra HD': (series, year) => gmPickup('Sierra', series, year),
  'GMC\tSierra Limited': () => 'Sierra 1500 Limited',
  'Dodge\tRam': (series) => {
    const ton = tonClass(series);
    return ton !== null && ton >= 1500 && ton <= 5500 ? `Ram ${ton}` : null;
  },
};
for (const model of ['F-250', 'F-350', 'F-450', 'F-550'])
  SPLIT[`Ford\t${model}`] = (_, year) => (year >= 1999 ? `${model} Super Duty` : model);

/** Is "make\tmodel" a vPIC model the vehicle base splits by series or renames? */
export const isSplitModel = (make: string, model: string): boolean => `${make}\t${model}` in SPLIT;

/**
 * The vehicle base's name of a split vPIC model for a series and model year ("Silverado", "1/2 Ton",
 * 2015 → "Silverado 1500"); null when the series tells no name (or the model is not split).
 */
export function seriesModel(make: string, model: string, series: string, year: number): string | null {
  return SPLIT[`${make}\t${model}`]?.(series, year) ?? null;
}

/** A presence row: the model exists that year, nothing more. */
const isPresence = (v: Variant): boolean =>
  v.trim === '' && !v.shared && v.engine.displacement === null && v.engine.fuel === null && v.engine.cylinders === null;

/** Moves the variants of "make\tmodel\tyear" keys to the series' model names (see the header). */
export function splitSeries(variants: Map<string, Map<string, Variant>>): Map<string, Map<string, Variant>> {
  const out = new Map<string, Map<string, Variant>>();
  for (const [key, found] of variants) {
    const [make = '', model = '', yearText = ''] = key.split('\t');
    const year = Number(yearText);
    const rename = SPLIT[`${make}\t${model}`];
    const named = [...found.values()].map((v) => {
      const name = rename ? rename(v.series ?? '', year) : model;
      return { v, name: name ?? rename?.('', year) ?? null };
    });
    const names = [...new Set(named.map((n) => n.name).filter((n) => n !== null))];
    const targets = (name: string | null, v: Variant): string[] => {
      if (names.length === 0) return [model];
      if (name !== null) return [name];
      return isPresence(v) ? names : [];
    };
    for (const { v, name } of named)
      for (const target of targets(name, v))
        getOr(out, `${make}\t${target}\t${yearText}`, () => new Map()).set(JSON.stringify(v), v);
  }
  return out;
}
