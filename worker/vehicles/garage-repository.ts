/** Garage queries: a member's saved vehicles and their node paths. The only place with their SQL. */

/** A saved vehicle as stored: its deepest vehicle node and whether it is the default (0/1). */
export interface GarageRow {
  id: number;
  attributeValueId: number;
  isDefault: number;
}

/** One node on the path of a vehicle node; startId is the node the path was asked for. */
export interface GaragePathNode {
  startId: number;
  id: number;
  level: number;
  parentId: number | null;
  value: string;
  text: string;
}

const COLUMNS = 'id, attribute_value_id AS attributeValueId, is_default AS isDefault';

/** The garage's queries over one D1 database. */
export function garageRepository(db: D1Database) {
  // Every change ends with these two: some vehicle is the default when any is left (the newest),
  // and account.default_garage names it.
  const ensureDefault = (accountId: number) =>
    db
      .prepare(
        `UPDATE garage_vehicle SET is_default = 1
     WHERE id = (SELECT id FROM garage_vehicle WHERE account_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 1)
       AND NOT EXISTS (SELECT 1 FROM garage_vehicle WHERE account_id = ?1 AND is_default = 1)`,
      )
      .bind(accountId);
  const syncAccount = (accountId: number) =>
    db
      .prepare(
        'UPDATE account SET default_garage = (SELECT id FROM garage_vehicle WHERE account_id = ?1 AND is_default = 1 ' +
          'ORDER BY id LIMIT 1) WHERE id = ?1',
      )
      .bind(accountId);
  const setDefault = (accountId: number, id: number) =>
    db
      .prepare(
        `UPDATE garage_vehicle SET is_default = (id = ?2)
     WHERE account_id = ?1 AND (is_default = 1 OR id = ?2) AND EXISTS (SELECT 1 FROM garage_vehicle
       WHERE account_id = ?1 AND id = ?2)`,
      )
      .bind(accountId, id);
  const finish = (accountId: number) => [ensureDefault(accountId), syncAccount(accountId)];

  return {
    /** The member's vehicles, default first, then newest first. */
    async list(accountId: number): Promise<GarageRow[]> {
      const { results } = await db
        .prepare(
          `SELECT ${COLUMNS} FROM garage_vehicle WHERE account_id = ? ORDER BY is_default DESC, created_at DESC,
            id DESC`,
        )
        .bind(accountId)
        .all<GarageRow>();
      return results;
    },

    /** One of the member's vehicles by id; null when it is not theirs. */
    byId: (accountId: number, id: number) =>
      db
        .prepare(`SELECT ${COLUMNS} FROM garage_vehicle WHERE account_id = ? AND id = ?`)
        .bind(accountId, id)
        .first<GarageRow>(),

    /** The member's vehicle stored by this node, if any. */
    byNode: (accountId: number, nodeId: number) =>
      db
        .prepare(`SELECT ${COLUMNS} FROM garage_vehicle WHERE account_id = ? AND attribute_value_id = ?`)
        .bind(accountId, nodeId)
        .first<GarageRow>(),

    /** The paths (node and ancestors) of several vehicle nodes in one query, by start node then level. */
    async paths(nodeIds: readonly number[]): Promise<GaragePathNode[]> {
      if (nodeIds.length === 0) return [];
      const { results } = await db
        .prepare(
          `WITH RECURSIVE up(start, id, depth) AS (
           SELECT value, value, 0 FROM json_each(?1)
           UNION ALL SELECT up.start, n.parent_id, up.depth + 1 FROM vehicle_node n JOIN up ON n.id = up.id
             WHERE n.parent_id IS NOT NULL AND up.depth < 5)
         SELECT DISTINCT up.start AS startId, n.id, n.level, n.parent_id AS parentId, n.value, n.text
         FROM up JOIN vehicle_node n ON n.id = up.id ORDER BY up.start, n.level`,
        )
        .bind(JSON.stringify(nodeIds))
        .all<GaragePathNode>();
      return results;
    },

    /**
     * Adds vehicles by node while the garage has fewer than `max`; a node already saved is left
     * alone. `defaultNodeId` becomes the default when `replaceDefault` or when there is none yet.
     * Answers the new id per node (null when not added).
     */
    async add(
      accountId: number,
      nodeIds: readonly number[],
      defaultNodeId: number | null,
      replaceDefault: boolean,
      max: number,
    ): Promise<(number | null)[]> {
      const inserts = nodeIds.map((nodeId) =>
        db
          .prepare(
            `INSERT INTO garage_vehicle (account_id, attribute_value_id, is_default)
         SELECT ?1, ?2, 0 WHERE (SELECT count(*) FROM garage_vehicle WHERE account_id = ?1) < ?3
         ON CONFLICT (account_id, attribute_value_id) DO NOTHING RETURNING id`,
          )
          .bind(accountId, nodeId, max),
      );
      const makeDefault =
        defaultNodeId === null
          ? []
          : [
              db
                .prepare(
                  `UPDATE garage_vehicle SET is_default = (attribute_value_id = ?2)
         WHERE account_id = ?1 AND EXISTS (SELECT 1 FROM garage_vehicle WHERE account_id = ?1
           AND attribute_value_id = ?2)
           AND (?3 OR NOT EXISTS (SELECT 1 FROM garage_vehicle WHERE account_id = ?1 AND is_default = 1))`,
                )
                .bind(accountId, defaultNodeId, replaceDefault ? 1 : 0),
            ];
      const results = await db.batch<{ id: number }>([...inserts, ...makeDefault, ...finish(accountId)]);
      return nodeIds.map((_, index) => results[index]!.results[0]?.id ?? null);
    },

    /**
     * Rewrites the member's vehicles saved on moved node ids ([old id, successor id]) to the
     * successor. When the successor is saved already, the old row goes and its default goes with it.
     */
    async follow(accountId: number, moves: readonly (readonly [number, number])[]): Promise<void> {
      const statements = moves.flatMap(([oldId, newId]) => [
        db
          .prepare(
            `UPDATE OR IGNORE garage_vehicle SET attribute_value_id = ?3
         WHERE account_id = ?1 AND attribute_value_id = ?2`,
          )
          .bind(accountId, oldId, newId),
        db
          .prepare(
            `UPDATE garage_vehicle SET is_default = 1 WHERE account_id = ?1 AND attribute_value_id = ?3
         AND EXISTS (SELECT 1 FROM garage_vehicle WHERE account_id = ?1 AND attribute_value_id = ?2
           AND is_default = 1)`,
          )
          .bind(accountId, oldId, newId),
        db.prepare('DELETE FROM garage_vehicle WHERE account_id = ? AND attribute_value_id = ?').bind(accountId, oldId),
      ]);
      if (statements.length > 0) await db.batch([...statements, ...finish(accountId)]);
    },

    /** Makes one of the member's vehicles the default; false when it is not theirs. */
    async makeDefault(accountId: number, id: number): Promise<boolean> {
      const [result] = await db.batch([setDefault(accountId, id), ...finish(accountId)]);
      return result!.meta.changes > 0;
    },

    /** Points a vehicle at another node; false when it is not theirs or that node is saved already. */
    async move(accountId: number, id: number, nodeId: number): Promise<boolean> {
      const result = await db
        .prepare('UPDATE OR IGNORE garage_vehicle SET attribute_value_id = ? WHERE account_id = ? AND id = ?')
        .bind(nodeId, accountId, id)
        .run();
      return result.meta.changes === 1;
    },

    /** Removes `fromId` in favour of `intoId` (the same vehicle), which takes the default when asked. */
    async merge(accountId: number, fromId: number, intoId: number, makeDefault: boolean): Promise<void> {
      const remove = db.prepare('DELETE FROM garage_vehicle WHERE account_id = ? AND id = ?').bind(accountId, fromId);
      await db.batch([remove, ...(makeDefault ? [setDefault(accountId, intoId)] : []), ...finish(accountId)]);
    },

    /** Deletes one of the member's vehicles (the newest left takes over the default); false when not theirs. */
    async remove(accountId: number, id: number): Promise<boolean> {
      const [result] = await db.batch([
        db.prepare('DELETE FROM garage_vehicle WHERE account_id = ? AND id = ?').bind(accountId, id),
        ...finish(accountId),
      ]);
      return result!.meta.changes === 1;
    },

    /** Empties the member's garage. */
    clear: (accountId: number) =>
      db.batch([db.prepare('DELETE FROM garage_vehicle WHERE account_id = ?').bind(accountId), syncAccount(accountId)]),
  };
}
