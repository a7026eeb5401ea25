import { BUYABLE_STATUSES, sqlList } from '../../shared/item-status.ts';
import { statusColumn } from '../../shared/market-columns.ts';
import type { MarketId } from '../../shared/markets.ts';
import { vehicleFitCtes } from './candidates-repository.ts';
import type { VehicleCategory } from './records.ts';

/** A vehicle's part categories: its only SQL. */
export function vehicleCategoriesRepository(db: D1Database) {
  return {
    /**
     * Back categories with parts that fit a vehicle (any of its node ids) or may fit it, or universal parts, in the
     * market: counted as search's "Fits my vehicle" lists them (vehicleFitCtes), so a category's count is its list's.
     * `universal`: the market's universal parts per category, counted apart (the same for every vehicle, cached).
     */
    async categoriesForVehicle(
      nodeIds: readonly number[],
      market: MarketId,
      universal: readonly { id: number; count: number }[],
    ): Promise<VehicleCategory[]> {
      const { results } = await db
        .prepare(
          `WITH ${vehicleFitCtes('?1').join(',\n')},
           own AS (SELECT i.back_category_id AS id, count(*) AS n FROM item i
             WHERE i.id IN (SELECT id FROM fit) AND i.vehicle_universal = 0 AND i.non_vehicle = 0
               AND i.${statusColumn(market)} IN ${sqlList(BUYABLE_STATUSES)}
             GROUP BY i.back_category_id),
           everywhere AS (SELECT value ->> '$.id' AS id, value ->> '$.count' AS n FROM json_each(?2))
         SELECT c.id, c.name, c.handle, p.name AS parentName, coalesce(o.n, 0) + coalesce(u.n, 0) AS items
         FROM category c LEFT JOIN category p ON p.id = c.parent_id
           LEFT JOIN own o ON o.id = c.id LEFT JOIN everywhere u ON u.id = c.id
         WHERE c.kind = 'BACK' AND (o.n > 0 OR u.n > 0)
         ORDER BY p.sort, c.sort`,
        )
        .bind(JSON.stringify(nodeIds), JSON.stringify(universal))
        .all<VehicleCategory>();
      return results;
    },
  };
}
