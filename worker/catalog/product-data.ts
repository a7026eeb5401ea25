import { isHidden, isListed, statusIn } from '../../shared/item-status.ts';
import type { MarketId } from '../../shared/markets.ts';
import { catalogRepository } from './repository.ts';
import { systemClock } from '../platform/clock.ts';
import { caches } from '../platform/caches.ts';

/** Rows of the fitment table a product shows at first. */
const FITMENT_TABLE_ROWS = 50;

type ProductPageData = NonNullable<Awaited<ReturnType<ReturnType<typeof catalogRepository>['productPage']>>>;

/** Identical product lookups in a rush share one answer (recent-reads.ts). */
const recentProducts = caches.recentProducts;

/**
 * A product's catalog data by any of its handles, for the product page and the item/v2 call: the
 * item, its SKUs priced in the market, the first rows of its fitment table, FAQs, top reviews and
 * videos; null when no product has the handle. Shared: callers must not change it.
 */
export function productData(db: D1Database, market: MarketId, handle: string): Promise<ProductPageData | null> {
  return recentProducts.get(`${market} ${handle}`, systemClock, () =>
    catalogRepository(db).productPage(handle, market, FITMENT_TABLE_ROWS),
  );
}

/** The product data of a product that exists for shoppers (not a draft, not deleted), else null. */
export async function shownProductData(
  db: D1Database,
  market: MarketId,
  handle: string,
): Promise<ProductPageData | null> {
  const data = await productData(db, market, handle);
  return data && !isHidden(data.item.status) ? data : null;
}

/** Whether the product is for sale in the market (its us_status / ca_status), sold out included. */
export function soldIn(item: ProductPageData['item'], market: MarketId): boolean {
  return isListed(statusIn(item, market));
}
