import { LISTED_STATUSES, sqlList } from '../../shared/item-status.ts';
import type { MarketId } from '../../shared/markets.ts';
import { itemStatus } from './browse-repository.ts';
import type { CollectionPageRecord } from './records.ts';

/**
 * A collection page's reads: the collection by handle, its sub-collections, a page of its items sold in a market. SQL
 * only.
 */

export function collectionRepository(db: D1Database) {
  return {
    /** The collection, its children and one page of its item ids (in the collection's order), in one round trip. */
    async page(handle: string, market: MarketId, page: number, size: number) {
      const sold = `${itemStatus(market)} IN ${sqlList(LISTED_STATUSES)}`;
      const [collection, children, total, items] = await db.batch([
        db
          .prepare(`SELECT c.id, c.name, c.handle, c.description, c.image_url AS imageUrl, p.handle AS parentHandle,
            p.name AS parentName
                    FROM collection c LEFT JOIN collection p ON p.id = c.parent_id WHERE c.handle = ?`)
          .bind(handle),
        db
          .prepare(
            `SELECT k.name, k.handle FROM collection k JOIN collection c ON k.parent_id = c.id WHERE c.handle = ?
              ORDER BY k.sort, k.id`,
          )
          .bind(handle),
        db
          .prepare(
            `SELECT count(*) AS total FROM collection_item ci JOIN collection c ON c.id = ci.collection_id
              JOIN item i ON i.id = ci.item_id WHERE c.handle = ? AND ${sold}`,
          )
          .bind(handle),
        db
          .prepare(`SELECT ci.item_id AS id FROM collection_item ci JOIN collection c ON c.id = ci.collection_id
            JOIN item i ON i.id = ci.item_id
                    WHERE c.handle = ? AND ${sold} ORDER BY ci.sort, ci.item_id LIMIT ? OFFSET ?`)
          .bind(handle, size, (page - 1) * size),
      ]);
      const row = collection!.results[0] as CollectionPageRecord | undefined;
      if (!row) return null;
      return {
        collection: row,
        children: children!.results as { name: string; handle: string }[],
        total: (total!.results[0] as { total: number }).total,
        itemIds: (items!.results as { id: number }[]).map((item) => item.id),
      };
    },
  };
}
