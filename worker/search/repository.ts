import { BUYABLE_STATUSES, LISTED_STATUSES, sqlList } from '../../shared/item-status.ts';
import { minPriceColumn, statusColumn } from '../../shared/market-columns.ts';
import { currencyOf, type MarketId } from '../../shared/markets.ts';
import { Binder, candidateCtes, categorySet, hasKeyword } from './candidates-repository.ts';
import type { SearchCriteria, SearchOrder } from './criteria.ts';
import type { FacetRecord, SearchHit } from './records.ts';

/** Product search queries (§7 filter-search): the only place with their SQL, with candidates-repository.ts. */

export type { SearchCriteria, SearchOrder, VehicleScope } from './criteria.ts';

/** The page, the total with the price range, and the category and brand facets. */
export interface SearchResult {
  rows: SearchHit[];
  total: number;
  minPrice: number | null;
  maxPrice: number | null;
  categories: FacetRecord[];
  brands: FacetRecord[];
  /** With a keyword and only fitting parts asked for: how many the other filters let through that do not fit. */
  hiddenByFit: number | null;
  /** The keyword matched more parts than the search considers (candidateLimit): the counts are of those considered. */
  capped: boolean;
}

type Filter = 'category' | 'brand' | 'price' | 'fits';

/** The conditions on `cand` for the chosen filters, leaving out one facet's own. */
function filterConditions(criteria: SearchCriteria, b: Binder, omit?: Filter): string {
  const conditions = ['1'];
  if (criteria.fitsOnly && hasKeyword(criteria) && omit !== 'fits') conditions.push('fits = 1');
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
        'reviewCount', i.review_count, 'sales', i.sales,
      'vehicleUniversal', i.vehicle_universal, 'nonVehicle', i.non_vehicle, 'fits', pg.fits,
      'urlHandle', (SELECT url_handle FROM seo s WHERE s.type = 'ITEM' AND s.target_id = i.id AND s.active = 1
        ORDER BY s.is_primary DESC, s.id LIMIT 1),
      'imageUrl', (SELECT url FROM item_image m WHERE m.item_id = i.id AND m.media_type = 'IMAGE'
        ORDER BY m.is_main DESC, m.idx LIMIT 1),
      'partNumber', (SELECT s.part_number FROM sku s WHERE s.item_id = i.id
        ORDER BY ${part ? `s.part_number IN (${part}, upper(${part}), lower(${part})) DESC, ` : ''}s.sort, s.id
          LIMIT 1),
      'originalPrice', (SELECT p.original_price FROM sku s JOIN sku_price p ON p.sku_id = s.id
        AND p.currency = ${currency} WHERE s.item_id = i.id ORDER BY p.discount_price, s.sort LIMIT 1),
      'maxPrice', (SELECT max(p.discount_price) FROM sku s JOIN sku_price p ON p.sku_id = s.id
        AND p.currency = ${currency} WHERE s.item_id = i.id))
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

/**
 * How many parts the fit filter hides under the other filters, when they are among the candidates (with a keyword);
 * null otherwise (the service counts a category's parts apart, from a cache).
 */
function hiddenColumn(criteria: SearchCriteria, b: Binder): string {
  if (!criteria.fitsOnly || !hasKeyword(criteria)) return 'NULL';
  return `(SELECT count(*) FROM cand WHERE ${filterConditions(criteria, b, 'fits')} AND coalesce(fits, 0) = 0)`;
}

/** Whether the keyword's best-selling matches filled the cap, so there are more than the search considered. */
function cappedColumn(criteria: SearchCriteria, b: Binder): string {
  if (!hasKeyword(criteria)) return '0';
  return `((SELECT count(*) FROM top) >= ${b.ref('cap', criteria.candidateLimit)})`;
}

/** One facet's counts as a JSON array, most items first, without the facet's own filter. */
function facetColumn(
  criteria: SearchCriteria,
  b: Binder,
  facet: 'category' | 'brand',
  universalCountedApart = false,
): string {
  const [column, table] = facet === 'category' ? ['categoryId', 'category'] : ['brandId', 'brand'];
  const counts =
    facet === 'category' && universalOfOneCategory(criteria)
      ? fittingByCategory(criteria, b, !universalCountedApart)
      : `SELECT ${column} AS id, count(*) AS count FROM cand WHERE ${filterConditions(criteria, b, facet)}
      GROUP BY ${column}`;
  return `(SELECT json_group_array(json_object('id', t.id, 'name', t.name, 'count', f.count) ORDER BY f.count DESC,
    t.name)
    FROM (${counts}) f JOIN ${table} t ON t.id = f.id)`;
}

/**
 * Only fitting parts of one category, without a keyword: the candidates hold that category's universal parts only
 * (candidates-repository.ts fittingIds), so they cannot count the other categories.
 */
export const universalOfOneCategory = (criteria: SearchCriteria) =>
  criteria.fitsOnly && !hasKeyword(criteria) && !criteria.vehicleOnly && criteria.categoryId !== null;

/**
 * The category facet of fitting parts: the vehicle's own parts and (unless the caller counts them apart) every
 * category's universal parts, each counted once, under the brand and price filters.
 */
function fittingByCategory(criteria: SearchCriteria, b: Binder, withUniversal: boolean): string {
  const where = itemConditions(criteria, b);
  const own = `SELECT i.back_category_id AS id, count(*) AS count FROM item i
        WHERE i.id IN (SELECT id FROM fit) AND i.vehicle_universal = 0 AND ${where} GROUP BY i.back_category_id`;
  if (!withUniversal) return own;
  return `SELECT id, sum(count) AS count FROM (
      ${own}
      UNION ALL
      SELECT i.back_category_id AS id, count(*) AS count FROM item i INDEXED BY item_universal
        WHERE i.vehicle_universal = 1 AND ${where} GROUP BY i.back_category_id)
    GROUP BY id`;
}

/** The market's listing, vehicle parts only, and the brand and price filters, on `item i`. */
function itemConditions(criteria: SearchCriteria, b: Binder): string {
  const statuses = sqlList(criteria.soldOut ? LISTED_STATUSES : BUYABLE_STATUSES);
  const price = `i.${minPriceColumn(criteria.market)}`;
  const conditions = [`i.${statusColumn(criteria.market)} IN ${statuses}`, 'i.non_vehicle = 0'];
  if (criteria.brandIds.length > 0) {
    conditions.push(
      `i.brand_id IN (SELECT value FROM json_each(${b.ref('brands', JSON.stringify(criteria.brandIds))}))`,
    );
  }
  if (criteria.minPrice !== null) conditions.push(`${price} >= ${b.ref('min', criteria.minPrice)}`);
  if (criteria.maxPrice !== null) conditions.push(`${price} <= ${b.ref('max', criteria.maxPrice)}`);
  return conditions.join(' AND ');
}

/** Search queries over the catalog. */
export function searchRepository(db: D1Database) {
  return {
    /** How many parts of a category (with its subcategories) the market lists: what a fit filter hides from. */
    async listedInCategory(market: MarketId, categoryId: number, soldOut: boolean): Promise<number> {
      const statuses = sqlList(soldOut ? LISTED_STATUSES : BUYABLE_STATUSES);
      const row = await db
        .prepare(
          `SELECT count(*) AS count FROM item WHERE ${statusColumn(market)} IN ${statuses}
            AND back_category_id IN (${categorySet('?1')})`,
        )
        .bind(categoryId)
        .first<{ count: number }>();
      return row?.count ?? 0;
    },

    /** Universal vehicle parts per category the market lists (the same for every vehicle). */
    async universalByCategory(market: MarketId, soldOut: boolean): Promise<FacetRecord[]> {
      const statuses = sqlList(soldOut ? LISTED_STATUSES : BUYABLE_STATUSES);
      const { results } = await db
        .prepare(
          `SELECT c.id, c.name, f.count FROM (SELECT back_category_id AS id, count(*) AS count
            FROM item INDEXED BY item_universal WHERE vehicle_universal = 1 AND non_vehicle = 0
              AND ${statusColumn(market)} IN ${statuses} GROUP BY back_category_id) f JOIN category c ON c.id = f.id`,
        )
        .all<FacetRecord>();
      return results;
    },

    /**
     * Runs one search as one statement: the candidates are found once and serve the page, the total and the facets.
     * `universalCountedApart`: the caller adds the universal parts to the category facet of a fitting search of one
     * category (universalOfOneCategory) from its own count.
     */
    async search(criteria: SearchCriteria, universalCountedApart = false): Promise<SearchResult> {
      const b = new Binder();
      const ctes = candidateCtes(criteria, b);
      const sql = `${ctes}
        SELECT ${pageColumn(criteria, b)} AS records, ${totalsColumn(criteria, b)} AS totals,
          ${facetColumn(criteria, b, 'category', universalCountedApart)} AS categories,
          ${facetColumn(criteria, b, 'brand')} AS brands,
          ${hiddenColumn(criteria, b)} AS hidden, ${cappedColumn(criteria, b)} AS capped`;
      const { results } = await db
        .prepare(sql)
        .bind(...b.values)
        .all<{
          records: string;
          totals: string;
          categories: string;
          brands: string;
          hidden: number | null;
          capped: number;
        }>();
      const row = results[0];
      const totals = JSON.parse(row!.totals) as { total: number; minPrice: number | null; maxPrice: number | null };
      return {
        rows: JSON.parse(row!.records) as SearchHit[],
        total: totals.total,
        minPrice: totals.minPrice,
        maxPrice: totals.maxPrice,
        categories: JSON.parse(row!.categories) as FacetRecord[],
        brands: JSON.parse(row!.brands) as FacetRecord[],
        hiddenByFit: row!.hidden,
        capped: row!.capped === 1,
      };
    },
  };
}
