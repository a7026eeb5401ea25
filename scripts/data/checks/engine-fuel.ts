// Engine-fuel contradictions: a part whose kind needs (or cannot work with) an engine's fuel,
// fitted to a vehicle node that has such an engine. A row on a model year or trim answers FIT
// for every engine below it (worker/vehicles/fitment.ts), so it claims all of them.
import { backCategories, type CheckResult, columnsOf, MAX_EXAMPLES, type Query, quote, sqlIds, sqlText } from './d1.ts';

/** An engine's fuel as the checks judge it. 'unknown' (a bare "2.5L") never decides a contradiction. */
export type Fuel = 'gasoline' | 'diesel' | 'hybrid' | 'plug-in-hybrid' | 'electric' | 'fuel-cell' | 'unknown';
export const FUELS: readonly Fuel[] = [
  'gasoline',
  'diesel',
  'hybrid',
  'plug-in-hybrid',
  'electric',
  'fuel-cell',
  'unknown',
];

/**
 * The SQL expression of a level-5 node's fuel (table alias `alias`): its fuel column when the
 * vehicle base has one (fuel or fuel_type, read with PRAGMA at run time), else parsed from the
 * engine's name ("3.0L V6 Diesel", "Electric", "2.5L L4 Hybrid", "2.0L 4 Cyl Plug-In Hybrid").
 */
export async function fuelSql(query: Query, alias: string): Promise<string> {
  const columns = await columnsOf(query, 'vehicle_node');
  const column = ['fuel', 'fuel_type'].find((name) => columns.has(name));
  const text = column ? `coalesce(nullif(${alias}.${column}, ''), ${alias}.text)` : `${alias}.text`;
  const x = `lower(${text})`;
  return `(CASE
    WHEN ${x} LIKE '%fuel cell%' OR ${x} LIKE '%hydrogen%' THEN 'fuel-cell'
    WHEN ${x} LIKE '%plug-in%' OR ${x} LIKE '%phev%' THEN 'plug-in-hybrid'
    WHEN ${x} LIKE '%hybrid%' OR (${x} LIKE '%electric%' AND ${x} LIKE '%gas%') THEN 'hybrid'
    WHEN ${x} LIKE '%diesel%' THEN 'diesel'
    WHEN ${x} LIKE '%electric%' OR ${x} IN ('ev', 'bev') THEN 'electric'
    WHEN ${x} LIKE '%gas%' OR ${x} LIKE '%petrol%' OR ${x} LIKE '%flex%' OR ${x} LIKE '%propane%'
      OR ${x} LIKE '%cng%' OR ${x} LIKE '%ethanol%' OR ${x} LIKE '%e85%' THEN 'gasoline'
    ELSE 'unknown' END)`;
}

/** What a kind of part cannot be fitted to, by the names of the categories it sells under. */
export const FUEL_RULES: readonly { label: string; pattern: RegExp; not: readonly Fuel[] }[] = [
  {
    label: 'spark-ignition part',
    pattern: /spark\s*plug|ignition (coil|wire|module)|coil pack|plug wire|distributor/i,
    not: ['diesel', 'electric', 'fuel-cell'],
  },
  {
    label: 'diesel-only part',
    pattern: /glow plug|diesel|\bdef\b|exhaust fluid|\bdpf\b|particulate filter/i,
    not: ['gasoline', 'hybrid', 'plug-in-hybrid', 'electric', 'fuel-cell'],
  },
  {
    label: 'combustion-engine part',
    pattern: new RegExp(
      [
        'oil filter|engine oil|motor oil|(?<!cabin )air filter|fuel (pump|filter|injector)|muffler|exhaust',
        'catalytic|oxygen sensor|o2 sensor|alternator|(?<!jump )starter|timing (belt|chain)|serpentine',
        'drive belt|pcv|egr|throttle body|intake manifold|head gasket|valve cover',
      ].join('|'),
      'i',
    ),
    not: ['electric'],
  },
  {
    label: 'electric-vehicle part',
    pattern: /\bev\b|charging|charger|charge port|traction battery|high.voltage battery/i,
    not: ['gasoline', 'diesel', 'hybrid'],
  },
];

/** The fuels each back category's parts must never be fitted to (categories with no rule left out). */
export async function forbiddenFuels(query: Query): Promise<Map<number, { fuels: Set<Fuel>; labels: string[] }>> {
  const byCategory = new Map<number, { fuels: Set<Fuel>; labels: string[] }>();
  for (const category of await backCategories(query)) {
    for (const rule of FUEL_RULES) {
      if (!rule.pattern.test(category.name)) continue;
      const entry = byCategory.get(category.id) ?? { fuels: new Set<Fuel>(), labels: [] };
      for (const fuel of rule.not) entry.fuels.add(fuel);
      entry.labels.push(rule.label);
      byCategory.set(category.id, entry);
    }
  }
  return byCategory;
}

interface Hit {
  id: number;
  title: string;
  category: string;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  engine: string;
  fuel: Fuel;
  total: number;
}

/**
 * Parts of spark-ignition, diesel-only, combustion-only or EV-only categories fitted to a node
 * with an engine of a fuel they cannot serve. One statement per set of forbidden fuels: the nodes
 * above each wrong engine (engine, trim, model year) joined to the fitment rows on them.
 */
export async function checkEngineFuel(query: Query): Promise<CheckResult> {
  const started = Date.now();
  const rules = await forbiddenFuels(query);
  const fuel = await fuelSql(query, 'e');
  const groups = new Map<string, { fuels: Fuel[]; categories: number[] }>();
  for (const [categoryId, { fuels }] of rules) {
    const key = [...fuels].sort().join(',');
    const group = groups.get(key) ?? { fuels: [...fuels].sort(), categories: [] };
    group.categories.push(categoryId);
    groups.set(key, group);
  }
  let count = 0;
  const examples: string[] = [];
  for (const { fuels, categories } of groups.values()) {
    const rows = await query<Hit>(`
      WITH eng AS (
        SELECT e.id, e.parent_id, e.model_node_id, ${fuel} AS fuel FROM vehicle_node e WHERE e.level = 5
      ), wrong AS (SELECT * FROM eng WHERE fuel IN (${fuels.map(sqlText).join(', ')})),
      claimed(node_id, engine_id) AS (
        SELECT id, id FROM wrong
        UNION ALL SELECT parent_id, id FROM wrong WHERE parent_id <> model_node_id
        UNION ALL SELECT model_node_id, id FROM wrong
      ), hits AS (
        SELECT f.item_id, min(c.engine_id) AS engine_id FROM claimed c
        JOIN fitment f ON f.node_id = c.node_id JOIN item i ON i.id = f.item_id
        WHERE i.back_category_id IN (${sqlIds(categories)}) GROUP BY f.item_id
      )
      SELECT h.item_id AS id, i.title, cat.name AS category, e.year, mk.name AS make, md.name AS model,
        t.text AS trim, e.text AS engine, w.fuel, count(*) OVER () AS total
      FROM hits h JOIN item i ON i.id = h.item_id JOIN category cat ON cat.id = i.back_category_id
      JOIN vehicle_node e ON e.id = h.engine_id JOIN wrong w ON w.id = e.id
      LEFT JOIN vehicle_node t ON t.id = e.parent_id AND t.level = 4
      LEFT JOIN vehicle_make mk ON mk.id = e.make_id LEFT JOIN vehicle_model md ON md.id = e.model_id
      ORDER BY h.item_id LIMIT ${MAX_EXAMPLES}`);
    count += rows[0]?.total ?? 0;
    for (const row of rows) {
      if (examples.length >= MAX_EXAMPLES) break;
      const vehicle = [row.year, row.make, row.model, row.trim, row.engine].filter(Boolean).join(' ');
      examples.push(`#${row.id} ${quote(row.title)} (${row.category}) fits ${vehicle}: ${row.fuel}`);
    }
  }
  return {
    name: 'engine-fuel',
    label: 'parts fitted to an engine of a fuel they cannot serve',
    count,
    examples,
    notes: rules.size === 0 ? ['no category names a fuel-bound kind of part'] : [`${rules.size} categories ruled`],
    ms: Date.now() - started,
  };
}
