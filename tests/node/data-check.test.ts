// The data checker (scripts/data/check.ts) on small hand-made D1 data: a clean set where every
// check answers zero, then one known contradiction per check. The default generated catalog is
// checked in default-catalog.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../../scripts/data/check.ts';
import { checkBrandCategories, checkPadMaterial, padMaterials } from '../../scripts/data/checks/brands.ts';
import { checkCoreCategories, checkCoverage } from '../../scripts/data/checks/coverage.ts';
import type { Query } from '../../scripts/data/checks/d1.ts';
import { checkEngineFuel } from '../../scripts/data/checks/engine-fuel.ts';
import { checkEngines } from '../../scripts/data/checks/engines.ts';
import {
  checkOverlappingTrims,
  checkPartsWithoutFitment,
  checkTrimStep,
  trimList,
} from '../../scripts/data/checks/structure.ts';
import {
  checkCarbEo,
  checkEmissionsStatus,
  checkEmissionsTitles,
  claimedStatus,
} from '../../scripts/data/checks/regulated.ts';
import { checkHazmatClasses, checkSizeClasses } from '../../scripts/data/checks/shipping.ts';
import { checkTitleFitment, titleVehicles } from '../../scripts/data/checks/title-fitment.ts';
import { type FixtureDb, fitRow, item, node, openFixtureDb, spec } from './data-check-fixture.ts';

let fixture: FixtureDb;
let query: Query;
const CAMRY = [{ make: 'Toyota', model: 'Camry' }];
const run = (statements: string[]) => fixture.run(statements);
/** Adds rows, runs the body, and removes them again (undo runs in order: children first). */
const withRows = async (rows: string[], undo: string[], body: () => Promise<void>) => {
  await run(rows);
  try {
    await body();
  } finally {
    await run(undo);
  }
};

beforeAll(async () => {
  fixture = await openFixtureDb('autohaven-check-');
  query = fixture.query;
});
afterAll(async () => {
  await fixture?.close();
});

describe('parsing the stored text', () => {
  it('reads the vehicles a title names', () => {
    expect(titleVehicles('AutoHaven Pro CAPA Certified Fender, Front Right for 2017-2023 Toyota Camry')).toEqual([
      { from: 2017, to: 2023, vehicle: 'Toyota Camry', rest: 'Toyota Camry' },
    ]);
    expect(titleVehicles('Brake Pads for 2018 Ford F-150, Front')).toEqual([
      { from: 2018, to: 2018, vehicle: 'Ford F-150', rest: 'Ford F-150, Front' },
    ]);
    expect(titleVehicles('Struts fits 2015-17 Honda Civic and 2016 Honda CR-V (Pair)')).toEqual([
      { from: 2015, to: 2017, vehicle: 'Honda Civic', rest: 'Honda Civic' },
      { from: 2016, to: 2016, vehicle: 'Honda CR-V', rest: 'Honda CR-V (Pair)' },
    ]);
    expect(titleVehicles('Pads for 4-Wheel Disc Brakes')).toEqual([]);
  });
  it('tells "/"-joined trim lists from single names', () => {
    expect(trimList('L/LE/SE/XLE')).toEqual(['l/le', 'se', 'xle']);
    expect(trimList('XLE/XSE')).toEqual(['xle', 'xse']);
    for (const single of ['R/T', 'Limited+M/R+NAVI', '4 or 5 seater plus 1/4 ton', 'LX w/ABS', 'SE w/ Tech']) {
      expect(trimList(single)).toBeNull();
    }
  });
  it('reads pad materials', () => {
    expect([...padMaterials('Performance Carbon-Ceramic Brake Pad Set')]).toEqual(['ceramic']);
    expect([...padMaterials('Semi-Metallic')]).toEqual(['semi-metallic']);
    expect([...padMaterials('Severe Duty Disc Brake Pads')]).toEqual([]);
  });
});

describe('the checks on hand-made data', () => {
  it('answers zero for every check on the clean set', async () => {
    const results = await runChecks(query, { popular: CAMRY, bestSellers: [{ make: 'Ford', model: 'F-150' }] });
    expect(results.map((r) => [r.name, r.count, r.examples])).toEqual(results.map((r) => [r.name, 0, []]));
    expect(results.map((r) => r.name)).toEqual([
      'title-fitment',
      'engine-fuel',
      'core-categories',
      'coverage',
      'engines',
      'overlapping-trims',
      'trim-step',
      'no-fitment',
      'brand-category',
      'pad-material',
      'emissions-status',
      'carb-eo',
      'emissions-title',
      'hazmat-class',
      'size-class',
      'core-charge',
    ]);
  });

  it('title/fitment: a Camry title with rows on the Yaris iA and a year missing', async () => {
    const title = 'AutoHaven Pro CAPA Certified Fender, Front Right for 2017-2019 Toyota Camry';
    await withRows(
      [item(50, title, 152, 1), fitRow(50, 22), fitRow(50, 23), fitRow(50, 24)],
      ['DELETE FROM fitment WHERE item_id = 50', 'DELETE FROM item WHERE id = 50'],
      async () => {
        const result = await checkTitleFitment(query);
        expect(result.count).toBe(1);
        expect(result.examples[0]).toContain('#50');
        expect(result.examples[0]).toContain('fits 2017 Toyota Yaris iA, not in its title');
        expect(result.examples[0]).toContain('no fitment for 2017 Toyota Camry');
      },
    );
  });

  it("trim-step: a best seller's model year whose engine hangs straight off it, not a trim", async () => {
    const f150 = [{ make: 'Ford', model: 'F-150' }];
    expect((await checkTrimStep(query, f150)).count).toBe(0);
    await withRows(
      [node(60, 5, 25, '5.0L V8 Gas', 2018, 2, 3, 25)],
      ['DELETE FROM vehicle_node WHERE id = 60'],
      async () => {
        const result = await checkTrimStep(query, f150);
        expect(result.count).toBe(1);
        expect(result.examples).toEqual(['2018 Ford F-150']);
      },
    );
  });

  it('engine-fuel: spark plugs on a trim with a diesel, an oil filter on an electric car', async () => {
    await withRows(
      [
        item(51, 'AutoHaven Pro Iridium Spark Plug Set for 2018 Ford F-150', 113, 1),
        fitRow(51, 33),
        item(52, 'DuraStop Oil Filter for 2018 Tesla Model 3', 111, 2),
        fitRow(52, 26),
      ],
      ['DELETE FROM fitment WHERE item_id IN (51, 52)', 'DELETE FROM item WHERE id IN (51, 52)'],
      async () => {
        const result = await checkEngineFuel(query);
        expect(result.count).toBe(2);
        expect(result.examples.join('\n')).toContain('#51 "AutoHaven Pro Iridium Spark Plug Set for 2018 Ford F-150"');
        expect(result.examples.join('\n')).toContain('2018 Ford F-150 XLT 3.0L V6 Diesel: diesel');
        expect(result.examples.join('\n')).toContain('2018 Tesla Model 3 Electric: electric');
      },
    );
  });

  it('coverage: a popular model year with no brake pads', async () => {
    const result = await checkCoverage(query, [...CAMRY, { make: 'Toyota', model: 'Yaris iA' }]);
    expect(result.count).toBe(2);
    expect(result.examples).toEqual(['2017 Toyota Yaris iA: no brake pads (front); no brake pads (rear)']);
  });

  it('coverage: one brand only, and a kind with no category at all', async () => {
    await withRows(
      ['UPDATE item SET brand_id = 1 WHERE id = 22', "UPDATE category SET name = 'Windshield Care' WHERE id = 151"],
      ['UPDATE item SET brand_id = 2 WHERE id = 22', "UPDATE category SET name = 'Wiper Blades' WHERE id = 151"],
      async () => {
        const core = await checkCoreCategories(query);
        expect([core.count, core.examples]).toEqual([1, ['wiper blades']]);
        const coverage = await checkCoverage(query, CAMRY);
        expect(coverage.count).toBe(3);
        expect(coverage.examples[0]).toBe('2017 Toyota Camry: brake rotors: 1 brand(s), 2 price(s)');
      },
    );
  });

  it('engines: popular model years with no engine, counted beyond the 5 % allowed', async () => {
    const restore = [node(45, 5, 21, '2.5L L4 Gas', 2017, 1, 1, 21), node(46, 5, 23, '2.5L L4 Gas', 2019, 1, 1, 23)];
    await withRows(['DELETE FROM vehicle_node WHERE id IN (45, 46)'], restore, async () => {
      const result = await checkEngines(query, CAMRY);
      expect([result.count, result.examples]).toEqual([2, ['Toyota Camry: 2017, 2019 (no engine)']]);
    });
    // Seventeen more Camry years with an engine: 20 model years, one may go without.
    const years = Array.from({ length: 17 }, (_, i) => 2000 + i);
    await withRows(
      [
        ...years.map((year) => node(200 + year - 2000, 3, 11, 'Camry', year, 1, 1, 200 + year - 2000)),
        ...years.map((year) =>
          node(300 + year - 2000, 5, 200 + year - 2000, '2.2L L4 Gas', year, 1, 1, 200 + year - 2000),
        ),
        'DELETE FROM vehicle_node WHERE id = 45',
      ],
      ['DELETE FROM vehicle_node WHERE id >= 200', restore[0]!],
      async () => {
        const result = await checkEngines(query, CAMRY);
        expect([result.count, result.examples]).toEqual([0, ['Toyota Camry: 2017 (no engine)']]);
        expect(result.notes).toEqual(['19 of 20 model years (95.0 %) offer an engine; 1 without, 1 allowed']);
      },
    );
  });

  it('overlapping trims: "L/LE/SE/XLE" beside "XLE/XSE"', async () => {
    await withRows(
      [node(34, 4, 23, 'L/LE/SE/XLE', 2019, 1, 1, 23), node(35, 4, 23, 'XLE/XSE', 2019, 1, 1, 23)],
      ['DELETE FROM vehicle_node WHERE id IN (34, 35)'],
      async () => {
        const result = await checkOverlappingTrims(query);
        expect([result.count, result.examples]).toEqual([1, ['2019 Toyota Camry: "L/LE/SE/XLE", "XLE/XSE"']]);
      },
    );
  });

  it('parts fitting no vehicle: a rotor with no fitment row', async () => {
    await withRows([item(53, 'DuraStop Vented Brake Rotor', 102, 2)], ['DELETE FROM item WHERE id = 53'], async () => {
      const result = await checkPartsWithoutFitment(query);
      expect([result.count, result.examples]).toEqual([1, ['#53 "DuraStop Vented Brake Rotor" (Brake Rotors)']]);
    });
  });

  it('brand/category: a lighting brand selling brake pads', async () => {
    const title = 'BrightPath Lighting Ceramic Brake Pad Set, Front for 2018 Toyota Camry';
    await withRows(
      [item(54, title, 101, 3), fitRow(54, 22, 'Front'), spec(54, 'Friction Material', 'Ceramic')],
      [
        'DELETE FROM fitment WHERE item_id = 54',
        'DELETE FROM item_customs WHERE item_id = 54',
        'DELETE FROM item WHERE id = 54',
      ],
      async () => {
        const result = await checkBrandCategories(query);
        expect(result.count).toBe(1);
        expect(result.examples).toEqual([
          `BrightPath Lighting (lighting) sells Brake Pads: 1 item(s), e.g. #54 "${title}"`,
        ]);
      },
    );
  });

  it('pad material: a title saying ceramic over a semi-metallic specification', async () => {
    const title = 'DuraStop Ceramic Brake Pad Set, Rear for 2018 Toyota Camry';
    await withRows(
      [item(55, title, 101, 2), fitRow(55, 22, 'Rear'), spec(55, 'Friction Material', 'Semi-Metallic')],
      [
        'DELETE FROM fitment WHERE item_id = 55',
        'DELETE FROM item_customs WHERE item_id = 55',
        'DELETE FROM item WHERE id = 55',
      ],
      async () => {
        const result = await checkPadMaterial(query);
        expect([result.count, result.examples]).toEqual([
          1,
          [`#55 "${title}": title ceramic, specification semi-metallic`],
        ]);
      },
    );
  });
});

describe('emissions parts and their legal status (issue 40)', () => {
  const converter = (id: number, title: string, status: string | null, eo: string | null) =>
    `${item(id, title, 190, 1)}; UPDATE item SET emissions_kind = 'CATALYTIC_CONVERTER', ` +
    `emissions_status = ${status ? `'${status}'` : 'NULL'}, carb_eo = ${eo ? `'${eo}'` : 'NULL'} WHERE id = ${id}`;
  const rows = [
    'INSERT INTO category (id, parent_id, kind, name, handle, depth) VALUES ' +
      "(190, NULL, 'BACK', 'Catalytic Converters', 'catalytic-converters', 1)",
    ...converter(80, 'AutoHaven Pro CARB Compliant Catalytic Converter', 'FIFTY_STATE', 'D-280-139').split('; '),
    ...converter(81, 'AutoHaven Pro Direct-Fit 49-State Catalytic Converter', 'FORTY_NINE_STATE', null).split('; '),
  ];
  const undo = [
    'DELETE FROM item_customs WHERE item_id BETWEEN 80 AND 89',
    'DELETE FROM item WHERE id BETWEEN 80 AND 89',
    'DELETE FROM category WHERE id = 190',
  ];

  it('reads the status a title or specification claims', () => {
    expect(claimedStatus('Direct-Fit 49-State Catalytic Converter')).toBe('FORTY_NINE_STATE');
    expect(claimedStatus('49-State (not legal in California)')).toBe('FORTY_NINE_STATE');
    expect(claimedStatus('CARB EO Approved')).toBe('FIFTY_STATE');
    expect(claimedStatus('Off-Road Use Only (not legal in California)')).toBe('OFF_ROAD');
    expect(claimedStatus('Stainless Header Exhaust Manifold Kit')).toBeNull();
  });

  it('answers zero for 50-state and 49-state converters that say what they are', async () => {
    await withRows(rows, undo, async () => {
      for (const check of [checkEmissionsStatus, checkCarbEo, checkEmissionsTitles])
        expect((await check(query)).count).toBe(0);
    });
  });

  it('reports a converter with no status, a 50-state one with no EO, a 49-state title on a 50-state one', async () => {
    const bad = [
      ...converter(82, 'AutoHaven Pro Direct-Fit Catalytic Converter', null, null).split('; '),
      ...converter(83, 'AutoHaven Pro CARB Compliant Catalytic Converter II', 'FIFTY_STATE', null).split('; '),
      ...converter(84, 'AutoHaven Pro Direct-Fit 49-State Catalytic Converter II', 'FIFTY_STATE', 'D-280-140').split(
        '; ',
      ),
      spec(84, 'Emissions', '49-State (not legal in California)'),
    ];
    await withRows([...rows, ...bad], undo, async () => {
      expect((await checkEmissionsStatus(query)).examples).toEqual([
        '#82 "AutoHaven Pro Direct-Fit Catalytic Converter": no legal status',
      ]);
      expect((await checkCarbEo(query)).examples).toEqual([
        '#83 "AutoHaven Pro CARB Compliant Catalytic Converter II": 50-state without an EO',
      ]);
      const titles = await checkEmissionsTitles(query);
      expect(titles.count).toBe(2);
      expect(titles.examples[0]).toBe(
        '#84 "AutoHaven Pro Direct-Fit 49-State Catalytic Converter II": ' +
          'title says FORTY_NINE_STATE, the part is FIFTY_STATE',
      );
      expect(titles.examples[1]).toContain('#84');
      expect(titles.examples[1]).toContain('specification says FORTY_NINE_STATE');
    });
  });
  it('reports a description that calls a 49-state part CARB-compliant', async () => {
    const description =
      "UPDATE item SET detail_content = 'Emissions part: legal in all 50 states under CARB Executive Order D-1-1.' " +
      'WHERE id = 81';
    await withRows([...rows, description], undo, async () => {
      const found = await checkEmissionsTitles(query);
      expect(found.examples).toEqual([
        '#81 "AutoHaven Pro Direct-Fit 49-State Catalytic Converter": ' +
          'description says FIFTY_STATE, the part is FORTY_NINE_STATE',
      ]);
    });
  });
});

describe('shipping limits per part (issue 40 item 4)', () => {
  it('reports a battery without its hazardous-materials class and a fender without its size class', async () => {
    await withRows(
      [
        item(90, 'AutoHaven Pro Flooded Lead-Acid Battery', 141, 1),
        item(91, 'AutoHaven Pro Front Fender', 152, 1),
        item(92, 'DuraStop Front Fender', 152, 2),
        "UPDATE item SET size_class = 'OVERSIZE' WHERE id = 92",
      ],
      ['DELETE FROM item WHERE id BETWEEN 90 AND 92'],
      async () => {
        expect((await checkHazmatClasses(query)).examples).toEqual([
          '#90 "AutoHaven Pro Flooded Lead-Acid Battery": no class, LEAD_ACID_BATTERY expected',
        ]);
        expect((await checkSizeClasses(query)).examples).toEqual([
          '#91 "AutoHaven Pro Front Fender": no class, OVERSIZE expected',
        ]);
      },
    );
  });
});

describe('coverage of shocks and struts: front and rear count apart, like brake pads', () => {
  const SHOCKS = 161;
  /** The fixture's Camry model years (2017-2019). */
  const CAMRY_YEARS = [21, 22, 23];
  /** Two brands' shocks at two prices for the Camry's years, on one side. */
  const shocks = (firstId: number, side: 'Front' | 'Rear') =>
    [0, 1].flatMap((n) => [
      item(
        firstId + n,
        `${['AutoHaven Pro', 'DuraStop'][n]} Shock Absorber, ${side} for 2017-2019 Toyota Camry`,
        SHOCKS,
        n + 1,
        3000 + n * 2000,
      ),
      ...CAMRY_YEARS.map((node) => fitRow(firstId + n, node, side)),
    ]);
  // The clean set's shocks are universal and name no side: these tests' own fitted ones take their place.
  const aside = 'UPDATE item SET back_category_id = 152 WHERE id IN (41, 42, 45, 46)';
  const undo = [
    'DELETE FROM fitment WHERE item_id BETWEEN 70 AND 73',
    'DELETE FROM item_customs WHERE item_id BETWEEN 70 AND 73',
    'DELETE FROM item WHERE id BETWEEN 70 AND 73',
    `UPDATE item SET back_category_id = ${SHOCKS} WHERE id IN (41, 42, 45, 46)`,
  ];

  it('reports a model year with front shocks only as missing its rear ones', async () => {
    await withRows([aside, ...shocks(70, 'Front')], undo, async () => {
      const result = await checkCoverage(query, CAMRY);
      expect(result.count).toBe(3);
      expect(result.examples).toEqual([
        '2017 Toyota Camry: no shocks/struts (rear)',
        '2018 Toyota Camry: no shocks/struts (rear)',
        '2019 Toyota Camry: no shocks/struts (rear)',
      ]);
      expect(result.notes).toContain('gaps by kind: shocks/struts (rear) 3');
    });
  });

  it('answers zero once the rear shocks come from two brands at two prices', async () => {
    await withRows([aside, ...shocks(70, 'Front'), ...shocks(72, 'Rear')], undo, async () => {
      const result = await checkCoverage(query, CAMRY);
      expect([result.count, result.examples]).toEqual([0, []]);
    });
  });
});
