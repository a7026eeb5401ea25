/**
 * Batches of single-use codes (issue 22): each code is a promotion of its own, cloned from its code
 * promotion (the parent) with a usage limit of 1, its codes in every market the parent has and
 * the parent's scope and add-ons. A batch is a few statements whatever its size: the clones come
 * from json_each over the codes. admin-batches.ts decides; this file holds the SQL.
 */

/** A batch's codes as the console lists and exports them. */
export interface BatchCodeRecord {
  id: number;
  code: string;
  usedCount: number;
  orderId: string | null;
  createdAt: number;
}

export function promotionBatchRepository(db: D1Database) {
  return {
    /** The first id free for `count` new promotions (another create meanwhile fails the batch, which is retried). */
    async nextIds(): Promise<number> {
      const row = await db.prepare('SELECT coalesce(max(id), 0) + 1 AS id FROM promotion').first<{ id: number }>();
      return Math.max(row?.id ?? 1, 2000);
    },

    /** Whether a batch was already made with this form key (its first code carries it). */
    madeWith: (key: string) =>
      db.prepare('SELECT id FROM promotion WHERE create_key = ?').bind(`${key}:0`).first<{ id: number }>(),

    /** Which of these codes are taken in any market. */
    async takenCodes(codes: readonly string[]): Promise<string[]> {
      const { results } = await db
        .prepare('SELECT DISTINCT code FROM promotion_code WHERE code IN (SELECT value FROM json_each(?))')
        .bind(JSON.stringify(codes))
        .all<{ code: string }>();
      return results.map((row) => row.code);
    },

    /**
     * The statements that make the codes single-use clones of the parent, ids from `firstId` in
     * the codes' order, each keyed `<key>:<index>`; a taken id, code or key fails the whole batch.
     */
    cloneStatements(parentId: number, firstId: number, codes: readonly string[], key: string): D1PreparedStatement[] {
      const list = JSON.stringify(codes);
      return [
        db
          .prepare(
            `INSERT INTO promotion (id, name, code, source, promotion_type, discount_type, discount_value,
               threshold_type, threshold_value, applies_to, market, starts_at, ends_at, usage_limit,
               per_customer_limit, member_only, max_discount_cent, gift_sku_id, gift_quantity, shipping_option,
               first_order_only, paused, batch_parent_id, create_key)
             SELECT ?1 + j.key, p.name, j.value, 'PROMOTION_CODE', p.promotion_type, p.discount_type,
               p.discount_value, p.threshold_type, p.threshold_value, p.applies_to, p.market, p.starts_at,
               p.ends_at, 1, 1, p.member_only, p.max_discount_cent, p.gift_sku_id, p.gift_quantity,
               p.shipping_option, p.first_order_only, p.paused, p.id, ?3 || ':' || j.key
             FROM promotion p, json_each(?2) j WHERE p.id = ?4 AND p.source = 'PROMOTION_CODE'`,
          )
          .bind(firstId, list, key, parentId),
        db
          .prepare(
            `INSERT INTO promotion_code (code, market, promotion_id)
             SELECT j.value, m.market, ?1 + j.key FROM json_each(?2) j,
               (SELECT DISTINCT market FROM promotion_code WHERE promotion_id = ?3) m`,
          )
          .bind(firstId, list, parentId),
        db
          .prepare(
            `INSERT INTO promotion_scope (promotion_id, target_type, target_id)
             SELECT ?1 + j.key, s.target_type, s.target_id FROM promotion_scope s, json_each(?2) j
             WHERE s.promotion_id = ?3`,
          )
          .bind(firstId, list, parentId),
        db
          .prepare(
            `INSERT INTO promotion_add_on (promotion_id, sku_id, price_cent, percent_off, max_quantity)
             SELECT ?1 + j.key, a.sku_id, a.price_cent, a.percent_off, a.max_quantity
             FROM promotion_add_on a, json_each(?2) j WHERE a.promotion_id = ?3`,
          )
          .bind(firstId, list, parentId),
      ];
    },

    /** How many single-use codes the parent has, and how many are used. */
    async summary(parentId: number): Promise<{ total: number; used: number }> {
      const row = await db
        .prepare(
          `SELECT count(*) AS total, coalesce(sum(used_count >= usage_limit), 0) AS used
           FROM promotion WHERE batch_parent_id = ?`,
        )
        .bind(parentId)
        .first<{ total: number; used: number }>();
      return { total: row?.total ?? 0, used: row?.used ?? 0 };
    },

    /** Every single-use code of the parent, oldest first, with the order that used it. */
    async codes(parentId: number): Promise<BatchCodeRecord[]> {
      const { results } = await db
        .prepare(
          `SELECT p.id, p.code, p.used_count AS usedCount, p.created_at AS createdAt,
             (SELECT u.order_id FROM promotion_usage u WHERE u.promotion_id = p.id ORDER BY u.id LIMIT 1) AS orderId
           FROM promotion p WHERE p.batch_parent_id = ? ORDER BY p.id`,
        )
        .bind(parentId)
        .all<BatchCodeRecord>();
      return results;
    },
  };
}
