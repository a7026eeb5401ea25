import type { SearchRecord } from '../../shared/catalog-types.ts';
import { BUYABLE_STATUSES, LISTED_STATUSES, sqlList } from '../../shared/item-status.ts';
import { minPriceColumn, statusColumn } from '../../shared/market-columns.ts';
import { currencyOf, type MarketId } from '../../shared/markets.ts';

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
  /** With a keyword: how many of the best-selling matches are considered (fitting and exact ones always are). */
  candidateLimit: number;
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

/** One result row as the SQL returns it: the record's fields, with its flags as 0/1 and no currency. */
export type SearchRow = Omit<SearchRecord, 'currency' | 'vehicleUniversal' | 'nonVehicle' | 'fits'> & {
  vehicleUniversal: number;
  nonVehicle: number;
  fits: number | null;
};

/** One facet value with its item count. */
export interface FacetRow {
  id: number;
  name: string;
  count: number;
}

/** The page, the total with the price range, and the category and brand facets. */
export interface SearchResult {
  rows: SearchRow[];
  total: number;
  minPrice: number | null;
  maxPrice: number | null;
  categories: FacetRow[];
  brands: FacetRow[];
}

/** bm25 weights of item_search's columns: title, part numbers, brand, category. */
const BM25_WEIGHTS = '10.0, 8.0, 3.0, 2.0';

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

const hasKeyword = (criteria: SearchCriteria) => criteria.match !== null && criteria.partNumber !== null;

/**
 * The matches of a keyword, each with its bm25 score (null when the order does not use it) and
 * whether it is an exact part number: the best-selling `candidateLimit` matches, read in rank
 * order from item_search_ranked so the scan stops there, every match that fits the vehicle and
 * every exact part number. Capping keeps the cost flat however common the words are.
 */
function hitCtes(criteria: SearchCriteria, b: Binder): string[] {
  const match = b.ref('match', criteria.match);
  const text = b.ref('part', criteria.partNumber);
  const scored = criteria.order === 'relevance';
  const ctes = [
    `top AS (SELECT rowid AS rank, ${scored ? `bm25(item_search_ranked, ${BM25_WEIGHTS})` : 'NULL'} AS score
      FROM item_search_ranked
      WHERE item_search_ranked MATCH ${match} ORDER BY rowid LIMIT ${b.ref('cap', criteria.candidateLimit)})`,
    // The unique index is case-sensitive: the usual spellings are looked up through it.
    `exact AS (SELECT DISTINCT item_id AS id FROM sku WHERE part_number IN (${text}, upper(${text}), lower(${text})))`,
  ];
  const parts = [
    'SELECT m.item_id AS id, t.score, 0 AS exact FROM top t JOIN item_rank m ON m.rank = t.rank',
    'SELECT id, NULL, 1 FROM exact',
  ];
  if (criteria.vehicleNodeIds) {
    // '+rowid' keeps the fitment list out of the FTS index: one scan of the matches, probing a small
    // set. Materialized, so bm25 is always called where FTS5 allows it.
    ctes.push(`fitting AS MATERIALIZED (SELECT rowid AS id, ${
      scored
        ? `bm25(item_search,
      ${BM25_WEIGHTS})`
        : 'NULL'
    } AS score FROM item_search
      WHERE item_search MATCH ${match} AND +rowid IN (SELECT id FROM fit))`);
    parts.push('SELECT id, score, 0 FROM fitting');
  }
  const narrowing = narrowingCondition(criteria, b);
  if (narrowing) {
    // A category or brand filter is a small set: all its matches count, not only those in the cap.
    ctes.push(`chosen AS MATERIALIZED (SELECT rowid AS id, ${
      scored
        ? `bm25(item_search,
      ${BM25_WEIGHTS})`
        : 'NULL'
    } AS score FROM item_search
      WHERE item_search MATCH ${match} AND +rowid IN (SELECT i.id FROM item i WHERE ${narrowing}))`);
    parts.push('SELECT id, score, 0 FROM chosen');
  }
  ctes.push(
    `hits AS (SELECT id, min(score) AS score, max(exact) AS exact FROM (${parts.join(' UNION ALL ')}) GROUP BY id)`,
  );
  return ctes;
}

/** The category (with its subcategories) and brand filters as a condition on item i, or null when neither is set. */
function narrowingCondition(criteria: SearchCriteria, b: Binder): string | null {
  const conditions: string[] = [];
  if (criteria.categoryId !== null) {
    const id = b.ref('category', criteria.categoryId);
    conditions.push(
      `i.back_category_id IN (SELECT id FROM category WHERE kind = 'BACK' AND (id = ${id} OR parent_id = ${id}))`,
    );
  }
  if (criteria.brandIds.length > 0)
    conditions.push(
      `i.brand_id IN (SELECT value FROM json_each(${b.ref('brands', JSON.stringify(criteria.brandIds))}))`,
    );
  return conditions.length > 0 ? conditions.join(' AND ') : null;
}

/**
 * The CTEs ending in `cand`: the items the search considers, sold in the market (and fitting,
 * when only fitting parts are asked for), with what the page, total and facets need. With a
 * keyword it is materialized once for all of them; without one it stays a view on item, so
 * each part can use item's indexes.
 */
function candidateCtes(criteria: SearchCriteria, b: Binder): string {
  const statuses = sqlList(criteria.soldOut ? LISTED_STATUSES : BUYABLE_STATUSES);
  const ctes: string[] = [];
  if (criteria.vehicleNodeIds) {
    ctes.push(
      `fit AS (SELECT item_id AS id FROM fitment WHERE node_id IN (SELECT value
        FROM json_each(${b.ref('vehicle', JSON.stringify(criteria.vehicleNodeIds))})))`,
    );
  }
  const keyword = hasKeyword(criteria);
  if (keyword) ctes.push(...hitCtes(criteria, b));
  const fits = criteria.vehicleNodeIds
    ? 'CASE WHEN i.non_vehicle = 1 THEN NULL WHEN i.vehicle_universal = 1 OR i.id IN (SELECT id FROM fit) THEN 1 ' +
      'ELSE 0 END'
    : 'NULL';
  const where = [
    `i.${statusColumn(criteria.market)} IN ${statuses}`,
    ...(criteria.fitsOnly ? [fitsOnlyCondition(keyword)] : []),
  ];
  ctes.push(`cand AS ${keyword ? '' : 'NOT '}MATERIALIZED (SELECT i.id,
    ${keyword ? 'h.score, h.exact' : 'NULL AS score, 0 AS exact'}, ${fits} AS fits,
      i.back_category_id AS categoryId, i.brand_id AS brandId, i.${minPriceColumn(criteria.market)} AS price, i.sales,
      i.review_rating AS rating, i.review_count AS reviews
    FROM ${keyword ? 'hits h JOIN item i INDEXED BY item_search_facts ON i.id = h.id' : 'item i'}
      WHERE ${where.join(' AND ')})`);
  return `WITH ${ctes.join(',\n')}`;
}

/**
 * Only parts that fit (fits = 1). With a keyword, each candidate is probed; without one, the list
 * of fitting and universal ids drives the query instead of a scan of every item.
 */
function fitsOnlyCondition(keyword: boolean): string {
  return keyword
    ? 'i.non_vehicle = 0 AND (i.vehicle_universal = 1 OR i.id IN (SELECT id FROM fit))'
    : 'i.non_vehicle = 0 AND i.id IN (SELECT id FROM fit UNION SELECT id FROM item WHERE vehicle_universal = 1)';
}

type Filter = 'category' | 'brand' | 'price';

/** The conditions on `cand` for the chosen filters, leaving out one facet's own. */
function filterConditions(criteria: SearchCriteria, b: Binder, omit?: Filter): string {
  const conditions = ['1'];
  if (criteria.categoryId !== null && omit !== 'category') {
    const id = b.ref('category', criteria.categoryId);
    conditions.push(
      `categoryId IN (SELECT id FROM category WHERE kind = 'BACK' AND (id = ${id} OR parent_id = ${id}))`,
    );
  }
  if (criteria.brandIds.length > 0 && omit !== 'brand') {
    conditions.push(`brandId IN (SELECT value FROM json_each(${b.ref('brands', JSON.stringify(criteria.brandIds))}))`);
  }
  if (omit !== 'price') conditions.push(...priceConditions(criteria, b));
  return conditions.join(' AND ');
}

function priceConditions(criteria: SearchCriteria, b: Binder): string[] {
  const conditions: string[] = [];
  if (criteria.minPrice !== null) conditions.push(`price >= ${b.ref('min', criteria.minPrice)}`);
  if (criteria.maxPrice !== null) conditions.push(`price <= ${b.ref('max', criteria.maxPrice)}`);
  return conditions;
}

/** Each sort's terms; '$' stands for the alias of the candidate rows. */
const ORDER_BY: Record<SearchOrder, string> = {
  relevance: '$score IS NULL, $score, $sales DESC',
  sales: '$sales DESC',
  priceAsc: '$price IS NULL, $price ASC',
  priceDesc: '$price IS NULL, $price DESC',
  rating: '$rating IS NULL, $rating DESC, $reviews DESC',
  reviews: '$reviews DESC, $rating IS NULL, $rating DESC',
};

/** The page order over candidate rows named `alias`: exact part number, then fitting parts, then the chosen sort. */
function pageOrder(criteria: SearchCriteria, alias: string): string {
  const terms = `$exact DESC, ${criteria.vehicleNodeIds ? 'coalesce($fits, 0) DESC, ' : ''}${ORDER_BY[criteria.order]},
    $sales DESC, $id`;
  return terms.replaceAll('$', alias ? `${alias}.` : '');
}

/**
 * The page as a JSON array: exact part number first, then fitting parts, then the chosen order.
 * Only the page's rows get their handle, image, part number and original price looked up.
 */
function pageColumn(criteria: SearchCriteria, b: Binder): string {
  const part = hasKeyword(criteria) ? b.ref('part', criteria.partNumber) : null;
  const currency = b.ref('currency', currencyOf(criteria.market));
  return `(SELECT json_group_array(json_object('itemId', i.id, 'title', i.title, 'brandName', br.name,
      'discountPrice', pg.price, 'status', i.${statusColumn(criteria.market)}, 'reviewRating', i.review_rating,
        'reviewCount', i.review_count,
      'vehicleUniversal', i.vehicle_universal, 'nonVehicle', i.non_vehicle, 'fits', pg.fits,
      'urlHandle', (SELECT url_handle FROM seo s WHERE s.type = 'ITEM' AND s.target_id = i.id AND s.active = 1
        ORDER BY s.is_primary DESC, s.id LIMIT 1),
      'imageUrl', (SELECT url FROM item_image m WHERE m.item_id = i.id AND m.media_type = 'IMAGE'
        ORDER BY m.is_main DESC, m.idx LIMIT 1),
      'partNumber', (SELECT s.part_number FROM sku s WHERE s.item_id = i.id
        ORDER BY ${part ? `s.part_number IN (${part}, upper(${part}), lower(${part})) DESC, ` : ''}s.sort, s.id
          LIMIT 1),
      'originalPrice', (SELECT p.original_price FROM sku s JOIN sku_price p ON p.sku_id = s.id
        AND p.currency = ${currency} WHERE s.item_id = i.id ORDER BY p.discount_price, s.sort LIMIT 1))
      ORDER BY ${pageOrder(criteria, 'pg')})
    FROM (SELECT * FROM cand WHERE ${filterConditions(criteria, b)} ORDER BY ${pageOrder(criteria, '')}
      LIMIT ${b.ref('limit', criteria.limit)} OFFSET ${b.ref('offset', criteria.offset)}) pg
    JOIN item i ON i.id = pg.id LEFT JOIN brand br ON br.id = i.brand_id)`;
}

/** The total under every filter, and the price range without the price filter. */
function totalsColumn(criteria: SearchCriteria, b: Binder): string {
  const inRange = priceConditions(criteria, b);
  const counted = inRange.length ? `sum(CASE WHEN ${inRange.join(' AND ')} THEN 1 ELSE 0 END)` : 'count(*)';
  return `(SELECT json_object('total', coalesce(${counted}, 0), 'minPrice', min(price), 'maxPrice', max(price))
    FROM cand WHERE ${filterConditions(criteria, b, 'price')})`;
}

/** One facet's counts as a JSON array, most items first, without the facet's own filter. */
function facetColumn(criteria: SearchCriteria, b: Binder, facet: 'category' | 'brand'): string {
  const [column, table] = facet === 'category' ? ['categoryId', 'category'] : ['brandId', 'brand'];
  return `(SELECT json_group_array(json_object('id', t.id, 'name', t.name, 'count', f.count) ORDER BY f.count DESC,
    t.name)
    FROM (SELECT ${column} AS id, count(*) AS count FROM cand WHERE ${filterConditions(criteria, b, facet)}
      GROUP BY ${column}) f JOIN ${table} t ON t.id = f.id)`;
}

/** Search queries over the catalog. */
export function searchRepository(db: D1Database) {
  return {
    /** Runs one search as one statement: the candidates are found once and serve the page, the total and the facets. */
    async search(criteria: SearchCriteria): Promise<SearchResult> {
      const b = new Binder();
      const ctes = candidateCtes(criteria, b);
      const sql = `${ctes}
        SELECT ${pageColumn(criteria, b)} AS records, ${totalsColumn(criteria, b)} AS totals,
          ${facetColumn(criteria, b, 'category')} AS categories, ${facetColumn(criteria, b, 'brand')} AS brands`;
      const { results } = await db
        .prepare(sql)
        .bind(...b.values)
        .all<{ records: string; totals: string; categories: string; brands: string }>();
      const row = results[0];
      const totals = JSON.parse(row!.totals) as { total: number; minPrice: number | null; maxPrice: number | null };
      return {
        rows: JSON.parse(row!.records) as SearchRow[],
        total: totals.total,
        minPrice: totals.minPrice,
        maxPrice: totals.maxPrice,
        categories: JSON.parse(row!.categories) as FacetRow[],
        brands: JSON.parse(row!.brands) as FacetRow[],
      };
    },
  };
}
