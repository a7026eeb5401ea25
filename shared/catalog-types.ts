import type { Currency } from './markets.ts';

/**
 * What the catalog and search calls answer, as both the Worker and the browser's islands see it:
 * the product card of a results page or a recommendation, and the recommendation scenes (§4, §7).
 */

/** One product on a results page or in a recommendation: flags as booleans, priced in the market's currency. */
export interface SearchRecord {
  itemId: number;
  title: string;
  urlHandle: string | null;
  imageUrl: string | null;
  brandName: string | null;
  partNumber: string | null;
  discountPrice: number | null;
  originalPrice: number | null;
  /** The dearest of its SKUs in the market, where it has several: the card shows the range from discountPrice. */
  maxPrice?: number | null;
  status: string;
  reviewRating: number | null;
  reviewCount: number;
  currency: Currency;
  vehicleUniversal: boolean;
  nonVehicle: boolean;
  /** Whether it fits the chosen vehicle; null without one. */
  fits: boolean | null;
}

/** The recommendation scenes (§4 track scene RECENTLY_VIEWED, §7 recommend/scene/items). */
export const RECOMMEND_SCENES = ['RECENTLY_VIEWED', 'PRODUCT_DETAIL', 'CART', 'HOME'] as const;
export type RecommendScene = (typeof RECOMMEND_SCENES)[number];
