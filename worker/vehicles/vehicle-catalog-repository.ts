import type { MakeModelYears } from './records.ts';
/** Queries that join vehicles with the catalog: shop-by-vehicle and shop-by-make. The only place with their SQL. */

export function vehicleCatalogRepository(db: D1Database) {
  return {
    /** The node of a level under a parent with this value (case-insensitive), or the year node. */
    childByValue: (parentId: number | null, level: number, value: string) =>
      parentId === null
        ? db
            .prepare('SELECT id, level, value, text FROM vehicle_node WHERE level = 1 AND value = ?')
            .bind(value)
            .first<{ id: number; level: number; value: string; text: string }>()
        : db
            .prepare(
              'SELECT id, level, value, text FROM vehicle_node WHERE parent_id = ? AND level = ? AND value = ? ' +
                'COLLATE NOCASE',
            )
            .bind(parentId, level, value)
            .first<{ id: number; level: number; value: string; text: string }>(),

    /** A node's level and its children in one query: the parent row comes back even with no children. */
    async childrenWithParent(parentId: number): Promise<{
      parentLevel: number | null;
      children: { id: number; level: number; value: string; text: string }[];
      durationMs: number;
    }> {
      const result = await db
        .prepare(
          `SELECT p.level AS parentLevel, c.id, c.level, c.value, c.text FROM vehicle_node p
         LEFT JOIN vehicle_node c ON c.parent_id = p.id WHERE p.id = ? ORDER BY c.level, c.text`,
        )
        .bind(parentId)
        .all<{ parentLevel: number; id: number | null; level: number; value: string; text: string }>();
      const rows = result.results;
      return {
        parentLevel: rows[0]?.parentLevel ?? null,
        children: rows
          .filter((row) => row.id !== null)
          .map(({ id, level, value, text }) => ({ id: id!, level, value, text })),
        durationMs: result.meta.duration,
      };
    },

    makeBySlug: (slug: string) =>
      db
        .prepare('SELECT id, name, slug FROM vehicle_make WHERE slug = ?')
        .bind(slug)
        .first<{ id: number; name: string; slug: string }>(),

    /** A make's models with the model years the shop has for them. */
    async modelsOfMake(makeId: number): Promise<MakeModelYears[]> {
      const { results } = await db
        .prepare(
          `SELECT m.id AS modelId, m.name AS model, m.slug, min(n.year) AS yearFrom, max(n.year) AS yearTo
         FROM vehicle_model m JOIN vehicle_node n ON n.model_id = m.id AND n.level = 3
         WHERE m.make_id = ? GROUP BY m.id ORDER BY m.name`,
        )
        .bind(makeId)
        .all<MakeModelYears>();
      return results;
    },

    /** The model-year node of a make's model in a year. */
    modelYearNode: (modelId: number, year: number) =>
      db
        .prepare('SELECT id FROM vehicle_node WHERE model_id = ? AND year = ? AND level = 3')
        .bind(modelId, year)
        .first<{ id: number }>(),

    /** Makes ranked by how many applications the catalog has for them. */
    async topMakes(limit: number): Promise<{ id: number; name: string; slug: string; applications: number }[]> {
      const { results } = await db
        .prepare(
          `SELECT mk.id, mk.name, mk.slug, count(*) AS applications
         FROM fitment f JOIN vehicle_node n ON n.id = f.model_node_id JOIN vehicle_make mk ON mk.id = n.make_id
         GROUP BY mk.id ORDER BY applications DESC, mk.name LIMIT ?`,
        )
        .bind(limit)
        .all<{ id: number; name: string; slug: string; applications: number }>();
      return results;
    },
  };
}
