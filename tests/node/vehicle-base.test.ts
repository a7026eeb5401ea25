import { beforeAll, describe, expect, it } from 'vitest';
import { BEST_SELLERS, POPULAR_MODELS } from '../../scripts/data/popular-models.ts';
import { ENGINE_TABLE, tableEngine } from '../../scripts/data/vpic/engine-table.ts';
import { normalizeTrim } from '../../scripts/data/vpic/trims.ts';
import { buildVehicleTree, engineData, readVehicleExtract, type VehicleTree } from '../../scripts/data/vehicle-tree.ts';

// The committed vehicle base (kv-seed/vehicles) against the targets of §3 Vehicle, levels 1-5.
let tree: VehicleTree;
const modelYear = (make: string, model: string, year: number) => {
  const id = tree.models.find((m) => m.name === model && tree.makes.find((k) => k.id === m.makeId)?.name === make)?.id;
  return id === undefined ? undefined : tree.modelYears.get(id)?.find((node) => node.year === year);
};
const below = (nodeId: number, level: number) => (tree.children.get(nodeId) ?? []).filter((n) => n.level === level);
/** Every engine a model-year offers, under its trims or directly under the model. */
const enginesOf = (nodeId: number) => [...below(nodeId, 5), ...below(nodeId, 4).flatMap((trim) => below(trim.id, 5))];

beforeAll(async () => {
  const { extract, wmi } = await readVehicleExtract();
  tree = buildVehicleTree(extract, wmi);
});

describe('the vehicle base', () => {
  it('names 150 popular models, each in the vehicle base', () => {
    expect(POPULAR_MODELS).toHaveLength(150);
    expect(new Set(POPULAR_MODELS.map((m) => `${m.make} ${m.model}`)).size).toBe(150);
    const missing = POPULAR_MODELS.filter(({ make, model }) =>
      [2000, 2005, 2010, 2015, 2020, 2025].every((year) => !modelYear(make, model, year)),
    );
    expect(missing).toEqual([]);
  });

  it('offers an engine for at least 99 % of the model years 2000-2026 of the popular models (a ratchet)', () => {
    let years = 0;
    let withEngine = 0;
    for (const { make, model } of POPULAR_MODELS)
      for (let year = 2000; year <= 2026; year++) {
        const node = modelYear(make, model, year);
        if (!node) continue;
        years++;
        if (enginesOf(node.id).length) withEngine++;
      }
    // Issue 17 asks for 95 %. vPIC ties no engine to the model for FCA before 2012-2014 and GM before 2013 (make-wide
    // tables keyed on VIN position 8); the curated table of factory engines (scripts/data/vpic/engine-table.ts) fills
    // those model years. What stays without: years vPIC lists that were not sold as that model in the US or Canada
    // (the 2002-2011 Jeep Cherokee, a 2021 Dodge Journey). 2888 of 2914; the floor only moves up.
    expect(
      Math.round((1000 * withEngine) / years) / 10,
      `${withEngine} of ${years} model-years`,
    ).toBeGreaterThanOrEqual(99);
  });

  it('offers the factory engines of the model years whose VINs name none (2010 Grand Caravan, 2010 Silverado)', () => {
    const texts = (make: string, model: string, year: number) =>
      [...new Set(enginesOf(modelYear(make, model, year)!.id).map((n) => n.text))].sort();
    expect(texts('Dodge', 'Grand Caravan', 2010)).toEqual(['3.3L V6 Flex Fuel', '3.8L V6 Gas', '4.0L V6 Gas']);
    expect(texts('Chevrolet', 'Silverado 1500', 2010)).toEqual([
      '4.3L V6 Gas',
      '4.8L V8 Gas',
      '5.3L V8 Flex Fuel',
      '6.0L V8 Hybrid',
      '6.2L V8 Flex Fuel',
    ]);
    expect(texts('Ram', '1500', 2016)).toEqual(['3.0L V6 Diesel', '3.6L V6 Gas', '5.7L V8 Gas']);
    expect(texts('Jeep', 'Wrangler', 2005)).toEqual(['2.4L L4 Gas', '4.0L L6 Gas']);
  });

  it("puts a trim's own engine under it: the Hybrid's 6.0L, the SRT's 6.4L, never the other way", () => {
    const escalade = below(modelYear('Cadillac', 'Escalade', 2010)!.id, 4);
    const under = (trims: typeof escalade, name: string) =>
      below(trims.find((t) => t.text === name)!.id, 5).map((n) => n.text);
    expect(under(escalade, 'Hybrid')).toEqual(['6.0L V8 Hybrid']);
    expect(under(escalade, 'Platinum')).toEqual(['6.2L V8 Flex Fuel']);
    const challenger = below(modelYear('Dodge', 'Challenger', 2016)!.id, 4);
    expect(under(challenger, 'SRT 392')).toEqual(['6.4L V8 Gas']);
    expect(under(challenger, 'SXT')).toEqual(['3.6L V6 Gas']);
  });

  it("keeps vPIC's engines where it has some: the table only fills model years without one", () => {
    const texts = (make: string, model: string, year: number) =>
      [...new Set(enginesOf(modelYear(make, model, year)!.id).map((n) => n.text))].sort();
    expect(texts('Chevrolet', 'Silverado 1500', 2009)).toEqual(['6.0L V8']);
    expect(texts('Jeep', 'Wrangler', 2015)).toEqual(['2.0L', '3.6L']);
    expect(texts('Jeep', 'Grand Cherokee', 2014)).toEqual(['6.2L']);
  });

  it('writes every table engine as vPIC engine text, with its fuel, displacement and cylinders', () => {
    for (const models of Object.values(ENGINE_TABLE))
      for (const ranges of Object.values(models))
        for (const [, , engines] of ranges)
          for (const engine of engines) {
            const text = typeof engine === 'string' ? engine : engine.text;
            const data = engineData(text);
            expect(data.fuelType, text).toMatch(/^(Gas|Flex Fuel|Diesel|Hybrid)$/);
            expect(data.displacement, text).toBeGreaterThan(0);
            expect(data.cylinders, text).toBeGreaterThanOrEqual(4);
          }
    expect(() => tableEngine('5.3 V8 Gas')).toThrow(/not an engine text/);
  });

  it('takes the engines vPIC keys on the model codes of a model family (2017 Yukon and Yukon XL)', () => {
    for (const model of ['Yukon', 'Yukon XL']) {
      const engines = enginesOf(modelYear('GMC', model, 2017)!.id).map((n) => n.text);
      expect(engines, model).toEqual(expect.arrayContaining(['5.3L 8 Cyl Gas', '6.2L 8 Cyl Flex Fuel']));
    }
  });

  it('has no trim list with overlapping entries', () => {
    const lists = tree.nodes.filter((n) => n.level === 4 && normalizeTrim(n.value).length !== 1);
    expect(lists.map((n) => `${n.year} ${n.value}`)).toEqual([]);
  });

  it('splits GM and Dodge pickups by series and names the Super Duty Fords as the trade does', () => {
    for (const model of ['Silverado 1500', 'Silverado 2500 HD', 'Silverado 3500 HD'])
      expect(modelYear('Chevrolet', model, 2015), model).toBeDefined();
    for (const model of ['Sierra 1500', 'Sierra 2500 HD']) expect(modelYear('GMC', model, 2015), model).toBeDefined();
    expect(modelYear('Chevrolet', 'Silverado', 2015)).toBeUndefined();
    for (const model of ['1500', '2500', '3500']) expect(modelYear('Ram', model, 2015), model).toBeDefined();
    for (const model of ['Ram 1500', 'Ram 2500']) expect(modelYear('Dodge', model, 2005), model).toBeDefined();
    expect(modelYear('Dodge', 'Ram', 2005)).toBeUndefined();
    expect(modelYear('Ford', 'F-250 Super Duty', 2015)).toBeDefined();
    expect(modelYear('Ford', 'F-350 Super Duty', 2015)).toBeDefined();
  });

  it('gives the model years vPIC leaves without trims their factory trims, each with its engines (2015 F-150)', () => {
    const f150 = modelYear('Ford', 'F-150', 2015)!;
    expect(below(f150.id, 5)).toEqual([]);
    const trims = Object.fromEntries(
      below(f150.id, 4).map((trim) => [trim.text, below(trim.id, 5).map((n) => n.text)]),
    );
    expect(trims).toEqual({
      'King Ranch': ['3.5L V6 Gas', '5.0L V8 Gas'],
      Lariat: ['2.7L V6 Gas', '3.5L V6 Gas', '5.0L V8 Gas'],
      Platinum: ['3.5L V6 Gas', '5.0L V8 Gas'],
      XL: ['2.7L V6 Gas', '3.5L V6 Gas', '5.0L V8 Gas'],
      XLT: ['2.7L V6 Gas', '3.5L V6 Gas', '5.0L V8 Gas'],
    });
  });

  it('has a trim step in every model year 2010-2026 of the best sellers', () => {
    const missing = BEST_SELLERS.flatMap(({ make, model }) =>
      Array.from({ length: 17 }, (_, i) => 2010 + i).flatMap((year) => {
        const node = modelYear(make, model, year);
        return node && below(node.id, 5).length > 0 ? [`${year} ${make} ${model}`] : [];
      }),
    );
    expect(missing).toEqual([]);
  });

  it('lists single trims for the 2018 Camry, each with an engine', () => {
    const camry = modelYear('Toyota', 'Camry', 2018)!;
    const trims = below(camry.id, 4);
    expect(trims.map((n) => n.text)).toEqual(expect.arrayContaining(['L', 'LE', 'SE', 'XLE', 'XSE']));
    for (const trim of trims) {
      expect(trim.text).not.toContain('/');
      expect(below(trim.id, 5).length, trim.text).toBeGreaterThan(0);
    }
  });

  it('gives each engine node its fuel type, displacement and cylinders', () => {
    const engines = tree.nodes.filter((n) => n.level === 5);
    expect(engines.filter((n) => n.fuelType === null)).toEqual([]);
    const silverado = enginesOf(modelYear('Chevrolet', 'Silverado 1500', 2015)!.id);
    expect(silverado.find((n) => n.text.startsWith('5.3L'))).toMatchObject({
      displacement: 5.3,
      cylinders: 8,
    });
    expect(tree.nodes.filter((n) => n.level !== 5 && n.fuelType !== null)).toEqual([]);
  });

  it('keeps node ids unique, and the ids of nodes that were there before', () => {
    expect(new Set(tree.nodes.map((n) => n.id)).size).toBe(tree.nodes.length);
    // Ids of the first extract (numbered in build order) that survived: the years and the 2027 makes.
    expect(tree.nodes.find((n) => n.level === 1 && n.year === 2027)?.id).toBe(1);
    expect(tree.nodes.find((n) => n.level === 1 && n.year === 1990)?.id).toBe(38);
  });
});
