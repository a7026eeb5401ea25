/**
 * The back office's reads and writes of the catalog (issue 22): finding products, one product with
 * its images and SKUs, and the statements of a staff change (each guarded by the version its form
 * was drawn from). The CSV import's statements are in admin-import-repository.ts.
 */

/** A product as the back office's list shows it. */
export interface AdminItemRow {
  id: number;
  title: string;
  status: string;
  usStatus: string;
  caStatus: string;
  category: string;
  skuCount: number;
  minPriceUsd: number | null;
  minPriceCad: number | null;
}

/** A product's editable fields and its version. */
export interface AdminItemDetail {
  id: number;
  title: string;
  detailContent: string;
  status: string;
  usStatus: string;
  caStatus: string;
  version: number;
  category: string;
  urlHandle: string | null;
}

export interface AdminImageRow {
  url: string;
  mediaType: string;
  title: string | null;
  description: string | null;
}

/** A SKU's code, stock, prices per currency (cents; null without one) and version. */
export interface AdminSkuRow {
  id: number;
  itemId: number;
  skuCode: string;
  color: string | null;
  stock: number;
  version: number;
  priceUsd: number | null;
  originalUsd: number | null;
  priceCad: number | null;
  originalCad: number | null;
  /** The refundable core charge per currency (issue 40); null: the part has no core. */
  coreUsd: number | null;
  coreCad: number | null;
}

/** What the list is narrowed to; null for any. */
export interface ItemFilter {
  search: string;
  categoryId: number | null;
  /** Whose status `status` is: the product's own, or its US or Canadian one. */
  statusOf: 'item' | 'us' | 'ca';
  status: string | null;
}

/** A SKU's price in a currency, as a subquery (`sku` names the SKU's id). */
export const PRICE = (currency: 'USD' | 'CAD', column = 'discount_price', sku = 's.id') =>
  `(SELECT ${column} FROM sku_price WHERE sku_id = ${sku} AND currency = '${currency}')`;

const SKU_COLUMNS = `s.id, s.item_id AS itemId, s.part_number AS skuCode, s.color, s.available_total AS stock,
  s.version, ${PRICE('USD')} AS priceUsd, ${PRICE('USD', 'original_price')} AS originalUsd,
  ${PRICE('CAD')} AS priceCad, ${PRICE('CAD', 'original_price')} AS originalCad,
  ${PRICE('USD', 'core_charge')} AS coreUsd, ${PRICE('CAD', 'core_charge')} AS coreCad`;

const LIST_WHERE = `
  WHERE (?1 = '' OR i.title LIKE ?2 ESCAPE '\\' OR i.id = ?3 OR EXISTS (
      SELECT 1 FROM sku s WHERE s.item_id = i.id AND (s.part_number LIKE ?2 ESCAPE '\\' OR s.id = ?3)))
    AND (?4 IS NULL OR i.back_category_id IN (
      SELECT id FROM category WHERE id = ?4 OR parent_id = ?4
      OR parent_id IN (SELECT id FROM category WHERE parent_id = ?4)))
    AND (?5 IS NULL OR (CASE ?6 WHEN 'us' THEN i.us_status WHEN 'ca' THEN i.ca_status ELSE i.status END) = ?5)`;

/** A version guard: moves the version on when it is still `version`, else to -1, which the CHECK refuses. */
const GUARD = (table: 'item' | 'sku') =>
  `UPDATE ${table} SET version = CASE WHEN version = ?2 THEN version + 1 ELSE -1 END WHERE id = ?1`;

export function catalogAdminRepository(db: D1Database) {
  return {
    /** The back categories with their depth, in tree order, for the list's filter. */
    async backCategories(): Promise<{ id: number; name: string; depth: number }[]> {
      const { results } = await db
        .prepare(
          `WITH RECURSIVE tree (id, name, depth, path) AS (
             SELECT id, name, 0, printf('%05d.%09d', sort, id) FROM category WHERE kind = 'BACK' AND parent_id IS NULL
             UNION ALL
             SELECT c.id, c.name, t.depth + 1, t.path || '/' || printf('%05d.%09d', c.sort, c.id)
             FROM category c JOIN tree t ON c.parent_id = t.id)
           SELECT id, name, depth FROM tree ORDER BY path`,
        )
        .all<{ id: number; name: string; depth: number }>();
      return results;
    },

    /** One page of the products the filter finds (exact id or code matches first, then newest), and how many. */
    async findItems(filter: ItemFilter, limit: number, offset: number) {
      const like = `%${filter.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const id = /^\d{1,9}$/.test(filter.search) ? Number(filter.search) : -1;
      const binds = [filter.search, like, id, filter.categoryId, filter.status, filter.statusOf] as const;
      const [page, count] = await db.batch([
        db
          .prepare(
            `SELECT i.id, i.title, i.status, i.us_status AS usStatus, i.ca_status AS caStatus, c.name AS category,
               (SELECT count(*) FROM sku s WHERE s.item_id = i.id) AS skuCount,
               i.min_price_usd AS minPriceUsd, i.min_price_cad AS minPriceCad
             FROM item i JOIN category c ON c.id = i.back_category_id ${LIST_WHERE}
             ORDER BY (i.id = ?3 OR EXISTS (SELECT 1 FROM sku s WHERE s.item_id = i.id
               AND (s.id = ?3 OR s.part_number = ?1))) DESC, i.id DESC
             LIMIT ?7 OFFSET ?8`,
          )
          .bind(...binds, limit, offset),
        db.prepare(`SELECT count(*) AS total FROM item i ${LIST_WHERE}`).bind(...binds),
      ]);
      return {
        rows: (page!.results ?? []) as AdminItemRow[],
        total: ((count!.results?.[0] as { total: number } | undefined)?.total ?? 0) as number,
      };
    },

    /** A product's editable fields, images and SKUs in one round trip; null when there is no such product. */
    async itemDetail(id: number) {
      const [item, images, skus] = await db.batch([
        db
          .prepare(
            `SELECT i.id, i.title, ifnull(i.detail_content, '') AS detailContent, i.status, i.us_status AS usStatus,
               i.ca_status AS caStatus, i.version, c.name AS category,
               (SELECT url_handle FROM seo WHERE type = 'ITEM' AND target_id = i.id AND active = 1
                ORDER BY is_primary DESC LIMIT 1) AS urlHandle
             FROM item i JOIN category c ON c.id = i.back_category_id WHERE i.id = ?`,
          )
          .bind(id),
        db
          .prepare(
            `SELECT url, media_type AS mediaType, title, description FROM item_image WHERE item_id = ? ORDER BY idx`,
          )
          .bind(id),
        db.prepare(`SELECT ${SKU_COLUMNS} FROM sku s WHERE s.item_id = ? ORDER BY s.sort, s.id`).bind(id),
      ]);
      const row = item!.results?.[0] as AdminItemDetail | undefined;
      if (!row) return null;
      return { item: row, images: images!.results as AdminImageRow[], skus: skus!.results as AdminSkuRow[] };
    },

    /** One SKU with its prices, or null. */
    sku(id: number): Promise<AdminSkuRow | null> {
      return db.prepare(`SELECT ${SKU_COLUMNS} FROM sku s WHERE s.id = ?`).bind(id).first<AdminSkuRow>();
    },

    /** The SKUs of these codes (exact), with their prices, stock and version. */
    async skusByCodes(codes: readonly string[]): Promise<AdminSkuRow[]> {
      const chunks: string[][] = [];
      for (let at = 0; at < codes.length; at += 5000) chunks.push(codes.slice(at, at + 5000));
      if (chunks.length === 0) return [];
      const sql = `SELECT ${SKU_COLUMNS} FROM sku s WHERE s.part_number IN (SELECT value FROM json_each(?))`;
      const answers = await db.batch(chunks.map((chunk) => db.prepare(sql).bind(JSON.stringify(chunk))));
      return answers.flatMap((answer) => answer.results as AdminSkuRow[]);
    },

    /** Moves the product's version on from `version`; the batch fails when someone changed it first. */
    itemGuard: (id: number, version: number) => db.prepare(GUARD('item')).bind(id, version),

    /** Moves the SKU's version on from `version`; the batch fails when someone changed it first. */
    skuGuard: (id: number, version: number) => db.prepare(GUARD('sku')).bind(id, version),

    /** Writes a product's title, content and statuses. */
    itemFields: (id: number, fields: Omit<AdminItemDetail, 'id' | 'version' | 'category' | 'urlHandle'>) =>
      db
        .prepare(
          `UPDATE item SET title = ?2, detail_content = ?3, status = ?4, us_status = ?5, ca_status = ?6,
             updated_at = unixepoch() WHERE id = ?1`,
        )
        .bind(id, fields.title, fields.detailContent, fields.status, fields.usStatus, fields.caStatus),

    /** The search index's statements for a new title (item_search, and the contentless ranked copy). */
    searchTitle: (id: number, title: string) => [
      db
        .prepare(
          `INSERT INTO item_search_ranked (item_search_ranked, rowid, title, part_numbers, brand, category)
           SELECT 'delete', r.rank, s.title, s.part_numbers, s.brand, s.category
           FROM item_rank r JOIN item_search s ON s.rowid = r.item_id WHERE r.item_id = ?`,
        )
        .bind(id),
      db.prepare('UPDATE item_search SET title = ?2 WHERE rowid = ?1').bind(id, title),
      db
        .prepare(
          `INSERT INTO item_search_ranked (rowid, title, part_numbers, brand, category)
           SELECT r.rank, s.title, s.part_numbers, s.brand, s.category
           FROM item_rank r JOIN item_search s ON s.rowid = r.item_id WHERE r.item_id = ?`,
        )
        .bind(id),
    ],

    /** Replaces a product's images with these, in order; the first is the main one. */
    replaceImages: (id: number, images: readonly AdminImageRow[]) => [
      db.prepare('DELETE FROM item_image WHERE item_id = ?').bind(id),
      db
        .prepare(
          `INSERT INTO item_image (item_id, idx, is_main, media_type, url, title, description)
           SELECT ?1, key, key = 0, json_extract(value, '$.mediaType'), json_extract(value, '$.url'),
             json_extract(value, '$.title'), json_extract(value, '$.description')
           FROM json_each(?2)`,
        )
        .bind(id, JSON.stringify(images)),
    ],

    /** Sets a SKU's stock when it is still `shown`; the batch fails (CHECK) when an order moved it since. */
    skuStock: (id: number, shown: number, stock: number) =>
      db
        .prepare('UPDATE sku SET available_total = CASE WHEN available_total = ?2 THEN ?3 ELSE -1 END WHERE id = ?1')
        .bind(id, shown, stock),

    /** Sets a SKU's price and original price in a currency. */
    skuPrice: (id: number, currency: 'USD' | 'CAD', price: number, original: number, core: number | null) =>
      db
        .prepare(
          `INSERT INTO sku_price (sku_id, currency, discount_price, original_price, core_charge)
           VALUES (?1, ?2, ?3, ?4, ?5)
           ON CONFLICT (sku_id, currency) DO UPDATE SET discount_price = ?3, original_price = ?4, core_charge = ?5`,
        )
        .bind(id, currency, price, original, core),

    /** Recomputes the products' lowest prices (the list's sort and price filters read them). */
    minPrices: (itemIds: readonly number[]) =>
      db
        .prepare(
          `UPDATE item SET
             min_price_usd = (SELECT min(p.discount_price) FROM sku s JOIN sku_price p ON p.sku_id = s.id
               AND p.currency = 'USD' WHERE s.item_id = item.id),
             min_price_cad = (SELECT min(p.discount_price) FROM sku s JOIN sku_price p ON p.sku_id = s.id
               AND p.currency = 'CAD' WHERE s.item_id = item.id)
           WHERE id IN (SELECT value FROM json_each(?))`,
        )
        .bind(JSON.stringify([...new Set(itemIds)])),

    /** Runs a change's statements as one atomic batch. */
    write: (statements: D1PreparedStatement[]) => db.batch(statements),
  };
}
