import { BUYABLE_STATUSES, HIDDEN_STATUSES, LISTED_STATUSES, sqlList } from '../../shared/item-status.ts';
import { minPriceColumn, statusColumn } from '../../shared/market-columns.ts';
import { currencyOf, type MarketId } from '../../shared/markets.ts';
import type { CardRecord } from './records.ts';

/**
 * Browsing reads (§7 Search and items): brands, collections, filters, bundles, SEO, selling attributes, product cards.
 * SQL only.
 */

export interface BrandRow {
  id: number;
  name: string;
  logoUrl: string | null;
  abbreviation: string | null;
  active: number;
  brandLogoUrl: string | null;
  shopId: number;
  showOnBrandAggPage: number;
  showOnHomePage: number;
  sortOnHomePage: number | null;
  landingPageUrl: string | null;
  selfBrand: number;
}

export interface CollectionRow {
  id: number;
  parentId: number | null;
  name: string;
  handle: string;
  urlHandle: string;
  description: string | null;
  imageUrl: string | null;
  sort: number;
  /** Items of the collection sold in the market. */
  itemCount: number;
}

/** The filters a filter panel counts price bands under; every value already validated. */

export interface SeoRow {
  id: number;
  targetId: number;
  type: string;
  urlHandle: string;
  title: string | null;
  description: string | null;
  isPrimary: number;
  active: number;
  displacements: string | null;
}

/** The market's status and lowest-price columns of the item aliased `i`. */
export const itemStatus = (market: MarketId) => `i.${statusColumn(market)}`;
export const itemPrice = (market: MarketId) => `i.${minPriceColumn(market)}`;
const SELLING = sqlList(BUYABLE_STATUSES);
const LISTED = sqlList(LISTED_STATUSES);
export const HIDDEN = sqlList(HIDDEN_STATUSES);
/** SQL for the active handle (primary first) and the main image of the item aliased `i`. */
export const HANDLE_OF_ITEM = `(SELECT url_handle FROM seo s WHERE s.type = 'ITEM' AND s.target_id = i.id
  AND s.active = 1 ORDER BY s.is_primary DESC, s.id LIMIT 1)`;
export const IMAGE_OF_ITEM = `(SELECT url FROM item_image m WHERE m.item_id = i.id AND m.media_type = 'IMAGE'
  ORDER BY m.is_main DESC, m.idx LIMIT 1)`;
/** A sku's custom label/value pairs, when the column holds a JSON array of them. */
const SKU_CUSTOMS = `json_each(CASE WHEN json_valid(s.sku_customs)
  AND json_type(s.sku_customs) = 'array' THEN s.sku_customs ELSE '[]' END)`;

/** Numbered parameters for one statement. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `?${this.values.length}`;
  }
}

/** The CTEs and query that pick a card list's items as (id, score), best first; see cardStatement. */
export interface Pick {
  ctes?: string[];
  sql: string;
}

export function browseRepository(db: D1Database) {
  /**
   * Product cards in one statement: `pick` chooses the ids (and a score) from few rows, and only
   * those are dressed with handle, image, part number and price, so nothing is computed for the
   * rows left out. With a vehicle, parts that neither fit nor are universal are left out.
   */
  function cardStatement(
    market: MarketId,
    vehicle: number[] | null,
    pick: (p: Params, fitFilter: string) => Pick,
  ): D1PreparedStatement {
    const p = new Params();
    const currency = p.add(currencyOf(market));
    const fitting = vehicle
      ? `i.id IN (SELECT item_id FROM fitment WHERE node_id IN (SELECT value
        FROM json_each(${p.add(JSON.stringify(vehicle))})))`
      : null;
    const fitFilter = fitting ? ` AND (i.non_vehicle = 1 OR i.vehicle_universal = 1 OR ${fitting})` : '';
    const fits = fitting
      ? `CASE WHEN i.non_vehicle = 1 THEN NULL WHEN i.vehicle_universal = 1 OR ${fitting} THEN 1 ELSE 0 END`
      : 'NULL';
    const { ctes = [], sql } = pick(p, fitFilter);
    return db
      .prepare(
        `WITH ${[...ctes, `picked AS (${sql})`].join(', ')}
       SELECT i.id AS itemId, i.title, b.name AS brandName, ${itemPrice(market)} AS discountPrice,
         ${itemStatus(market)} AS status,
         i.review_rating AS reviewRating, i.review_count AS reviewCount, i.vehicle_universal AS vehicleUniversal,
           i.non_vehicle AS nonVehicle,
         ${fits} AS fits, ${HANDLE_OF_ITEM} AS urlHandle, ${IMAGE_OF_ITEM} AS imageUrl,
         (SELECT s.part_number FROM sku s WHERE s.item_id = i.id ORDER BY s.sort, s.id LIMIT 1) AS partNumber,
         (SELECT p.original_price FROM sku s JOIN sku_price p ON p.sku_id = s.id AND p.currency = ${currency}
           WHERE s.item_id = i.id ORDER BY p.discount_price, s.sort LIMIT 1) AS originalPrice
       FROM picked JOIN item i ON i.id = picked.id LEFT JOIN brand b ON b.id = i.brand_id
       ORDER BY picked.score DESC, i.sales DESC, i.id`,
      )
      .bind(...p.values);
  }
  const cards = async (statement: D1PreparedStatement) => (await statement.all<CardRecord>()).results;

  return {
    /** The shop's brands (§3 Brand), by name. */
    async brands(shopId: number): Promise<BrandRow[]> {
      return (
        await db
          .prepare(
            `SELECT id, name, logo_url AS logoUrl, abbreviation, active, brand_logo_url AS brandLogoUrl,
              shop_id AS shopId,
           show_on_brand_agg_page AS showOnBrandAggPage, show_on_home_page AS showOnHomePage,
             sort_on_home_page AS sortOnHomePage,
           landing_page_url AS landingPageUrl, self_brand AS selfBrand
         FROM brand WHERE shop_id = ? ORDER BY name`,
          )
          .bind(shopId)
          .all<BrandRow>()
      ).results;
    },

    /** Every collection in display order, with its handle and how many of its items the market sells. */
    async collections(market: MarketId): Promise<CollectionRow[]> {
      return (
        await db
          .prepare(
            `SELECT c.id, c.parent_id AS parentId, c.name, c.handle, c.description, c.image_url AS imageUrl, c.sort,
           coalesce((SELECT s.url_handle FROM seo s WHERE s.type = 'COLLECTION' AND s.target_id = c.id AND s.active = 1
             ORDER BY s.is_primary DESC, s.id LIMIT 1), c.handle) AS urlHandle,
           (SELECT count(*) FROM collection_item ci JOIN item i ON i.id = ci.item_id WHERE ci.collection_id = c.id
             AND ${itemStatus(market)} IN ${SELLING}) AS itemCount
         FROM collection c ORDER BY c.sort, c.id`,
          )
          .all<CollectionRow>()
      ).results;
    },

    /**
     * What the market sells in a back category (and its children), in one round trip: the
     * category, brand counts, the price range and item count, and custom label/value counts
     * (item specs, SKU customs and colours).
     */
    async backCategoryFacets(categoryId: number, market: MarketId) {
      const scope = `i.back_category_id IN (SELECT id FROM category WHERE kind = 'BACK' AND (id = ?1 OR parent_id = ?1))
        AND ${itemStatus(market)} IN ${SELLING}`;
      const [category, brands, range, customs] = await db.batch([
        db.prepare("SELECT id, name FROM category WHERE id = ?1 AND kind = 'BACK'").bind(categoryId),
        db
          .prepare(
            `SELECT b.id, b.name, count(*) AS count FROM item i JOIN brand b ON b.id = i.brand_id WHERE ${scope}
              GROUP BY b.id ORDER BY count DESC, b.name`,
          )
          .bind(categoryId),
        db
          .prepare(
            `SELECT count(*) AS items, min(${itemPrice(market)}) AS min, max(${itemPrice(market)}) AS max FROM item i
              WHERE ${scope}`,
          )
          .bind(categoryId),
        db
          .prepare(
            `WITH scoped(id) AS (SELECT i.id FROM item i WHERE ${scope})
           SELECT label, value, count(DISTINCT itemId) AS count FROM (
             SELECT c.item_id AS itemId, c.label, c.value FROM item_customs c WHERE c.item_id IN scoped
             UNION ALL SELECT s.item_id, CAST(json_extract(e.value, '$.label') AS TEXT), CAST(json_extract(e.value,
               '$.value') AS TEXT) FROM sku s, ${SKU_CUSTOMS} e WHERE s.item_id IN scoped
             UNION ALL SELECT s.item_id, 'Color', s.color FROM sku s WHERE s.color IS NOT NULL AND s.item_id IN scoped)
           WHERE label IS NOT NULL AND value IS NOT NULL GROUP BY label, value ORDER BY label, count DESC, value`,
          )
          .bind(categoryId),
      ]);
      return {
        category: (category!.results[0] as { id: number; name: string } | undefined) ?? null,
        brands: brands!.results as { id: number; name: string; count: number }[],
        range: range!.results[0] as { items: number; min: number | null; max: number | null },
        customs: customs!.results as { label: string; value: string; count: number }[],
      };
    },

    /** Status, and each SKU's price and stock, of the given items in the market; unknown items are left out. */
    async frequentlyUpdated(ids: readonly number[], market: MarketId) {
      const status = itemStatus(market);
      return (
        await db
          .prepare(
            `SELECT i.id AS itemId, ${status} AS status, s.id AS skuId, s.available_total AS availableTotal,
              p.discount_price AS discountPrice, p.original_price AS originalPrice
         FROM json_each(?1) j JOIN item i ON i.id = j.value LEFT JOIN sku s ON s.item_id = i.id LEFT
           JOIN sku_price p ON p.sku_id = s.id AND p.currency = ?2
         ORDER BY j.key, s.sort, s.id`,
          )
          .bind(JSON.stringify(ids), currencyOf(market))
          .all<{
            itemId: number;
            status: string;
            skuId: number | null;
            availableTotal: number | null;
            discountPrice: number | null;
            originalPrice: number | null;
          }>()
      ).results;
    },

    /**
     * Cards of the given items in the given order (sold-out ones too); unknown, unlisted or withdrawn items are left
     * out.
     */
    cardsByIds(ids: readonly number[], market: MarketId, vehicle: number[] | null = null): Promise<CardRecord[]> {
      return cards(
        cardStatement(market, vehicle, (p, fitFilter) => ({
          sql: `SELECT i.id, -j.key AS score FROM json_each(${p.add(JSON.stringify(ids))}) j
            JOIN item i ON i.id = j.value
              WHERE ${itemStatus(market)} IN ${LISTED}${fitFilter}`,
        })),
      );
    },

    /** The best sellers the market sells. */
    bestSellers(market: MarketId, vehicle: number[] | null, limit: number): Promise<CardRecord[]> {
      return cards(
        cardStatement(market, vehicle, (p, fitFilter) => ({
          sql: `SELECT i.id, 0 AS score FROM item i WHERE ${itemStatus(market)} IN ${SELLING}${fitFilter}
            ORDER BY i.sales DESC, i.id LIMIT ${p.add(limit)}`,
        })),
      );
    },

    /** Parts like one item: its category first, then its brand, best sellers first within each. */
    relatedTo(itemId: number, market: MarketId, vehicle: number[] | null, limit: number): Promise<CardRecord[]> {
      return cards(
        cardStatement(market, vehicle, (p, fitFilter) => ({
          sql: `SELECT i.id, (i.back_category_id = t.back_category_id) * 2 + (i.brand_id IS t.brand_id) AS score
              FROM item t JOIN item i ON (i.back_category_id = t.back_category_id OR i.brand_id = t.brand_id)
                AND i.id <> t.id
              WHERE t.id = ${p.add(itemId)} AND ${itemStatus(market)} IN ${SELLING}${fitFilter}
              ORDER BY score DESC, i.sales DESC, i.id LIMIT ${p.add(limit)}`,
        })),
      );
    },

    /**
     * Parts that go with the given ones: those sold with them in an active bundle first, then other parts of their
     * category families.
     */
    complementsOf(
      itemIds: readonly number[],
      market: MarketId,
      vehicle: number[] | null,
      limit: number,
    ): Promise<CardRecord[]> {
      return cards(
        cardStatement(market, vehicle, (p, fitFilter) => ({
          ctes: [
            `given(id) AS (SELECT value FROM json_each(${p.add(JSON.stringify(itemIds))}))`,
            `partners(id) AS (SELECT DISTINCT s2.item_id FROM sku s1 JOIN bundle_item b1 ON b1.sku_id = s1.id
              JOIN bundle bu ON bu.id = b1.bundle_id AND bu.active = 1
             JOIN bundle_item b2 ON b2.bundle_id = b1.bundle_id JOIN sku s2 ON s2.id = b2.sku_id
               WHERE s1.item_id IN given)`,
            `family(id) AS (SELECT c.id FROM category c WHERE c.kind = 'BACK' AND c.parent_id IN (SELECT p.parent_id
              FROM item g JOIN category p ON p.id = g.back_category_id WHERE g.id IN given)
             AND c.id NOT IN (SELECT back_category_id FROM item WHERE id IN given))`,
          ],
          sql: `SELECT i.id, i.id IN partners AS score FROM item i
              WHERE (i.id IN partners OR i.back_category_id IN family) AND i.id NOT IN given
                AND ${itemStatus(market)} IN ${SELLING}${fitFilter}
              ORDER BY score DESC, i.sales DESC, i.id LIMIT ${p.add(limit)}`,
        })),
      );
    },

    /**
     * A target's SEO record (its primary handle first) and the target's own name, description and handle; null target
     * when unknown.
     */
    async seoOf(type: 'ITEM' | 'COLLECTION', targetId: number) {
      const target =
        type === 'ITEM'
          ? `SELECT title AS name, sub_title AS description, NULL AS handle FROM item WHERE id = ?1 AND status NOT ` +
            `IN ${HIDDEN}`
          : 'SELECT name, description, handle FROM collection WHERE id = ?1';
      const [seo, own] = await db.batch([
        db
          .prepare(`SELECT id, target_id AS targetId, type, url_handle AS urlHandle, title, description,
            is_primary AS isPrimary, active, displacements
                    FROM seo WHERE type = ?2 AND target_id = ?1 ORDER BY is_primary DESC, active DESC, id LIMIT 1`)
          .bind(targetId, type),
        db.prepare(target).bind(targetId),
      ]);
      return {
        seo: (seo!.results[0] as SeoRow | undefined) ?? null,
        target:
          (own!.results[0] as { name: string; description: string | null; handle: string | null } | undefined) ?? null,
      };
    },
  };
}
