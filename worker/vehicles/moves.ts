import { vehicleRepository } from './repository.ts';
import type { VehicleNodeRecord } from './records.ts';

/**
 * Saved vehicle ids the vehicle base no longer has. A re-derivation of the base moves a removed
 * node's id to the closest vehicle that exists now (vehicle_node_move, migration 0019); wherever a
 * saved id is read, an id gone from vehicle_node stands for its successor.
 */

/** The successors of the ids gone from vehicle_node, by old id; ids still there or never moved are left out. */
export function successorsOf(db: D1Database, nodeIds: readonly number[]): Promise<Map<number, number>> {
  return vehicleRepository(db).successors(nodeIds);
}

/**
 * A node's path, year first, and the node it ends at: the node itself, or the successor of an id
 * gone from the vehicle base. An unknown id has an empty path.
 */
export async function currentPath(
  db: D1Database,
  nodeId: number,
): Promise<{ nodeId: number; path: VehicleNodeRecord[] }> {
  const repo = vehicleRepository(db);
  const path = await repo.path(nodeId);
  if (path.length > 0) return { nodeId, path };
  const successor = (await repo.successors([nodeId])).get(nodeId);
  if (successor === undefined) return { nodeId, path };
  return { nodeId: successor, path: await repo.path(successor) };
}
