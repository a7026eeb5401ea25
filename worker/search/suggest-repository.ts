import { BUYABLE_STATUSES, sqlList } from '../../shared/item-status.ts';
import { statusColumn } from '../../shared/market-columns.ts';
import type { MarketId } from '../../shared/markets.ts';
import type { Suggestion } from './records.ts';

/** Typeahead queries: titles, part numbers and categories that start like the shopper's words. */

interface SuggestionRow {
  kind: Suggestion['kind'];
  text: string;
  handle: string | null;
  categoryId: number | null;
}

const SELLING = sqlList(BUYABLE_STATUSES);

export function suggestRepository(db: D1Database) {
  return {
    /**
     * Part numbers and categories starting with the text, then the best-selling items matching
     * the FTS expression (no title twice), in one statement (one round trip). Items come from item_search_ranked,
     * whose rowid is the sales rank: the scan meets matches best-selling first and stops at the
     * limit, however common the prefix. CROSS JOIN fixes the join order: small lists first,
     * never a pass over seo or item.
     */
    async suggest(match: string, prefix: string, market: MarketId, limit: number): Promise<Suggestion[]> {
      const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const { results } = await db
        .prepare(
          `SELECT kind, text, handle, categoryId FROM (
           SELECT 'partNumber' AS kind, 0 AS part, text, handle, NULL AS categoryId, text AS k1, NULL AS k2 FROM (
             SELECT k.part_number AS text, s.url_handle AS handle FROM sku k
             CROSS JOIN seo s ON s.type = 'ITEM' AND s.target_id = k.item_id AND s.is_primary = 1
             WHERE k.part_number >= upper(?1) AND k.part_number < upper(?1) || 'z' ORDER BY k.part_number LIMIT 3)
           UNION ALL
           SELECT 'category', 1, name, NULL, id, depth, name FROM (
             SELECT name, id, depth FROM category WHERE kind = 'BACK' AND name LIKE ?2 ESCAPE '\\' ORDER BY depth, name
               LIMIT 3)
           UNION ALL
           SELECT 'item', 2, text, handle, NULL, rank, NULL FROM (
             SELECT i.title AS text, s.url_handle AS handle, r.rowid AS rank FROM item_search_ranked r
             CROSS JOIN item_rank m ON m.rank = r.rowid CROSS JOIN item i ON i.id = m.item_id
             CROSS JOIN seo s ON s.type = 'ITEM' AND s.target_id = i.id AND s.is_primary = 1
             WHERE item_search_ranked MATCH ?3 AND i.${statusColumn(market)} IN ${SELLING} ORDER BY r.rowid
               LIMIT ?4))
         ORDER BY part, k1, k2`,
        )
        .bind(prefix, like, match, limit * 2)
        .all<SuggestionRow>();
      // Universal parts often share a title: twice the items are read so repeats can be dropped.
      const titles = new Set<string>();
      const rows = results.filter((row) => {
        if (row.kind !== 'item') return true;
        if (titles.has(row.text) || titles.size === limit) return false;
        titles.add(row.text);
        return true;
      });
      return rows.map((row) => ({
        kind: row.kind,
        text: row.text,
        href: row.kind === 'category' ? `/search?category=${row.categoryId}` : `/product/${row.handle}`,
      }));
    },
  };
}
