import type { CategoryNode } from './records.ts';
/** Category tree and item questions: browsing reads that are not about prices or fitment. */

export function categoryRepository(db: D1Database) {
  return {
    /** The category tree of a kind: top categories with their children, in display order. */
    async tree(kind: 'FRONT' | 'BACK'): Promise<(CategoryNode & { children: CategoryNode[] })[]> {
      const { results } = await db
        .prepare(
          `SELECT c.id, c.parent_id AS parentId, c.name, c.handle, c.image_url AS imageUrl,
           (SELECT min(fb.back_id) FROM front_back_category fb WHERE fb.front_id = c.id) AS backId
         FROM category c WHERE c.kind = ? ORDER BY c.depth, c.sort`,
        )
        .bind(kind)
        .all<CategoryNode>();
      return results
        .filter((row) => row.parentId === null)
        .map((top) => ({ ...top, children: results.filter((row) => row.parentId === top.id) }));
    },

    /** Back categories by handle (case-insensitive): each handle found, with its id and name. */
    async backByHandles(handles: readonly string[]): Promise<{ id: number; handle: string; name: string }[]> {
      if (handles.length === 0) return [];
      const { results } = await db
        .prepare(
          `SELECT c.id, c.handle, c.name FROM category c
           WHERE c.kind = 'BACK' AND lower(c.handle) IN (SELECT lower(value) FROM json_each(?))`,
        )
        .bind(JSON.stringify(handles))
        .all<{ id: number; handle: string; name: string }>();
      return results;
    },

    /** SKU ids by part number (exactly as written: the unique index answers it), for those found. */
    async skusByPartNumbers(partNumbers: readonly string[]): Promise<{ skuId: number; partNumber: string }[]> {
      if (partNumbers.length === 0) return [];
      const { results } = await db
        .prepare(
          `SELECT s.id AS skuId, s.part_number AS partNumber FROM sku s
           WHERE s.part_number IN (SELECT value FROM json_each(?))`,
        )
        .bind(JSON.stringify(partNumbers))
        .all<{ skuId: number; partNumber: string }>();
      return results;
    },

    /** An item's questions and answers, in order. */
    async faqsOfItem(itemId: number): Promise<{ id: number; question: string; answer: string }[]> {
      return (
        await db
          .prepare('SELECT id, question, answer FROM item_faq WHERE item_id = ? ORDER BY sort, id')
          .bind(itemId)
          .all<{ id: number; question: string; answer: string }>()
      ).results;
    },
  };
}
