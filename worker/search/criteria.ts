import type { MarketId } from '../../shared/markets.ts';

/** What a product search asks the repositories for: its filters, order and page. */

/** The sort keys the repository understands; the service maps §9 options onto them. */
export type SearchOrder = 'relevance' | 'sales' | 'priceAsc' | 'priceDesc' | 'rating' | 'reviews';

/** What to look for; every value here is already validated by the service. */
export interface SearchCriteria {
  market: MarketId;
  /** A safe FTS5 MATCH expression, or null for no keyword. */
  match: string | null;
  /** The last word's prefixes with the expression of the words before it (service.ts lastWordPrefixes), or null. */
  lastWord?: { head: string; prefixes: string[] } | null;
  /** The shopper's trimmed text, compared with part numbers; null for no keyword. */
  partNumber: string | null;
  /** With a keyword: how many of the best-selling matches are considered (fitting and exact ones always are). */
  candidateLimit: number;
  categoryId: number | null;
  brandIds: number[];
  minPrice: number | null;
  maxPrice: number | null;
  /** Vehicle node ids; null when no vehicle was chosen. */
  vehicleNodeIds: number[] | null;
  fitsOnly: boolean;
  /** With fitsOnly: the vehicle's own parts only, without the universal ones (a vehicle's best sellers). */
  vehicleOnly?: boolean;
  /** With fitsOnly: the universal parts only, the same for every vehicle (vehicle-listing.ts keeps them). */
  universalOnly?: boolean;
  soldOut: boolean;
  order: SearchOrder;
  limit: number;
  offset: number;
}
