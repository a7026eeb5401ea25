import type { MarketId } from '../../shared/markets.ts';

/** Product search queries (§7 filter-search): the only place with their SQL. */

/** The sort keys the repository understands; the service maps §9 options onto them. */
export type SearchOrder = 'relevance' | 'sales' | 'priceAsc' | 'priceDesc' | 'rating' | 'reviews';

/** What to look for; every value here is already validated by the service. */
export interface SearchCriteria {
  market: MarketId;
  /** A safe FTS5 MATCH expression, or null for no keyword. */
  match: string | null;
  /** The shopper's trimmed text, compared with part numbers; null for no keyword. */
  partNumber: string | null;
  categoryId: number | null;
  brandIds: number[];
  minPrice: number | null;
  maxPrice: number | null;
  /** Vehicle node ids; null when no vehicle was chosen. */
  vehicleNodeIds: number[] | null;
  fitsOnly: boolean;
  soldOut: boolean;
  order: SearchOrder;
  limit: number;
  offset: number;
}

/** One result row as the SQL returns it. */
export interface SearchRow {
  itemId: number;
  title: string;
  urlHandle: string | null;
  imageUrl: string | null;
  brandName: string | null;
  partNumber: string | null;
  discountPrice: number | null;
  originalPrice: number | null;
  status: string;
  reviewRating: number | null;
  reviewCount: number;
  vehicleUniversal: number;
  nonVehicle: number;
  fits: number | null;
}

/** One facet value with its item count. */
export interface FacetRow { kind: 'category' | 'brand'; id: number; name: string; count: number }

/** The page, the total with the price range, and the category and brand facets. */
export interface SearchResult {
  rows: SearchRow[];
  total: number;
  minPrice: number | null;
  maxPrice: number | null;
  facets: FacetRow[];
}

const PRICE_COLUMN: Record<MarketId, string> = { us: 'min_price_usd', ca: 'min_price_cad' };
const STATUS_COLUMN: Record<MarketId, string> = { us: 'us_status', ca: 'ca_status' };
const CURRENCY: Record<MarketId, string> = { us: 'USD', ca: 'CAD' };

/** Collects bound values for one statement; each named value is bound once and reused. */
class Binder {
  readonly values: unknown[] = [];
  private readonly slots = new Map<string, string>();
  ref(name: string, value: unknown): string {
    let slot = this.slots.get(name);
    if (!slot) {
      this.values.push(value);
      slot = `?${this.values.length}`;
      this.slots.set(name, slot);
    }
    return slot;
  }
}

type Unfiltered = 'category' | 'brand' | 'price';

/**
 * The CTEs, FROM and WHERE clauses shared by the three statements, leaving out one facet's own
 * filter. With a keyword the statements start from the matching items (joined to item by its
 * key), never from a scan of the whole catalog.
 */
function filtered(criteria: SearchCriteria, b: Binder, omit?: Unfiltered): { ctes: string; from: string; where: string } {
  const statuses = criteria.soldOut ? `'ON_SHELVES', 'UNDER_STOCK', 'SOLD_OUT'` : `'ON_SHELVES', 'UNDER_STOCK'`;
  const ctes: string[] = [];
  const where = [`i.${STATUS_COLUMN[criteria.market]} IN (${statuses})`];
  if (criteria.match !== null && criteria.partNumber !== null) {
    const text = b.ref('part', criteria.partNumber);
    ctes.push(`hits AS (SELECT rowid AS id, bm25(item_search, 10.0, 8.0, 3.0, 2.0) AS score FROM item_search WHERE item_search MATCH ${b.ref('match', criteria.match)})`);
    // The unique index is case-sensitive: the usual spellings are looked up through it.
    ctes.push(`exact AS (SELECT DISTINCT item_id AS id FROM sku WHERE part_number IN (${text}, upper(${text}), lower(${text})))`);
    ctes.push('cand AS MATERIALIZED (SELECT id, min(score) AS score FROM (SELECT id, score FROM hits UNION ALL SELECT id, -1e9 AS score FROM exact) GROUP BY id)');
  }
  if (criteria.vehicleNodeIds) {
    ctes.push(`fit AS (SELECT item_id AS id FROM fitment WHERE node_id IN (SELECT value FROM json_each(${b.ref('vehicle', JSON.stringify(criteria.vehicleNodeIds))})))`);
    if (criteria.fitsOnly) where.push('i.id IN (SELECT id FROM fit UNION SELECT id FROM item WHERE vehicle_universal = 1)');
  }
  if (criteria.categoryId !== null && omit !== 'category') {
    const id = b.ref('category', criteria.categoryId);
    where.push(`i.back_category_id IN (SELECT id FROM category WHERE kind = 'BACK' AND (id = ${id} OR parent_id = ${id}))`);
  }
  if (criteria.brandIds.length > 0 && omit !== 'brand') {
    where.push(`i.brand_id IN (SELECT value FROM json_each(${b.ref('brands', JSON.stringify(criteria.brandIds))}))`);
  }
  if (omit !== 'price') where.push(...priceConditions(criteria, b));
  const keyword = criteria.match !== null && criteria.partNumber !== null;
  return { ctes: ctes.length ? `WITH ${ctes.join(', ')} ` : '', from: keyword ? 'cand h JOIN item i ON i.id = h.id' : 'item i', where: where.join(' AND ') };
}

function priceConditions(criteria: SearchCriteria, b: Binder): string[] {
  const price = `i.${PRICE_COLUMN[criteria.market]}`;
  const conditions: string[] = [];
  if (criteria.minPrice !== null) conditions.push(`${price} >= ${b.ref('min', criteria.minPrice)}`);
  if (criteria.maxPrice !== null) conditions.push(`${price} <= ${b.ref('max', criteria.maxPrice)}`);
  return conditions;
}

const ORDER_BY: Record<SearchOrder, (price: string) => string> = {
  relevance: () => 'i.sales DESC',
  sales: () => 'i.sales DESC',
  priceAsc: (price) => `${price} IS NULL, ${price} ASC`,
  priceDesc: (price) => `${price} IS NULL, ${price} DESC`,
  rating: () => 'i.review_rating IS NULL, i.review_rating DESC, i.review_count DESC',
  reviews: () => 'i.review_count DESC, i.review_rating IS NULL, i.review_rating DESC',
};

/** Search queries over the catalog; each search is one batch of three statements. */
export function searchRepository(db: D1Database) {
  /** The page of results, ranked: exact part number, then fitting parts, then the chosen order. */
  function pageStatement(criteria: SearchCriteria): D1PreparedStatement {
    const b = new Binder();
    const { ctes, from, where } = filtered(criteria, b);
    const price = `i.${PRICE_COLUMN[criteria.market]}`;
    const currency = b.ref('currency', CURRENCY[criteria.market]);
    const keyword = criteria.match !== null && criteria.partNumber !== null;
    const part = keyword ? b.ref('part', criteria.partNumber) : null;
    const exact = keyword ? 'h.score = -1e9 DESC, ' : '';
    const fits = criteria.vehicleNodeIds
      ? 'CASE WHEN i.non_vehicle = 1 THEN NULL WHEN i.vehicle_universal = 1 OR i.id IN (SELECT id FROM fit) THEN 1 ELSE 0 END'
      : 'NULL';
    const relevance = keyword && criteria.order === 'relevance' ? 'h.score IS NULL, h.score, ' : '';
    const sql = `${ctes}SELECT i.id AS itemId, i.title, b.name AS brandName, ${price} AS discountPrice,
        i.${STATUS_COLUMN[criteria.market]} AS status, i.review_rating AS reviewRating, i.review_count AS reviewCount,
        i.vehicle_universal AS vehicleUniversal, i.non_vehicle AS nonVehicle, ${fits} AS fits,
        (SELECT url_handle FROM seo s WHERE s.type = 'ITEM' AND s.target_id = i.id AND s.active = 1 ORDER BY s.is_primary DESC, s.id LIMIT 1) AS urlHandle,
        (SELECT url FROM item_image m WHERE m.item_id = i.id AND m.media_type = 'IMAGE' ORDER BY m.is_main DESC, m.idx LIMIT 1) AS imageUrl,
        (SELECT s.part_number FROM sku s WHERE s.item_id = i.id ORDER BY ${part ? `s.part_number IN (${part}, upper(${part}), lower(${part})) DESC, ` : ''}s.sort, s.id LIMIT 1) AS partNumber,
        (SELECT p.original_price FROM sku s JOIN sku_price p ON p.sku_id = s.id AND p.currency = ${currency} WHERE s.item_id = i.id ORDER BY p.discount_price, s.sort LIMIT 1) AS originalPrice
      FROM ${from} LEFT JOIN brand b ON b.id = i.brand_id
      WHERE ${where}
      ORDER BY ${exact}${criteria.vehicleNodeIds ? `coalesce(${fits}, 0) DESC, ` : ''} ${relevance}${ORDER_BY[criteria.order](price)}, i.sales DESC, i.id
      LIMIT ${b.ref('limit', criteria.limit)} OFFSET ${b.ref('offset', criteria.offset)}`;
    return db.prepare(sql).bind(...b.values);
  }

  /** The total under every filter and the price range without the price filter. */
  function totalStatement(criteria: SearchCriteria): D1PreparedStatement {
    const b = new Binder();
    const { ctes, from, where } = filtered(criteria, b, 'price');
    const price = `i.${PRICE_COLUMN[criteria.market]}`;
    const inRange = priceConditions(criteria, b);
    const counted = inRange.length ? `sum(CASE WHEN ${inRange.join(' AND ')} THEN 1 ELSE 0 END)` : 'count(*)';
    return db.prepare(`${ctes}SELECT coalesce(${counted}, 0) AS total, min(${price}) AS minPrice, max(${price}) AS maxPrice FROM ${from} WHERE ${where}`)
      .bind(...b.values);
  }

  /** Category and brand counts, each without its own filter. */
  function facetStatement(criteria: SearchCriteria): D1PreparedStatement {
    const b = new Binder();
    const byCategory = filtered(criteria, b, 'category');
    const byBrand = filtered(criteria, b, 'brand');
    // Both halves share CTE names and bound values; one WITH clause serves the two.
    const sql = `${byCategory.ctes}SELECT 'category' AS kind, c.id, c.name, count(*) AS count FROM ${byCategory.from} JOIN category c ON c.id = i.back_category_id
        WHERE ${byCategory.where} GROUP BY c.id
      UNION ALL
      SELECT 'brand' AS kind, br.id, br.name, count(*) AS count FROM ${byBrand.from} JOIN brand br ON br.id = i.brand_id
        WHERE ${byBrand.where} GROUP BY br.id
      ORDER BY kind, count DESC, name`;
    return db.prepare(sql).bind(...b.values);
  }

  return {
    /** Runs one search: three statements in one batch. */
    async search(criteria: SearchCriteria): Promise<SearchResult> {
      const [page, total, facets] = await db.batch<unknown>([pageStatement(criteria), totalStatement(criteria), facetStatement(criteria)]);
      const totals = (total!.results[0] ?? { total: 0, minPrice: null, maxPrice: null }) as { total: number; minPrice: number | null; maxPrice: number | null };
      return { rows: page!.results as SearchRow[], total: totals.total, minPrice: totals.minPrice, maxPrice: totals.maxPrice, facets: facets!.results as FacetRow[] };
    },
  };
}
