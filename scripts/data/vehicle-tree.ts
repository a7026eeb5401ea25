// Turns the committed vPIC extract (kv-seed/vehicles) into the selector's tree of vehicle
// nodes with deterministic ids: Year (1) -> Make (2) -> Model (3) -> Trim (4) -> Engine (5).
import { readFile } from 'node:fs/promises';
import type { VehicleNodeRecord } from '../../worker/vehicles/records.ts';

export interface VehicleExtract {
  source: string;
  yearFrom: number;
  yearTo: number;
  makes: string[];
  models: [number, string][];
  configs: [number, number, number, string, string][];
  /**
   * Node ids as runs [first id, count] over the tree's build order, so a node keeps its id when
   * the extract is re-derived (scripts/data/vpic/node-ids.ts); absent: ids 1, 2, 3... in that order.
   */
  ids?: [number, number][];
  /** The id the next new node gets: ids of removed nodes are never given again. */
  nextId?: number;
  /** [removed id, successor id] by removed id: where a saved vehicle's old id goes (vpic/node-moves.ts). */
  moves?: [number, number][];
}

/** What an engine node's text says: "5.3L V8 Gas", "3.0L V6 Diesel", "Electric" (null on other levels). */
export interface EngineData {
  fuelType: string | null;
  displacement: number | null;
  cylinders: number | null;
}

/** A node as the shop's vehicle table holds it (worker/vehicles/repository.ts), with its level named. */
export type VehicleNode = VehicleNodeRecord & EngineData & { level: 1 | 2 | 3 | 4 | 5 };

const NO_ENGINE: EngineData = { fuelType: null, displacement: null, cylinders: null };

/** The fuel type, displacement and cylinders of an engine text written by scripts/data/vpic/engine.ts. */
export function engineData(text: string): EngineData {
  const match = /^(?:(\d+\.\d)L )?(?:(?:[LVHW](\d+)|(\d+) Cyl|Rotary) )?(.+)$/.exec(text);
  if (!match) return NO_ENGINE;
  const [, litres, shaped, counted, fuel] = match;
  const cylinders = shaped ?? counted;
  return {
    fuelType: fuel ?? null,
    displacement: litres === undefined ? null : Number(litres),
    cylinders: cylinders === undefined ? null : Number(cylinders),
  };
}

export interface VehicleTree {
  makes: { id: number; name: string; slug: string }[];
  models: { id: number; makeId: number; name: string; slug: string }[];
  nodes: VehicleNode[];
  wmi: [string, number][];
  /** Model-year nodes by model id, in year order: what the catalog generator fits parts to. */
  modelYears: Map<number, VehicleNode[]>;
  /** Child nodes by parent id. */
  children: Map<number, VehicleNode[]>;
  /** [removed id, successor id] of the extract; none in a filtered tree, whose ids are its own. */
  moves: [number, number][];
}

export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'x'
  );
}

/**
 * Builds the tree. Ids are assigned in a fixed order (years, then each year's makes, models,
 * trims and engines, all sorted by name), so the same extract always gives the same ids.
 */
export interface TreeFilter {
  makes?: readonly string[];
  yearFrom?: number;
  yearTo?: number;
}

export function buildVehicleTree(
  extract: VehicleExtract,
  wmi: Record<string, number> = {},
  filter: TreeFilter = {},
): VehicleTree {
  const keepMake = (index: number) => !filter.makes || filter.makes.includes(extract.makes[index]!);
  const firstYear = Math.max(extract.yearFrom, filter.yearFrom ?? extract.yearFrom);
  const lastYear = Math.min(extract.yearTo, filter.yearTo ?? extract.yearTo);
  const makes = extract.makes
    .map((name, i) => ({ id: i + 1, name, slug: slugify(name) }))
    .filter((_, i) => keepMake(i));
  const models = extract.models
    .map(([makeIndex, name], i) => ({ id: i + 1, makeId: makeIndex + 1, name, slug: slugify(name), makeIndex }))
    .filter((model) => keepMake(model.makeIndex))
    .map(({ makeIndex: _, ...model }) => model);
  const modelById = new Map(models.map((model) => [model.id, model]));
  const makeById = new Map(makes.map((make) => [make.id, make]));

  // year -> makeId -> modelId -> trim -> engines
  const byYear = new Map<number, Map<number, Map<number, Map<string, Set<string>>>>>();
  for (const [modelIndex, from, to, trim, engine] of extract.configs) {
    const model = modelById.get(modelIndex + 1);
    if (!model) continue;
    for (let year = Math.max(from, firstYear); year <= Math.min(to, lastYear); year++) {
      const makesOfYear = byYear.get(year) ?? byYear.set(year, new Map()).get(year)!;
      const modelsOfMake = makesOfYear.get(model.makeId) ?? makesOfYear.set(model.makeId, new Map()).get(model.makeId)!;
      const trims = modelsOfMake.get(model.id) ?? modelsOfMake.set(model.id, new Map()).get(model.id)!;
      const engines = trims.get(trim) ?? trims.set(trim, new Set()).get(trim)!;
      if (engine) engines.add(engine);
    }
  }

  const nodes: VehicleNode[] = [];
  const children = new Map<number, VehicleNode[]>();
  const modelYears = new Map<number, VehicleNode[]>();
  const add = (node: Omit<VehicleNode, 'id' | keyof EngineData>): VehicleNode => {
    const full = { id: nodes.length + 1, ...node, ...(node.level === 5 ? engineData(node.text) : NO_ENGINE) };
    nodes.push(full);
    if (full.parentId !== null)
      (children.get(full.parentId) ?? children.set(full.parentId, []).get(full.parentId)!).push(full);
    return full;
  };
  const byName = (a: string, b: string) => a.localeCompare(b, 'en');
  const years = [...byYear.keys()].sort((a, b) => b - a);
  const yearNodes = new Map(
    years.map((year) => [
      year,
      add({
        level: 1,
        parentId: null,
        value: String(year),
        text: String(year),
        year,
        makeId: null,
        modelId: null,
        modelNodeId: null,
      }),
    ]),
  );
  for (const year of years) {
    const makesOfYear = byYear.get(year)!;
    const makeIds = [...makesOfYear.keys()].sort((a, b) => byName(makeById.get(a)!.name, makeById.get(b)!.name));
    for (const makeId of makeIds) {
      const make = makeById.get(makeId)!;
      const makeNode = add({
        level: 2,
        parentId: yearNodes.get(year)!.id,
        value: make.name,
        text: make.name,
        year,
        makeId,
        modelId: null,
        modelNodeId: null,
      });
      const modelsOfMake = makesOfYear.get(makeId)!;
      const modelIds = [...modelsOfMake.keys()].sort((a, b) => byName(modelById.get(a)!.name, modelById.get(b)!.name));
      for (const modelId of modelIds) {
        const model = modelById.get(modelId)!;
        const modelNode = add({
          level: 3,
          parentId: makeNode.id,
          value: model.name,
          text: model.name,
          year,
          makeId,
          modelId,
          modelNodeId: null,
        });
        modelNode.modelNodeId = modelNode.id;
        (modelYears.get(modelId) ?? modelYears.set(modelId, []).get(modelId)!).push(modelNode);
        const trims = modelsOfMake.get(modelId)!;
        // Engines without a trim hang from the model only when the model year has no trims at all.
        const trimNames = [...trims.keys()].filter(Boolean).sort(byName);
        const untrimmedEngines = trimNames.length === 0 ? (trims.get('') ?? new Set<string>()) : new Set<string>();
        for (const engine of [...untrimmedEngines].sort(byName)) {
          add({
            level: 5,
            parentId: modelNode.id,
            value: engine,
            text: engine,
            year,
            makeId,
            modelId,
            modelNodeId: modelNode.id,
          });
        }
        for (const trim of trimNames) {
          const trimNode = add({
            level: 4,
            parentId: modelNode.id,
            value: trim,
            text: trim,
            year,
            makeId,
            modelId,
            modelNodeId: modelNode.id,
          });
          for (const engine of [...trims.get(trim)!].sort(byName)) {
            add({
              level: 5,
              parentId: trimNode.id,
              value: engine,
              text: engine,
              year,
              makeId,
              modelId,
              modelNodeId: modelNode.id,
            });
          }
        }
      }
    }
  }
  // A filtered tree (the test fixture) is a different tree: its ids stay in build order.
  const filtered = filter.makes !== undefined || filter.yearFrom !== undefined || filter.yearTo !== undefined;
  if (extract.ids && !filtered) renumber(nodes, children, runIds(extract.ids, nodes.length));
  for (const list of modelYears.values()) list.sort((a, b) => a.year - b.year);
  const wmiRows = Object.entries(wmi)
    .filter(([, makeIndex]) => keepMake(makeIndex))
    .map(([code, makeIndex]) => [code, makeIndex + 1] as [string, number]);
  const moves = filtered ? [] : (extract.moves ?? []);
  return { makes, models, nodes, wmi: wmiRows, modelYears, children, moves };
}

/** The ids of `count` nodes in build order from runs [first id, count]; throws when they do not add up. */
export function runIds(runs: readonly [number, number][], count: number): number[] {
  const ids = runs.flatMap(([first, n]) => Array.from({ length: n }, (_, i) => first + i));
  if (ids.length !== count) throw new Error(`vehicles.json has ${ids.length} node ids for ${count} nodes`);
  return ids;
}

/** Gives node i the id ids[i], and its parent and model year theirs. */
function renumber(nodes: VehicleNode[], children: Map<number, VehicleNode[]>, ids: number[]): void {
  const idOf = new Map(nodes.map((node, i) => [node.id, ids[i]!]));
  for (const node of nodes) {
    node.id = idOf.get(node.id)!;
    node.parentId = node.parentId === null ? null : idOf.get(node.parentId)!;
    node.modelNodeId = node.modelNodeId === null ? null : idOf.get(node.modelNodeId)!;
  }
  const byParent = [...children.entries()];
  children.clear();
  for (const [parentId, list] of byParent) children.set(idOf.get(parentId)!, list);
}

/** Reads kv-seed/vehicles (or `dir`): the extract and the WMI map. */
export async function readVehicleExtract(
  dir = 'kv-seed/vehicles',
): Promise<{ extract: VehicleExtract; wmi: Record<string, number> }> {
  const [extract, wmi] = await Promise.all([
    readFile(`${dir}/vehicles.json`, 'utf8').then((text) => JSON.parse(text) as VehicleExtract),
    readFile(`${dir}/wmi.json`, 'utf8').then(
      (text) => JSON.parse(text) as Record<string, number>,
      () => ({}),
    ),
  ]);
  return { extract, wmi };
}
