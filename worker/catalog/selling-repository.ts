import { currencyOf, type MarketId } from '../../shared/markets.ts';
import { HIDDEN } from './browse-repository.ts';

/** A product's selling attributes: their SQL (selling.ts decides what they mean). */

export interface SkuAttributeRow {
  skuId: number;
  partNumber: string;
  color: string | null;
  skuCustoms: string | null;
  availableTotal: number;
  discountPrice: number | null;
  originalPrice: number | null;
}

export function sellingRepository(db: D1Database) {
  return {
    /**
     * An item's specs and its SKUs with their customs, colour, stock and price in the market; null when the item is
     * unknown or withdrawn.
     */
    async sellingAttributes(itemId: number, market: MarketId) {
      const [item, skus] = await db.batch([
        db
          .prepare(`SELECT (SELECT json_group_array(json_object('label', label, 'value', value)) FROM (SELECT *
            FROM item_customs WHERE item_id = i.id ORDER BY sort)) AS customsJson
                    FROM item i WHERE i.id = ?1 AND i.status NOT IN ${HIDDEN}`)
          .bind(itemId),
        db
          .prepare(`SELECT s.id AS skuId, s.part_number AS partNumber, s.color, s.sku_customs AS skuCustoms,
            s.available_total AS availableTotal,
                      p.discount_price AS discountPrice, p.original_price AS originalPrice
                    FROM sku s LEFT JOIN sku_price p ON p.sku_id = s.id AND p.currency = ?2 WHERE s.item_id = ?1
                      ORDER BY s.sort, s.id`)
          .bind(itemId, currencyOf(market)),
      ]);
      const row = item!.results[0] as { customsJson: string } | undefined;
      if (!row) return null;
      return {
        itemCustoms: JSON.parse(row.customsJson) as { label: string; value: string }[],
        skus: skus!.results as SkuAttributeRow[],
      };
    },
  };
}
