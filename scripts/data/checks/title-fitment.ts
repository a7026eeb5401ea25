// Title/fitment contradictions: a title that says "for 2017-2023 Toyota Camry" must be exactly
// what the part's fitment rows say: the same make and model, every year of the range the vehicle
// base has, and no year or model beyond it.
import { type CheckResult, MAX_EXAMPLES, type Query, quote, yearRanges } from './d1.ts';

/** One vehicle a title names: a year range, the "Make Model" text and everything after the years. */
export interface TitleVehicle {
  from: number;
  to: number;
  vehicle: string;
  rest: string;
}

const YEAR = String.raw`(?:19|20)\d{2}`;
const SEGMENT = new RegExp(String.raw`^(${YEAR})(?:\s*[-–]\s*((?:19|20)?\d{2}))?\s+(.+)$`);

/**
 * The vehicles a title names after "for" or "fits": "for 2017-2023 Toyota Camry",
 * "Fits 2018 Ford F-150", "for 2015-2017 Honda Civic and 2016 Honda CR-V". Text after a comma,
 * parenthesis, " - " or "|" that does not start another year is not part of the vehicle.
 */
export function titleVehicles(title: string): TitleVehicle[] {
  const start = new RegExp(String.raw`\b(?:for|fits)\s+(?=${YEAR}\b)`, 'i').exec(title);
  if (!start) return [];
  const rest = title.slice(start.index + start[0].length);
  const vehicles: TitleVehicle[] = [];
  for (const segment of rest.split(new RegExp(String.raw`\s*(?:,|;|&|\band\b)\s*(?=${YEAR}\b)`, 'i'))) {
    const match = SEGMENT.exec(segment.trim());
    if (!match) break;
    const from = Number(match[1]);
    const end = match[2];
    const to = end === undefined ? from : end.length === 2 ? Math.floor(from / 100) * 100 + Number(end) : Number(end);
    const vehicle = match[3]!.split(/\s*(?:,|\(|\s-\s|\||;)/)[0]!.trim();
    vehicles.push({ from, to, vehicle, rest: match[3]!.trim() });
  }
  return vehicles;
}

interface ModelRow {
  id: number;
  make: string;
  model: string;
  years: string | null;
}

/**
 * Finds the model a title's text after the years names: the longest make, then its longest model,
 * each a whole-word prefix ("Toyota Prius Prime (PHEV), Front" is the Prius Prime (PHEV)).
 */
function modelResolver(models: ModelRow[]): (text: string) => ModelRow | null {
  const byMake = new Map<string, ModelRow[]>();
  for (const model of models) {
    const key = model.make.toLowerCase();
    byMake.set(key, [...(byMake.get(key) ?? []), model]);
  }
  const makes = [...byMake.keys()].sort((a, b) => b.length - a.length);
  for (const list of byMake.values()) list.sort((a, b) => b.model.length - a.model.length);
  const prefix = (text: string, head: string) =>
    text.startsWith(head) && (text.length === head.length || /^[\s,;|(]/.test(text.slice(head.length)));
  const cache = new Map<string, ModelRow | null>();
  return (text) => {
    const lower = text.toLowerCase().replace(/\s+/g, ' ');
    if (cache.has(lower)) return cache.get(lower)!;
    const make = makes.find((name) => prefix(lower, name));
    const rest = make ? lower.slice(make.length).trim() : '';
    const found = make ? (byMake.get(make)!.find((model) => prefix(rest, model.model.toLowerCase())) ?? null) : null;
    cache.set(lower, found);
    return found;
  };
}

interface FitRow {
  id: number;
  title: string;
  modelId: number | null;
  rows: number;
  years: string | null;
}

/**
 * Every vehicle part whose title names "for YEAR[-YEAR] Make Model" is compared with its fitment
 * rows, by model year node: rows on another model, title years (that the vehicle base has) with
 * no row, rows on years outside the title, and titles naming no vehicle of the base all count.
 * One pass: the fitment rows grouped by item and model.
 */
export async function checkTitleFitment(query: Query): Promise<CheckResult> {
  const started = Date.now();
  const models = await query<ModelRow>(
    `SELECT md.id, mk.name AS make, md.name AS model, y.years FROM vehicle_model md
     JOIN vehicle_make mk ON mk.id = md.make_id
     LEFT JOIN (SELECT model_id, group_concat(year) AS years FROM vehicle_node WHERE level = 3 GROUP BY model_id) y
       ON y.model_id = md.id`,
  );
  const byId = new Map(models.map((model) => [model.id, model]));
  const baseYears = new Map(models.map((m) => [m.id, new Set((m.years ?? '').split(',').filter(Boolean).map(Number))]));
  const resolve = modelResolver(models);
  const rows = await query<FitRow>(
    `SELECT i.id, i.title, m.model_id AS modelId, count(f.id) AS rows, group_concat(DISTINCT m.year) AS years
     FROM item i LEFT JOIN fitment f ON f.item_id = i.id LEFT JOIN vehicle_node m ON m.id = f.model_node_id
     WHERE i.vehicle_universal = 0 AND i.non_vehicle = 0
       AND (i.title LIKE '%for 1%' OR i.title LIKE '%for 2%' OR i.title LIKE '%fits 1%' OR i.title LIKE '%fits 2%')
     GROUP BY i.id, m.model_id ORDER BY i.id`,
  );
  let count = 0;
  const examples: string[] = [];
  const name = (id: number) => `${byId.get(id)?.make ?? '?'} ${byId.get(id)?.model ?? `model ${id}`}`;
  for (let start = 0; start < rows.length; ) {
    let end = start;
    while (end < rows.length && rows[end]!.id === rows[start]!.id) end++;
    const group = rows.slice(start, end);
    start = end;
    const named = titleVehicles(group[0]!.title);
    if (named.length === 0) continue;
    const problems: string[] = [];
    const expected = new Map<number, Set<number>>();
    for (const vehicle of named) {
      const model = resolve(vehicle.rest);
      if (!model) {
        problems.push(`names "${vehicle.vehicle}", no make and model of the vehicle base`);
        continue;
      }
      const years = expected.get(model.id) ?? new Set<number>();
      for (let year = vehicle.from; year <= vehicle.to; year++) if (baseYears.get(model.id)?.has(year)) years.add(year);
      expected.set(model.id, years);
    }
    const actual = new Map<number, Set<number>>();
    for (const row of group) {
      if (row.modelId === null) {
        if (row.rows > 0) problems.push(`${row.rows} fitment rows on no model year of the vehicle base`);
        continue;
      }
      actual.set(row.modelId, new Set((row.years ?? '').split(',').filter(Boolean).map(Number)));
    }
    for (const [modelId, years] of actual) {
      const want = expected.get(modelId);
      if (!want) problems.push(`fits ${yearRanges(years)} ${name(modelId)}, not in its title`);
      else {
        const extra = [...years].filter((year) => !want.has(year));
        if (extra.length) problems.push(`fits ${yearRanges(extra)} ${name(modelId)}, outside its title`);
      }
    }
    for (const [modelId, years] of expected) {
      const missing = [...years].filter((year) => !actual.get(modelId)?.has(year));
      if (missing.length) problems.push(`no fitment for ${yearRanges(missing)} ${name(modelId)}`);
    }
    if (problems.length === 0) continue;
    count++;
    if (examples.length < MAX_EXAMPLES)
      examples.push(`#${group[0]!.id} ${quote(group[0]!.title)}: ${problems.join('; ')}`);
  }
  return {
    name: 'title-fitment',
    label: 'titles contradicted by their own fitment rows',
    count,
    examples,
    notes: [],
    ms: Date.now() - started,
  };
}
