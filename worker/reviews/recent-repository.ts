/** The shop-wide review list of /reviews: the newest published reviews with their products, and the shop's rating. */

/** A published review with the product it is about, as /reviews shows it. */
export interface RecentReviewRow {
  id: number;
  rating: number;
  title: string;
  content: string;
  name: string;
  vehicle: string | null;
  verifiedPurchase: number;
  /** Epoch seconds. */
  createdAt: number;
  itemId: number;
  itemTitle: string;
  itemHandle: string | null;
  imageUrl: string | null;
}

/** The shop's published reviews in one figure: how many, and their average star rating (null with none). */
export interface ShopRating {
  total: number;
  average: number | null;
}

/** The recent-review queries over one D1 database. */
export function recentReviewRepository(db: D1Database) {
  return {
    /** One page of the newest published reviews (review_queue index, read backwards) with the shop's rating. */
    async newestPublished(limit: number, offset: number): Promise<{ rows: RecentReviewRow[]; rating: ShopRating }> {
      const [rows, rating] = await db.batch([
        db
          .prepare(`SELECT r.id, r.rating, r.title, r.content, r.name, r.vehicle,
              r.verified_purchase AS verifiedPurchase, r.created_at AS createdAt, i.id AS itemId, i.title AS itemTitle,
              (SELECT s.url_handle FROM seo s WHERE s.type = 'ITEM' AND s.target_id = i.id AND s.active = 1
                ORDER BY s.is_primary DESC, s.id LIMIT 1) AS itemHandle,
              (SELECT m.url FROM item_image m WHERE m.item_id = i.id AND m.media_type = 'IMAGE'
                ORDER BY m.is_main DESC, m.idx LIMIT 1) AS imageUrl
            FROM review r JOIN item i ON i.id = r.item_id
            WHERE r.status = 'PUBLISHED' ORDER BY r.created_at DESC, r.id DESC LIMIT ? OFFSET ?`)
          .bind(limit, offset),
        db.prepare(`SELECT COUNT(*) AS total, AVG(rating) AS average FROM review WHERE status = 'PUBLISHED'`),
      ]);
      return { rows: rows!.results as RecentReviewRow[], rating: rating!.results[0] as ShopRating };
    },
  };
}
