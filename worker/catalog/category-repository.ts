/** Category tree and item questions: browsing reads that are not about prices or fitment. */

export interface CategoryNode {
  id: number;
  parentId: number | null;
  name: string;
  handle: string;
  imageUrl: string | null;
  /** For a front (navigation) category: the back category whose items it shows. */
  backId: number | null;
}

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
