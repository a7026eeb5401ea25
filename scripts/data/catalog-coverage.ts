// The records that cover every popular model year in every core maintenance category.
import { type FitContext, fitModelYear } from './catalog-fit.ts';
import {
  type Application,
  engineApplications,
  modelApplication,
  sellersOf,
  sizedApplications,
  twoBrands,
} from './catalog-plan.ts';
import type { BrandRow, LeafCategory, PartRecord } from './catalog-record.ts';
import type { Random } from './random.ts';

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
];

/** One kind's applications over the popular models. */
function applicationsOf(ctx: FitContext, leaf: LeafCategory): Application[] {
  const part = leaf.part;
  if (part.sizes) return sizedApplications(ctx, part, ctx.popular);
  if (part.fitment.includes('engine')) return engineApplications(ctx, part, ctx.popular);
  return ctx.popular.flatMap((modelId) =>
    ctx.chunks(modelId).map((years) => {
      const rows = years.flatMap((year) =>
        fitModelYear(ctx, year, { need: part.engine }).map((node) => ({ node, location: null })),
      );
      return modelApplication(ctx, years, rows);
    }),
  );
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
  const queues = CORE_KINDS.map(([handle, position]) => {
    const leaf = leaves.get(handle)!;
    const sellers = sellersOf(brands, leaf);
    return applicationsOf(ctx, leaf)
      .filter((application) => application.rows.length > 0)
      .flatMap((application, index) => twoBrands(random, leaf, sellers, application, index, position));
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
