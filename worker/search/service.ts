import type { SearchRecord } from '../../shared/catalog-types.ts';
import { currencyOf, type Currency, type MarketId } from '../../shared/markets.ts';
import { SEARCH_PAGE_SIZE, type SORT_OPTIONS } from '../../shared/constants.ts';
import { searchRepository, universalOfOneCategory } from './repository.ts';
import type { FacetRecord, SearchHit, Suggestion, VehicleCategory } from './records.ts';
import type { SearchCriteria, SearchOrder, VehicleScope } from './criteria.ts';
import { suggestRepository } from './suggest-repository.ts';
import { vehicleCategoriesRepository } from './vehicle-categories-repository.ts';
import { addedUp, isVehicleListing, vehicleListing } from './vehicle-listing.ts';
import { systemClock } from '../platform/clock.ts';
import { ApiError } from '../platform/api-error.ts';
import { fittingNodeIds, VEHICLE_NOT_FOUND } from '../vehicles/service.ts';
import { caches } from '../platform/caches.ts';
import { imageAsset } from '../platform/build-info.ts';

/** Product search decisions (§7 filter-search, §9 sort options): terms, synonyms, ranking, paging. */

/** The §9 sort values. */
export type SortValue = (typeof SORT_OPTIONS)[number]['value'];

/** A search as the API received it, already parsed. */
export interface SearchQuery {
  keyword?: string;
  categoryId?: number;
  brandIds?: number[];
  minPrice?: number;
  maxPrice?: number;
  vehicleNodeIds?: number[];
  /** A vehicle named in the words (understanding.ts), in place of vehicleNodeIds. */
  vehicleScope?: VehicleScope | null;
  fitsOnly?: boolean;
  /** With fitsOnly and no keyword: the vehicle's own parts only, no universal ones. */
  vehicleOnly?: boolean;
  soldOut?: boolean;
  page?: number;
  size?: number;
  /** Absent: sales desc without a keyword, Best Match with one. */
  sort?: SortValue;
  /** Best Match's ranking: text relevance (A/B group A), or sales popularity (group B's variant, issue 25). */
  ranking?: 'relevance' | 'popularity';
}

export type { SearchRecord, VehicleScope };
/** A result row as the search reads it; the catalog's card queries answer the same shape. */
export type { SearchHit };
/** A vehicle part category with its count, as vehicleCategories answers it. */
export type { VehicleCategory };

/** The answer of a search: one page, the total and the facets. */
export interface SearchAnswer {
  total: number;
  page: number;
  size: number;
  records: SearchRecord[];
  facets: {
    categories: { id: number; name: string; count: number }[];
    brands: { id: number; name: string; count: number }[];
    price: { min: number | null; max: number | null };
  };
  /** With only fitting parts asked for, how many parts that do not fit the filters hide; null when not counted. */
  hiddenByFit: number | null;
  /**
   * The keyword matched more parts than a search considers (its best sellers, every part that fits the vehicle and an
   * exact part number): every count is of the parts considered, and a category or brand narrows those same parts.
   */
  capped: boolean;
}

const ORDER: Record<SortValue, SearchOrder> = {
  '': 'relevance',
  'sales desc': 'sales',
  'discountMinPrice asc': 'priceAsc',
  'discountMinPrice desc': 'priceDesc',
  'reviewRating desc': 'rating',
  'reviewCount desc': 'reviews',
};

/** Trade synonyms: any word of a group also finds the others. */
export const SYNONYMS: readonly (readonly string[])[] = [
  ['pad', 'pads'],
  ['brake', 'brakes'],
  ['headlamp', 'headlamps', 'headlight', 'headlights'],
  ['rotor', 'rotors', 'disc', 'discs', 'disk', 'disks'],
  ['muffler', 'mufflers', 'silencer', 'silencers'],
  ['tire', 'tires', 'tyre', 'tyres'],
  ['shock', 'shocks', 'strut', 'struts'],
  ['plug', 'plugs'],
  ['alternator', 'alternators'],
  ['catalytic', 'cat'],
  ['blade', 'blades'],
  ['taillight', 'taillights', 'tail light'],
];

/** Common misspellings and run-together words, one way: the shopper's word still counts too. */
export const CORRECTIONS: Readonly<Record<string, string>> = {
  break: 'brake',
  breaks: 'brakes',
  alternater: 'alternator',
  altenator: 'alternator',
  sparkplug: 'spark plug',
  sparkplugs: 'spark plug',
  wiperblade: 'wiper blade',
  wiperblades: 'wiper blade',
  catconverter: 'catalytic converter',
  muffer: 'muffler',
  rotar: 'rotor',
  headlite: 'headlight',
  sensr: 'sensor',
  suspention: 'suspension',
  radiater: 'radiator',
  exaust: 'exhaust',
  exhuast: 'exhaust',
  calliper: 'caliper',
};

const OPERATORS = new Set(['near', 'and', 'or', 'not']);
const MAX_TERMS = 8;
/**
 * A keyword search considers the best-selling matches up to this many, plus every match that fits
 * the chosen vehicle and an exact part number: totals, facets and sorts apply within that set, and
 * the cost of a search stays flat however common its words are (issue 6 budgets).
 */
const SEARCH_CANDIDATES = 2000;
/**
 * With a vehicle chosen the list is about that vehicle: every match that fits it counts, and of the others only the
 * best-selling this many (what "Fits my vehicle" hides, or what follows the fitting parts when it is off).
 */
const SEARCH_CANDIDATES_WITH_VEHICLE = 1000;
/** Typed text shorter than this suggests nothing. */
const MIN_SUGGEST_CHARS = 2;

/** Splits the shopper's text into plain words: FTS syntax, invisible and symbol characters removed. */
export function searchTerms(keyword: string): string[] {
  const text = keyword
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u200B-\u200F\u2060\uFEFF]/g, '')
    .replace(/["*():^{}]/g, ' ')
    .replace(/[^\p{L}\p{N}\p{M}\-./']+/gu, ' ');
  return text
    .split(/\s+/)
    .map((word) => word.replace(/^[-./']+|[-./']+$/g, ''))
    .filter((word) => /[\p{L}\p{N}]/u.test(word) && !OPERATORS.has(word))
    .slice(0, MAX_TERMS);
}

/** The spellings a word also matches: its correction, synonyms and singular or plural. */
export function variantsOf(word: string): string[] {
  const corrected = CORRECTIONS[word] ?? word;
  const variants = new Set([word, corrected]);
  for (const group of SYNONYMS) if (group.includes(corrected)) for (const variant of group) variants.add(variant);
  if (/^\p{L}{4,}$/u.test(corrected)) variants.add(corrected.endsWith('s') ? corrected.slice(0, -1) : `${corrected}s`);
  return [...variants];
}

/** One word's part of a MATCH expression: its variants quoted, as prefixes for the last word. */
function wordExpression(term: string, prefix: boolean): string {
  const quoted = variantsOf(term).map((variant) => `"${variant.replace(/"/g, '""')}"${prefix ? '*' : ''}`);
  return quoted.length === 1 ? quoted[0]! : `(${quoted.join(' OR ')})`;
}

/** Builds a safe FTS5 MATCH expression: every word quoted, an OR group of its variants, the last one a prefix. */
export function matchExpression(keyword: string): string | null {
  const terms = searchTerms(keyword);
  if (terms.length === 0) return null;
  return terms.map((term, index) => wordExpression(term, index === terms.length - 1)).join(' AND ');
}

/**
 * The last word's prefixes, for the search to spell out as the indexed words they start (repository: FTS5 merges a
 * prefix's words on every query, which costs more than the rest of the search): the shortest variants only ("filter"
 * covers "filters"), and only plain ASCII words, which the index stores as typed. `head` is the MATCH expression of
 * the words before it, joined with AND; null when a variant is not a plain word.
 */
export function lastWordPrefixes(keyword: string): { head: string; prefixes: string[] } | null {
  const terms = searchTerms(keyword);
  const last = terms.at(-1);
  if (last === undefined) return null;
  const variants = variantsOf(last);
  if (!variants.every((variant) => /^[a-z0-9]+$/.test(variant))) return null;
  const prefixes = variants.filter((v) => !variants.some((other) => other !== v && v.startsWith(other)));
  const head = terms
    .slice(0, -1)
    .map((term) => wordExpression(term, false))
    .join(' AND ');
  return { head: head ? `${head} AND ` : '', prefixes };
}

const toRecord =
  (currency: Currency) =>
  (row: SearchHit): SearchRecord => ({
    itemId: row.itemId,
    title: row.title,
    urlHandle: row.urlHandle,
    imageUrl: imageAsset(row.imageUrl),
    brandName: row.brandName,
    partNumber: row.partNumber,
    discountPrice: row.discountPrice,
    originalPrice: row.originalPrice ?? row.discountPrice,
    ...(row.maxPrice != null &&
      row.discountPrice !== null &&
      row.maxPrice > row.discountPrice && { maxPrice: row.maxPrice }),
    currency,
    status: row.status,
    reviewRating: row.reviewRating,
    reviewCount: row.reviewCount,
    vehicleUniversal: row.vehicleUniversal === 1,
    nonVehicle: row.nonVehicle === 1,
    fits: row.fits === null ? null : row.fits === 1,
  });

/** Identical searches in a rush share one answer (recent-reads.ts). */
const recentSearches = caches.recentSearches;

/** How many parts a category lists in a market changes only with the catalog: kept ten minutes per isolate. */
const listedCounts = caches.listedCounts;

/**
 * Without a keyword, what the fit filter hides is the category's listed parts less those shown: counted apart and
 * cached, since counting a category on every page would cost more than the page. Null (not counted) over the whole
 * catalog or under a brand or price filter.
 */
function listedInCategory(db: D1Database, criteria: SearchCriteria): Promise<number> | null {
  const { market, categoryId, soldOut } = criteria;
  if (categoryId === null || criteria.brandIds.length > 0 || criteria.minPrice !== null || criteria.maxPrice !== null)
    return null;
  return listedCounts.get(`${market}:${categoryId}:${soldOut}`, systemClock, () =>
    searchRepository(db).listedInCategory(market, categoryId, soldOut),
  );
}

/**
 * The universal parts per category, for the category facet of a fitting search of one category (its candidates hold
 * only that category's): the same for every vehicle, so counted apart and cached like the listed counts. Null (the
 * search counts them itself) for other searches and under a brand or price filter.
 */
function universalByCategory(db: D1Database, criteria: SearchCriteria): Promise<FacetRecord[]> | null {
  const { market, soldOut } = criteria;
  if (!universalOfOneCategory(criteria)) return null;
  if (criteria.brandIds.length > 0 || criteria.minPrice !== null || criteria.maxPrice !== null) return null;
  return universalCounts(db, market, soldOut);
}

/**
 * The universal vehicle parts the market lists, per category: the same for every vehicle, so counted apart and cached
 * ten minutes per isolate (a sixth of a large catalog, too many to count on every page). A vehicle's category counts
 * add them to its own parts.
 */
function universalCounts(db: D1Database, market: MarketId, soldOut = false): Promise<FacetRecord[]> {
  return listedCounts.get(`universal:${market}:${soldOut}`, systemClock, () =>
    searchRepository(db).universalByCategory(market, soldOut),
  );
}

/**
 * A vehicle's part categories in a market (a vehicle's parts page, a make page's model year), each with the count its
 * "Fits my vehicle" list shows: the vehicle's parts that fit or may fit, and the universal ones.
 */
export async function vehicleCategories(
  db: D1Database,
  vehicleNodeIds: readonly number[],
  market: MarketId,
): Promise<VehicleCategory[]> {
  const universal = await universalCounts(db, market);
  return vehicleCategoriesRepository(db).categoriesForVehicle(vehicleNodeIds, market, universal);
}

/** Runs a product search in a market: filters, keyword matching, fitment ranking and facets. */
export async function searchItems(db: D1Database, market: MarketId, query: SearchQuery): Promise<SearchAnswer> {
  const page = query.page ?? 1;
  const size = query.size ?? SEARCH_PAGE_SIZE;
  const keyword = (query.keyword ?? '').trim();
  const sort: SortValue = query.sort ?? (keyword ? '' : 'sales desc');
  const empty: SearchAnswer = {
    total: 0,
    page,
    size,
    records: [],
    facets: { categories: [], brands: [], price: { min: null, max: null } },
    hiddenByFit: null,
    capped: false,
  };
  const match = keyword ? matchExpression(keyword) : null;
  // Text with nothing searchable in it (only symbols or operators) finds nothing rather than everything.
  if (keyword && !match) return empty;
  const scope = query.vehicleScope?.modelNodeIds.length ? query.vehicleScope : null;
  const vehicleNodeIds = scope ? scope.modelNodeIds : query.vehicleNodeIds?.length ? query.vehicleNodeIds : null;
  const criteria: SearchCriteria = {
    market,
    match,
    partNumber: match ? keyword : null,
    lastWord: match ? lastWordPrefixes(keyword) : null,
    candidateLimit: vehicleNodeIds ? SEARCH_CANDIDATES_WITH_VEHICLE : SEARCH_CANDIDATES,
    categoryId: query.categoryId ?? null,
    brandIds: query.brandIds ?? [],
    minPrice: query.minPrice ?? null,
    maxPrice: query.maxPrice ?? null,
    vehicleNodeIds,
    vehicleScope: scope,
    fitsOnly: Boolean(query.fitsOnly && vehicleNodeIds),
    vehicleOnly: Boolean(query.vehicleOnly && query.fitsOnly && vehicleNodeIds),
    soldOut: query.soldOut ?? false,
    order: sort === '' && query.ranking === 'popularity' ? 'sales' : ORDER[sort],
    limit: size,
    offset: (page - 1) * size,
  };
  const universal = universalByCategory(db, criteria);
  const [result, listed, universalRows] = await Promise.all([
    recentSearches.get(JSON.stringify(criteria), systemClock, () =>
      isVehicleListing(criteria)
        ? vehicleListing(db, criteria)
        : searchRepository(db).search(criteria, universal !== null),
    ),
    criteria.fitsOnly && !match ? listedInCategory(db, criteria) : null,
    universal,
  ]);
  const currency = currencyOf(market);
  return {
    total: result.total,
    page,
    size,
    records: result.rows.map(toRecord(currency)),
    facets: {
      categories: universalRows ? addedUp(result.categories, universalRows) : result.categories,
      brands: result.brands,
      price: { min: result.minPrice, max: result.maxPrice },
    },
    hiddenByFit: listed === null ? result.hiddenByFit : Math.max(0, listed - result.total),
    capped: result.capped,
  };
}

/** Typeahead (§9): part numbers, categories and best-selling products that start like the words typed. */
export async function suggestItems(
  db: D1Database,
  market: MarketId,
  keyword: string,
  size: number,
): Promise<Suggestion[]> {
  const match = matchExpression(keyword);
  const prefix = searchTerms(keyword).join(' ');
  if (!match || prefix.length < MIN_SUGGEST_CHARS) return [];
  return suggestRepository(db).suggest(match, prefix, market, size);
}

/** The part categories with parts for a vehicle (its parts and universal ones) sold in the market. */
export async function categoriesForVehicle(
  db: D1Database,
  attributeValueId: number,
  market: MarketId,
): Promise<VehicleCategory[]> {
  const nodeIds = await fittingNodeIds(db, attributeValueId);
  if (!nodeIds) throw ApiError.notFound(VEHICLE_NOT_FOUND);
  return vehicleCategories(db, nodeIds, market);
}
