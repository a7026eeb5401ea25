import { BUYABLE_STATUSES, LISTED_STATUSES, sqlList } from '../../shared/item-status.ts';
import { minPriceColumn, statusColumn } from '../../shared/market-columns.ts';
import type { MarketId } from '../../shared/markets.ts';

/** The filter panel's price bands (§7 filter): how many items of a search or category fall in each. */

const SELLING = sqlList(BUYABLE_STATUSES);
const LISTED = sqlList(LISTED_STATUSES);

/** What the bands are counted under: the search's keyword, category, brands, vehicle and stock filters. */
export interface BandCriteria {
  market: MarketId;
  /** A safe FTS5 MATCH expression and the shopper's text (for part numbers), or null for no keyword. */
  match: string | null;
  text: string | null;
  categoryId: number | null;
  brandIds: number[];
  vehicleNodeIds: number[] | null;
  fitsOnly: boolean;
  soldOut: boolean;
}

/** Numbered parameters for one statement. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `?${this.values.length}`;
  }
}

export function priceBandsRepository(db: D1Database) {
  const itemStatus = (market: MarketId) => `i.${statusColumn(market)}`;
  const itemPrice = (market: MarketId) => `i.${minPriceColumn(market)}`;
  return {
    /**
     * How many items fall in each price band (lower bounds in cents, ascending) under the filters; empty bands are left
     * out.
     */
    async priceBands(criteria: BandCriteria, bounds: readonly number[]): Promise<{ band: number; count: number }[]> {
      const p = new Params();
      const price = itemPrice(criteria.market);
      const statuses = criteria.soldOut ? LISTED : SELLING;
      const where = [`${itemStatus(criteria.market)} IN ${statuses}`, `${price} IS NOT NULL`];
      if (criteria.match !== null && criteria.text !== null) {
        const text = p.add(criteria.text);
        where.push(`i.id IN (SELECT rowid FROM item_search WHERE item_search MATCH ${p.add(criteria.match)}
          UNION SELECT item_id FROM sku WHERE part_number IN (${text}, upper(${text}), lower(${text})))`);
      }
      if (criteria.categoryId !== null) {
        const id = p.add(criteria.categoryId);
        where.push(
          `i.back_category_id IN (SELECT id FROM category WHERE kind = 'BACK' AND (id = ${id} OR parent_id = ${id}))`,
        );
      }
      if (criteria.brandIds.length > 0)
        where.push(`i.brand_id IN (SELECT value FROM json_each(${p.add(JSON.stringify(criteria.brandIds))}))`);
      if (criteria.vehicleNodeIds && criteria.fitsOnly) {
        where.push(
          `(i.vehicle_universal = 1 OR i.id IN (SELECT item_id FROM fitment WHERE node_id IN (SELECT value
            FROM json_each(${p.add(JSON.stringify(criteria.vehicleNodeIds))}))))`,
        );
      }
      // Band n holds prices from bounds[n] up to bounds[n + 1]; the last band is open-ended.
      const band = `CASE ${bounds
        .slice(1)
        .map((upper, index) => `WHEN ${price} < ${Math.trunc(upper)} THEN ${index}`)
        .join(' ')} ELSE ${bounds.length - 1} END`;
      return (
        await db
          .prepare(
            `SELECT ${band} AS band, count(*) AS count FROM item i WHERE ${where.join(' AND ')} GROUP BY band
              ORDER BY band`,
          )
          .bind(...p.values)
          .all<{ band: number; count: number }>()
      ).results;
    },
  };
}
