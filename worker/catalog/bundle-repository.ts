import { currencyOf, type MarketId } from '../../shared/markets.ts';
import { HANDLE_OF_ITEM, IMAGE_OF_ITEM, itemStatus } from './browse-repository.ts';

/** Bundles an item is in: their SQL. */

export interface BundleLineRow {
  bundleId: number;
  name: string;
  handle: string;
  discountPercent: number;
  skuId: number;
  quantity: number;
  itemId: number;
  title: string;
  partNumber: string;
  status: string;
  discountPrice: number | null;
  originalPrice: number | null;
  urlHandle: string | null;
  imageUrl: string | null;
}

export function bundleRepository(db: D1Database) {
  return {
    /**
     * The lines of every active bundle that holds one of the item's SKUs, priced in the market; the item's own lines
     * first.
     */
    async bundleLinesOfItem(itemId: number, market: MarketId): Promise<BundleLineRow[]> {
      return (
        await db
          .prepare(
            `SELECT bu.id AS bundleId, bu.name, bu.handle, bu.discount_percent AS discountPercent, bi.sku_id AS skuId,
              bi.quantity, i.id AS itemId, i.title,
           s.part_number AS partNumber, ${itemStatus(market)} AS status, p.discount_price AS discountPrice,
             p.original_price AS originalPrice,
           ${HANDLE_OF_ITEM} AS urlHandle, ${IMAGE_OF_ITEM} AS imageUrl
         FROM bundle bu JOIN bundle_item bi ON bi.bundle_id = bu.id JOIN sku s ON s.id = bi.sku_id
           JOIN item i ON i.id = s.item_id
           LEFT JOIN sku_price p ON p.sku_id = s.id AND p.currency = ?2
         WHERE bu.active = 1 AND bu.id IN (SELECT b.bundle_id FROM bundle_item b JOIN sku k ON k.id = b.sku_id
           WHERE k.item_id = ?1)
         ORDER BY bu.id, i.id = ?1 DESC, i.id, s.id`,
          )
          .bind(itemId, currencyOf(market))
          .all<BundleLineRow>()
      ).results;
    },
  };
}
