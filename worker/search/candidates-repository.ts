import { BUYABLE_STATUSES, LISTED_STATUSES, sqlList } from '../../shared/item-status.ts';
import { minPriceColumn, statusColumn } from '../../shared/market-columns.ts';
import type { SearchCriteria } from './criteria.ts';

/**
 * The candidates of a search as SQL: the keyword's matches (capped), the vehicle's fitting parts, the chosen category
 * or brand, gathered into the `cand` CTE that the search statement (repository.ts) pages, counts and facets.
 */

/** bm25 weights of item_search's columns: title, part numbers, brand, category. */
const BM25_WEIGHTS = '10.0, 8.0, 3.0, 2.0';

/** Collects bound values for one statement; each named value is bound once and reused. */
export class Binder {
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

export const hasKeyword = (criteria: SearchCriteria) => criteria.match !== null && criteria.partNumber !== null;

/**
 * The matches of a keyword, each with its bm25 score (null when the order does not use it) and
 * whether it is an exact part number: the best-selling `candidateLimit` matches, read in rank
 * order from item_search_ranked so the scan stops there, every match that fits the vehicle and
 * every exact part number. Capping keeps the cost flat however common the words are.
 */
function hitCtes(criteria: SearchCriteria, b: Binder): string[] {
  const ctes = criteria.lastWord ? spelledOutCtes(criteria.lastWord, b.ref('match', criteria.match), b) : [];
  const match = criteria.lastWord ? '(SELECT expression FROM spelled)' : b.ref('match', criteria.match);
  const text = b.ref('part', criteria.partNumber);
  const scored = criteria.order === 'relevance';
  ctes.push(
    `top AS (SELECT rowid AS rank, ${scored ? `bm25(item_search_ranked, ${BM25_WEIGHTS})` : 'NULL'} AS score
      FROM item_search_ranked
      WHERE item_search_ranked MATCH ${match} ORDER BY rowid LIMIT ${b.ref('cap', criteria.candidateLimit)})`,
    // The unique index is case-sensitive: the usual spellings are looked up through it.
    `exact AS (SELECT DISTINCT item_id AS id FROM sku WHERE part_number IN (${text}, upper(${text}), lower(${text})))`,
  );
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

/** Above this many indexed words, a prefix is left to FTS5: spelling it out would cost more than it saves. */
const MAX_SPELLED_WORDS = 30;

/**
 * `spelled`: the MATCH expression with the last word's prefixes spelled out as the indexed words they start, read
 * from the index's vocabulary (item_search_terms): the same matches, without FTS5 merging the prefix's words on each
 * of the statement's MATCHes. A prefix of no word or of too many keeps the expression as it was (`original`).
 */
function spelledOutCtes(lastWord: { head: string; prefixes: string[] }, original: string, b: Binder): string[] {
  const ranges = lastWord.prefixes.map(
    (prefix, i) =>
      `SELECT term FROM item_search_terms WHERE term >= ${b.ref(`prefix${i}`, prefix)} AND term < ${b.ref(
        `prefixEnd${i}`,
        prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1),
      )}`,
  );
  return [
    `prefix_words AS (${ranges.join(' UNION ')} LIMIT ${MAX_SPELLED_WORDS + 1})`,
    `spelled AS (SELECT CASE WHEN count(*) BETWEEN 1 AND ${MAX_SPELLED_WORDS}
      THEN ${b.ref('head', lastWord.head)} || '(' || group_concat('"' || term || '"', ' OR ') || ')'
      ELSE ${original} END AS expression FROM prefix_words)`,
  ];
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
export function candidateCtes(criteria: SearchCriteria, b: Binder): string {
  const statuses = sqlList(criteria.soldOut ? LISTED_STATUSES : BUYABLE_STATUSES);
  const ctes: string[] = [];
  if (criteria.vehicleNodeIds) ctes.push(...vehicleFitCtes(b.ref('vehicle', JSON.stringify(criteria.vehicleNodeIds))));
  const keyword = hasKeyword(criteria);
  if (keyword) ctes.push(...hitCtes(criteria, b));
  const fits = criteria.vehicleNodeIds
    ? 'CASE WHEN i.non_vehicle = 1 THEN NULL WHEN i.vehicle_universal = 1 OR i.id IN (SELECT id FROM fit) THEN 1 ' +
      'ELSE 0 END'
    : 'NULL';
  // With a keyword the candidates are few: they keep the parts that do not fit, so those can be counted as hidden.
  const where = [
    `i.${statusColumn(criteria.market)} IN ${statuses}`,
    ...(criteria.fitsOnly && !keyword ? ['i.non_vehicle = 0'] : []),
    ...(criteria.fitsOnly && !keyword && criteria.vehicleOnly ? ['i.vehicle_universal = 0'] : []),
  ];
  // Only fitting parts without a keyword: the vehicle's parts and the universal ones are gathered first and read once.
  const fitting = criteria.fitsOnly && !keyword;
  if (fitting) ctes.push(`fitting AS MATERIALIZED (${fittingIds(criteria, b)})`);
  const source = keyword
    ? 'hits h JOIN item i INDEXED BY item_search_facts ON i.id = h.id'
    : fitting
      ? 'fitting f JOIN item i INDEXED BY item_search_facts ON i.id = f.id'
      : 'item i';
  ctes.push(`cand AS ${keyword || fitting ? '' : 'NOT '}MATERIALIZED (SELECT i.id,
    ${keyword ? 'h.score, h.exact' : 'NULL AS score, 0 AS exact'}, ${fits} AS fits,
      i.back_category_id AS categoryId, i.brand_id AS brandId, i.${minPriceColumn(criteria.market)} AS price, i.sales,
      i.review_rating AS rating, i.review_count AS reviews
    FROM ${source}
      WHERE ${where.join(' AND ')})`);
  return `WITH ${ctes.join(',\n')}`;
}

/**
 * Only parts that fit (fits = 1), without a keyword: the list of fitting and universal ids drives the query instead
 * of a scan of every item. With a keyword the same rule is `fits = 1` on the candidates (filterConditions).
 */
function fittingIds(criteria: SearchCriteria, b: Binder): string {
  if (criteria.vehicleOnly) return 'SELECT id FROM fit';
  if (criteria.universalOnly) return 'SELECT id FROM item WHERE vehicle_universal = 1';
  if (criteria.categoryId === null) return 'SELECT id FROM fit UNION SELECT id FROM item WHERE vehicle_universal = 1';
  // Universal parts are many (a sixth of a large catalog): only the chosen category's are read (item_universal).
  return `SELECT id FROM fit UNION SELECT id FROM item WHERE vehicle_universal = 1 AND back_category_id IN
    (${categorySet(b.ref('category', criteria.categoryId))})`;
}

/** A category with its subcategories, as a list of ids. */
export const categorySet = (id: string) =>
  `SELECT id FROM category WHERE kind = 'BACK' AND (id = ${id} OR parent_id = ${id})`;

/**
 * `fit` as SQL common table expressions: the items that fit a vehicle or may fit it (§4 UNCERTAIN), for every list
 * that answers "parts for this vehicle" to agree (search's "Fits my vehicle"; a vehicle's category counts,
 * vehicle-categories-repository.ts). Its applications at any of its node ids, and those of the trims and engines below
 * its deepest node, which the shopper has not chosen: an oil filter for one engine of a model year given without an
 * engine may well fit, so the list keeps it and its card asks for the engine. A chosen engine leaves the other
 * engines' parts out. `ids` is the SQL of a bound JSON array of the vehicle's node ids (`?1`).
 */
export function vehicleFitCtes(ids: string): string[] {
  const nodes = `SELECT value FROM json_each(${ids})`;
  return [
    `deepest AS (SELECT id FROM vehicle_node WHERE id IN (${nodes}) ORDER BY level DESC LIMIT 1)`,
    `below AS (SELECT id FROM vehicle_node WHERE parent_id IN (SELECT id FROM deepest)
      UNION SELECT id FROM vehicle_node WHERE parent_id IN
        (SELECT v.id FROM vehicle_node v WHERE v.parent_id IN (SELECT id FROM deepest)))`,
    `fit AS (SELECT item_id AS id FROM fitment WHERE node_id IN (${nodes})
      UNION SELECT item_id FROM fitment WHERE node_id IN (SELECT id FROM below))`,
  ];
}
