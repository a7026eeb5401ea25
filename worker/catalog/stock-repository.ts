import { currencyByMarketSql, statusByMarketSql } from '../../shared/market-columns.ts';
import type { MarketId } from '../../shared/markets.ts';
import type { SkuFacts } from './records.ts';

/** A SKU's stock and its facts in one market: what an order takes, gives back, and is priced and explained with. */

export function stockRepository(db: D1Database) {
  return {
    /** The facts of SKUs (by id) priced in the market. */
    async skuFacts(skuIds: readonly number[], market: MarketId): Promise<SkuFacts[]> {
      if (skuIds.length === 0) return [];
      const { results } = await db
        .prepare(
          `SELECT s.id AS skuId, s.item_id AS itemId, i.title, s.part_number AS partNumber,
           ${statusByMarketSql('?2', 'i')} AS status, s.available_total AS availableTotal,
           p.discount_price AS discountPrice, p.original_price AS originalPrice,
           (SELECT url FROM item_image m WHERE m.item_id = i.id ORDER BY m.is_main DESC, m.idx LIMIT 1) AS imageUrl,
           o.url_handle AS urlHandle, o.id AS seoId, i.brand_id AS brandId, i.back_category_id AS backCategoryId,
           c1.parent_id AS parentCategoryId, c2.parent_id AS grandCategoryId, i.non_vehicle AS nonVehicle
         FROM sku s JOIN item i ON i.id = s.item_id
           LEFT JOIN category c1 ON c1.id = i.back_category_id LEFT JOIN category c2 ON c2.id = c1.parent_id
           LEFT JOIN sku_price p ON p.sku_id = s.id AND p.currency = ${currencyByMarketSql('?2')}
           LEFT JOIN seo o ON o.id = (SELECT id FROM seo WHERE type = 'ITEM' AND target_id = i.id AND active = 1
             ORDER BY is_primary DESC, id LIMIT 1)
         WHERE s.id IN (SELECT value FROM json_each(?1))`,
        )
        .bind(JSON.stringify(skuIds), market)
        .all<SkuFacts>();
      return results;
    },

    /** Takes stock; the sku table's CHECK (available_total >= 0) fails the whole batch rather than oversell. */
    takeStatement(skuId: number, quantity: number) {
      return db.prepare(`UPDATE sku SET available_total = available_total - ?1 WHERE id = ?2`).bind(quantity, skuId);
    },

    /**
     * Takes stock only while it lasts, never failing the batch: the statement after it sees whether it
     * took (changes() = 1), as a gift line is written only then.
     */
    takeWhileItLastsStatement(skuId: number, quantity: number) {
      return db
        .prepare(`UPDATE sku SET available_total = available_total - ?1 WHERE id = ?2 AND available_total >= ?1`)
        .bind(quantity, skuId);
    },

    /** Puts units back on the shelf. */
    giveBackStatement(skuId: number, quantity: number) {
      return db.prepare(`UPDATE sku SET available_total = available_total + ?1 WHERE id = ?2`).bind(quantity, skuId);
    },
  };
}
