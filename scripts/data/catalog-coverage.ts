// The records that cover every popular model year in every core maintenance category.
import { type FitContext, fitModelYear, generationPairs } from './catalog-fit.ts';
import {
  type Application,
  engineApplications,
  modelApplication,
  sellersOf,
  sizedApplications,
  twoBrands,
} from './catalog-plan.ts';
import type { BrandRow, LeafCategory, PartRecord } from './catalog-record.ts';
import type { PartType } from './part-types.ts';
import type { Random } from './random.ts';
import type { VehicleNode } from './vehicle-tree.ts';

/** The core maintenance kinds: a part handle, and the position when the kind is one side of the car. */
export const CORE_KINDS: [handle: string, position: string | null][] = [
  ['brake-pads', 'Front'],
  ['brake-pads', 'Rear'],
  ['brake-rotors', 'Front'],
  ['oil-filters', null],
  ['air-filters', null],
  ['cabin-air-filters', null],
  ['wiper-blades', null],
  ['spark-plugs', null],
  ['batteries', null],
  ['light-bulbs', null],
  ['alternators', null],
  ['starters', null],
  ['shocks-struts', 'Front'],
  ['shocks-struts', 'Rear'],
];

/** The first model year the plan covers: the data checker asks for 2000-2026. */
export const COVERAGE_FROM = 2000;

/**
 * The kinds whose per-model parts may fit two adjacent generations (generationPairs), as the
 * trade sells brake and suspension hardware that outlives a body; every other part fits one.
 */
export const CARRIED_OVER = new Set(['brake-pads', 'brake-rotors', 'shocks-struts']);

/**
 * How far those kinds are carried over, most truthful first: one generation a part, then two
 * adjacent ones of at most 12, 14, 16, 18 or any number of years. The plan takes the first that fits
 * its budget, so the 200k bench catalog sells every generation apart and the 5,000-item default
 * (which cannot) pairs them.
 */
const PAIRINGS = [0, 12, 14, 16, 18, Number.POSITIVE_INFINITY];

/** The spans of a model the plan sells a per-model part for: its generations from COVERAGE_FROM on. */
function coveredSpans(ctx: FitContext, part: PartType, modelId: number, pairUpTo: number): VehicleNode[][] {
  const generations = ctx.chunks(modelId).filter((years) => years.at(-1)!.year >= COVERAGE_FROM);
  return CARRIED_OVER.has(part.handle) ? generationPairs(generations, pairUpTo) : generations;
}

/** One kind's applications over the popular models, the carried-over kinds paired up to `pairUpTo` years. */
function applicationsOf(ctx: FitContext, part: PartType, pairUpTo: number): Application[] {
  const spans = (modelId: number) => coveredSpans(ctx, part, modelId, pairUpTo);
  if (part.sizes) return sizedApplications(ctx, part, ctx.popular);
  if (part.fitment.includes('engine')) return engineApplications(ctx, part, ctx.popular, spans);
  return ctx.popular.flatMap((modelId) =>
    spans(modelId).map((years) => {
      const rows = years.flatMap((year) =>
        fitModelYear(ctx, year, { need: part.engine }).map((node) => ({ node, location: null })),
      );
      return modelApplication(ctx, years, rows);
    }),
  );
}

/** Each kind's applications under the most truthful pairing whose records (two an application) fit the budget. */
function plannedApplications(ctx: FitContext, leaves: Map<string, LeafCategory>, budget: number): Application[][] {
  const fixed = new Map<string, Application[]>();
  let plan: Application[][] = [];
  for (const pairUpTo of PAIRINGS) {
    plan = CORE_KINDS.map(([handle]) => {
      const part = leaves.get(handle)!.part;
      if (!CARRIED_OVER.has(handle) && fixed.has(handle)) return fixed.get(handle)!;
      const applications = applicationsOf(ctx, part, pairUpTo).filter((application) => application.rows.length > 0);
      if (!CARRIED_OVER.has(handle)) fixed.set(handle, applications);
      return applications;
    });
    if (plan.reduce((records, applications) => records + 2 * applications.length, 0) <= budget) break;
  }
  return plan;
}

/**
 * The coverage records, at most `budget` of them: the kinds take turns, so a small catalog (the
 * test fixture) still has some of each, and a full one covers every popular model year.
 */
export function coverageRecords(
  ctx: FitContext,
  random: Random,
  leaves: Map<string, LeafCategory>,
  brands: BrandRow[],
  budget: number,
): PartRecord[] {
  const plan = plannedApplications(ctx, leaves, budget);
  const queues = CORE_KINDS.map(([handle, position], kind) => {
    const leaf = leaves.get(handle)!;
    const sellers = sellersOf(brands, leaf);
    return plan[kind]!.flatMap((application, index) => twoBrands(random, leaf, sellers, application, index, position));
  });
  const records: PartRecord[] = [];
  for (let turn = 0; records.length < budget; turn++) {
    const before = records.length;
    for (const queue of queues) {
      const pair = queue.slice(turn * 2, turn * 2 + 2);
      records.push(...pair.slice(0, budget - records.length));
    }
    if (records.length === before) break;
  }
  return records;
}
