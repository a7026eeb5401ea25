import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { moveRemoved } from '../../scripts/data/vpic/node-moves.ts';
import {
  buildVehicleTree,
  readVehicleExtract,
  type VehicleExtract,
  type VehicleNode,
  type VehicleTree,
} from '../../scripts/data/vehicle-tree.ts';

// The committed node moves (kv-seed/vehicles/vehicles.json "moves") against the vehicle base they
// replaced: the last commit before models were split by series and pseudo-trims into single trims.
const BEFORE_SPLIT = '07a9b0fe9d9da192b4e639ec07ad37997def0da4';

let tree: VehicleTree;
let old: VehicleTree;
let moves: Map<number, number>;
const nodeIds = (t: VehicleTree) => new Map(t.nodes.map((node) => [node.id, node]));
/** The node of a make's model in a year, or below it along trim then engine values. */
function find(t: VehicleTree, year: number, make: string, model: string, ...below: string[]): VehicleNode {
  const modelId = t.models.find((m) => m.name === model && t.makes.find((k) => k.id === m.makeId)?.name === make)?.id;
  let node = t.modelYears.get(modelId ?? -1)?.find((n) => n.year === year);
  for (const value of below) node = t.children.get(node?.id ?? -1)?.find((n) => n.value === value);
  if (!node) throw new Error(`no ${year} ${make} ${model} ${below.join(' ')}`);
  return node;
}

/** The vehicle base before the split, from the repository's history (absent from a shallow clone). */
function baseBeforeSplit(): string | null {
  try {
    return execFileSync('git', ['show', `${BEFORE_SPLIT}:kv-seed/vehicles/vehicles.json`], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return null;
  }
}
const before = baseBeforeSplit();

beforeAll(async () => {
  const { extract } = await readVehicleExtract();
  tree = buildVehicleTree(extract);
  moves = new Map(extract.moves ?? []);
  if (before) old = buildVehicleTree(JSON.parse(before) as VehicleExtract);
});

describe('vehicle node moves', () => {
  it('moves every id to a node that exists, in one step', () => {
    const now = nodeIds(tree);
    expect(moves.size).toBeGreaterThan(8000);
    for (const [from, to] of moves) {
      expect(now.has(from), `moved id ${from} is a node`).toBe(false);
      expect(now.has(to), `successor ${to} of ${from}`).toBe(true);
    }
  });

  it.skipIf(!before)('moves every id the re-derivation removed (from the base before it)', () => {
    const now = nodeIds(tree);
    const removed = old.nodes.filter((node) => !now.has(node.id));
    expect(removed.length).toBeGreaterThan(8000);
    expect(removed.filter((node) => !now.has(moves.get(node.id) ?? -1)).map((node) => node.id)).toEqual([]);
    for (const [from, to] of moves) {
      expect(now.has(from), `moved id ${from} is a node`).toBe(false);
      expect(now.has(to), `successor ${to} of ${from}`).toBe(true);
    }
  });

  it.skipIf(!before)('moves a split model to its main series, keeping the year and the trim', () => {
    const silverado = find(old, 2015, 'Chevrolet', 'Silverado');
    expect(moves.get(silverado.id)).toBe(find(tree, 2015, 'Chevrolet', 'Silverado 1500').id);
    const lt = find(old, 2015, 'Chevrolet', 'Silverado', 'LT');
    expect(moves.get(lt.id)).toBe(find(tree, 2015, 'Chevrolet', 'Silverado 1500', 'LT').id);
    expect(moves.get(find(old, 2010, 'Dodge', 'Ram').id)).toBe(find(tree, 2010, 'Dodge', 'Ram 1500').id);
    expect(moves.get(find(old, 2012, 'Ford', 'F-250').id)).toBe(find(tree, 2012, 'Ford', 'F-250 Super Duty').id);
    expect(moves.get(find(old, 2016, 'GMC', 'Sierra').id)).toBe(find(tree, 2016, 'GMC', 'Sierra 1500').id);
  });

  it.skipIf(!before)('moves a pseudo-trim and its engines to the model year', () => {
    const camry = find(tree, 2019, 'Toyota', 'Camry');
    const pseudo = find(old, 2019, 'Toyota', 'Camry', 'L/LE/SE/XLE');
    expect(moves.get(pseudo.id)).toBe(camry.id);
    for (const engine of old.children.get(pseudo.id) ?? []) expect(moves.get(engine.id)).toBe(camry.id);
    expect(['L', 'LE', 'SE', 'XLE'].every((trim) => tree.children.get(camry.id)?.some((n) => n.value === trim))).toBe(
      true,
    );
  });
});

describe('moveRemoved', () => {
  const keys = (entries: [number, string][]) => new Map(entries);
  it('keeps earlier moves, following a successor that is removed now to the last one', () => {
    const previous = keys([
      [1, '1:2015'],
      [2, '1:2015\t2:Chevrolet'],
      [3, '1:2015\t2:Chevrolet\t3:Silverado'],
      [5, '1:2015\t2:Chevrolet\t3:Silverado\t4:LT'],
    ]);
    const next = new Map([
      ['1:2015', 1],
      ['1:2015\t2:Chevrolet', 2],
      ['1:2015\t2:Chevrolet\t3:Silverado 1500', 7],
      ['1:2015\t2:Chevrolet\t3:Silverado 2500 HD', 8],
      ['1:2015\t2:Chevrolet\t3:Silverado 1500\t4:LT', 9],
    ]);
    const moved = moveRemoved(previous, next, [
      [4, 5],
      [6, 2],
    ]);
    expect(moved.moves).toEqual([
      [3, 7],
      [4, 9],
      [5, 9],
      [6, 2],
    ]);
    expect(moved.counts).toEqual({ series: 2, pseudoTrim: 0, ancestor: 0 });
  });
});
