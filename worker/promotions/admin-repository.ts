/**
 * The back office's promotion queries (issue 22): the list with its status filter and search, one
 * promotion, and the statements of an edit and of a pause or resume (admin.ts decides them).
 */
import { PROMOTION_COLUMNS, type PromotionRecord } from './repository.ts';

/** A promotion as the back office reads it: the engine's row and whether it is paused. */
export type AdminPromotionRecord = PromotionRecord & { paused: number };

/** The editable basics of a promotion, as stored (cents, epoch seconds, null for none). */
export interface PromotionBasics {
  name: string;
  discountValue: number;
  thresholdValue: number;
  startsAt: number | null;
  endsAt: number | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  market: string | null;
}

/** The list's status filters, each as a condition on the promotion at ?1 (now, epoch seconds). */
const STATUS_WHERE: Record<string, string> = {
  PAUSED: 'p.paused = 1',
  ENDED: 'p.paused = 0 AND p.ends_at IS NOT NULL AND p.ends_at <= ?1',
  SCHEDULED: 'p.paused = 0 AND p.starts_at > ?1 AND (p.ends_at IS NULL OR p.ends_at > ?1)',
  RUNNING: 'p.paused = 0 AND (p.starts_at IS NULL OR p.starts_at <= ?1) AND (p.ends_at IS NULL OR p.ends_at > ?1)',
};

/** What one page of the list asks for. */
export interface PromotionListQuery {
  status: string | null;
  search: string;
  nowSec: number;
  limit: number;
  offset: number;
}

/** The back office's promotion queries over one D1 database. */
export function promotionAdminRepository(db: D1Database) {
  return {
    /** A page of promotions (newest first) with the status and search filters, and how many match. */
    async page(query: PromotionListQuery): Promise<{ rows: AdminPromotionRecord[]; total: number }> {
      const status = query.status ? STATUS_WHERE[query.status] : undefined;
      const where = [
        status ?? '1 = 1',
        `(?2 = '' OR p.name LIKE '%' || ?2 || '%' ESCAPE '\\' OR p.code LIKE '%' || ?2 || '%' ESCAPE '\\')`,
      ].join(' AND ');
      const search = query.search.replace(/[\\%_]/g, (char) => `\\${char}`);
      const [rows, count] = await db.batch([
        db
          .prepare(
            `SELECT ${PROMOTION_COLUMNS}, p.paused FROM promotion p WHERE ${where}
             ORDER BY p.id DESC LIMIT ?3 OFFSET ?4`,
          )
          .bind(query.nowSec, search, query.limit, query.offset),
        db.prepare(`SELECT count(*) AS total FROM promotion p WHERE ${where}`).bind(query.nowSec, search),
      ]);
      return {
        rows: rows!.results as AdminPromotionRecord[],
        total: (count!.results[0] as { total: number }).total,
      };
    },

    /** One promotion, or null. */
    byId: (id: number) =>
      db
        .prepare(`SELECT ${PROMOTION_COLUMNS}, p.paused FROM promotion p WHERE p.id = ?`)
        .bind(id)
        .first<AdminPromotionRecord>(),

    /** The statement that writes a promotion's basics. */
    editStatement: (id: number, basics: PromotionBasics) =>
      db
        .prepare(
          `UPDATE promotion SET name = ?2, discount_value = ?3, threshold_value = ?4, starts_at = ?5, ends_at = ?6,
             usage_limit = ?7, per_customer_limit = ?8, market = ?9 WHERE id = ?1`,
        )
        .bind(
          id,
          basics.name,
          basics.discountValue,
          basics.thresholdValue,
          basics.startsAt,
          basics.endsAt,
          basics.usageLimit,
          basics.perCustomerLimit,
          basics.market,
        ),

    /** The statement that pauses or resumes a promotion. */
    pauseStatement: (id: number, paused: boolean) =>
      db.prepare('UPDATE promotion SET paused = ? WHERE id = ?').bind(paused ? 1 : 0, id),

    /** Runs a change's statements (the update and its audit entry) in one batch. */
    async write(statements: D1PreparedStatement[]): Promise<void> {
      await db.batch(statements);
    },
  };
}
