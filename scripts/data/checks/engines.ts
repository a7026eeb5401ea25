// Engines of the popular vehicles: issue 17 asks that at least 95 % of the model years 2000-2026
// of the popular models offer an engine, so a shopper can pick the engine their parts fit by.
import { POPULAR_MODELS } from '../popular-models.ts';
import type { PopularModel } from './coverage.ts';
import { type CheckResult, MAX_EXAMPLES, type Query, sqlText, yearRanges } from './d1.ts';

/** The share of popular model years that may go without an engine. */
export const ENGINELESS_ALLOWED = 0.05;

/**
 * Popular model years (2000-2026, as the vehicle base has them) with no engine node, counted
 * beyond the 5 % allowed: zero when at least 95 % have one. Examples name the model years
 * without an engine either way, the models with most of them first.
 */
export async function checkEngines(query: Query, popular?: readonly PopularModel[]): Promise<CheckResult> {
  const started = Date.now();
  const list = popular ?? POPULAR_MODELS;
  const keys = list.map((p) => sqlText(`${p.make}|${p.model}`.toLowerCase()));
  const years = await query<{ year: number; make: string; model: string; engines: number }>(
    `SELECT n.year, mk.name AS make, md.name AS model, coalesce(e.engines, 0) AS engines
     FROM vehicle_node n JOIN vehicle_make mk ON mk.id = n.make_id JOIN vehicle_model md ON md.id = n.model_id
     LEFT JOIN (SELECT model_node_id, count(*) AS engines FROM vehicle_node WHERE level = 5 GROUP BY model_node_id) e
       ON e.model_node_id = n.id
     WHERE n.level = 3 AND n.year BETWEEN 2000 AND 2026 AND lower(mk.name || '|' || md.name) IN (${keys.join(', ')})
     ORDER BY mk.name, md.name, n.year`,
  );
  const missing = new Map<string, number[]>();
  for (const row of years.filter((y) => y.engines === 0)) {
    const name = `${row.make} ${row.model}`;
    missing.set(name, [...(missing.get(name) ?? []), row.year]);
  }
  const without = [...missing.values()].reduce((sum, list) => sum + list.length, 0);
  const allowed = Math.floor(years.length * ENGINELESS_ALLOWED);
  const share = years.length ? ((100 * (years.length - without)) / years.length).toFixed(1) : '100.0';
  return {
    name: 'engines',
    label: `popular model years with no engine, beyond the ${100 * ENGINELESS_ALLOWED} % allowed`,
    count: Math.max(0, without - allowed),
    examples: [...missing]
      .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0], 'en'))
      .slice(0, MAX_EXAMPLES)
      .map(([name, list]) => `${name}: ${yearRanges(list)} (no engine)`),
    notes: [
      `${years.length - without} of ${years.length} model years (${share} %) offer an engine; ` +
        `${without} without, ${allowed} allowed`,
    ],
    ms: Date.now() - started,
  };
}
