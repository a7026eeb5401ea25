// Engines for the popular model-years whose VINs carry the engine only in a shared code table
// (FCA's and GM's position-8 tables, "****B" = 2.4L across a dozen models): the table's engines
// that the same model has of its own (or of its model family, see match.ts) in the nearest
// model years, within ENGINE_WINDOW. A 2.4L "****B" stays off a Ram 1500 that never had one.
import { engineText, sameEngine, type Engine } from './engine.ts';
import { attachOrphanEngines, type Row } from './trims.ts';

/** How many model years away an engine of the model may be to confirm a shared table's engine. */
export const ENGINE_WINDOW = 4;

/** A model-year's engines: its own (stated for its VINs) and those of its shared code tables. */
export interface YearEngines {
  own: Engine[];
  shared: Engine[];
}

/** Gas and flex fuel engines are the same block; every other fuel is its own engine. */
const fuelFamily = (fuel: string | null): string | null => (fuel === 'Flex Fuel' ? 'Gas' : fuel);

/**
 * Is a shared table's engine the model's own engine of another year: same displacement, and the
 * same cylinder count and fuel family where both are stated (without a displacement: alike in all)?
 */
export function sameBlock(shared: Engine, own: Engine): boolean {
  if (shared.displacement === null || own.displacement === null) return sameEngine(shared, own);
  if (shared.displacement !== own.displacement) return false;
  if (shared.cylinders !== null && own.cylinders !== null && shared.cylinders !== own.cylinders) return false;
  const [a, b] = [fuelFamily(shared.fuel), fuelFamily(own.fuel)];
  return a === null || b === null || a === b;
}

/** The shared engines that match one own engine: those of the same fuel when there are any. */
function matching(shared: Engine[], own: Engine): Engine[] {
  const found = shared.filter((s) => sameBlock(s, own));
  const exact = found.filter((s) => s.fuel === own.fuel);
  return exact.length ? exact : found;
}

/**
 * The engine texts of a shared table confirmed for a model-year by the model's own engines of the
 * nearest model years that have a match (see the header); none when the year has sized engines of its own.
 */
export function confirmedEngines(
  make: string,
  year: number,
  engines: YearEngines,
  ownOfYear: (year: number) => Engine[],
): string[] {
  if (engines.own.some((e) => e.displacement !== null) || !engines.shared.length) return [];
  const found = new Set<string>();
  for (let d = 1; d <= ENGINE_WINDOW && !found.size; d++)
    for (const y of [year - d, year + d])
      for (const own of ownOfYear(y)) for (const s of matching(engines.shared, own)) found.add(engineText(s, make));
  found.delete('');
  return [...found];
}

/**
 * Adds to each popular model-year without an engine of its own the engines its shared tables
 * confirm (see confirmedEngines), under its trims; `enginesOf` holds "make\tmodel\tyear" keys.
 */
export function fillEngines(rowsOfYear: Map<string, Row[]>, enginesOf: Map<string, YearEngines>): void {
  const filled = new Map<string, Row[]>();
  for (const [key, engines] of enginesOf) {
    const [make = '', model = '', year = ''] = key.split('\t');
    const ownOfYear = (y: number): Engine[] => enginesOf.get(`${make}\t${model}\t${y}`)?.own ?? [];
    const found = confirmedEngines(make, Number(year), engines, ownOfYear);
    if (!found.length) continue;
    const rows = rowsOfYear.get(key) ?? [];
    filled.set(key, attachOrphanEngines([...rows, ...found.map((e): Row => ['', e])]));
  }
  for (const [key, rows] of filled) rowsOfYear.set(key, rows);
}
