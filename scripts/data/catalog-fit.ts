// Where a part fits: the vehicle nodes of an application, decided by the engine facts, and the
// model-year spans ("chunks": the model's generations) the catalog sells parts by.
import { electricModels, type Engine, enginesOf } from './catalog-engine.ts';
import { popularModelIds } from './catalog-popular.ts';
import { generationStarts, generationsOf } from './model-generations.ts';
import type { EngineNeed } from './part-types.ts';
import type { VehicleNode, VehicleTree } from './vehicle-tree.ts';

/** Everything fitting needs to know about the vehicles, computed once per catalog. */
export interface FitContext {
  tree: VehicleTree;
  makeName: Map<number, string>;
  model: Map<number, { id: number; makeId: number; name: string }>;
  electric: Set<number>;
  popular: number[];
  engines(modelYear: VehicleNode): { node: VehicleNode; engine: Engine }[];
  chunks(modelId: number): VehicleNode[][];
}

/** A fitment row to be: a node, and the position on the vehicle when it is the row's own. */
export interface FitRow {
  node: VehicleNode;
  location: string | null;
}

/** Which engines an application accepts: the part's need, and optionally one engine family. */
export interface EngineFilter {
  need?: EngineNeed;
  engine?: (engine: Engine) => boolean;
}

/** Builds the fitting context of a vehicle tree. */
export function fitContext(tree: VehicleTree): FitContext {
  const engineCache = new Map<number, { node: VehicleNode; engine: Engine }[]>();
  const chunkCache = new Map<number, VehicleNode[][]>();
  const makeName = new Map(tree.makes.map((make) => [make.id, make.name]));
  const model = new Map(tree.models.map((model) => [model.id, model]));
  return {
    tree,
    makeName,
    model,
    electric: electricModels(tree),
    popular: popularModelIds(tree),
    engines(modelYear) {
      const cached = engineCache.get(modelYear.id);
      if (cached) return cached;
      const engines = enginesOf(tree, modelYear);
      engineCache.set(modelYear.id, engines);
      return engines;
    },
    chunks(modelId) {
      const cached = chunkCache.get(modelId);
      if (cached) return cached;
      const { makeId, name } = model.get(modelId)!;
      const chunks = splitYears(tree.modelYears.get(modelId) ?? [], generationStarts(makeName.get(makeId)!, name));
      chunkCache.set(modelId, chunks);
      return chunks;
    },
  };
}

/** Contiguous model years, cut into the model's generations (model-generations.ts). */
function splitYears(years: VehicleNode[], starts: readonly number[]): VehicleNode[][] {
  const runs: VehicleNode[][] = [];
  for (const year of years) {
    const run = runs.at(-1);
    if (run && run.at(-1)!.year === year.year - 1) run.push(year);
    else runs.push([year]);
  }
  return runs.flatMap((run) => generationsOf(run, starts));
}

/**
 * A model's generations two by two, oldest first, for the parts the trade carries over a
 * generation change: two generations join only when the second starts the year after the first
 * ends and together they span at most `upTo` years (0: every generation stays apart).
 */
export function generationPairs(chunks: VehicleNode[][], upTo: number): VehicleNode[][] {
  const pairs: VehicleNode[][] = [];
  for (let i = 0; i < chunks.length; i++) {
    const [first, next] = [chunks[i]!, chunks[i + 1]];
    if (next && next[0]!.year === first.at(-1)!.year + 1 && first.length + next.length <= upTo) {
      pairs.push([...first, ...next]);
      i++;
    } else pairs.push(first);
  }
  return pairs;
}

/** Whether an engine can take a part with this need. */
export function engineTakes(need: EngineNeed | undefined, engine: Engine): boolean {
  if (need === 'electric') return engine.fuel === 'electric';
  if (need === 'fuel') return engine.fuel !== 'electric';
  if (need === 'spark') return engine.fuel !== 'electric' && engine.fuel !== 'diesel';
  return true;
}

/**
 * The nodes of one model year an application covers: the model year itself when every engine
 * it lists qualifies (or it lists none and the model's kind of drive qualifies), else the
 * qualifying engines one by one; none when nothing qualifies.
 */
export function fitModelYear(ctx: FitContext, modelYear: VehicleNode, filter: EngineFilter): VehicleNode[] {
  const engines = ctx.engines(modelYear);
  if (engines.length === 0) {
    if (filter.engine) return [];
    const electric = ctx.electric.has(modelYear.modelId!);
    if (filter.need === 'electric') return electric ? [modelYear] : [];
    return filter.need && electric ? [] : [modelYear];
  }
  const takes = engines.filter(
    ({ engine }) => engineTakes(filter.need, engine) && (!filter.engine || filter.engine(engine)),
  );
  if (takes.length === engines.length) return [modelYear];
  return takes.map(({ node }) => node);
}

/** The longest run of consecutive years in these rows, so a title's "2015-2018" is exactly the fitment's. */
export function contiguousRows(rows: FitRow[]): FitRow[] {
  const years = [...new Set(rows.map((row) => row.node.year))].sort((a, b) => a - b);
  let best: [number, number] = [0, -1];
  let start = 0;
  for (let i = 0; i < years.length; i++) {
    if (i > 0 && years[i] !== years[i - 1]! + 1) start = i;
    if (i - start > best[1] - best[0]) best = [start, i];
  }
  const [from, to] = [years[best[0]], years[best[1]]];
  return from === undefined ? [] : rows.filter((row) => row.node.year >= from && row.node.year <= to!);
}

/** A small, stable hash of a few integers: a vehicle's sizes are facts of the vehicle, not of a roll. */
export function mix(...values: number[]): number {
  let h = 2166136261;
  for (const value of values) {
    h = Math.imul(h ^ value, 16777619);
    h ^= h >>> 13;
  }
  return (h >>> 0) % 1_000_003;
}

/** "2015-2018" or "2018": the years of the rows, which the caller made contiguous. */
export function yearText(rows: FitRow[]): string {
  const years = rows.map((row) => row.node.year);
  const [from, to] = [Math.min(...years), Math.max(...years)];
  return from === to ? String(from) : `${from}-${to}`;
}
