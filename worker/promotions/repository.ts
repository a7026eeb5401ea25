/**
 * Promotion queries: promotions, their codes, scopes and add-ons, usage, and member coupon
 * wallets. The only place with their SQL (first-order-repository.ts holds the first-order rule's).
 */
import { firstOrderOpenSql, markFirstOrderStatement, releaseFirstOrderStatement } from './first-order-repository.ts';
import type { AddOnRecord, PromotionRecord, ScopeRecord, UsageEntry } from './records.ts';

/** A promotion joined with the member's wallet copy. */
export interface WalletRecord extends PromotionRecord {
  memberCouponId: number;
  couponStatus: string;
  claimedVia: string;
  pointsSpent: number;
  claimedAt: number;
}

export interface UsageRecord {
  promotionId: number;
  total: number;
  byCustomer: number;
}

const COLUMNS = `p.id, p.name, p.code, p.source, p.promotion_type AS promotionType, p.discount_type AS discountType,
  p.discount_value AS discountValue, p.threshold_type AS thresholdType, p.threshold_value AS thresholdValue,
  p.applies_to AS appliesTo, p.market, p.starts_at AS startsAt, p.ends_at AS endsAt, p.usage_limit AS usageLimit,
  p.per_customer_limit AS perCustomerLimit, p.used_count AS usedCount, p.member_only AS memberOnly,
  p.integral_score AS integralScore, p.limit_scene AS limitScene, p.max_discount_cent AS maxDiscountCent,
  p.gift_sku_id AS giftSkuId, p.gift_quantity AS giftQuantity, p.shipping_option AS shippingOption,
  p.first_order_only AS firstOrderOnly`;
/** A promotion row's columns (table alias p), for the back office's queries (admin-repository.ts). */
export const PROMOTION_COLUMNS = COLUMNS;
const WALLET_COLUMNS = `${COLUMNS}, m.id AS memberCouponId, m.status AS couponStatus, m.claimed_via AS claimedVia,
  m.points_spent AS pointsSpent, m.claimed_at AS claimedAt`;
const SCOPE_COLUMNS = 'promotion_id AS promotionId, target_type AS targetType, target_id AS targetId';
const ADD_ON_COLUMNS = `promotion_id AS promotionId, sku_id AS skuId, price_cent AS priceCent,
  percent_off AS percentOff, max_quantity AS maxQuantity`;
const USAGE_COLUMNS = `p.id AS promotionId, p.used_count AS total,
  (SELECT count(*) FROM promotion_usage u WHERE u.promotion_id = p.id AND u.account_id = ?4) AS byCustomer`;
const IN_FORCE = `(p.market IS NULL OR p.market = ?1) AND (p.starts_at IS NULL OR p.starts_at <= ?2)
  AND (p.ends_at IS NULL OR p.ends_at > ?2) AND p.paused = 0`;
const IDS = 'SELECT value FROM json_each(?1)';

/** The rows of a select as one JSON array of objects keyed by its column names ('p.x AS y' is y, 'p.x' is x). */
function jsonRows(columns: string, select: string): string {
  const names = columns.split(/,(?![^(]*\))/).map((column) => {
    const text = column.trim();
    return text.includes(' AS ') ? text.slice(text.lastIndexOf(' AS ') + 4) : text.slice(text.indexOf('.') + 1);
  });
  const fields = names.map((name) => `'${name}', ${name}`).join(', ');
  return `(SELECT json_group_array(json_object(${fields})) FROM (${select}))`;
}

/** The promotion context's rows, from the JSON columns of contextStatement's one row. */
export function contextRowsOf(result: D1Result): {
  autos: PromotionRecord[];
  coded: PromotionRecord[];
  coupons: WalletRecord[];
  scopes: ScopeRecord[];
  addOns: AddOnRecord[];
  usage: UsageRecord[];
  /** Whether the shopper may still have a first-order promotion (unknown guest email: yes). */
  firstOrder: boolean;
} {
  const row = result.results[0] as Record<'autos' | 'coded' | 'coupons' | 'scopes' | 'addOns' | 'usage', string> & {
    firstOrder: number;
  };
  return {
    firstOrder: row.firstOrder === 1,
    autos: JSON.parse(row.autos),
    coded: JSON.parse(row.coded),
    coupons: JSON.parse(row.coupons),
    scopes: JSON.parse(row.scopes),
    addOns: JSON.parse(row.addOns),
    usage: JSON.parse(row.usage),
  };
}

/** The entered codes and chosen coupons as the cart's row holds them (already normalized when stored). */
export interface CodesOfCart {
  cartUuid: string;
}

/**
 * The promotion (?1) when one more use by this customer (account ?2, email ?3) on order ?4 at ?5 is
 * allowed: not ended or paused, not used up overall or by the customer, a first-order one only on the
 * first order, a coupon only while AVAILABLE in the member's wallet.
 */
const USABLE_PROMOTION = `SELECT p.id FROM promotion p WHERE p.id = ?1 AND p.paused = 0
    AND (p.ends_at IS NULL OR p.ends_at > ?5)
    AND (p.usage_limit IS NULL OR p.used_count < p.usage_limit)
    AND (p.per_customer_limit IS NULL OR (SELECT count(*) FROM promotion_usage u WHERE u.promotion_id = p.id
         AND ((?2 IS NOT NULL AND u.account_id = ?2) OR (?3 IS NOT NULL AND u.email = ?3)))
       < p.per_customer_limit)
    AND (p.first_order_only = 0 OR ${firstOrderOpenSql('?2', '?3', '?4')})
    AND (p.source <> 'COUPON' OR EXISTS (SELECT 1 FROM member_coupon m
         WHERE m.account_id = ?2 AND m.promotion_id = p.id AND m.status = 'AVAILABLE'))`;

/** SQLite's message when a guarded usage insert found the promotion used up (see usageStatements). */
const OVERUSED = new RegExp(
  [
    String.raw`NOT NULL constraint failed: promotion_usage\.promotion_id`,
    'CHECK constraint failed: usage_limit IS NULL OR used_count <= usage_limit',
  ].join('|'),
);

/** Whether a failed order batch failed because a promotion was used up meanwhile. */
export function isPromotionOverused(error: unknown): boolean {
  return error instanceof Error && OVERUSED.test(error.message);
}

/** The promotion queries over one D1 database. */
export function promotionRepository(db: D1Database) {
  const all = async <T>(statement: D1PreparedStatement) => (await statement.all<T>()).results;
  return {
    /**
     * The code promotions behind these codes, in every market (case-insensitive), so a foreign
     * code can be named as such.
     */
    byCodes: (codes: readonly string[]) =>
      db
        .prepare(
          `SELECT DISTINCT ${COLUMNS} FROM promotion_code c JOIN promotion p ON p.id = c.promotion_id
           WHERE c.code IN (${IDS}) ORDER BY p.id`,
        )
        .bind(JSON.stringify(codes)),

    /** Promotions by id. */
    byIds: (ids: readonly number[]) =>
      db.prepare(`SELECT ${COLUMNS} FROM promotion p WHERE p.id IN (${IDS}) ORDER BY p.id`).bind(JSON.stringify(ids)),

    /** The member's whole wallet, newest first. */
    memberCoupons: (accountId: number) =>
      all<WalletRecord>(
        db
          .prepare(
            `SELECT ${WALLET_COLUMNS} FROM member_coupon m JOIN promotion p ON p.id = m.promotion_id
             WHERE m.account_id = ? ORDER BY m.claimed_at DESC, m.id DESC`,
          )
          .bind(accountId),
      ),

    /**
     * The automatic, storewide free-shipping promotions in force in a market, lowest threshold first:
     * what the shipping banner promises (automatic ones for everyone: no code, no members-only).
     */
    automaticFreeShipping: (market: string, nowSec: number) =>
      all<PromotionRecord>(
        db
          .prepare(
            `SELECT ${COLUMNS} FROM promotion p WHERE p.source = 'AUTO_DISCOUNT' AND ${IN_FORCE}
             AND p.discount_type = 'FREE_SHIPPING' AND p.applies_to = 'ALL' AND p.member_only = 0
             AND p.first_order_only = 0
             AND (p.usage_limit IS NULL OR p.used_count < p.usage_limit)
             ORDER BY p.threshold_value, p.id`,
          )
          .bind(market, nowSec),
      ),

    /** The first-order promotions a shopper can have in a market now (not coupons; not used up), by id. */
    firstOrderOffers: (market: string, nowSec: number) =>
      all<PromotionRecord>(
        db
          .prepare(
            `SELECT ${COLUMNS} FROM promotion p WHERE p.first_order_only = 1 AND p.source <> 'COUPON' AND ${IN_FORCE}
             AND (p.usage_limit IS NULL OR p.used_count < p.usage_limit) ORDER BY p.id`,
          )
          .bind(market, nowSec),
      ),

    /** Coupons a member can buy with points in a market now (limitScene REDEEM). */
    redeemable: (market: string, nowSec: number) =>
      all<PromotionRecord>(
        db
          .prepare(
            `SELECT ${COLUMNS} FROM promotion p WHERE p.limit_scene = 'REDEEM' AND ${IN_FORCE}
             ORDER BY p.integral_score, p.id`,
          )
          .bind(market, nowSec),
      ),

    /** The items, categories and brands SELECTED promotions cover. */
    scopes: (ids: readonly number[]) =>
      db
        .prepare(
          `SELECT promotion_id AS promotionId, target_type AS targetType, target_id AS targetId
           FROM promotion_scope WHERE promotion_id IN (${IDS})`,
        )
        .bind(JSON.stringify(ids)),

    /** The add-on skus of exchange-purchase promotions. */
    addOns: (ids: readonly number[]) =>
      db
        .prepare(
          `SELECT promotion_id AS promotionId, sku_id AS skuId, price_cent AS priceCent, percent_off AS percentOff,
         max_quantity AS maxQuantity
       FROM promotion_add_on WHERE promotion_id IN (${IDS}) ORDER BY promotion_id, sku_id`,
        )
        .bind(JSON.stringify(ids)),

    /** Uses so far of each promotion, overall and by this member (0 for a guest). */
    usageFor: (ids: readonly number[], accountId: number | null) =>
      db
        .prepare(
          `SELECT p.id AS promotionId, p.used_count AS total,
         (SELECT count(*) FROM promotion_usage u WHERE u.promotion_id = p.id AND u.account_id = ?2) AS byCustomer
       FROM promotion p WHERE p.id IN (${IDS})`,
        )
        .bind(JSON.stringify(ids), accountId),

    /**
     * Everything one cart is priced with, in one statement: the automatic discounts in force, the
     * promotions behind the entered codes, the chosen wallet coupons, and the scopes, add-ons and
     * usage of all of them (selected by the same candidate set inside SQL), each a JSON column, and
     * whether the shopper (the member, or the guest's email when known) may have a first-order one.
     */
    contextStatement(
      market: string,
      nowSec: number,
      codes: readonly string[] | CodesOfCart,
      accountId: number | null,
      couponIds: readonly number[],
      email: string | null = null,
    ) {
      // The codes and coupons are values, or read from the cart's row inside SQL (a cart change's
      // batch, before its row is known).
      const ofCart = !Array.isArray(codes);
      const [codesJson, couponsJson] = ofCart
        ? ['(SELECT promotion_codes FROM cart WHERE uuid = ?3)', '(SELECT coupon_ids FROM cart WHERE uuid = ?5)']
        : ['?3', '?5'];
      const enteredCodes = `SELECT value FROM json_each(${codesJson})`;
      const chosenCoupons = `SELECT value FROM json_each(${couponsJson})`;
      const candidates = `SELECT p.id FROM promotion p WHERE p.source = 'AUTO_DISCOUNT' AND ${IN_FORCE}
        UNION SELECT c.promotion_id FROM promotion_code c WHERE c.code IN (${enteredCodes})
        UNION SELECT m.promotion_id FROM member_coupon m
          WHERE m.account_id = ?4 AND m.promotion_id IN (${chosenCoupons})`;
      const autos = `SELECT ${COLUMNS} FROM promotion p WHERE p.source = 'AUTO_DISCOUNT' AND ${IN_FORCE} ORDER BY p.id`;
      // A paused promotion's code is not valid (the cart says so) and its coupon is left out until resumed.
      const coded = `SELECT DISTINCT ${COLUMNS} FROM promotion_code c JOIN promotion p ON p.id = c.promotion_id
        WHERE c.code IN (${enteredCodes}) AND p.paused = 0 ORDER BY p.id`;
      const coupons = `SELECT ${WALLET_COLUMNS} FROM member_coupon m JOIN promotion p ON p.id = m.promotion_id
        WHERE m.account_id = ?4 AND m.promotion_id IN (${chosenCoupons}) AND p.paused = 0 ORDER BY p.id`;
      const scopes = `SELECT ${SCOPE_COLUMNS} FROM promotion_scope WHERE promotion_id IN (${candidates})`;
      const addOns = `SELECT ${ADD_ON_COLUMNS} FROM promotion_add_on WHERE promotion_id IN (${candidates})
        ORDER BY promotion_id, sku_id`;
      const usage = `SELECT ${USAGE_COLUMNS} FROM promotion p WHERE p.id IN (${candidates})`;
      const statement = db.prepare(`SELECT
        ${jsonRows(COLUMNS, autos)} AS autos,
        ${jsonRows(COLUMNS, coded)} AS coded,
        ${jsonRows(WALLET_COLUMNS, coupons)} AS coupons,
        ${jsonRows(SCOPE_COLUMNS, scopes)} AS scopes,
        ${jsonRows(ADD_ON_COLUMNS, addOns)} AS addOns,
        ${jsonRows(USAGE_COLUMNS, usage)} AS usage,
        ${firstOrderOpenSql('?4', '?6', 'NULL')} AS firstOrder`);
      return ofCart
        ? statement.bind(
            market,
            nowSec,
            (codes as CodesOfCart).cartUuid,
            accountId ?? 0,
            (codes as CodesOfCart).cartUuid,
            email,
          )
        : statement.bind(market, nowSec, JSON.stringify(codes), accountId ?? 0, JSON.stringify(couponIds), email);
    },

    /** Runs read statements in one round trip. */
    async read<T extends unknown[]>(statements: D1PreparedStatement[]): Promise<T> {
      if (statements.length === 0) return [] as unknown as T;
      const results = await db.batch(statements);
      return results.map((result) => result.results) as T;
    },

    /**
     * The statements that record one use, for the order step's batch. The usage insert takes its
     * promotion id from a guarded select: if the promotion has ended or is paused, is used up overall or by this
     * customer (account or email), is a first-order one and this is not the shopper's first order
     * (another order of theirs, placed alongside, counts), or is a coupon not AVAILABLE in the wallet,
     * the id is null, the insert fails its NOT NULL and the whole batch rolls back (isPromotionOverused
     * tells). The used_count CHECK is a second guard. A first-order one marks the member's account.
     */
    usageStatements(entry: UsageEntry): D1PreparedStatement[] {
      const { promotionId, accountId, email, orderId, nowSec } = entry;
      return [
        db
          .prepare(
            `INSERT INTO promotion_usage (promotion_id, account_id, email, order_id, used_at)
             VALUES ((${USABLE_PROMOTION}), ?2, ?3, ?4, ?5)`,
          )
          .bind(promotionId, accountId, email, orderId, nowSec),
        db.prepare('UPDATE promotion SET used_count = used_count + 1 WHERE id = ?').bind(promotionId),
        db
          .prepare(
            `UPDATE member_coupon SET status = 'USED', used_at = ?3, order_id = ?4
             WHERE account_id = ?1 AND promotion_id = ?2 AND status = 'AVAILABLE'`,
          )
          .bind(accountId, promotionId, nowSec, orderId),
        markFirstOrderStatement(db, promotionId, accountId),
      ];
    },

    /** Whether one more use as `entry` would be allowed now (usageStatements' guard, read on its own). */
    async usable(entry: UsageEntry): Promise<boolean> {
      const { promotionId, accountId, email, orderId, nowSec } = entry;
      const row = await db.prepare(USABLE_PROMOTION).bind(promotionId, accountId, email, orderId, nowSec).first();
      return row !== null;
    },

    /**
     * The undo of usageStatements for a cancelled order: counts back, coupons back in the wallet, a
     * first-order discount back to the member.
     */
    releaseStatements: (orderId: string): D1PreparedStatement[] => [
      releaseFirstOrderStatement(db, orderId),
      db
        .prepare(
          `UPDATE promotion SET used_count = used_count - 1
           WHERE id IN (SELECT promotion_id FROM promotion_usage WHERE order_id = ?)`,
        )
        .bind(orderId),
      db
        .prepare(
          `UPDATE member_coupon SET status = 'AVAILABLE', used_at = NULL, order_id = NULL
           WHERE order_id = ? AND status = 'USED'`,
        )
        .bind(orderId),
      db.prepare('DELETE FROM promotion_usage WHERE order_id = ?').bind(orderId),
    ],
  };
}
