import { beforeAll, describe, expect, it } from 'vitest';
import { POPULAR_MODELS } from '../../scripts/data/popular-models.ts';
import { normalizeTrim } from '../../scripts/data/vpic/trims.ts';
import { buildVehicleTree, readVehicleExtract, type VehicleTree } from '../../scripts/data/vehicle-tree.ts';

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

  it('offers an engine for at least 83 % of the model years 2000-2026 of the popular models (a ratchet)', () => {
    let years = 0;
    let withEngine = 0;
    for (const { make, model } of POPULAR_MODELS)
      for (let year = 2000; year <= 2026; year++) {
        const node = modelYear(make, model, year);
        if (!node) continue;
        years++;
        if (enginesOf(node.id).length) withEngine++;
      }
    // Issue 17 aims at 95 %. vPIC ties no engine to the model for FCA before 2012-2014 and GM before 2013: their
    // patterns are make-wide tables keyed on VIN position 8 alone, so filling those years would invent engines. The
    // floor is what the data supports today (2420 of 2914); it only moves up.
    expect(
      Math.round((1000 * withEngine) / years) / 10,
      `${withEngine} of ${years} model-years`,
    ).toBeGreaterThanOrEqual(83);
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

  it('goes from the model to its engines where vPIC has no trims (2015 F-150)', () => {
    const f150 = modelYear('Ford', 'F-150', 2015)!;
    expect(below(f150.id, 4)).toEqual([]);
    expect(below(f150.id, 5).map((n) => n.text)).toEqual(expect.arrayContaining(['2.7L V6 Gas', '5.0L V8 Gas']));
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
