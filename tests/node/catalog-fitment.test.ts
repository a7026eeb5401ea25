import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEngine } from '../../scripts/data/catalog-engine.ts';
import { type FitContext, fitContext } from '../../scripts/data/catalog-fit.ts';
import { CARRIED_OVER, COVERAGE_FROM, coverageRecords, CORE_KINDS } from '../../scripts/data/catalog-coverage.ts';
import { modelWeights, randomRecord } from '../../scripts/data/catalog-random.ts';
import { baseTitleOf, type PartRecord, specsOf, titleOf } from '../../scripts/data/catalog-record.ts';
import { brands, categories, type Tables } from '../../scripts/data/catalog-tables.ts';
import { sellersOf } from '../../scripts/data/catalog-plan.ts';
import { generationStarts } from '../../scripts/data/model-generations.ts';
import { type Random, seededRandom } from '../../scripts/data/random.ts';
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

/** The years a title names ("2012-2017"), as [from, to]; null when it names none. */
function titleYears(record: PartRecord): [number, number] | null {
  if (!record.vehicle?.years) return null;
  const [from, to = from] = record.vehicle.years.split('-').map(Number) as [number, number?];
  return [from, to!];
}

/** The longest run of years a per-model part may fit where a model's generations are not known. */
const SANE_SPAN = 6;

/**
 * How many of its model's generations (the table's) a per-model title's years reach into: 0 when
 * it names no years; years before the table knows the model count as one while within SANE_SPAN.
 */
function generationsNamed(record: PartRecord): number {
  const years = titleYears(record);
  if (!years) return 0;
  const [from, to] = years;
  const model = ctx.model.get(record.rows[0]!.node.modelId!)!;
  const starts = generationStarts(ctx.makeName.get(model.makeId)!, model.name);
  const index = (year: number) => starts.filter((start) => start <= year).length;
  if (index(to) === 0) return to - from + 1 <= SANE_SPAN ? 1 : Number.POSITIVE_INFINITY;
  return index(to) - index(from) + 1;
}

const idOf = (make: string, model: string) =>
  [...ctx.model.values()].find((m) => m.name === model && ctx.makeName.get(m.makeId) === make)!.id;

/** Rolls 400 records of random leaves and sellers, and checks each with its title. */
function forRolledRecords(check: (record: PartRecord, title: string, random: Random) => void) {
  const models = modelWeights(ctx);
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.nat(leaves.length - 1), (seed, index) => {
      const random = seededRandom(seed);
      const leaf = leaves[index]!;
      const record = randomRecord(ctx, random, leaf, random.pick(sellersOf(brandList, leaf)), models);
      if (record) check(record, titleOf(record, baseTitleOf(record, random)), random);
    }),
    { numRuns: 400 },
  );
}

describe('catalog records', () => {
  it('a rolled record’s title always names exactly the vehicles and years it fits', () => {
    forRolledRecords((record, title, random) => {
      expectTitleAgrees(record, title);
      expectEnginesTake(record);
      const specs = new Map(specsOf(record, random));
      for (const [label, value] of Object.entries(record.variant.specs ?? {})) expect(specs.get(label)).toBe(value);
    });
  });

  it('a rolled per-model title never names more than one generation of its model', () => {
    forRolledRecords((record, title) => {
      if (record.vehicle?.years) expect(generationsNamed(record), title).toBe(1);
    });
  });

  it('cuts popular models at their real generations, and unknown ones into spans of at most six years', () => {
    const spans = (make: string, model: string) =>
      ctx.chunks(idOf(make, model)).map((years) => `${years[0]!.year}-${years.at(-1)!.year}`);
    expect(spans('Toyota', 'Camry')).toEqual(
      expect.arrayContaining(['2002-2006', '2007-2011', '2012-2017', '2018-2024']),
    );
    expect(spans('Ford', 'F-150')).toEqual(expect.arrayContaining(['2004-2008', '2009-2014', '2015-2020']));
    for (const modelId of ctx.popular) {
      const model = ctx.model.get(modelId)!;
      expect(generationStarts(ctx.makeName.get(model.makeId)!, model.name), model.name).not.toEqual([]);
    }
    const popular = new Set(ctx.popular);
    for (const [modelId, years] of ctx.tree.modelYears) {
      if (popular.has(modelId) || years.length === 0) continue;
      for (const chunk of ctx.chunks(modelId)) expect(chunk.length).toBeLessThanOrEqual(SANE_SPAN);
    }
  });

  it('titles a coverage part with one generation, or two adjacent ones for brakes and suspension', () => {
    const byHandle = new Map(leaves.map((leaf) => [leaf.part.handle, leaf]));
    // All the room it wants: each generation sold apart. The default catalog's 4,700: brakes and struts paired.
    for (const [budget, most] of [
      [Number.POSITIVE_INFINITY, 1],
      [4700, 2],
    ] as const) {
      const records = coverageRecords(ctx, seededRandom(9), byHandle, brandList, budget);
      let paired = 0;
      for (const record of records) {
        const named = generationsNamed(record);
        const title = titleOf(record, baseTitleOf(record, seededRandom(1)));
        expect(named, title).toBeLessThanOrEqual(CARRIED_OVER.has(record.leaf.part.handle) ? most : 1);
        if (named === 2) paired++;
      }
      if (most === 2) expect(paired).toBeGreaterThan(0);
    }
    const camryPads = coverageRecords(ctx, seededRandom(9), byHandle, brandList, Number.POSITIVE_INFINITY)
      .filter((r) => r.leaf.part.handle === 'brake-pads' && r.vehicle?.model === 'Camry')
      .map((r) => r.vehicle!.years);
    expect(new Set(camryPads)).toEqual(
      new Set(['1997-2001', '2002-2006', '2007-2011', '2012-2017', '2018-2024', '2025-2027']),
    );
  });

  it('sells rear shocks and struts as well as front ones, titled and specified Rear', () => {
    const byHandle = new Map(leaves.map((leaf) => [leaf.part.handle, leaf]));
    const records = coverageRecords(ctx, seededRandom(4), byHandle, brandList, 4700);
    const rear = records.filter((r) => r.leaf.part.handle === 'shocks-struts' && r.position === 'Rear');
    expect(rear.length).toBeGreaterThan(100);
    for (const record of rear.slice(0, 50)) {
      const random = seededRandom(2);
      expect(titleOf(record, baseTitleOf(record, random))).toMatch(/, Rear for \d{4}/);
      expect(new Map(specsOf(record, random)).get('Position')).toBe('Rear');
    }
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
          if (year.year < COVERAGE_FROM) continue;
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
