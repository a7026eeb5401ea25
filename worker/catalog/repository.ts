import { currencyOf, type MarketId } from '../../shared/markets.ts';
import type { ItemRecord, SkuRecord } from './records.ts';

/** Catalog queries for items, SKUs, media and fitment. The only place with their SQL. */

export interface ItemPageRow extends ItemRecord {
  urlHandle: string;
  handleIsPrimary: number;
  handleActive: number;
  primaryHandle: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  images: {
    index: number;
    isMain: boolean;
    mediaType: string;
    url: string;
    title: string | null;
    description: string | null;
  }[];
  customs: { label: string; value: string }[];
}

export interface FitmentRow {
  itemId: number;
  nodeId: number;
  nodeLevel: number;
  modelNodeId: number;
  subModel: string | null;
  engineType: string | null;
  location: string | null;
  note: string | null;
  quantity: number;
}

export interface ItemFitmentFacts {
  itemId: number;
  vehicleUniversal: number;
  nonVehicle: number;
  /** How many applications the item has in all. */
  applications: number;
}

/**
 * What only the product page shows of an item: §3 inKind, location and its videos (additionalVideos,
 * additionalVideoCoverUrl).
 */
export interface ItemMediaRow {
  inKind: string | null;
  location: string | null;
  additionalVideoCoverUrl: string | null;
  additionalVideos: { index: number; url: string; coverUrl: string | null; title: string | null }[];
}

/** A published review as the product page shows it. */
export interface ReviewRow {
  id: number;
  rating: number;
  title: string;
  content: string;
  name: string;
  vehicle: string | null;
  verifiedPurchase: number;
  createdAt: number;
}

/** One row of the §3 fitment table: the vehicle and the application's qualifiers. */
export interface FitmentTableRow {
  year: number;
  make: string;
  model: string;
  subModel: string | null;
  series: string | null;
  engine: string | null;
  engineCode: string | null;
  engineType: string | null;
  bodyStyle: string | null;
  location: string | null;
  note: string | null;
  quantity: number;
}

const ITEM_COLUMNS = `i.id, i.title, i.sub_title AS subTitle, i.detail_content AS detailContent, i.installation,
  i.warranty, i.country,
  i.quantity, i.vehicle_universal AS vehicleUniversal, i.non_vehicle AS nonVehicle, i.alt,
    i.special_note AS specialNote,
  i.item_condition AS itemCondition, i.status, i.us_status AS usStatus, i.ca_status AS caStatus,
    i.back_category_id AS backCategoryId,
  i.brand_id AS brandId, b.name AS brandName, i.review_rating AS reviewRating, i.review_count AS reviewCount, i.sales,
  i.emissions_kind AS emissionsKind, i.emissions_status AS emissionsStatus, i.carb_eo AS carbEo,
  i.prop65_kind AS prop65Kind, i.prop65_chemicals AS prop65Chemicals,
  i.hazmat_class AS hazmatClass, i.size_class AS sizeClass`;

const FITMENT_COLUMNS = `item_id AS itemId, node_id AS nodeId, node_level AS nodeLevel, model_node_id AS modelNodeId,
  sub_model AS subModel,
  engine_type AS engineType, location, note, quantity`;

/** Where item ids come from in a statement whose ?1 is a JSON id list, or an SEO handle. */
const BY_IDS = 'SELECT value FROM json_each(?1)';
const BY_HANDLE = "SELECT target_id FROM seo WHERE url_handle = ?1 AND type = 'ITEM'";

/** Ids go in as one JSON parameter: D1 allows only 100 bound parameters a statement. */
const idList = (ids: readonly number[]) => JSON.stringify(ids.filter((id) => Number.isSafeInteger(id)));

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) (groups.get(key(row)) ?? groups.set(key(row), []).get(key(row))!).push(row);
  return groups;
}

export function catalogRepository(db: D1Database) {
  const fitmentFactsStatement = (list: string) =>
    db
      .prepare(
        `SELECT i.id AS itemId, i.vehicle_universal AS vehicleUniversal, i.non_vehicle AS nonVehicle,
       (SELECT count(*) FROM fitment f WHERE f.item_id = i.id) AS applications
     FROM item i WHERE i.id IN (SELECT value FROM json_each(?1))`,
      )
      .bind(list);
  const skuStatement = (list: string, market: MarketId, source = BY_IDS) =>
    db
      .prepare(
        `SELECT s.id AS skuId, s.item_id AS itemId, s.part_number AS partNumber, s.bar_code AS barCode, s.color,
          s.available_total AS availableTotal, s.sku_customs AS skuCustoms, s.image_url AS imageUrl,
       ?2 AS currency, p.discount_price AS discountPrice, p.original_price AS originalPrice,
       p.core_charge AS coreCharge
     FROM sku s LEFT JOIN sku_price p ON p.sku_id = s.id AND p.currency = ?2
     WHERE s.item_id IN (${source}) ORDER BY s.item_id, s.sort`,
      )
      .bind(list, currencyOf(market));
  const itemByHandleStatement = (handle: string) =>
    db
      .prepare(
        `SELECT ${ITEM_COLUMNS}, s.url_handle AS urlHandle, s.is_primary AS handleIsPrimary, s.active AS handleActive,
       s.title AS seoTitle, s.description AS seoDescription,
       (SELECT p.url_handle FROM seo p WHERE p.type = 'ITEM' AND p.target_id = i.id AND p.is_primary = 1
         AND p.active = 1 LIMIT 1) AS primaryHandle,
       (SELECT json_group_array(json_object('index', idx, 'isMain', json(CASE is_main WHEN 1 THEN 'true'
         ELSE 'false' END), 'mediaType', media_type, 'url', url, 'title', title, 'description', description))
          FROM (SELECT * FROM item_image WHERE item_id = i.id ORDER BY idx)) AS imagesJson,
       (SELECT json_group_array(json_object('label', label, 'value', value)) FROM (SELECT * FROM item_customs
         WHERE item_id = i.id ORDER BY sort)) AS customsJson
     FROM seo s JOIN item i ON i.id = s.target_id LEFT JOIN brand b ON b.id = i.brand_id
     WHERE s.url_handle = ? AND s.type = 'ITEM'`,
      )
      .bind(handle);
  const readItemPageRow = (
    row: (ItemPageRow & { imagesJson: string; customsJson: string }) | null | undefined,
  ): ItemPageRow | null => {
    if (!row) return null;
    const { imagesJson, customsJson, ...item } = row;
    return { ...item, images: JSON.parse(imagesJson), customs: JSON.parse(customsJson) };
  };
  const fitmentTableStatements = (param: string | number, page: number, size: number, source: string) => [
    db.prepare(`SELECT count(*) AS total FROM fitment WHERE item_id IN (${source})`).bind(param),
    db
      .prepare(
        `SELECT m.year, mk.name AS make, md.name AS model,
         COALESCE(f.sub_model, CASE WHEN n.level = 4 THEN n.text WHEN p.level = 4 THEN p.text END) AS subModel,
         f.series, CASE WHEN n.level = 5 THEN n.text END AS engine, f.engine_code AS engineCode,
           f.engine_type AS engineType,
         f.body_style AS bodyStyle, f.location, f.note, f.quantity
       FROM fitment f JOIN vehicle_node n ON n.id = f.node_id LEFT JOIN vehicle_node p ON p.id = n.parent_id
       JOIN vehicle_node m ON m.id = f.model_node_id JOIN vehicle_make mk ON mk.id = m.make_id
         JOIN vehicle_model md ON md.id = m.model_id
       WHERE f.item_id IN (${source}) ORDER BY mk.name, md.name, m.year, subModel, engine, f.id LIMIT ?2 OFFSET ?3`,
      )
      .bind(param, size, (page - 1) * size),
  ];
  const repository = {
    /** The item behind an SEO handle (any handle, primary or not), with its images and specs. */
    async itemByHandle(handle: string): Promise<ItemPageRow | null> {
      return readItemPageRow(await itemByHandleStatement(handle).first());
    },

    /**
     * The product page's catalog data by handle in one round trip: the item, its SKUs, a page of its fitment table,
     * FAQs, reviews and videos.
     */
    async productPage(handle: string, market: MarketId, tableSize: number) {
      const [item, skus, total, rows, extras] = await db.batch([
        itemByHandleStatement(handle),
        skuStatement(handle, market, BY_HANDLE),
        ...fitmentTableStatements(handle, 1, tableSize, BY_HANDLE),
        // Videos, FAQs and the top reviews ride in one row as JSON: fewer statements, one round trip.
        db
          .prepare(`SELECT i.in_kind AS inKind, i.location, i.additional_video_cover_url AS additionalVideoCoverUrl,
                      (SELECT json_group_array(json_object('index', idx, 'url', url, 'coverUrl', cover_url, 'title',
                        title))
                         FROM (SELECT * FROM item_video WHERE item_id = i.id ORDER BY idx)) AS videosJson,
                      (SELECT json_group_array(json_object('question', question, 'answer', answer))
                         FROM (SELECT question, answer FROM item_faq WHERE item_id = i.id ORDER BY sort,
                           id)) AS faqsJson,
                      (SELECT json_group_array(json_object('id', id, 'rating', rating, 'title', title, 'content',
                        content, 'name', name, 'vehicle', vehicle,
                              'verifiedPurchase', verified_purchase, 'createdAt', created_at))
                         FROM (SELECT * FROM review WHERE item_id = i.id AND status = 'PUBLISHED'
                           ORDER BY helpful_count DESC, created_at DESC LIMIT 5)) AS reviewsJson
                    FROM item i WHERE i.id IN (${BY_HANDLE})`)
          .bind(handle),
      ]);
      const row = readItemPageRow(
        item!.results[0] as (ItemPageRow & { imagesJson: string; customsJson: string }) | undefined,
      );
      if (!row) return null;
      const { videosJson, faqsJson, reviewsJson, ...extra } = extras!.results[0] as Omit<
        ItemMediaRow,
        'additionalVideos'
      > & { videosJson: string; faqsJson: string; reviewsJson: string };
      return {
        item: row,
        skus: skus!.results as SkuRecord[],
        faqs: JSON.parse(faqsJson) as { question: string; answer: string }[],
        reviews: JSON.parse(reviewsJson) as ReviewRow[],
        fitment: { total: (total!.results[0] as { total: number }).total, rows: rows!.results as FitmentTableRow[] },
        media: { ...extra, additionalVideos: JSON.parse(videosJson) } as ItemMediaRow,
      };
    },

    /** Items by id with their SKUs priced in the market's currency, in the order asked. */
    async itemsWithSkus(ids: readonly number[], market: MarketId): Promise<(ItemRecord & { skus: SkuRecord[] })[]> {
      const list = idList(ids);
      const [items, skus] = await db.batch([
        db
          .prepare(
            `SELECT ${ITEM_COLUMNS} FROM item i LEFT JOIN brand b ON b.id = i.brand_id WHERE i.id IN (SELECT value
              FROM json_each(?))`,
          )
          .bind(list),
        skuStatement(list, market),
      ]);
      const skusByItem = groupBy(skus!.results as SkuRecord[], (sku) => sku.itemId);
      const byId = new Map((items!.results as ItemRecord[]).map((item) => [item.id, item]));
      return ids.flatMap((id) => {
        const item = byId.get(id);
        return item ? [{ ...item, skus: skusByItem.get(id) ?? [] }] : [];
      });
    },

    /**
     * Everything the product page needs from the catalog in three statements: the item (with
     * images and specs) by handle, then its SKUs and its applications to one model year.
     */
    async itemPage(handle: string, market: MarketId, modelNodeId: number | null) {
      const item = await repository.itemByHandle(handle);
      if (!item) return null;
      const list = idList([item.id]);
      const [skus, fitment] = await db.batch([
        skuStatement(list, market),
        db
          .prepare(`SELECT ${FITMENT_COLUMNS} FROM fitment WHERE item_id = ?1 AND model_node_id = ?2`)
          .bind(item.id, modelNodeId ?? -1),
      ]);
      return { item, skus: skus!.results as SkuRecord[], fitment: fitment!.results as FitmentRow[] };
    },

    /**
     * Applications of the given items to one model year (and its trims and engines), plus each item's fitment facts.
     */
    async fitmentForItems(
      ids: readonly number[],
      modelNodeId: number,
    ): Promise<{ rows: FitmentRow[]; facts: ItemFitmentFacts[] }> {
      const { statements, read } = repository.fitmentForItemsStatements(ids, modelNodeId);
      const [rows, facts] = await db.batch(statements);
      return read(rows!, facts!);
    },

    /** fitmentForItems as statements for a caller's own db.batch (with other reads), and how to read their results. */
    fitmentForItemsStatements(ids: readonly number[], modelNodeId: number) {
      const list = idList(ids);
      return {
        statements: [
          db
            .prepare(
              `SELECT ${FITMENT_COLUMNS} FROM fitment WHERE model_node_id = ?2 AND item_id IN (SELECT value
                FROM json_each(?1))`,
            )
            .bind(list, modelNodeId),
          fitmentFactsStatement(list),
        ],
        read: (rows: D1Result, facts: D1Result) => ({
          rows: rows.results as FitmentRow[],
          facts: facts.results as ItemFitmentFacts[],
        }),
      };
    },

    /** The item a SKU belongs to, or null. */
    async itemIdOfSku(skuId: number): Promise<number | null> {
      return db.prepare('SELECT item_id AS itemId FROM sku WHERE id = ?').bind(skuId).first<number>('itemId');
    },

    /**
     * One page of an item's §3 fitment table, sorted by make, model, year, sub-model and engine,
     * with the total and the item's fitment facts (null for an unknown item), in one round trip.
     */
    async fitmentTableOfItem(itemId: number, page: number, size: number) {
      const [facts, total, rows] = await db.batch([
        fitmentFactsStatement(idList([itemId])),
        ...fitmentTableStatements(idList([itemId]), page, size, BY_IDS),
      ]);
      return {
        facts: (facts!.results[0] as ItemFitmentFacts | undefined) ?? null,
        total: (total!.results[0] as { total: number }).total,
        rows: rows!.results as FitmentTableRow[],
      };
    },
  };
  return repository;
}
