/** Vehicle queries: the selector's tree, node paths and makes. The only place with their SQL. */

export interface VehicleNodeRow {
  id: number;
  level: number;
  parentId: number | null;
  value: string;
  text: string;
  year: number;
  makeId: number | null;
  modelId: number | null;
  modelNodeId: number | null;
}

const NODE_COLUMNS =
  'id, level, parent_id AS parentId, value, text, year, make_id AS makeId, model_id AS modelId, model_node_id AS ' +
  'modelNodeId';

export function vehicleRepository(db: D1Database) {
  return {
    /** The model years (level 1), newest first. */
    async years(): Promise<VehicleNodeRow[]> {
      const { results } = await db
        .prepare(`SELECT ${NODE_COLUMNS} FROM vehicle_node WHERE level = 1 ORDER BY year DESC`)
        .all<VehicleNodeRow>();
      return results;
    },

    /** The children of one node, in display order. */
    async children(parentId: number): Promise<VehicleNodeRow[]> {
      const { results } = await db
        .prepare(`SELECT ${NODE_COLUMNS} FROM vehicle_node WHERE parent_id = ? ORDER BY level, text`)
        .bind(parentId)
        .all<VehicleNodeRow>();
      return results;
    },

    /** A node and its ancestors, root (year) first: the vehicle a saved attributeValueId stands for. */
    async path(nodeId: number): Promise<VehicleNodeRow[]> {
      const { results } = await db
        .prepare(
          `WITH RECURSIVE up(id) AS (SELECT ?1 UNION ALL SELECT n.parent_id FROM vehicle_node n JOIN up ON n.id = up.id
            WHERE n.parent_id IS NOT NULL)
         SELECT ${NODE_COLUMNS} FROM vehicle_node WHERE id IN (SELECT id FROM up) ORDER BY level`,
        )
        .bind(nodeId)
        .all<VehicleNodeRow>();
      return results;
    },

    /**
     * The children of one node (its trims or engines) with each trim's engine ids, as a statement
     * for a caller's own db.batch, and how to read its result.
     */
    configurationsStatement(nodeId: number) {
      return {
        statement: db
          .prepare(
            `SELECT c.id, c.level, (SELECT json_group_array(e.id) FROM vehicle_node e
              WHERE e.parent_id = c.id) AS engineIds
           FROM vehicle_node c WHERE c.parent_id = ? ORDER BY c.id`,
          )
          .bind(nodeId),
        read: (result: D1Result) =>
          (result.results as { id: number; level: number; engineIds: string }[]).map((row) => ({
            id: row.id,
            level: row.level,
            engineIds: JSON.parse(row.engineIds) as number[],
          })),
      };
    },

    /** Every make, alphabetically. */
    async makes(): Promise<{ id: number; name: string; slug: string }[]> {
      const { results } = await db
        .prepare('SELECT id, name, slug FROM vehicle_make ORDER BY name')
        .all<{ id: number; name: string; slug: string }>();
      return results;
    },

    /** The make a VIN's first three characters name, if known. */
    async makeForWmi(wmi: string): Promise<{ id: number; name: string } | null> {
      return db
        .prepare('SELECT m.id, m.name FROM vehicle_wmi w JOIN vehicle_make m ON m.id = w.make_id WHERE w.wmi = ?')
        .bind(wmi)
        .first<{ id: number; name: string }>();
    },
  };
}
