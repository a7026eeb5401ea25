// Node ids that survive a re-derivation: a saved garage vehicle is the id of its deepest level,
// so a node of the previous kv-seed/vehicles (same year, make, model, trim, engine path) keeps
// its id, and a new node gets the next id never given before. The ids are written as runs over
// the tree's build order (see VehicleExtract.ids); the first extract without ids numbered 1, 2, 3...
// The ids of removed nodes move to their successors (see node-moves.ts).
import { buildVehicleTree, type VehicleExtract, type VehicleNode } from '../vehicle-tree.ts';
import { moveRemoved, type NodeMoves } from './node-moves.ts';

/** Each node's path, "1:2015\t2:Chevrolet\t3:Silverado 1500...", by node id. */
function pathKeys(nodes: VehicleNode[]): Map<number, string> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const keys = new Map<number, string>();
  const keyOf = (node: VehicleNode): string => {
    const known = keys.get(node.id);
    if (known !== undefined) return known;
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    const key = `${parent ? `${keyOf(parent)}\t` : ''}${node.level}:${node.value}`;
    keys.set(node.id, key);
    return key;
  };
  for (const node of nodes) keyOf(node);
  return keys;
}

/** Runs [first id, count] of consecutive ids. */
function toRuns(ids: number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const id of ids) {
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === id) last[1]++;
    else runs.push([id, 1]);
  }
  return runs;
}

/**
 * The ids and next id of `next`, keeping the ids of the nodes `previous` (the committed extract)
 * had, and the moves of the ids it removes (with those of earlier runs).
 */
export function assignIds(
  previous: VehicleExtract | null,
  next: VehicleExtract,
): { ids: [number, number][]; nextId: number; kept: number; added: number; removed: number; moved: NodeMoves } {
  const oldNodes = previous ? buildVehicleTree(previous).nodes : [];
  const oldKeys = pathKeys(oldNodes);
  const oldId = new Map([...oldKeys].map(([id, key]) => [key, id]));
  let nextId = Math.max(previous?.nextId ?? 1, ...oldNodes.map((n) => n.id + 1));
  const { ids: _, nextId: __, moves: ___, ...bare } = next;
  const newNodes = buildVehicleTree(bare).nodes;
  const keys = pathKeys(newNodes);
  let kept = 0;
  const ids = newNodes.map((node) => {
    const id = oldId.get(keys.get(node.id)!);
    if (id === undefined) return nextId++;
    kept++;
    return id;
  });
  const idOf = new Map(newNodes.map((node, index) => [keys.get(node.id)!, ids[index]!]));
  const moved = moveRemoved(oldKeys, idOf, previous?.moves ?? []);
  return { ids: toRuns(ids), nextId, kept, added: ids.length - kept, removed: oldNodes.length - kept, moved };
}
