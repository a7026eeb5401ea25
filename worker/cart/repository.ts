import { type UnitOfWork, unitOfWork } from '../platform/unit-of-work.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../shared/cart.ts';
import { currencyByMarketSql, statusByMarketSql } from '../../shared/market-columns.ts';
import type { MarketId } from '../../shared/markets.ts';
import type { BeforeChange, CartLineRecord, CartRecord, SkuFacts } from './records.ts';

/** Cart queries (§3 Cart): carts, their lines and the catalog facts a line is priced with. */

export interface BundleSkuRow {
  bundleId: number;
  skuId: number;
  discountPercent: number;
  active: number;
}

/** A cart about to be created. */
export interface NewCart {
  uuid: string;
  tokenHash: string;
  accountId: number | null;
  kind: 'CART' | 'BUY_NOW';
}

type RawCart = Omit<CartRecord, 'promotionCodes' | 'couponIds'> & { promotionCodes: string; couponIds: string };

const CART_COLUMNS = `uuid, token_hash AS tokenHash, account_id AS accountId, promotion_codes AS promotionCodes,
  coupon_ids AS couponIds, kind, points_locked AS pointsLocked`;
const LINE_COLUMNS = `sku_id AS skuId, item_type AS itemType, bundle_id AS bundleId, item_count AS itemCount,
  attribute_value_id AS attributeValueId, campaign_id AS campaignId, added_at AS addedAt`;

const readCart = (row: RawCart | null): CartRecord | null =>
  row && { ...row, promotionCodes: JSON.parse(row.promotionCodes), couponIds: JSON.parse(row.couponIds) };

const factsMap = (rows: SkuFacts[]) => new Map(rows.map((row) => [row.skuId, row]));

/**
 * What the catalog says about the SKUs `source` selects (its parameters bound as ?1, ?3, ...),
 * priced in the market (?2).
 */
function factsStatement(db: D1Database, market: MarketId, source: string, param: string, ...more: string[]) {
  return db
    .prepare(
      `SELECT s.id AS skuId, s.item_id AS itemId, i.title, s.part_number AS partNumber,
       ${statusByMarketSql('?2', 'i')} AS status, s.available_total AS availableTotal,
       p.discount_price AS discountPrice, p.original_price AS originalPrice, p.core_charge AS coreCharge,
       (SELECT url FROM item_image m WHERE m.item_id = i.id ORDER BY m.is_main DESC, m.idx LIMIT 1) AS imageUrl,
       o.url_handle AS urlHandle, o.id AS seoId, i.brand_id AS brandId, i.back_category_id AS backCategoryId,
       c1.parent_id AS parentCategoryId, c2.parent_id AS grandCategoryId, i.non_vehicle AS nonVehicle,
       i.emissions_kind AS emissionsKind, i.emissions_status AS emissionsStatus, i.carb_eo AS carbEo,
       i.prop65_kind AS prop65Kind, i.prop65_chemicals AS prop65Chemicals,
       i.hazmat_class AS hazmatClass, i.size_class AS sizeClass
     FROM sku s JOIN item i ON i.id = s.item_id
       LEFT JOIN category c1 ON c1.id = i.back_category_id LEFT JOIN category c2 ON c2.id = c1.parent_id
       LEFT JOIN sku_price p ON p.sku_id = s.id AND p.currency = ${currencyByMarketSql('?2')}
       LEFT JOIN seo o ON o.id = (SELECT id FROM seo WHERE type = 'ITEM' AND target_id = i.id AND active = 1
         ORDER BY is_primary DESC, id LIMIT 1)
     WHERE s.id IN (${source})`,
    )
    .bind(param, market, ...more);
}

export function cartRepository(db: D1Database) {
  return {
    async byUuid(uuid: string): Promise<CartRecord | null> {
      return readCart(await this.byUuidStatement(uuid).first<RawCart>());
    },

    /** The cart by id as a statement, so a batch can read it alongside what a change needs. */
    byUuidStatement(uuid: string) {
      return db.prepare(`SELECT ${CART_COLUMNS} FROM cart WHERE uuid = ?`).bind(uuid);
    },

    /** The cart of a byUuidStatement's result. */
    cartOf(result: D1Result): CartRecord | null {
      return readCart((result.results[0] as RawCart | undefined) ?? null);
    },

    async byAccount(accountId: number): Promise<CartRecord | null> {
      return readCart(
        await db
          .prepare(`SELECT ${CART_COLUMNS} FROM cart WHERE account_id = ? AND kind = 'CART'`)
          .bind(accountId)
          .first<RawCart>(),
      );
    },

    /** Creates a cart; a member's second CART is refused by the unique index, so the caller re-reads. */
    async create(cart: NewCart, now: number): Promise<boolean> {
      return (await this.createStatement(cart, now).run()).meta.changes === 1;
    },

    createStatement(cart: NewCart, now: number) {
      return db
        .prepare(
          `INSERT INTO cart (uuid, token_hash, account_id, kind, created_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?5) ON CONFLICT DO NOTHING`,
        )
        .bind(cart.uuid, cart.tokenHash, cart.accountId, cart.kind, now);
    },

    async lines(uuid: string): Promise<CartLineRecord[]> {
      return (await this.linesStatement(uuid).all<CartLineRecord>()).results;
    },

    /** The lines as a statement, so a write batch can end with them and save a round trip. */
    linesStatement(uuid: string) {
      return db
        .prepare(`SELECT ${LINE_COLUMNS} FROM cart_item WHERE cart_uuid = ? ORDER BY added_at, sku_id`)
        .bind(uuid);
    },

    /**
     * Runs a cart's writes and reads its lines, and their SKUs' facts in the market, back in the
     * same unit of work; reads that do not depend on the change (the cart's promotions) ride `alongside`.
     */
    async write(
      uuid: string,
      statements: D1PreparedStatement[],
      now: number,
      market: MarketId,
      alongside?: (work: UnitOfWork) => void,
    ): Promise<{ changed: boolean[]; lines: CartLineRecord[]; facts: Map<number, SkuFacts> }> {
      const work = unitOfWork(db);
      const changed = statements.map((statement) => work.along(statement, (result) => result.meta.changes > 0));
      work.add(this.touchStatement(uuid, now));
      const lines = work.along(this.linesStatement(uuid), (result) => result.results as CartLineRecord[]);
      const facts = work.along(this.cartFactsStatement(uuid, market), (result) =>
        factsMap(result.results as SkuFacts[]),
      );
      alongside?.(work);
      await work.run();
      return { changed: changed.map((one) => one()), lines: lines(), facts: facts() };
    },

    /**
     * Adds to a line, or starts it while the cart has room: one statement, so two tabs adding
     * the same part at once both count, and the quantity stays within the line limit.
     */
    addStatement(uuid: string, line: Omit<CartLineRecord, 'addedAt'>, now: number) {
      return db
        .prepare(
          `INSERT INTO cart_item
           (cart_uuid, sku_id, item_type, bundle_id, item_count, attribute_value_id, campaign_id, added_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8
         WHERE (SELECT count(*) FROM cart_item WHERE cart_uuid = ?1) < ${MAX_CART_LINES}
            OR EXISTS (SELECT 1 FROM cart_item
              WHERE cart_uuid = ?1 AND sku_id = ?2 AND item_type = ?3 AND bundle_id = ?4)
         ON CONFLICT (cart_uuid, sku_id, item_type, bundle_id) DO UPDATE SET
           item_count = min(${MAX_LINE_QUANTITY}, item_count + excluded.item_count),
           attribute_value_id = coalesce(excluded.attribute_value_id, attribute_value_id)`,
        )
        .bind(
          uuid,
          line.skuId,
          line.itemType,
          line.bundleId,
          line.itemCount,
          line.attributeValueId,
          line.campaignId,
          now,
        );
    },

    /** Sets a line's quantity; a line that is not there stays absent. */
    setCountStatement(uuid: string, key: { skuId: number; itemType: string; bundleId: string }, count: number) {
      return db
        .prepare(
          `UPDATE cart_item SET item_count = ?5
           WHERE cart_uuid = ?1 AND sku_id = ?2 AND item_type = ?3 AND bundle_id = ?4`,
        )
        .bind(uuid, key.skuId, key.itemType, key.bundleId, count);
    },

    deleteLineStatement(uuid: string, key: { skuId: number; itemType: string; bundleId: string }) {
      return db
        .prepare(`DELETE FROM cart_item WHERE cart_uuid = ?1 AND sku_id = ?2 AND item_type = ?3 AND bundle_id = ?4`)
        .bind(uuid, key.skuId, key.itemType, key.bundleId);
    },

    touchStatement(uuid: string, now: number) {
      return db.prepare(`UPDATE cart SET updated_at = ? WHERE uuid = ?`).bind(now, uuid);
    },

    async lockPoints(uuid: string, points: number, now: number): Promise<void> {
      await db
        .prepare(`UPDATE cart SET points_locked = ?, updated_at = ? WHERE uuid = ?`)
        .bind(points, now, uuid)
        .run();
    },

    async setPromotions(uuid: string, codes: string[], couponIds: number[], now: number): Promise<void> {
      await db
        .prepare(`UPDATE cart SET promotion_codes = ?, coupon_ids = ?, updated_at = ? WHERE uuid = ?`)
        .bind(JSON.stringify(codes), JSON.stringify(couponIds), now, uuid)
        .run();
    },

    /** Makes a visitor's cart the member's (they had none). */
    async adopt(uuid: string, accountId: number, now: number): Promise<boolean> {
      const result = await db
        .prepare(`UPDATE cart SET account_id = ?, updated_at = ? WHERE uuid = ? AND account_id IS NULL`)
        .bind(accountId, now, uuid)
        .run();
      return result.meta.changes === 1;
    },

    /**
     * Moves a visitor's lines into the member's cart (quantities add up, capped) and drops the
     * visitor's cart, atomically.
     */
    async merge(fromUuid: string, intoUuid: string, now: number): Promise<void> {
      await db.batch([
        db
          .prepare(
            `INSERT INTO cart_item
             (cart_uuid, sku_id, item_type, bundle_id, item_count, attribute_value_id, campaign_id, added_at)
           SELECT ?2, sku_id, item_type, bundle_id, item_count, attribute_value_id, campaign_id, ?3
           FROM cart_item WHERE cart_uuid = ?1 AND true
           ON CONFLICT (cart_uuid, sku_id, item_type, bundle_id) DO UPDATE SET
             item_count = min(${MAX_LINE_QUANTITY}, item_count + excluded.item_count)`,
          )
          .bind(fromUuid, intoUuid, now),
        db
          .prepare(`UPDATE cart SET promotion_codes = (SELECT json_group_array(DISTINCT value) FROM (
             SELECT value FROM json_each((SELECT promotion_codes FROM cart WHERE uuid = ?2))
             UNION SELECT value FROM json_each((SELECT promotion_codes FROM cart WHERE uuid = ?1)))),
             updated_at = ?3 WHERE uuid = ?2`)
          .bind(fromUuid, intoUuid, now),
        db.prepare(`DELETE FROM cart_item WHERE cart_uuid = ?`).bind(fromUuid),
        db.prepare(`DELETE FROM cart WHERE uuid = ?`).bind(fromUuid),
      ]);
    },

    /** The catalog facts of SKUs in one market, in one statement. */
    async skuFacts(skuIds: readonly number[], market: MarketId): Promise<Map<number, SkuFacts>> {
      if (skuIds.length === 0) return new Map();
      return factsMap(
        (await factsStatement(db, market, 'SELECT value FROM json_each(?1)', JSON.stringify(skuIds)).all<SkuFacts>())
          .results,
      );
    },

    /** The facts of the SKUs a change names and the cart's lines, in one round trip. */
    async beforeChange(uuid: string, skuIds: readonly number[], market: MarketId): Promise<BeforeChange> {
      return this.readBeforeChange(await db.batch(this.beforeChangeStatements(uuid, skuIds, market)));
    },

    /** beforeChange as statements, so the cart lookup can share their batch. */
    beforeChangeStatements(uuid: string, skuIds: readonly number[], market: MarketId) {
      return [
        factsStatement(db, market, 'SELECT value FROM json_each(?1)', JSON.stringify(skuIds)),
        this.linesStatement(uuid),
      ];
    },

    /** beforeChange read along in a caller's unit of work (the cart lookup's). */
    beforeChangeAlong(work: UnitOfWork, uuid: string, skuIds: readonly number[], market: MarketId) {
      const [facts, lines] = this.beforeChangeStatements(uuid, skuIds, market).map((statement) =>
        work.along(statement, (result) => result),
      );
      return (): BeforeChange => this.readBeforeChange([facts!(), lines!()]);
    },

    /**
     * beforeChangeStatements for an add that reads the cart again after its writes in the same
     * batch: the facts cover the cart's SKUs too, so the lines after the add (the lines before
     * and the parts added) all have theirs without a second facts read.
     */
    beforeAddStatements(uuid: string, skuIds: readonly number[], market: MarketId) {
      return [
        factsStatement(
          db,
          market,
          'SELECT value FROM json_each(?1) UNION SELECT sku_id FROM cart_item WHERE cart_uuid = ?3',
          JSON.stringify(skuIds),
          uuid,
        ),
        this.linesStatement(uuid),
      ];
    },

    readBeforeChange([facts, lines]: readonly D1Result[]): BeforeChange {
      return { facts: factsMap(facts!.results as SkuFacts[]), lines: lines!.results as CartLineRecord[] };
    },

    /** The facts of every SKU in a cart, as a statement a write batch can end with. */
    cartFactsStatement(uuid: string, market: MarketId) {
      return factsStatement(db, market, 'SELECT sku_id FROM cart_item WHERE cart_uuid = ?1', uuid);
    },

    /** Which bundles contain which SKUs, for the bundle lines asked about. */
    async bundleSkus(bundleIds: readonly number[]): Promise<BundleSkuRow[]> {
      if (bundleIds.length === 0) return [];
      return (await this.bundleSkusStatement(bundleIds).all<BundleSkuRow>()).results;
    },

    bundleSkusStatement(bundleIds: readonly number[]) {
      return db
        .prepare(
          `SELECT bi.bundle_id AS bundleId, bi.sku_id AS skuId, b.discount_percent AS discountPercent, b.active
         FROM bundle_item bi JOIN bundle b ON b.id = bi.bundle_id
         WHERE bi.bundle_id IN (SELECT value FROM json_each(?))`,
        )
        .bind(JSON.stringify(bundleIds));
    },
  };
}
