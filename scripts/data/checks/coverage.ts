// Coverage of the popular vehicles: every model year 2000-2026 of a popular model must find at
// least one part in each core maintenance kind, from two brands at different prices.
import { POPULAR_MODELS } from '../popular-models.ts';
import { fuelSql } from './engine-fuel.ts';
import { backCategories, type CheckResult, LISTED, MAX_EXAMPLES, type Query, sqlIds, sqlText } from './d1.ts';

/** A make and model as the vehicle base names them. */
export type PopularModel = (typeof POPULAR_MODELS)[number];

/** The core maintenance kinds, found among category names; `ice` kinds only where an engine burns fuel. */
export const CORE_KINDS: readonly {
  kind: string;
  pattern: RegExp;
  not?: RegExp;
  sides?: readonly ('front' | 'rear')[];
  needs?: 'combustion' | 'spark';
}[] = [
  { kind: 'brake pads', pattern: /brake pad/i, sides: ['front', 'rear'] },
  { kind: 'brake rotors', pattern: /rotor/i },
  { kind: 'oil filter', pattern: /oil filter/i, needs: 'combustion' },
  { kind: 'engine air filter', pattern: /air filter/i, not: /cabin/i, needs: 'combustion' },
  { kind: 'cabin air filter', pattern: /cabin (air )?filter/i },
  { kind: 'wiper blades', pattern: /wiper/i },
  { kind: 'spark plugs', pattern: /spark\s*plug/i, needs: 'spark' },
  { kind: 'battery', pattern: /batter(y|ies)/i, not: /cable|charger|tester|terminal|tray|traction|hold/i },
  { kind: 'headlight bulbs', pattern: /bulb/i, not: /interior|tail|dome|turn signal|brake light/i },
  { kind: 'alternator', pattern: /alternator/i, needs: 'combustion' },
  { kind: 'starter', pattern: /starter/i, not: /jump/i, needs: 'combustion' },
  { kind: 'shocks/struts', pattern: /shock|strut/i, sides: ['front', 'rear'] },
];

/** The back categories of each core kind, by name. */
export async function coreCategories(query: Query): Promise<Map<string, number[]>> {
  const categories = await backCategories(query);
  return new Map(
    CORE_KINDS.map(({ kind, pattern, not }) => [
      kind,
      categories.filter((c) => pattern.test(c.name) && !not?.test(c.name)).map((c) => c.id),
    ]),
  );
}

/** Core kinds the catalog has no category for at all: no vehicle can find one. */
export async function checkCoreCategories(query: Query): Promise<CheckResult> {
  const started = Date.now();
  const missing = [...(await coreCategories(query))].filter(([, ids]) => ids.length === 0).map(([kind]) => kind);
  return {
    name: 'core-categories',
    label: 'core maintenance kinds with no category',
    count: missing.length,
    examples: missing.length ? [missing.join(', ')] : [],
    notes: [],
    ms: Date.now() - started,
  };
}

interface ModelYear {
  id: number;
  year: number;
  make: string;
  model: string;
  fuels: string | null;
}

/**
 * Each popular model year (2000-2026, as the vehicle base has them) against each core kind that
 * has a category: at least one listed part fits it (a row on the model year or below, or a
 * universal part), from at least two brands at two different prices. Brake pads and shocks/struts
 * count front and rear apart (a part naming neither side counts for neither); spark plugs are
 * needed only where an engine has them, and combustion parts only where an engine burns fuel.
 * Counts the (model year, kind) gaps.
 */
/** How many model years one coverage statement asks about. */
const YEARS_PER_QUERY = 200;

export async function checkCoverage(query: Query, popular?: readonly PopularModel[]): Promise<CheckResult> {
  const started = Date.now();
  const source = popular
    ? { list: popular, note: `${popular.length} popular models given` }
    : { list: POPULAR_MODELS, note: `${POPULAR_MODELS.length} popular models (popular-models.ts)` };
  const kinds = await coreCategories(query);
  const kindOf = new Map<number, string>();
  for (const [kind, ids] of kinds) for (const id of ids) kindOf.set(id, kind);
  const keys = source.list.map((p) => sqlText(`${p.make}|${p.model}`.toLowerCase()));
  const fuel = await fuelSql(query, 'e');
  const years = await query<ModelYear>(
    `SELECT n.id, n.year, mk.name AS make, md.name AS model, e.fuels
     FROM vehicle_node n JOIN vehicle_make mk ON mk.id = n.make_id JOIN vehicle_model md ON md.id = n.model_id
     LEFT JOIN (SELECT e.model_node_id, group_concat(DISTINCT ${fuel}) AS fuels FROM vehicle_node e
       WHERE e.level = 5 GROUP BY e.model_node_id) e ON e.model_node_id = n.id
     WHERE n.level = 3 AND n.year BETWEEN 2000 AND 2026 AND lower(mk.name || '|' || md.name) IN (${keys.join(', ')})
     ORDER BY mk.name, md.name, n.year`,
  );
  const side = (location: string) => `(CASE WHEN ${location} LIKE '%front%' THEN 'front'
    WHEN ${location} LIKE '%rear%' THEN 'rear' ELSE '' END)`;
  const categories = sqlIds([...kindOf.keys()]);
  // Two brands and two prices are what is asked: each group's lowest and highest of both answer that exactly, where
  // every brand:price pair would make strings of megabytes on a large catalog.
  const SPREAD =
    "min(i.brand_id) || ':' || min(i.min_price_usd) || ',' || max(i.brand_id) || ':' || max(i.min_price_usd)";
  type Offer = { node: number | null; category: number; side: string; offers: string };
  // The model years in slices, each read from the fitment rows of its model years (CROSS JOIN keeps fitment the outer
  // table): on a large catalog one statement over every item of the core categories ran longer than D1 lets a query
  // run (30 s).
  const offers: Offer[] = [];
  for (let start = 0; start < years.length; start += YEARS_PER_QUERY) {
    const slice = years.slice(start, start + YEARS_PER_QUERY);
    offers.push(
      ...(await query<Offer>(
        `SELECT f.model_node_id AS node, i.back_category_id AS category,
           ${side('coalesce(f.location, i.title)')} AS side,
           ${SPREAD} AS offers
         FROM fitment f CROSS JOIN item i ON i.id = f.item_id
         WHERE f.model_node_id IN (${sqlIds(slice.map((y) => y.id))})
           AND i.back_category_id IN (${categories}) AND ${LISTED}
         GROUP BY f.model_node_id, i.back_category_id, side`,
      )),
    );
  }
  offers.push(
    ...(await query<Offer>(
      `SELECT NULL AS node, i.back_category_id AS category, ${side('i.title')} AS side, ${SPREAD} AS offers
       FROM item i WHERE i.vehicle_universal = 1 AND i.back_category_id IN (${categories}) AND ${LISTED}
       GROUP BY i.back_category_id, 3`,
    )),
  );
  // offers by "node|kind|side" (node '' for universal parts), as brand:price pairs
  const found = new Map<string, Set<string>>();
  for (const row of offers) {
    const kind = kindOf.get(row.category)!;
    const key = `${row.node ?? ''}|${kind}|${CORE_KINDS.find((k) => k.kind === kind)?.sides ? row.side : ''}`;
    const set = found.get(key) ?? new Set<string>();
    for (const pair of row.offers.split(',')) set.add(pair);
    found.set(key, set);
  }
  let count = 0;
  const examples: string[] = [];
  const byKind = new Map<string, number>();
  for (const modelYear of years) {
    const fuels = new Set((modelYear.fuels ?? '').split(',').filter(Boolean));
    const combustion = fuels.size === 0 || [...fuels].some((f) => f !== 'electric' && f !== 'fuel-cell');
    const spark = fuels.size === 0 || [...fuels].some((f) => !['diesel', 'electric', 'fuel-cell'].includes(f));
    const gaps: string[] = [];
    for (const core of CORE_KINDS) {
      if (kinds.get(core.kind)!.length === 0) continue; // reported by core-categories
      if ((core.needs === 'combustion' && !combustion) || (core.needs === 'spark' && !spark)) continue;
      for (const s of core.sides ?? ['']) {
        const label = s ? `${core.kind} (${s})` : core.kind;
        const pairs = [
          ...(found.get(`${modelYear.id}|${core.kind}|${s}`) ?? []),
          ...(found.get(`|${core.kind}|${s}`) ?? []),
        ];
        const brands = new Set(pairs.map((pair) => pair.split(':')[0]));
        const prices = new Set(pairs.map((pair) => pair.split(':')[1]));
        if (pairs.length === 0) gaps.push(`no ${label}`);
        else if (brands.size < 2 || prices.size < 2)
          gaps.push(`${label}: ${brands.size} brand(s), ${prices.size} price(s)`);
        else continue;
        byKind.set(label, (byKind.get(label) ?? 0) + 1);
      }
    }
    count += gaps.length;
    if (gaps.length && examples.length < MAX_EXAMPLES)
      examples.push(`${modelYear.year} ${modelYear.make} ${modelYear.model}: ${gaps.join('; ')}`);
  }
  const found0 = new Set(years.map((y) => `${y.make}|${y.model}`.toLowerCase()));
  const absent = source.list.filter((p) => !found0.has(`${p.make}|${p.model}`.toLowerCase()));
  return {
    name: 'coverage',
    label: 'popular model years missing a core kind, or with one brand or price only',
    count,
    examples,
    notes: [
      source.note,
      `${years.length} model years checked`,
      ...(byKind.size ? [`gaps by kind: ${[...byKind].map(([kind, n]) => `${kind} ${n}`).join(', ')}`] : []),
      ...(absent.length
        ? [
            `${absent.length} popular models with no 2000-2026 model year in the vehicle base: ` +
              absent
                .slice(0, 5)
                .map((p) => `${p.make} ${p.model}`)
                .join(', '),
          ]
        : []),
    ],
    ms: Date.now() - started,
  };
}
