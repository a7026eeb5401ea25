import { statusByMarketSql } from '../../shared/market-columns.ts';
import type { MarketId } from '../../shared/markets.ts';
import { BUYABLE_STATUSES, sqlList } from '../../shared/item-status.ts';

/** The reads of parts the law treats differently (issue 40). */
export function regulatedRepository(db: D1Database) {
  return {
    /** The emissions columns of items, for the ones that are emissions parts. */
    async emissionsOf(itemIds: readonly number[]) {
      const rows = await db
        .prepare(
          `SELECT id AS itemId, emissions_kind AS emissionsKind, emissions_status AS emissionsStatus, carb_eo AS carbEo
           FROM item WHERE emissions_kind IS NOT NULL AND id IN (SELECT value FROM json_each(?1))`,
        )
        .bind(JSON.stringify(itemIds))
        .all<{ itemId: number; emissionsKind: string; emissionsStatus: string | null; carbEo: string | null }>();
      return rows.results;
    },

    /** How the carriers treat items (issue 40 item 4), for the ones with a hazardous or size class. */
    async shippingClassesOf(itemIds: readonly number[]) {
      const rows = await db
        .prepare(
          `SELECT id AS itemId, hazmat_class AS hazmatClass, size_class AS sizeClass FROM item
           WHERE (hazmat_class IS NOT NULL OR size_class IS NOT NULL) AND id IN (SELECT value FROM json_each(?1))`,
        )
        .bind(JSON.stringify(itemIds))
        .all<{ itemId: number; hazmatClass: string | null; sizeClass: string | null }>();
      return rows.results;
    },

    /**
     * Buyable 50-state parts of an emissions kind in a category that fit one of the vehicle's
     * nodes (or every vehicle), best sellers first, leaving out the part they replace.
     */
    async fiftyStateFitting(
      market: MarketId,
      of: { itemId: number; backCategoryId: number; kind: string },
      nodeIds: readonly number[],
      limit: number,
    ): Promise<number[]> {
      const rows = await db
        .prepare(
          `SELECT i.id FROM item i
           WHERE i.back_category_id = ?1 AND i.emissions_kind = ?2 AND i.emissions_status = 'FIFTY_STATE'
             AND i.id <> ?3 AND ${statusByMarketSql('?4', 'i')} IN ${sqlList(BUYABLE_STATUSES)}
             AND (i.vehicle_universal = 1 OR EXISTS (SELECT 1 FROM fitment f WHERE f.item_id = i.id
               AND f.node_id IN (SELECT value FROM json_each(?5))))
           ORDER BY i.sales DESC, i.id LIMIT ?6`,
        )
        .bind(of.backCategoryId, of.kind, of.itemId, market, JSON.stringify(nodeIds), limit)
        .all<{ id: number }>();
      return rows.results.map((row) => row.id);
    },
  };
}
