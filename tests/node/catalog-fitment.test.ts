import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEngine } from '../../scripts/data/catalog-engine.ts';
import { type FitContext, fitContext } from '../../scripts/data/catalog-fit.ts';
import { coverageRecords, CORE_KINDS } from '../../scripts/data/catalog-coverage.ts';
import { modelWeights, randomRecord } from '../../scripts/data/catalog-random.ts';
import { baseTitleOf, type PartRecord, specsOf, titleOf } from '../../scripts/data/catalog-record.ts';
import { brands, categories, type Tables } from '../../scripts/data/catalog-tables.ts';
import { sellersOf } from '../../scripts/data/catalog-plan.ts';
import { seededRandom } from '../../scripts/data/random.ts';
import { buildVehicleTree, readVehicleExtract } from '../../scripts/data/vehicle-tree.ts';

let ctx: FitContext;
const tables: Tables = { category: [], front_back_category: [], brand: [] };
const leaves = categories(tables);
const brandList = brands(tables);

beforeAll(async () => {
  const { extract, wmi } = await readVehicleExtract();
  ctx = fitContext(buildVehicleTree(extract, wmi));
});

/** Every fact a title states about its vehicle holds for every fitment row, and the rows' years are the title's. */
function expectTitleAgrees(record: PartRecord, title: string) {
  const vehicle = record.vehicle;
  if (!vehicle) return;
  expect(title).toContain(` for ${vehicle.years ?? ''}`.trimEnd());
  for (const { node } of record.rows) {
    const model = ctx.model.get(node.modelId!)!;
    expect(ctx.makeName.get(model.makeId), title).toBe(vehicle.make);
    if (vehicle.model !== null) expect(model.name, title).toBe(vehicle.model);
  }
  if (vehicle.years) {
    const [from, to = from] = vehicle.years.split('-').map(Number) as [number, number?];
    const years = new Set(record.rows.map(({ node }) => node.year));
    expect(years.size, title).toBe(to! - from + 1);
    for (let year = from; year <= to!; year++) expect(years.has(year), `${title}: ${year}`).toBe(true);
  }
}

/** No row puts the part on an engine that cannot take it, directly or through its model year. */
function expectEnginesTake(record: PartRecord) {
  const need = record.leaf.part.engine;
  if (!need) return;
  for (const { node } of record.rows) {
    const engines = node.level === 5 ? [parseEngine(node.text)] : ctx.engines(node).map(({ engine }) => engine);
    for (const engine of engines) {
      if (need === 'spark') expect(['diesel', 'electric'], node.text).not.toContain(engine.fuel);
      if (need === 'fuel') expect(engine.fuel, node.text).not.toBe('electric');
    }
  }
}

describe('catalog records', () => {
  it('a rolled record’s title always names exactly the vehicles and years it fits', () => {
    const models = modelWeights(ctx);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.nat(leaves.length - 1), (seed, index) => {
        const random = seededRandom(seed);
        const leaf = leaves[index]!;
        const record = randomRecord(ctx, random, leaf, random.pick(sellersOf(brandList, leaf)), models);
        if (!record) return;
        const title = titleOf(record, baseTitleOf(record, random));
        expectTitleAgrees(record, title);
        expectEnginesTake(record);
        const specs = new Map(specsOf(record, random));
        for (const [label, value] of Object.entries(record.variant.specs ?? {})) expect(specs.get(label)).toBe(value);
      }),
      { numRuns: 400 },
    );
  });

  it('covers every popular model year in each core kind with two brands at two prices', () => {
    const byHandle = new Map(leaves.map((leaf) => [leaf.part.handle, leaf]));
    const records = coverageRecords(ctx, seededRandom(3), byHandle, brandList, Number.POSITIVE_INFINITY);
    for (const record of records) {
      expectTitleAgrees(record, titleOf(record, baseTitleOf(record, seededRandom(1))));
      expectEnginesTake(record);
    }
    const sold = new Map<string, Map<number, Set<number>>>();
    for (const record of records) {
      const kind = `${record.leaf.part.handle}|${record.position}`;
      const years = sold.get(kind) ?? sold.set(kind, new Map()).get(kind)!;
      for (const { node } of record.rows) {
        const year = node.modelNodeId ?? node.id;
        (years.get(year) ?? years.set(year, new Set()).get(year)!).add(record.brand.id);
      }
    }
    for (const [handle, position] of CORE_KINDS) {
      const years = sold.get(`${handle}|${position}`)!;
      for (const modelId of ctx.popular)
        for (const year of ctx.tree.modelYears.get(modelId)!) {
          if (handle === 'spark-plugs' || handle === 'air-filters' || handle === 'oil-filters') continue;
          const engines = ctx.engines(year);
          const electric = engines.length
            ? engines.every(({ engine }) => engine.fuel === 'electric')
            : ctx.electric.has(modelId);
          if (['alternators', 'starters'].includes(handle) && electric) continue;
          expect(years.get(year.id)?.size ?? 0, `${handle} ${year.year} ${modelId}`).toBeGreaterThanOrEqual(2);
        }
    }
  });

  it('fits an oil filter only to the engines that share its filter mount, and names its thread', () => {
    const byHandle = new Map(leaves.map((leaf) => [leaf.part.handle, leaf]));
    const records = coverageRecords(ctx, seededRandom(5), byHandle, brandList, Number.POSITIVE_INFINITY);
    const families = records.filter((r) => r.leaf.part.handle === 'oil-filters' && r.vehicle?.model === null);
    expect(families.length).toBeGreaterThan(50);
    for (const record of families) {
      const engines = record.rows.flatMap(({ node }) =>
        node.level === 5 ? [parseEngine(node.text)] : ctx.engines(node).map(({ engine }) => engine),
      );
      const mounts = new Set(
        engines.map(
          (e) => `${e.cylinders}|${e.fuel === 'diesel'}|${Math.round(Number.parseFloat(e.displacement ?? 'NaN'))}`,
        ),
      );
      expect([...mounts], titleOf(record, 'Oil Filter')).toHaveLength(1);
      expect(new Map(record.facts).get('Thread Size')).toMatch(/UNF|x 1\.5/);
    }
  });

  it('reads fuel, displacement and cylinders out of engine texts', () => {
    expect(parseEngine('5.3L 8 Cyl Flex Fuel')).toMatchObject({ fuel: 'flex', displacement: '5.3L', cylinders: 8 });
    expect(parseEngine('3.0L V6 Diesel')).toMatchObject({ fuel: 'diesel', cylinders: 6, label: '3.0L V6' });
    expect(parseEngine('Electric').fuel).toBe('electric');
    expect(parseEngine('2.5L L4 Hybrid').fuel).toBe('hybrid');
  });
});
