import { systemClock } from '../platform/clock.ts';
import { caches } from '../platform/caches.ts';
import { searchRepository, type SearchCriteria, type SearchOrder, type SearchResult } from './repository.ts';
import type { FacetRecord, SearchHit } from './records.ts';

/**
 * A vehicle's fitting parts without a keyword or category: its own parts and every universal part, which at a large
 * catalog's size are a sixth of it. The universal half of the answer (its first rows in each order, its total, price
 * range and facet counts) is the same for every vehicle, so it is read once and kept like the listed counts (ten
 * minutes, or until the catalog changes); only the vehicle's own parts are searched each time, and the two are merged.
 */

/** Deeper than this many rows into the listing, the page is searched whole rather than merged. */
const MERGED_ROWS_MAX = 200;

const listedCounts = caches.listedCounts;

/** Whether a search is such a listing: fitting parts of a vehicle and nothing else to narrow them. */
export function isVehicleListing(criteria: SearchCriteria): boolean {
  return (
    criteria.fitsOnly &&
    !criteria.vehicleOnly &&
    criteria.match === null &&
    criteria.categoryId === null &&
    criteria.brandIds.length === 0 &&
    criteria.minPrice === null &&
    criteria.maxPrice === null &&
    criteria.offset + criteria.limit <= MERGED_ROWS_MAX
  );
}

type Key = (row: SearchHit) => number | null;
const sales: Key = (row) => row.sales ?? 0;
const price: Key = (row) => row.discountPrice;
const rating: Key = (row) => row.reviewRating;
const reviews: Key = (row) => row.reviewCount;

/**
 * Each sort's keys, highest first where `desc`, nulls after values; the same terms as the search's SQL (pageOrder in
 * repository.ts) for rows that all fit and have no keyword score, so relevance falls back on sales.
 */
const SORT_KEYS: Record<SearchOrder, [Key, 'asc' | 'desc'][]> = {
  relevance: [[sales, 'desc']],
  sales: [[sales, 'desc']],
  priceAsc: [[price, 'asc']],
  priceDesc: [[price, 'desc']],
  rating: [
    [rating, 'desc'],
    [reviews, 'desc'],
  ],
  reviews: [
    [reviews, 'desc'],
    [rating, 'desc'],
  ],
};

function compareRows(order: SearchOrder) {
  const keys = [...SORT_KEYS[order], [sales, 'desc'] as [Key, 'desc']];
  return (a: SearchHit, b: SearchHit): number => {
    for (const [key, direction] of keys) {
      const x = key(a);
      const y = key(b);
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      return direction === 'asc' ? x - y : y - x;
    }
    return a.itemId - b.itemId;
  };
}

/** Two facets added up, most items first, then by name (as the search orders a facet). */
export function addedUp(own: readonly FacetRecord[], universal: readonly FacetRecord[]): FacetRecord[] {
  const sum = new Map(own.map((row) => [row.id, { ...row }]));
  for (const row of universal) {
    const entry = sum.get(row.id);
    if (entry) entry.count += row.count;
    else sum.set(row.id, { ...row });
  }
  return [...sum.values()].sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

const least = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const most = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/** The listing of a vehicle's fitting parts (isVehicleListing): its own parts searched, the universal ones kept. */
export async function vehicleListing(db: D1Database, criteria: SearchCriteria): Promise<SearchResult> {
  const rows = criteria.offset + criteria.limit;
  const universalCriteria: SearchCriteria = {
    ...criteria,
    vehicleNodeIds: [],
    universalOnly: true,
    limit: rows,
    offset: 0,
  };
  const [own, universal] = await Promise.all([
    searchRepository(db).search({ ...criteria, vehicleOnly: true, limit: rows, offset: 0 }),
    listedCounts.get(
      `universal-listing:${criteria.market}:${criteria.soldOut}:${criteria.order}:${rows}`,
      systemClock,
      () => searchRepository(db).search(universalCriteria),
    ),
  ]);
  const merged = [...own.rows, ...universal.rows].sort(compareRows(criteria.order));
  return {
    rows: merged.slice(criteria.offset, rows),
    total: own.total + universal.total,
    minPrice: least(own.minPrice, universal.minPrice),
    maxPrice: most(own.maxPrice, universal.maxPrice),
    categories: addedUp(own.categories, universal.categories),
    brands: addedUp(own.brands, universal.brands),
    hiddenByFit: null,
  };
}
