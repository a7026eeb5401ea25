// Hand-made catalog rows for tests/node/data-check.test.ts: three Camry model years, a Yaris iA,
// an F-150 with a gasoline and a diesel engine, an electric Model 3, every core kind of part
// from two brands, and nothing the checker should report.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { d1Query, type Query } from '../../scripts/data/checks/d1.ts';
import { OFFLINE_ENV } from '../../scripts/lib/wrangler.ts';
import { seed } from '../../scripts/seed.ts';

const text = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** node id -> [level, model-year node id] */
const NODES = new Map<number, [number, number | null]>();

/** A vehicle node row. */
export function node(
  id: number,
  level: number,
  parent: number | null,
  name: string,
  year: number,
  make: number | null,
  model: number | null,
  modelNode: number | null,
): string {
  NODES.set(id, [level, modelNode]);
  return (
    'INSERT INTO vehicle_node (id, level, parent_id, value, text, year, make_id, model_id, model_node_id) VALUES ' +
    `(${id}, ${level}, ${parent ?? 'NULL'}, ${text(name)}, ${text(name)}, ${year}, ${make ?? 'NULL'}, ` +
    `${model ?? 'NULL'}, ${modelNode ?? 'NULL'})`
  );
}

/** An item row on the shelves; universal when asked. */
export function item(id: number, title: string, category: number, brand: number, price = 2000, universal = 0): string {
  return (
    'INSERT INTO item (id, title, status, us_status, ca_status, back_category_id, brand_id, min_price_usd, ' +
    `vehicle_universal) VALUES (${id}, ${text(title)}, 'ON_SHELVES', 'ON_SHELVES', 'ON_SHELVES', ${category}, ` +
    `${brand}, ${price}, ${universal})`
  );
}

let fitmentId = 1000;
/** A fitment row of an item on a vehicle node (level and model year taken from the node). */
export function fitRow(itemId: number, nodeId: number, location: string | null = null): string {
  const [level, modelNode] = NODES.get(nodeId)!;
  return (
    'INSERT INTO fitment (id, item_id, node_id, node_level, model_node_id, location) VALUES ' +
    `(${fitmentId++}, ${itemId}, ${nodeId}, ${level}, ${modelNode}, ${location ? text(location) : 'NULL'})`
  );
}

let specSort = 0;
/** A specification row of an item. */
export function spec(itemId: number, label: string, value: string): string {
  const values = `(${itemId}, ${specSort++}, ${text(label)}, ${text(value)})`;
  return `INSERT INTO item_customs (item_id, sort, label, value) VALUES ${values}`;
}

const category = (id: number, parent: number | null, name: string) =>
  'INSERT INTO category (id, parent_id, kind, name, handle, depth) VALUES ' +
  `(${id}, ${parent ?? 'NULL'}, 'BACK', ${text(name)}, ${text(name.toLowerCase().replace(/\W+/g, '-'))}, ` +
  `${parent ? 2 : 1})`;

const vehicles = [
  'INSERT INTO vehicle_make (id, name, slug) VALUES ' +
    "(1, 'Toyota', 'toyota'), (2, 'Ford', 'ford'), (3, 'Tesla', 'tesla')",
  'INSERT INTO vehicle_model (id, make_id, name, slug) VALUES ' +
    "(1, 1, 'Camry', 'camry'), (2, 1, 'Yaris iA', 'yaris-ia'), (3, 2, 'F-150', 'f-150'), (4, 3, 'Model 3', 'model-3')",
  node(1, 1, null, '2017', 2017, null, null, null),
  node(2, 1, null, '2018', 2018, null, null, null),
  node(3, 1, null, '2019', 2019, null, null, null),
  node(11, 2, 1, 'Toyota', 2017, 1, null, null),
  node(12, 2, 2, 'Toyota', 2018, 1, null, null),
  node(13, 2, 3, 'Toyota', 2019, 1, null, null),
  node(14, 2, 2, 'Ford', 2018, 2, null, null),
  node(15, 2, 2, 'Tesla', 2018, 3, null, null),
  node(21, 3, 11, 'Camry', 2017, 1, 1, 21),
  node(22, 3, 12, 'Camry', 2018, 1, 1, 22),
  node(23, 3, 13, 'Camry', 2019, 1, 1, 23),
  node(24, 3, 11, 'Yaris iA', 2017, 1, 2, 24),
  node(25, 3, 14, 'F-150', 2018, 2, 3, 25),
  node(26, 3, 15, 'Model 3', 2018, 3, 4, 26),
  node(31, 4, 22, 'LE', 2018, 1, 1, 22),
  node(32, 4, 22, 'XSE', 2018, 1, 1, 22),
  node(33, 4, 25, 'XLT', 2018, 2, 3, 25),
  node(41, 5, 31, '2.5L L4 Gas', 2018, 1, 1, 22),
  node(42, 5, 33, '3.5L V6 Gas', 2018, 2, 3, 25),
  node(43, 5, 33, '3.0L V6 Diesel', 2018, 2, 3, 25),
  node(44, 5, 26, 'Electric', 2018, 3, 4, 26),
  node(45, 5, 21, '2.5L L4 Gas', 2017, 1, 1, 21),
  node(46, 5, 23, '2.5L L4 Gas', 2019, 1, 1, 23),
];

const categories = [
  category(100, null, 'Brakes'),
  category(101, 100, 'Brake Pads'),
  category(102, 100, 'Brake Rotors'),
  category(110, null, 'Engine'),
  category(111, 110, 'Oil Filters'),
  category(112, 110, 'Air Filters'),
  category(113, 110, 'Spark Plugs'),
  category(114, 110, 'Alternators'),
  category(115, 110, 'Starters'),
  category(120, null, 'Interior'),
  category(121, 120, 'Cabin Air Filters'),
  category(130, null, 'Lighting'),
  category(131, 130, 'Headlight Bulbs'),
  category(140, null, 'Electrical'),
  category(141, 140, 'Batteries'),
  category(150, null, 'Body'),
  category(151, 150, 'Wiper Blades'),
  category(152, 150, 'Fenders'),
  category(160, null, 'Suspension'),
  category(161, 160, 'Shocks & Struts'),
  "INSERT INTO brand (id, name) VALUES (1, 'AutoHaven Pro'), (2, 'DuraStop'), (3, 'BrightPath Lighting')",
];

const pads = [1, 2, 3, 4].flatMap((id) => {
  const side = id <= 2 ? 'Front' : 'Rear';
  const [brand, material] = id % 2 ? [2, 'Ceramic'] : [1, 'Semi-Metallic'];
  const name = brand === 1 ? 'AutoHaven Pro' : 'DuraStop';
  return [
    item(id, `${name} ${material} Brake Pad Set, ${side} for 2017-2019 Toyota Camry`, 101, brand, 2000 + id * 500),
    spec(id, 'Friction Material', material),
    ...[21, 22, 23].map((node) => fitRow(id, node, side)),
  ];
});

// Two universal parts of every other core kind, from two brands at two prices.
const universal = (
  [
    [21, 102, 'Vented Brake Rotor'],
    [23, 111, 'Oil Filter'],
    [25, 112, 'Engine Air Filter'],
    [27, 113, 'Iridium Spark Plug Set'],
    [29, 114, 'Alternator'],
    [31, 115, 'Starter Motor'],
    [33, 121, 'Cabin Air Filter'],
    [35, 131, 'H11 LED Headlight Bulbs'],
    [37, 141, 'AGM Battery'],
    [39, 151, 'Wiper Blades'],
    [41, 161, 'Strut Assembly, Front'],
    [45, 161, 'Shock Absorber, Rear'],
  ] as const
).flatMap(([id, categoryId, name]) => [
  item(id, `AutoHaven Pro ${name}`, categoryId, 1, 1000, 1),
  item(
    id + 1,
    `${categoryId === 131 ? 'BrightPath Lighting' : 'DuraStop'} ${name}`,
    categoryId,
    categoryId === 131 ? 3 : 2,
    2000,
    1,
  ),
]);

/** The clean set: every check answers zero on it (popular models: the Camry). */
export const CLEAN: string[] = [
  ...vehicles,
  ...categories,
  ...pads,
  ...universal,
  item(43, 'AutoHaven Pro Iridium Spark Plug Set for 2018 Toyota Camry', 113, 1),
  fitRow(43, 41),
  item(44, 'DuraStop Oil Filter for 2018 Ford F-150', 111, 2),
  fitRow(44, 42),
  // Batteries ship as hazardous materials (issue 40 item 4).
  "UPDATE item SET hazmat_class = 'LEAD_ACID_BATTERY' WHERE id IN (37, 38)",
];

/** A freshly seeded local D1 holding the clean set, what the checks read through it, and its removal. */
export interface FixtureDb {
  query: Query;
  /** Runs statements as one batch. */
  run: (statements: string[]) => Promise<void>;
  close: () => Promise<void>;
}

export async function openFixtureDb(prefix: string): Promise<FixtureDb> {
  Object.assign(process.env, OFFLINE_ENV);
  const stateDir = await mkdtemp(join(tmpdir(), prefix));
  await seed(stateDir);
  const {
    env: { DB: db },
    dispose,
  } = await getPlatformProxy<{ DB: D1Database }>({ persist: { path: join(stateDir, 'v3') } });
  const run = async (statements: string[]) => {
    await db.batch(statements.map((sql) => db.prepare(sql)));
  };
  await run(CLEAN);
  return {
    query: d1Query(db),
    run,
    close: async () => {
      await dispose();
      await rm(stateDir, { recursive: true, force: true });
    },
  };
}
