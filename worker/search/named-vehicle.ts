import { type ParsedQuery, withoutWords } from '../../shared/search-query.ts';
import type { VehicleScope } from './criteria.ts';
import { type NamedVehicleNode, type NamedVehicleRow, searchWordsRepository } from './words-repository.ts';

/**
 * A vehicle named in a search's words, applied as the selector would apply it (issue 36): "2018 camry brake pads"
 * searches the 2018 Camry's brake pads; "civic oil filter" every Civic year's oil filters and asks the year;
 * "f150 5.0 spark plugs" the F-150's 5.0L engines and asks the year. What was applied is shown, with a way back.
 */

/** What a search still needs to know of a named vehicle, with the words that answer it. */
export interface VehicleQuestion {
  level: 'year' | 'engine';
  /** Each answer as the words to search: the typed words with the year or the engine size added. */
  options: { label: string; keyword: string }[];
}

/** The named vehicle a search applied. */
export interface AppliedVehicle {
  /** '2018 Toyota Camry', 'Honda Civic' (every year), '2016 Ford F-150 5.0L V8 Gas'. */
  name: string;
  /** The node applied, as the selector would choose it (a model year or an engine); null for a model's every year. */
  attributeValueId: number | null;
  /** The node ids a part's fit is checked against (year first), as the cards check it; null without a year. */
  path: number[] | null;
  /** What is missing (the year, or the engine), null when nothing is. */
  ask: VehicleQuestion | null;
}

/** How the search is to be run for the vehicle: a selector path, or a scope of model years. */
export interface NamedVehicleSearch {
  applied: AppliedVehicle;
  vehicleNodeIds?: number[];
  vehicleScope?: VehicleScope;
}

const litresText = (litres: number) => `${litres.toFixed(1)}L`;

/** The model year's engines grouped by size, as the question to ask when the words named none. */
function engineQuestion(
  engines: (NamedVehicleNode & { litres: number | null })[],
  typed: string,
): VehicleQuestion | null {
  const bySize = new Map<number, Set<string>>();
  for (const engine of engines) {
    if (engine.litres === null) continue;
    const at = engine.text.indexOf(litresText(engine.litres));
    const text = at < 0 ? engine.text : engine.text.slice(at);
    bySize.set(engine.litres, (bySize.get(engine.litres) ?? new Set()).add(text));
  }
  if (bySize.size < 2) return null;
  const options = [...bySize]
    .sort(([a], [b]) => a - b)
    .map(([litres, texts]) => ({
      label: [...texts].join(' or '),
      keyword: `${typed} ${litresText(litres).toLowerCase()}`,
    }));
  return { level: 'engine', options };
}

/** A model year named: the selector's path, or down to the engine the words name when only one has that size. */
async function namedModelYear(
  db: D1Database,
  model: NamedVehicleRow,
  node: NamedVehicleNode,
  parsed: ParsedQuery,
  typed: string,
): Promise<NamedVehicleSearch> {
  const name = `${node.year} ${model.make} ${model.model}`;
  const engines = await searchWordsRepository(db).enginesOf(node);
  const { displacement } = parsed;
  const sized = displacement === null ? [] : engines.filter((engine) => engine.litres === displacement);
  if (sized.length === 1) {
    const engine = sized[0]!;
    return {
      applied: { name: `${name} ${engine.text}`, attributeValueId: engine.id, path: engine.path, ask: null },
      vehicleNodeIds: engine.path,
    };
  }
  if (sized.length > 1)
    return {
      applied: { name: `${name} ${litresText(displacement!)}`, attributeValueId: node.id, path: node.path, ask: null },
      vehicleScope: { modelNodeIds: [node.id], litres: displacement },
    };
  return {
    applied: { name, attributeValueId: node.id, path: node.path, ask: engineQuestion(engines, typed) },
    vehicleNodeIds: node.path,
  };
}

/**
 * How to search for the model the words named (a model, not a make alone): its model year when the words name one it
 * has, else its every year, asking which. Null when the shopper's own vehicle is already one of this model's years
 * (it is more exact than the words) or the model has no years.
 */
export async function namedVehicleSearch(
  db: D1Database,
  model: NamedVehicleRow,
  parsed: ParsedQuery,
  typed: string,
  chosen: readonly number[] | undefined,
): Promise<NamedVehicleSearch | null> {
  if (model.modelId === null || model.model === null) return null;
  const years = await searchWordsRepository(db).modelYears(model.modelId);
  if (years.length === 0 || years.some((year) => chosen?.includes(year.id))) return null;
  const named = years.find((year) => year.id === model.modelNodeId);
  if (named) return namedModelYear(db, model, named, parsed, typed);
  const litres = parsed.displacement;
  // A year the model does not have is replaced by the one chosen.
  const words = parsed.yearIndex === null ? typed : withoutWords(parsed, new Set([parsed.yearIndex]));
  const ask: VehicleQuestion = {
    level: 'year',
    options: years.map((year) => ({ label: String(year.year), keyword: `${year.year} ${words}` })),
  };
  return {
    applied: {
      name: `${model.make} ${model.model}${litres === null ? '' : ` ${litresText(litres)}`}`,
      attributeValueId: null,
      path: null,
      ask,
    },
    vehicleScope: { modelNodeIds: years.map((year) => year.id), litres },
  };
}
