// Turns the committed vPIC extract (kv-seed/vehicles) into the selector's tree of vehicle
// nodes with deterministic ids: Year (1) -> Make (2) -> Model (3) -> Trim (4) -> Engine (5).
import { readFile } from 'node:fs/promises';
import type { VehicleNodeRow } from '../../worker/vehicles/repository.ts';

export interface VehicleExtract {
  source: string;
  yearFrom: number;
  yearTo: number;
  makes: string[];
  models: [number, string][];
  configs: [number, number, number, string, string][];
}

/** A node as the shop's vehicle table holds it (worker/vehicles/repository.ts), with its level named. */
export type VehicleNode = VehicleNodeRow & { level: 1 | 2 | 3 | 4 | 5 };

export interface VehicleTree {
  makes: { id: number; name: string; slug: string }[];
  models: { id: number; makeId: number; name: string; slug: string }[];
  nodes: VehicleNode[];
  wmi: [string, number][];
  /** Model-year nodes by model id, in year order: what the catalog generator fits parts to. */
  modelYears: Map<number, VehicleNode[]>;
  /** Child nodes by parent id. */
  children: Map<number, VehicleNode[]>;
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
  const add = (node: Omit<VehicleNode, 'id'>): VehicleNode => {
    const full = { id: nodes.length + 1, ...node };
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
  for (const list of modelYears.values()) list.sort((a, b) => a.year - b.year);
  const wmiRows = Object.entries(wmi)
    .filter(([, makeIndex]) => keepMake(makeIndex))
    .map(([code, makeIndex]) => [code, makeIndex + 1] as [string, number]);
  return { makes, models, nodes, wmi: wmiRows, modelYears, children };
}

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
