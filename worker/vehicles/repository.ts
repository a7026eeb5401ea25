import type { VehicleNodeRecord } from './records.ts';
/** Vehicle queries: the selector's tree, node paths and makes. The only place with their SQL. */

const NODE_COLUMNS =
  'id, level, parent_id AS parentId, value, text, year, make_id AS makeId, model_id AS modelId, model_node_id AS ' +
  'modelNodeId';

export function vehicleRepository(db: D1Database) {
  return {
    /** The model years (level 1), newest first. */
    async years(): Promise<VehicleNodeRecord[]> {
      const { results } = await db
        .prepare(`SELECT ${NODE_COLUMNS} FROM vehicle_node WHERE level = 1 ORDER BY year DESC`)
        .all<VehicleNodeRecord>();
      return results;
    },

    /** The children of one node, in display order. */
    async children(parentId: number): Promise<VehicleNodeRecord[]> {
      const { results } = await db
        .prepare(`SELECT ${NODE_COLUMNS} FROM vehicle_node WHERE parent_id = ? ORDER BY level, text`)
        .bind(parentId)
        .all<VehicleNodeRecord>();
      return results;
    },

    /** A node and its ancestors, root (year) first: the vehicle a saved attributeValueId stands for. */
    async path(nodeId: number): Promise<VehicleNodeRecord[]> {
      const { results } = await db
        .prepare(
          `WITH RECURSIVE up(id) AS (SELECT ?1 UNION ALL SELECT n.parent_id FROM vehicle_node n JOIN up ON n.id = up.id
            WHERE n.parent_id IS NOT NULL)
         SELECT ${NODE_COLUMNS} FROM vehicle_node WHERE id IN (SELECT id FROM up) ORDER BY level`,
        )
        .bind(nodeId)
        .all<VehicleNodeRecord>();
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

    /**
     * Where node ids gone from vehicle_node went (vehicle_node_move), by old id. An id still in
     * vehicle_node, or never moved, is not in the answer.
     */
    async successors(nodeIds: readonly number[]): Promise<Map<number, number>> {
      if (nodeIds.length === 0) return new Map();
      const { results } = await db
        .prepare(
          `SELECT m.old_id AS oldId, m.new_id AS newId FROM vehicle_node_move m
         WHERE m.old_id IN (SELECT value FROM json_each(?1))
           AND NOT EXISTS (SELECT 1 FROM vehicle_node n WHERE n.id = m.old_id)`,
        )
        .bind(JSON.stringify(nodeIds))
        .all<{ oldId: number; newId: number }>();
      return new Map(results.map((row) => [row.oldId, row.newId]));
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
