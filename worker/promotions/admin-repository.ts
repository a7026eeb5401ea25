/**
 * The back office's promotion queries (issue 22): the list with its status filter and search, one
 * promotion, and the statements of an edit and of a pause or resume (admin.ts decides them).
 */
import { MARKET_IDS } from '../../shared/markets.ts';
import { PROMOTION_COLUMNS } from './repository.ts';
import type { AddOnRecord, NewPromotionRecord, PromotionRecord, ScopeRecord } from './records.ts';

/**
 * A promotion as the back office reads it: the engine's row, whether it is paused, and the code
 * promotion it is a single-use code of (batch-repository.ts), if it is one.
 */
export type AdminPromotionRecord = PromotionRecord & { paused: number; batchParentId: number | null };
const ADMIN_COLUMNS = `${PROMOTION_COLUMNS}, p.paused, p.batch_parent_id AS batchParentId`;

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
      // A batch's single-use codes are listed on their parent's page, not here.
      const where = [
        'p.batch_parent_id IS NULL',
        status ?? '1 = 1',
        `(?2 = '' OR p.name LIKE '%' || ?2 || '%' ESCAPE '\\' OR p.code LIKE '%' || ?2 || '%' ESCAPE '\\')`,
      ].join(' AND ');
      const search = query.search.replace(/[\\%_]/g, (char) => `\\${char}`);
      const [rows, count] = await db.batch([
        db
          .prepare(
            `SELECT ${ADMIN_COLUMNS} FROM promotion p WHERE ${where}
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
      db.prepare(`SELECT ${ADMIN_COLUMNS} FROM promotion p WHERE p.id = ?`).bind(id).first<AdminPromotionRecord>(),

    /**
     * The statement that writes a promotion's basics; its single-use codes take the same, but keep
     * their own limits (one use each).
     */
    editStatement: (id: number, basics: PromotionBasics) =>
      db
        .prepare(
          `UPDATE promotion SET name = ?2, discount_value = ?3, threshold_value = ?4, starts_at = ?5, ends_at = ?6,
             usage_limit = CASE WHEN id = ?1 THEN ?7 ELSE usage_limit END,
             per_customer_limit = CASE WHEN id = ?1 THEN ?8 ELSE per_customer_limit END, market = ?9
           WHERE id = ?1 OR batch_parent_id = ?1`,
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

    /** The statement that pauses or resumes a promotion, with its single-use codes. */
    pauseStatement: (id: number, paused: boolean) =>
      db.prepare('UPDATE promotion SET paused = ?1 WHERE id = ?2 OR batch_parent_id = ?2').bind(paused ? 1 : 0, id),

    /** The id a new promotion gets, unless another is created first (its batch then fails and is retried). */
    async nextId(): Promise<number> {
      const row = await db.prepare('SELECT coalesce(max(id), 0) + 1 AS id FROM promotion').first<{ id: number }>();
      return Math.max(row?.id ?? 1, 2000);
    },

    /** The promotion a create form's key made, if any. */
    byCreateKey: (key: string) =>
      db.prepare('SELECT id FROM promotion WHERE create_key = ?').bind(key).first<{ id: number }>(),

    /** Whether a code is taken in any of the markets (codes are unique per market, whatever the case). */
    async codeTaken(code: string, market: string | null): Promise<boolean> {
      const markets = market ? [market] : [...MARKET_IDS];
      const row = await db
        .prepare(
          `SELECT 1 AS taken FROM promotion_code WHERE code = ?1 AND market IN (SELECT value FROM json_each(?2))`,
        )
        .bind(code, JSON.stringify(markets))
        .first<{ taken: number }>();
      return row !== null;
    },

    /**
     * The statements that create a promotion under a chosen id with its codes (one per market),
     * scope and add-ons, keyed by its maker's key: a taken id, code or key fails the whole batch.
     * The one INSERT of a new promotion (single-use codes are copies of one: batch-repository.ts).
     */
    createStatements(id: number, promotion: NewPromotionRecord, key: string): D1PreparedStatement[] {
      const { scope, addOns, ...p } = promotion;
      const markets = p.market ? [p.market] : MARKET_IDS;
      return [
        db
          .prepare(
            `INSERT INTO promotion (id, name, code, source, promotion_type, discount_type, discount_value,
               threshold_type, threshold_value, applies_to, market, starts_at, ends_at, usage_limit,
               per_customer_limit, member_only, max_discount_cent, create_key, gift_sku_id, gift_quantity,
               integral_score, limit_scene, shipping_option, first_order_only)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20,
               ?21, ?22, ?23, ?24)`,
          )
          .bind(
            id,
            p.name,
            p.code,
            p.source,
            p.promotionType,
            p.discountType,
            p.discountValue,
            p.thresholdType,
            p.thresholdValue,
            p.appliesTo,
            p.market,
            p.startsAt,
            p.endsAt,
            p.usageLimit,
            p.perCustomerLimit,
            p.memberOnly,
            p.maxDiscountCent,
            key,
            p.giftSkuId,
            p.giftQuantity,
            p.integralScore,
            p.limitScene,
            p.shippingOption ?? null,
            p.firstOrderOnly ?? 0,
          ),
        ...(p.code
          ? markets.map((market) =>
              db
                .prepare('INSERT INTO promotion_code (code, market, promotion_id) VALUES (?, ?, ?)')
                .bind(p.code, market, id),
            )
          : []),
        ...scope.map((target) =>
          db
            .prepare('INSERT INTO promotion_scope (promotion_id, target_type, target_id) VALUES (?, ?, ?)')
            .bind(id, target.targetType, target.targetId),
        ),
        ...addOns.map((addOn) =>
          db
            .prepare(
              `INSERT INTO promotion_add_on (promotion_id, sku_id, price_cent, percent_off, max_quantity)
               VALUES (?, ?, ?, ?, ?)`,
            )
            .bind(id, addOn.skuId, addOn.priceCent, addOn.percentOff, addOn.maxQuantity),
        ),
      ];
    },

    /** A promotion's scope and add-ons, as the engine needs them. */
    async partsOf(id: number): Promise<{ scopes: ScopeRecord[]; addOns: AddOnRecord[] }> {
      const [scopes, addOns] = await db.batch([
        db
          .prepare(
            `SELECT promotion_id AS promotionId, target_type AS targetType, target_id AS targetId
             FROM promotion_scope WHERE promotion_id = ?`,
          )
          .bind(id),
        db
          .prepare(
            `SELECT promotion_id AS promotionId, sku_id AS skuId, price_cent AS priceCent,
               percent_off AS percentOff, max_quantity AS maxQuantity FROM promotion_add_on WHERE promotion_id = ?`,
          )
          .bind(id),
      ]);
      return { scopes: scopes!.results as ScopeRecord[], addOns: addOns!.results as AddOnRecord[] };
    },
  };
}
