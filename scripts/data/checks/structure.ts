// The vehicle base's trims and the parts' link to it: pseudo-trims that overlap within a model
// year, best sellers' model years without a trim step, and vehicle parts that fit no vehicle at all.
import { BEST_SELLERS, type PopularModel } from '../popular-models.ts';
import { type CheckResult, MAX_EXAMPLES, type Query, quote } from './d1.ts';

/**
 * The trim names a "/"-joined list names ("L/LE/SE/XLE" -> l, le, se, xle), or null when the name
 * is one trim. A slash separates names only between words of two or more characters, so "R/T",
 * "Limited+M/R", "1/4 ton" and "w/ ABS" stay single names.
 */
export function trimList(name: string): string[] | null {
  const text = name
    .replace(/\bw\/o?(?=\s|$)/gi, 'with ')
    .replace(/\s+/g, ' ')
    .trim();
  const parts: string[] = [];
  let from = 0;
  for (const slash of text.matchAll(/\s*\/\s*/g)) {
    const before = /[A-Za-z0-9]+$/.exec(text.slice(0, slash.index))?.[0] ?? '';
    const after = /^[A-Za-z0-9]+/.exec(text.slice(slash.index + slash[0].length))?.[0] ?? '';
    if (before.length < 2 || after.length < 2) continue;
    parts.push(text.slice(from, slash.index));
    from = slash.index + slash[0].length;
  }
  if (parts.length === 0) return null;
  parts.push(text.slice(from));
  return parts.map((part) => part.trim().toLowerCase());
}

/** The trims of one model year that overlap: lists, and names one trim shares with another. */
export function overlappingTrims(trims: readonly string[]): string[] {
  const names = trims.map((trim) => ({ trim, names: trimList(trim) ?? [trim.trim().toLowerCase()] }));
  const owners = new Map<string, number>();
  for (const { names: list } of names) for (const name of new Set(list)) owners.set(name, (owners.get(name) ?? 0) + 1);
  return names
    .filter(({ trim, names: list }) => trimList(trim) !== null || list.some((name) => owners.get(name)! > 1))
    .map(({ trim }) => trim);
}

/**
 * Model years whose trims overlap: a trim named as a "/"-joined list of trims, or two trims that
 * share a name (as a list member or whole). One pass over the trim nodes. Counts model years.
 */
export async function checkOverlappingTrims(query: Query): Promise<CheckResult> {
  const started = Date.now();
  const rows = await query<{ id: number; year: number; make: string; model: string; trims: string }>(
    `SELECT m.id, m.year, mk.name AS make, md.name AS model, json_group_array(t.text) AS trims
     FROM vehicle_node t JOIN vehicle_node m ON m.id = t.model_node_id
     LEFT JOIN vehicle_make mk ON mk.id = m.make_id LEFT JOIN vehicle_model md ON md.id = m.model_id
     WHERE t.level = 4 GROUP BY m.id ORDER BY m.year DESC, mk.name, md.name`,
  );
  let count = 0;
  let trims = 0;
  const examples: string[] = [];
  for (const row of rows) {
    const overlapping = overlappingTrims(JSON.parse(row.trims) as string[]);
    if (overlapping.length === 0) continue;
    count++;
    trims += overlapping.length;
    if (examples.length < MAX_EXAMPLES)
      examples.push(`${row.year} ${row.make} ${row.model}: ${overlapping.map((t) => `"${t}"`).join(', ')}`);
  }
  return {
    name: 'overlapping-trims',
    label: 'model years whose trims overlap',
    count,
    examples,
    notes: count ? [`${trims} overlapping trims`] : [],
    ms: Date.now() - started,
  };
}

/**
 * Vehicle parts (neither universal nor non-vehicle, not deleted) with no fitment row on a vehicle
 * node that exists: they answer NOT_FIT for every vehicle.
 */
export async function checkPartsWithoutFitment(query: Query): Promise<CheckResult> {
  const started = Date.now();
  const rows = await query<{ id: number; title: string; category: string | null; total: number }>(
    `SELECT i.id, i.title, c.name AS category, count(*) OVER () AS total
     FROM item i LEFT JOIN category c ON c.id = i.back_category_id
     WHERE i.vehicle_universal = 0 AND i.non_vehicle = 0 AND i.status <> 'DELETED'
       AND NOT EXISTS (SELECT 1 FROM fitment f JOIN vehicle_node n ON n.id = f.node_id WHERE f.item_id = i.id)
     ORDER BY i.id LIMIT ${MAX_EXAMPLES}`,
  );
  return {
    name: 'no-fitment',
    label: 'vehicle parts that fit no vehicle',
    count: rows[0]?.total ?? 0,
    examples: rows.map((row) => `#${row.id} ${quote(row.title)} (${row.category ?? 'no category'})`),
    notes: [],
    ms: Date.now() - started,
  };
}

/** The model years the trim-step check holds to a trim step. */
const TRIM_STEP_YEARS = [2010, 2026] as const;

/**
 * Best sellers' model years 2010-2026 whose engines hang straight off the model year: the selector skips the trim a
 * shopper knows the vehicle by (the 2015 F-150's XL, XLT, Lariat), and parts fitted by trim have nowhere to go. Where
 * vPIC names no trim, scripts/data/vpic/trim-table.ts gives the factory ones. Counts model years.
 */
export async function checkTrimStep(
  query: Query,
  models: readonly PopularModel[] = BEST_SELLERS,
): Promise<CheckResult> {
  const started = Date.now();
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const names = models.map(({ make, model }) => `(${literal(make)}, ${literal(model)})`).join(', ');
  // `+e.level` keeps SQLite on the children index (parent_id): by level it would scan every engine per model year.
  const rows = await query<{ year: number; make: string; model: string }>(
    `WITH wanted(make, model) AS (VALUES ${names})
     SELECT n.year, mk.name AS make, md.name AS model FROM vehicle_node n
       JOIN vehicle_make mk ON mk.id = n.make_id JOIN vehicle_model md ON md.id = n.model_id
       JOIN wanted w ON w.make = mk.name AND w.model = md.name
     WHERE n.level = 3 AND n.year BETWEEN ${TRIM_STEP_YEARS[0]} AND ${TRIM_STEP_YEARS[1]}
       AND EXISTS (SELECT 1 FROM vehicle_node e WHERE e.parent_id = n.id AND +e.level = 5)
     ORDER BY mk.name, md.name, n.year`,
  );
  return {
    name: 'trim-step',
    label: `best sellers' model years ${TRIM_STEP_YEARS.join('-')} without a trim step`,
    count: rows.length,
    examples: rows.slice(0, MAX_EXAMPLES).map((row) => `${row.year} ${row.make} ${row.model}`),
    notes: [],
    ms: Date.now() - started,
  };
}
