import { queryWords, singular } from '../../shared/search-query.ts';
import { systemClock } from '../platform/clock.ts';
import { caches } from '../platform/caches.ts';
import { CORRECTIONS, SYNONYMS } from './service.ts';
import { searchWordsRepository, type CategoryRow } from './words-repository.ts';

/** The part words the shop knows, from its own categories and best sellers, and its categories by id. */
export interface CatalogWords {
  /** Part words with how often they occur: the vocabulary misspelt words are corrected against. */
  vocabulary: ReadonlyMap<string, number>;
  categories: ReadonlyMap<number, CategoryRow>;
}

/** How many best sellers' titles feed the vocabulary: enough for every part type, cheap to read. */
const TITLES_READ = 500;
/** Part words are letters only, at least three of them ("pad", "hub"); numbers and sizes are never corrected. */
const PART_WORD = /^\p{L}{3,}$/u;

/** Kept ten minutes per isolate, read afresh when the catalog changes: one D1 round trip builds it. */
const catalogWordsCache = caches.catalogWords;

/**
 * The words of a title that name the part, not the vehicle: titles read "<brand> <part>, <position> for <years>
 * <make> <model>", so what follows " for " names a vehicle (or an engine), never a part.
 */
function partText(title: string): string {
  const cut = title.search(/\sfor\s/i);
  return cut < 0 ? title : title.slice(0, cut);
}

/** Builds the vocabulary: category names, best sellers' part words, and the trade words search already knows. */
export function buildVocabulary(categories: readonly CategoryRow[], titles: readonly string[]): Map<string, number> {
  const vocabulary = new Map<string, number>();
  const add = (word: string, weight = 1) => {
    if (PART_WORD.test(word)) vocabulary.set(word, (vocabulary.get(word) ?? 0) + weight);
  };
  // A category name is what shoppers most often mean: it weighs like many titles.
  for (const category of categories) for (const word of queryWords(category.name)) add(word.text, 50);
  for (const title of titles) for (const word of queryWords(partText(title))) add(word.text);
  for (const group of SYNONYMS) for (const phrase of group) for (const word of phrase.split(' ')) add(word, 5);
  for (const meant of Object.values(CORRECTIONS)) for (const word of meant.split(' ')) add(word, 5);
  return vocabulary;
}

/** The shop's part words and categories, cached (one D1 round trip when stale). */
export function catalogWords(db: D1Database): Promise<CatalogWords> {
  return catalogWordsCache.get('words', systemClock, async () => {
    const { categories, titles } = await searchWordsRepository(db).catalogWords(TITLES_READ);
    return {
      vocabulary: buildVocabulary(categories, titles),
      categories: new Map(categories.map((category) => [category.id, category])),
    };
  });
}

/**
 * Whether a query word names a part (or is a trade word or a usual misspelling search already reads), singular or
 * plural: such a word never names a vehicle.
 */
export function isPartWord(words: CatalogWords, word: string): boolean {
  return (
    Object.hasOwn(CORRECTIONS, word) ||
    words.vocabulary.has(word) ||
    words.vocabulary.has(singular(word)) ||
    words.vocabulary.has(`${word}s`)
  );
}

/**
 * A corrected query said the way the shop names it: when its words are a category's name (singular or plural,
 * "brake pad"), the category's name in lower case ("brake pads"); otherwise the corrected words.
 */
export function asCategoryName(words: CatalogWords, corrected: string): string {
  const stems = queryWords(corrected).map((word) => singular(word.text));
  for (const category of words.categories.values()) {
    const names = queryWords(category.name).map((word) => word.text);
    if (names.length === stems.length && names.every((name, i) => singular(name) === stems[i])) return names.join(' ');
  }
  return corrected;
}

/** A category and its parent, for a heading and a breadcrumb; null for an unknown id. */
export function categoryTrail(
  words: CatalogWords,
  id: number,
): { category: CategoryRow; parent: CategoryRow | null } | null {
  const category = words.categories.get(id);
  if (!category) return null;
  return { category, parent: category.parentId === null ? null : (words.categories.get(category.parentId) ?? null) };
}
