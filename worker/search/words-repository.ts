/** What search reads to understand a query's words: part categories, best sellers' titles, makes and models. */

/** A part category (BACK) as headings and breadcrumbs name it. */
export interface CategoryRow {
  id: number;
  parentId: number | null;
  name: string;
}

/** A make or model whose name is one of the words asked about; a model with its node for the year asked about. */
export interface NamedVehicleRow {
  kind: 'make' | 'model';
  key: string;
  makeId: number;
  make: string;
  makeSlug: string;
  modelId: number | null;
  model: string | null;
  modelSlug: string | null;
  /** The model year's node (level 3) for the year asked about; null without a year or when the model lacks it. */
  modelNodeId: number | null;
}

/** A name as compared with a query's compact keys: lowercased, without the punctuation names carry. */
const compactSql = (column: string) =>
  `lower(replace(replace(replace(replace(replace(replace(${column}, '-', ''), ' ', ''), '/', ''), '.', ''), '&', ''),` +
  ` '''', ''))`;

/** A vehicle node below a model year as search names it: its id, the path down to it and its text. */
export interface NamedVehicleNode {
  id: number;
  /** Year, make and model node ids, then the trim's and the engine's where the node is below the model year. */
  path: number[];
  year: number;
  text: string;
}

export function searchWordsRepository(db: D1Database) {
  return {
    /** A model's model-year nodes (level 3), newest first, each with its path (year, make, model). */
    async modelYears(modelId: number): Promise<NamedVehicleNode[]> {
      const { results } = await db
        .prepare(
          `SELECT n.id, n.year, n.text, k.parent_id AS yearId, n.parent_id AS makeId FROM vehicle_node n
            JOIN vehicle_node k ON k.id = n.parent_id
          WHERE n.model_id = ? AND n.level = 3 ORDER BY n.year DESC, n.id`,
        )
        .bind(modelId)
        .all<{ id: number; year: number; text: string; yearId: number; makeId: number }>();
      return results.map((row) => ({
        id: row.id,
        year: row.year,
        text: row.text,
        path: [row.yearId, row.makeId, row.id],
      }));
    },

    /**
     * The engines below a model year (directly, or under its trims), with the engine's text and its trim's, each with
     * the path down to it: what a shopper names with an engine size, and what search asks them to choose among.
     */
    async enginesOf(modelNode: {
      id: number;
      path: number[];
    }): Promise<(NamedVehicleNode & { litres: number | null })[]> {
      const { results } = await db
        .prepare(
          `SELECT e.id, e.year, e.text, e.displacement AS litres,
              CASE WHEN e.parent_id = ?1 THEN NULL ELSE t.id END AS trimId,
              CASE WHEN e.parent_id = ?1 THEN NULL ELSE t.text END AS trim
            FROM vehicle_node e LEFT JOIN vehicle_node t ON t.id = e.parent_id
          WHERE e.level = 5 AND (e.parent_id = ?1 OR e.parent_id IN (SELECT id FROM vehicle_node WHERE parent_id = ?1))
          ORDER BY e.text, t.text, e.id`,
        )
        .bind(modelNode.id)
        .all<{
          id: number;
          year: number;
          text: string;
          litres: number | null;
          trimId: number | null;
          trim: string | null;
        }>();
      return results.map((row) => ({
        id: row.id,
        year: row.year,
        text: row.trim ? `${row.trim} ${row.text}` : row.text,
        litres: row.litres,
        path: [...modelNode.path, ...(row.trimId === null ? [] : [row.trimId]), row.id],
      }));
    },

    /**
     * The part categories and the titles of the `titles` best-selling items, in one round trip: the vocabulary
     * search corrects misspelt part words against, and the names category pages are headed with.
     */
    async catalogWords(titles: number): Promise<{ categories: CategoryRow[]; titles: string[] }> {
      const [categories, items] = await db.batch([
        db.prepare(`SELECT id, parent_id AS parentId, name FROM category WHERE kind = 'BACK' ORDER BY depth, id`),
        db
          .prepare('SELECT i.title FROM item_rank r JOIN item i ON i.id = r.item_id WHERE r.rank <= ? ORDER BY r.rank')
          .bind(titles),
      ]);
      return {
        categories: categories!.results as CategoryRow[],
        titles: (items!.results as { title: string }[]).map((row) => row.title),
      };
    },

    /**
     * The makes and models named by any of the compact keys ('camry', 'f150', 'grandcherokee'), each model with its
     * model-year node for `year`: one small query over the make and model lists.
     */
    async vehiclesNamed(keys: readonly string[], year: number | null): Promise<NamedVehicleRow[]> {
      if (keys.length === 0) return [];
      const { results } = await db
        .prepare(
          `WITH wanted AS (SELECT value AS key FROM json_each(?1))
          SELECT 'model' AS kind, ${compactSql('m.name')} AS key, k.id AS makeId, k.name AS make,
            k.slug AS makeSlug, m.id AS modelId, m.name AS model, m.slug AS modelSlug,
            (SELECT n.id FROM vehicle_node n WHERE n.model_id = m.id AND n.year = ?2 AND n.level = 3
              ORDER BY n.id LIMIT 1) AS modelNodeId
          FROM vehicle_model m JOIN vehicle_make k ON k.id = m.make_id
          WHERE ${compactSql('m.name')} IN (SELECT key FROM wanted)
          UNION ALL
          SELECT 'make', ${compactSql('k.name')}, k.id, k.name, k.slug, NULL, NULL, NULL, NULL FROM vehicle_make k
          WHERE ${compactSql('k.name')} IN (SELECT key FROM wanted)`,
        )
        .bind(JSON.stringify(keys), year)
        .all<NamedVehicleRow>();
      return results;
    },
  };
}
