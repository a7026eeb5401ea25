// The catalog beyond the coverage plan: records rolled by category and by vehicle popularity.
import type { Engine } from './catalog-engine.ts';
import { engineTakes, type FitContext, type FitRow, fitModelYear } from './catalog-fit.ts';
import { type Application, modelApplication, sizedApplications } from './catalog-plan.ts';
import { type BrandRow, type LeafCategory, type PartRecord, pickVariant } from './catalog-record.ts';
import type { PartType } from './part-types.ts';
import type { Random } from './random.ts';
import type { VehicleNode } from './vehicle-tree.ts';

/** Makes weighted by how much of the aftermarket they are (US/Canada registrations). */
const MAKE_WEIGHT: Record<string, number> = {
  Ford: 14,
  Chevrolet: 14,
  Toyota: 12,
  Honda: 10,
  Nissan: 8,
  Dodge: 6,
  Ram: 6,
  GMC: 6,
  Jeep: 6,
  Hyundai: 5,
  Kia: 5,
  Subaru: 4,
  Volkswagen: 4,
  Mazda: 4,
  BMW: 3,
  'Mercedes-Benz': 3,
  Chrysler: 3,
  Buick: 2,
  Cadillac: 2,
  Lexus: 2,
  Acura: 2,
  Audi: 2,
  Pontiac: 2,
  Mitsubishi: 2,
};

/**
 * Models weighted by how many shoppers drive them: the popular models, best sellers first, take
 * most of the weight; the rest share the remainder by their make's share of the aftermarket.
 */
export function modelWeights(ctx: FitContext): (readonly [number, number])[] {
  const popular = new Set(ctx.popular);
  const perMake = new Map<number, number>();
  for (const [modelId, years] of ctx.tree.modelYears)
    if (years.length && !popular.has(modelId)) {
      const makeId = ctx.model.get(modelId)!.makeId;
      perMake.set(makeId, (perMake.get(makeId) ?? 0) + 1);
    }
  const weights = ctx.popular.map((modelId, rank) => [modelId, 3 - (2 * rank) / ctx.popular.length] as const);
  for (const [modelId, years] of ctx.tree.modelYears) {
    if (!years.length || popular.has(modelId)) continue;
    const makeId = ctx.model.get(modelId)!.makeId;
    const share = (MAKE_WEIGHT[ctx.makeName.get(makeId)!] ?? 0.5) / perMake.get(makeId)!;
    weights.push([modelId, share * 0.5] as const);
  }
  if (weights.length === 0) throw new Error('the vehicle data has no model years to fit parts to');
  return weights;
}

/** A few consecutive years inside one chunk of the model. */
function span(ctx: FitContext, random: Random, modelId: number): VehicleNode[] {
  const chunk = random.pick(ctx.chunks(modelId));
  const length = Math.min(chunk.length, random.int(2, 8));
  const start = random.int(0, chunk.length - length);
  return chunk.slice(start, start + length);
}

const EMPTY: Application = { rows: [], vehicle: null, size: null, count: null, facts: [] };

const rowsOf = (nodes: VehicleNode[]): FitRow[] => nodes.map((node) => ({ node, location: null }));

/** Some trims of each year, or the year when it has fewer than two. */
function trimRows(ctx: FitContext, random: Random, years: VehicleNode[]): FitRow[] {
  return rowsOf(
    years.flatMap((year) => {
      const trims = (ctx.tree.children.get(year.id) ?? []).filter((child) => child.level === 4);
      if (trims.length < 2) return [year];
      return random.sample(trims, random.int(1, trims.length - 1));
    }),
  );
}

/** One engine of the span's first year that takes the part, fitted wherever that engine is. */
function engineApplication(ctx: FitContext, random: Random, part: PartType, years: VehicleNode[]): Application {
  const listed = ctx.engines(years[0]!);
  if (listed.length === 0) {
    const blind = years.filter((year) => ctx.engines(year).length === 0);
    return modelApplication(
      ctx,
      years,
      rowsOf(blind.flatMap((year) => fitModelYear(ctx, year, { need: part.engine }))),
    );
  }
  const engines = listed.filter(({ engine }) => engineTakes(part.engine, engine));
  if (engines.length === 0) return EMPTY;
  const { engine } = random.pick(engines);
  const filter = { need: part.engine, engine: (e: Engine) => e.key === engine.key };
  const rows = rowsOf(years.flatMap((year) => fitModelYear(ctx, year, filter)));
  const application = modelApplication(ctx, years, rows, engine.label);
  return { ...application, count: part.handle === 'spark-plugs' ? engine.cylinders : null };
}

const sizedCache = new WeakMap<FitContext, Map<string, Application[]>>();

/** The sized applications of a part over one make's popular models and the chosen one. */
function sizedApplication(ctx: FitContext, random: Random, part: PartType, modelId: number): Application {
  const makeId = ctx.model.get(modelId)!.makeId;
  const cache = sizedCache.get(ctx) ?? sizedCache.set(ctx, new Map()).get(ctx)!;
  const key = `${part.handle}|${ctx.popular.includes(modelId) ? makeId : `m${modelId}`}`;
  let applications = cache.get(key);
  if (!applications) {
    const models = ctx.popular.filter((id) => ctx.model.get(id)!.makeId === makeId);
    applications = sizedApplications(ctx, part, models.includes(modelId) ? models : [modelId]);
    cache.set(key, applications);
  }
  return applications.length ? random.pick(applications) : { ...EMPTY };
}

/** A record rolled for this category and brand; null when the vehicle rolled cannot take the part. */
export function randomRecord(
  ctx: FitContext,
  random: Random,
  leaf: LeafCategory,
  brand: BrandRow,
  models: readonly (readonly [number, number])[],
): PartRecord | null {
  const part = leaf.part;
  const style = random.pick(part.fitment);
  const base = {
    leaf,
    brand,
    variant: pickVariant(random, part),
    position: part.positions ? random.pick(part.positions) : null,
    priceTier: random.next(),
  };
  if (style === 'universal' || style === 'none') return { ...base, ...EMPTY, style };
  const modelId = random.weighted(models);
  const years = span(ctx, random, modelId);
  let application: Application;
  if (part.sizes) application = sizedApplication(ctx, random, part, modelId);
  else if (style === 'engine') application = engineApplication(ctx, random, part, years);
  else if (style === 'trim' && !part.engine) application = modelApplication(ctx, years, trimRows(ctx, random, years));
  else
    application = modelApplication(
      ctx,
      years,
      rowsOf(years.flatMap((y) => fitModelYear(ctx, y, { need: part.engine }))),
    );
  if (application.rows.length === 0) return null;
  return { ...base, ...application, style: 'fitted' };
}
