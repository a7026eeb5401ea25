import { HIDDEN_STATUSES, sqlList } from '../../shared/item-status.ts';
import type { MarketId } from '../../shared/markets.ts';
import { HANDLE_OF_ITEM, IMAGE_OF_ITEM, itemPrice, itemStatus } from './browse-repository.ts';

/** A member's recently viewed products (§4): the only place with their SQL. */

const HIDDEN = sqlList(HIDDEN_STATUSES);

/** One entry as the list shows it (§3: the item plus imageUrl and reviewRating). */
export interface ViewedRow {
  itemId: number;
  title: string;
  urlHandle: string | null;
  imageUrl: string | null;
  reviewRating: number | null;
  reviewCount: number;
  discountPrice: number | null;
  status: string;
  viewedAt: number;
}

export function recentlyViewedRepository(db: D1Database) {
  // A view is stamped after the member's newest one, even within the same millisecond, so the
  // order of a batch survives. Only items that exist (and are not withdrawn) are recorded.
  const view = (accountId: number, itemId: number, now: number) =>
    db
      .prepare(
        `INSERT INTO recently_viewed (account_id, item_id, viewed_at)
     SELECT ?1, id, max(?3, coalesce((SELECT max(viewed_at) + 1 FROM recently_viewed WHERE account_id = ?1), 0))
     FROM item WHERE id = ?2 AND status NOT IN ${HIDDEN}
     ON CONFLICT (account_id, item_id) DO UPDATE SET viewed_at = excluded.viewed_at`,
      )
      .bind(accountId, itemId, now);
  const trim = (accountId: number, keep: number) =>
    db
      .prepare(
        `DELETE FROM recently_viewed WHERE account_id = ?1
       AND item_id NOT IN (SELECT item_id FROM recently_viewed WHERE account_id = ?1 ORDER BY viewed_at DESC LIMIT ?2)`,
      )
      .bind(accountId, keep);

  return {
    /**
     * Records views, newest first, and keeps the newest `keep`; one atomic batch. Answers how many of the items exist.
     */
    async record(accountId: number, itemIdsNewestFirst: readonly number[], now: number, keep: number): Promise<number> {
      const views = [...itemIdsNewestFirst].reverse().map((itemId) => view(accountId, itemId, now));
      const results = await db.batch([...views, trim(accountId, keep)]);
      return results.slice(0, views.length).reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
    },

    /** The member's entries, newest first, priced in the market; items gone from the catalog are left out. */
    async list(accountId: number, market: MarketId, limit: number): Promise<ViewedRow[]> {
      return (
        await db
          .prepare(
            `SELECT i.id AS itemId, i.title, ${HANDLE_OF_ITEM} AS urlHandle, ${IMAGE_OF_ITEM} AS imageUrl,
              i.review_rating AS reviewRating,
           i.review_count AS reviewCount, ${itemPrice(market)} AS discountPrice, ${itemStatus(market)} AS status,
             r.viewed_at AS viewedAt
         FROM recently_viewed r JOIN item i ON i.id = r.item_id
         WHERE r.account_id = ?1 AND i.status NOT IN ${HIDDEN} ORDER BY r.viewed_at DESC LIMIT ?2`,
          )
          .bind(accountId, limit)
          .all<ViewedRow>()
      ).results;
    },
  };
}
