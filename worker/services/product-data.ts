import type { MarketId } from '../../shared/markets.ts';
import { catalogRepository } from '../db/catalog-repository.ts';
import { systemClock } from './clock.ts';
import { recentReads } from './recent-reads.ts';

/** Rows of the fitment table a product shows at first. */
const FITMENT_TABLE_ROWS = 50;

type ProductPageData = NonNullable<Awaited<ReturnType<ReturnType<typeof catalogRepository>['productPage']>>>;

/** Identical product lookups in a rush share one answer (recent-reads.ts). */
const recentProducts = recentReads<ProductPageData | null>(200);

/**
 * A product's catalog data by any of its handles, for the product page and the item/v2 call: the
 * item, its SKUs priced in the market, the first rows of its fitment table, FAQs, top reviews and
 * videos; null when no product has the handle. Shared: callers must not change it.
 */
export function productData(db: D1Database, market: MarketId, handle: string): Promise<ProductPageData | null> {
  return recentProducts.get(`${market} ${handle}`, systemClock, () => catalogRepository(db).productPage(handle, market, FITMENT_TABLE_ROWS));
}
