// The vehicle_node_move rows (migration 0019): where saved vehicles on removed node ids go.
import { insertStatements } from './sql.ts';
import type { VehicleTree } from './vehicle-tree.ts';

/** Replaces vehicle_node_move with the tree's moves ([removed id, successor id] of vehicles.json). */
export function* vehicleMoveStatements(tree: VehicleTree): Generator<string> {
  yield 'DELETE FROM vehicle_node_move;';
  yield* insertStatements(
    'vehicle_node_move',
    tree.moves.map(([oldId, newId]) => ({ old_id: oldId, new_id: newId })),
  );
}
