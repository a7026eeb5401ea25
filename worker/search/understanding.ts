import type { MarketId } from '../../shared/markets.ts';
import {
  correctQuery,
  parseSearchQuery,
  type ParsedQuery,
  vehicleCandidates,
  type VehicleCandidate,
  withoutWords,
} from '../../shared/search-query.ts';
import { type AppliedVehicle, namedVehicleSearch } from './named-vehicle.ts';
import { type SearchAnswer, type SearchQuery, searchItems } from './service.ts';
import { asCategoryName, type CatalogWords, catalogWords, isPartWord } from './vocabulary.ts';
import { type NamedVehicleRow, searchWordsRepository } from './words-repository.ts';

/** A search read the way a parts counter would: vehicle words recognised, misspelt part words corrected. */

/** The vehicle a query named, offered to be applied. */
export interface VehicleOffer {
  /** '2018 Toyota Camry'; 'Toyota Camry' when no year of the model was named; 'Ford' for a make alone. */
  name: string;
  /** The model year's node to apply (attributeValueId); null when the query named no year the model has. */
  attributeValueId: number | null;
  makeSlug: string;
  modelSlug: string | null;
}

/** A spelling correction: applied (its results are shown) or only suggested. */
export interface SpellingHint {
  keyword: string;
  applied: boolean;
}

export type { AppliedVehicle, VehicleQuestion } from './named-vehicle.ts';

/** A search's answer with what was understood of its words. */
export interface UnderstoodSearch {
  answer: SearchAnswer;
  /** The words searched: the query without its vehicle words, corrected when a correction was applied. */
  searched: string;
  spelling: SpellingHint | null;
  /** A make named alone, offered with its page (a model is applied instead). */
  vehicleOffer: VehicleOffer | null;
  /** The vehicle the words named, applied to the search; null when none was (or the shopper's own is this one). */
  appliedVehicle: AppliedVehicle | null;
}

/** Fewer results than this and a correction that finds more is worth suggesting. */
const WEAK_RESULTS = 3;

type Recognised = { offer: VehicleOffer; vehicleWords: Set<number>; model: NamedVehicleRow | null };

const overlaps = (a: VehicleCandidate, b: VehicleCandidate) =>
  a.start < b.start + b.length && b.start < a.start + a.length;
const indexesOf = (run: VehicleCandidate) => Array.from({ length: run.length }, (_, i) => run.start + i);

/** The best model among the named rows: its make named too, the longest name, one with the year asked about. */
function bestModel(rows: NamedVehicleRow[], runOf: (key: string) => VehicleCandidate) {
  const makes = rows.filter((row) => row.kind === 'make');
  const ranked = rows
    .filter((row) => row.kind === 'model')
    .map((row) => ({ row, run: runOf(row.key), make: makes.find((make) => make.makeId === row.makeId) }))
    .sort(
      (a, b) =>
        Number(Boolean(b.make)) - Number(Boolean(a.make)) ||
        b.run.length - a.run.length ||
        Number(b.row.modelNodeId !== null) - Number(a.row.modelNodeId !== null) ||
        a.row.make.localeCompare(b.row.make),
    );
  return { best: ranked[0], makes };
}

/** The vehicle the query's words name, and which words name it; null when none do (one small query when asked). */
async function recogniseVehicle(db: D1Database, words: CatalogWords, parsed: ParsedQuery): Promise<Recognised | null> {
  const candidates = vehicleCandidates(parsed, (word) => isPartWord(words, word));
  if (candidates.length === 0) return null;
  const rows = await searchWordsRepository(db).vehiclesNamed([...new Set(candidates.map((c) => c.key))], parsed.year);
  // Candidates come longest first: a key's first run is its longest.
  const runOf = (key: string) => candidates.find((candidate) => candidate.key === key)!;
  const { best, makes } = bestModel(rows, runOf);
  if (!best) {
    const make = makes[0];
    if (!make) return null;
    const offer = { name: make.make, attributeValueId: null, makeSlug: make.makeSlug, modelSlug: null };
    return { offer, vehicleWords: new Set(), model: null };
  }
  const vehicleWords = new Set(indexesOf(best.run));
  const makeRun = best.make && candidates.find((c) => c.key === best.make!.key && !overlaps(c, best.run));
  if (makeRun) for (const index of indexesOf(makeRun)) vehicleWords.add(index);
  if (parsed.yearIndex !== null) vehicleWords.add(parsed.yearIndex);
  if (parsed.displacementIndex !== null) vehicleWords.add(parsed.displacementIndex);
  const { row } = best;
  const withYear = row.modelNodeId !== null;
  return {
    offer: {
      name: `${withYear ? `${parsed.year} ` : ''}${row.make} ${row.model}`,
      attributeValueId: row.modelNodeId,
      makeSlug: row.makeSlug,
      modelSlug: row.modelSlug,
    },
    vehicleWords,
    model: row,
  };
}

/** Searches for a correction of misspelt part words when the words searched found little. */
async function spellingFor(
  db: D1Database,
  market: MarketId,
  query: SearchQuery,
  words: CatalogWords,
  found: { searched: string; answer: SearchAnswer },
): Promise<{ spelling: SpellingHint; answer: SearchAnswer } | null> {
  if (!found.searched || found.answer.total >= WEAK_RESULTS) return null;
  const fixed = correctQuery(found.searched, words.vocabulary);
  const keyword = fixed && asCategoryName(words, fixed);
  if (!keyword || keyword === found.searched) return null;
  const corrected = await searchItems(db, market, { ...query, keyword });
  if (found.answer.total === 0 && corrected.total > 0)
    return { spelling: { keyword, applied: true }, answer: corrected };
  if (corrected.total > found.answer.total) return { spelling: { keyword, applied: false }, answer: found.answer };
  return null;
}

/**
 * Runs a shopper's search: vehicle words (year, make, model, engine size) are taken out of the words searched; a model
 * they name is applied to the search as the selector would apply it (named-vehicle.ts), only its fitting parts unless
 * `fitsOnly` is false, while a make named alone is offered with its page. The part words are searched, and when they
 * find nothing a correction of misspelt ones that finds parts is shown instead (or, when they find little,
 * suggested). `asTyped` searches the words exactly as typed, with the shopper's own vehicle. Costs the search plus at
 * most two small vehicle queries (only for words that are not part words) and one corrected search (only for weak
 * results); the vocabulary is cached.
 */
export async function understandSearch(
  db: D1Database,
  market: MarketId,
  query: SearchQuery,
  options: { asTyped?: boolean } = {},
): Promise<UnderstoodSearch> {
  const typed = (query.keyword ?? '').trim();
  if (!typed || options.asTyped) {
    const answer = await searchItems(db, market, query);
    return { answer, searched: typed, spelling: null, vehicleOffer: null, appliedVehicle: null };
  }
  const words = await catalogWords(db);
  const parsed = parseSearchQuery(typed);
  const recognised = await recogniseVehicle(db, words, parsed);
  const searched = recognised?.vehicleWords.size ? withoutWords(parsed, recognised.vehicleWords) : typed;
  const named = recognised?.model
    ? await namedVehicleSearch(db, recognised.model, parsed, typed, query.vehicleNodeIds)
    : null;
  const vehicleQuery: SearchQuery = named
    ? {
        ...query,
        vehicleNodeIds: named.vehicleNodeIds,
        vehicleScope: named.vehicleScope ?? null,
        fitsOnly: query.fitsOnly ?? true,
      }
    : query;
  const answer = await searchItems(db, market, { ...vehicleQuery, keyword: searched || undefined });
  const vehicleOffer = recognised && !recognised.model ? recognised.offer : null;
  const appliedVehicle = named?.applied ?? null;
  const fix = await spellingFor(db, market, { ...vehicleQuery, keyword: searched }, words, { searched, answer });
  if (!fix) return { answer, searched, spelling: null, vehicleOffer, appliedVehicle };
  return {
    answer: fix.answer,
    searched: fix.spelling.applied ? fix.spelling.keyword : searched,
    spelling: fix.spelling,
    vehicleOffer,
    appliedVehicle,
  };
}
