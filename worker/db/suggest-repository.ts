/** Typeahead queries: titles, part numbers and categories that start like the shopper's words. */

export interface Suggestion {
  kind: 'item' | 'category' | 'partNumber';
  text: string;
  href: string;
}

export function suggestRepository(db: D1Database) {
  return {
    /** The best-selling items matching an FTS expression, plus categories and part numbers starting with the text, in one round trip. */
    async suggest(match: string, prefix: string, statusColumn: 'us_status' | 'ca_status', limit: number): Promise<Suggestion[]> {
      const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const [items, categories, parts] = await db.batch([
        db.prepare(
          // The first few hundred matches are ranked by sales: the cost stays flat however common the prefix.
          `SELECT i.title AS text, s.url_handle AS handle FROM (SELECT rowid AS id FROM item_search WHERE item_search MATCH ?1 LIMIT 300) f
           JOIN item i ON i.id = f.id JOIN seo s ON s.target_id = i.id AND s.type = 'ITEM' AND s.is_primary = 1
           WHERE i.${statusColumn} IN ('ON_SHELVES', 'UNDER_STOCK') ORDER BY i.sales DESC LIMIT ?2`,
        ).bind(match, limit),
        db.prepare(`SELECT DISTINCT name AS text, id FROM category WHERE kind = 'BACK' AND name LIKE ?1 ESCAPE '\\' ORDER BY depth, name LIMIT 3`).bind(like),
        db.prepare(
          `SELECT k.part_number AS text, s.url_handle AS handle FROM sku k JOIN seo s ON s.target_id = k.item_id AND s.type = 'ITEM' AND s.is_primary = 1
           WHERE k.part_number >= upper(?1) AND k.part_number < upper(?1) || 'z' LIMIT 3`,
        ).bind(prefix),
      ]);
      return [
        ...(parts!.results as { text: string; handle: string }[]).map((row) => ({ kind: 'partNumber' as const, text: row.text, href: `/product/${row.handle}` })),
        ...(categories!.results as { text: string; id: number }[]).map((row) => ({ kind: 'category' as const, text: row.text, href: `/search?category=${row.id}` })),
        ...(items!.results as { text: string; handle: string }[]).map((row) => ({ kind: 'item' as const, text: row.text, href: `/product/${row.handle}` })),
      ];
    },
  };
}
