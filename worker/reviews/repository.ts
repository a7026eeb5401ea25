import type { ReviewSort, ReviewWrite, Reviewer } from './records.ts';

/** A review as shown to shoppers. */
export interface ReviewRow extends ReviewWrite {
  id: number;
  verifiedPurchase: boolean;
  helpfulCount: number;
  createdAt: number;
}

/** A published review with its item's title, for the shop-wide list. */
export interface ShopReviewRow extends ReviewRow {
  itemTitle: string;
}

const COLUMNS = `r.id, r.item_id AS itemId, r.rating, r.title, r.content, r.name, r.vehicle,
  r.verified_purchase AS verifiedPurchase, r.helpful_count AS helpfulCount, r.created_at AS createdAt`;
const ORDER: Record<ReviewSort, string> = {
  newest: 'r.created_at DESC, r.id DESC',
  helpful: 'r.helpful_count DESC, r.created_at DESC, r.id DESC',
  rating: 'r.rating DESC, r.created_at DESC, r.id DESC',
};

type RawRow = Omit<ReviewRow, 'verifiedPurchase'> & { verifiedPurchase: number };
const shape = <T extends RawRow>(row: T) => ({ ...row, verifiedPurchase: row.verifiedPurchase === 1 });

/** The review queries over one D1 database. */
export function reviewRepository(db: D1Database) {
  return {
    /** Whether an item exists. */
    async itemExists(itemId: number): Promise<boolean> {
      return (await db.prepare('SELECT 1 AS found FROM item WHERE id = ?').bind(itemId).first()) !== null;
    },

    /** One page of an item's published reviews, optionally of one star rating, with the total. */
    async listPublished(itemId: number, options: { rating?: number; sort: ReviewSort; limit: number; offset: number }) {
      const filter = options.rating ? 'AND r.rating = ?2' : 'AND ?2 IS NULL';
      const where = `FROM review r WHERE r.item_id = ?1 AND r.status = 'PUBLISHED' ${filter}`;
      const [rows, total] = await db.batch([
        db
          .prepare(`SELECT ${COLUMNS} ${where} ORDER BY ${ORDER[options.sort]} LIMIT ?3 OFFSET ?4`)
          .bind(itemId, options.rating ?? null, options.limit, options.offset),
        db.prepare(`SELECT COUNT(*) AS total ${where}`).bind(itemId, options.rating ?? null),
      ]);
      return { rows: (rows!.results as RawRow[]).map(shape), total: (total!.results[0] as { total: number }).total };
    },

    /** How many published reviews an item has at each star rating. */
    async distribution(itemId: number): Promise<{ rating: number; count: number }[]> {
      const { results } = await db
        .prepare(
          `SELECT rating, COUNT(*) AS count FROM review WHERE item_id = ? AND status = 'PUBLISHED' GROUP BY rating`,
        )
        .bind(itemId)
        .all<{ rating: number; count: number }>();
      return results;
    },

    /** A published review by id. */
    async publishedById(id: number): Promise<ReviewRow | null> {
      const row = await db
        .prepare(`SELECT ${COLUMNS} FROM review r WHERE r.id = ? AND r.status = 'PUBLISHED'`)
        .bind(id)
        .first<RawRow>();
      return row ? shape(row) : null;
    },

    /** One page of the newest published reviews across the shop, with the total. */
    async recentPublished(limit: number, offset: number): Promise<{ rows: ShopReviewRow[]; total: number }> {
      const [rows, total] = await db.batch([
        db
          .prepare(`SELECT ${COLUMNS}, i.title AS itemTitle FROM review r JOIN item i ON i.id = r.item_id
          WHERE r.status = 'PUBLISHED' ORDER BY r.created_at DESC, r.id DESC LIMIT ? OFFSET ?`)
          .bind(limit, offset),
        db.prepare(`SELECT COUNT(*) AS total FROM review WHERE status = 'PUBLISHED'`),
      ]);
      return {
        rows: (rows!.results as (RawRow & { itemTitle: string })[]).map(shape),
        total: (total!.results[0] as { total: number }).total,
      };
    },

    /** The edit-token hash and item of any review, for edit and delete. */
    async editable(id: number): Promise<{ id: number; itemId: number; editTokenHash: string | null } | null> {
      return db
        .prepare('SELECT id, item_id AS itemId, edit_token_hash AS editTokenHash FROM review WHERE id = ?')
        .bind(id)
        .first();
    },

    /** Stores a new PENDING review, with where its reviewer can be told (a signed invitation's); answers its id. */
    async insert(
      review: ReviewWrite,
      editTokenHash: string,
      verifiedPurchase: boolean,
      reviewer: Reviewer | null = null,
    ): Promise<number> {
      const row = await db
        .prepare(
          `INSERT INTO review (item_id, rating, title, content, name, vehicle, status, verified_purchase,
            edit_token_hash, reviewer_email, reviewer_market, reviewer_locale)
         VALUES (?, ?, ?, ?, ?, ?, 'PENDING', ?, ?, ?, ?, ?) RETURNING id`,
        )
        .bind(
          review.itemId,
          review.rating,
          review.title,
          review.content,
          review.name,
          review.vehicle,
          verifiedPurchase ? 1 : 0,
          editTokenHash,
          reviewer?.email ?? null,
          reviewer?.market ?? null,
          reviewer ? (reviewer.locale ?? 'en') : null,
        )
        .first<{ id: number }>();
      return row!.id;
    },

    /** Rewrites a review's text and sends it back to moderation; keeps its item and the aggregates in step. */
    async update(id: number, review: Omit<ReviewWrite, 'itemId'>, itemId: number): Promise<void> {
      await db.batch([
        db
          .prepare(
            `UPDATE review SET rating = ?, title = ?, content = ?, name = ?, vehicle = ?, status = 'PENDING'
              WHERE id = ?`,
          )
          .bind(review.rating, review.title, review.content, review.name, review.vehicle, id),
        recompute(db, '?1').bind(itemId),
      ]);
    },

    /** Deletes a review and recomputes its item's aggregates. */
    async remove(id: number, itemId: number): Promise<void> {
      await db.batch([db.prepare('DELETE FROM review WHERE id = ?').bind(id), recompute(db, '?1').bind(itemId)]);
    },

    /** Sets a review's status and recomputes its item's aggregates in one batch; false when no such review. */
    async setStatus(id: number, status: 'PUBLISHED' | 'REJECTED'): Promise<boolean> {
      const [updated] = await db.batch([
        db.prepare('UPDATE review SET status = ? WHERE id = ?').bind(status, id),
        recompute(db, '(SELECT item_id FROM review WHERE id = ?1)').bind(id),
      ]);
      return (updated!.meta.changes ?? 0) > 0;
    },
  };
}

/** item.review_rating and review_count from the published reviews of the item the SQL expression names. */
export function recompute(db: D1Database, itemIdSql: string): D1PreparedStatement {
  return db.prepare(`UPDATE item SET review_rating = (SELECT AVG(rating) FROM review WHERE item_id = item.id
    AND status = 'PUBLISHED'),
      review_count = (SELECT COUNT(*) FROM review WHERE item_id = item.id AND status = 'PUBLISHED')
        WHERE id = ${itemIdSql}`);
}
