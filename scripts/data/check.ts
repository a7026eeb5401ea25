// The data checker: reads a loaded D1 (only D1: SQL and the stored titles and specifications,
// never the generator's code) and reports every fitment-truth contradiction it finds, with
// counts and examples. Exits 1 when any count is above zero, 2 on bad arguments.
//   npm run data:check -- [--persist-to DIR | --remote -e production|staging] [--json]
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type D1Target, parseTarget, TARGET_OPTIONS, TARGET_USAGE, targetName } from '../lib/d1-target.ts';
import { DEFAULT_STATE_DIR } from '../lib/wrangler.ts';
import { checkBrandCategories, checkPadMaterial } from './checks/brands.ts';
import { checkCoreCharges } from './checks/cores.ts';
import { checkCoreCategories, checkCoverage, type PopularModel } from './checks/coverage.ts';
import { type CheckResult, openTarget, type Query } from './checks/d1.ts';
import { checkEngineFuel } from './checks/engine-fuel.ts';
import { checkEngines } from './checks/engines.ts';
import { checkCarbEo, checkEmissionsStatus, checkEmissionsTitles } from './checks/regulated.ts';
import { checkHazmatClasses, checkSizeClasses } from './checks/shipping.ts';
import { checkOverlappingTrims, checkPartsWithoutFitment, checkTrimStep } from './checks/structure.ts';
import { checkTitleFitment } from './checks/title-fitment.ts';

export type { CheckResult, Query } from './checks/d1.ts';

/** Runs every check in turn (one statement or a few each) and answers their results in report order. */
export async function runChecks(
  query: Query,
  options: { popular?: readonly PopularModel[]; bestSellers?: readonly PopularModel[] } = {},
): Promise<CheckResult[]> {
  const checks: ((q: Query) => Promise<CheckResult>)[] = [
    checkTitleFitment,
    checkEngineFuel,
    checkCoreCategories,
    (q) => checkCoverage(q, options.popular),
    (q) => checkEngines(q, options.popular),
    checkOverlappingTrims,
    (q) => checkTrimStep(q, options.bestSellers),
    checkPartsWithoutFitment,
    checkBrandCategories,
    checkPadMaterial,
    checkEmissionsStatus,
    checkCarbEo,
    checkEmissionsTitles,
    checkHazmatClasses,
    checkSizeClasses,
    checkCoreCharges,
  ];
  const results: CheckResult[] = [];
  for (const check of checks) results.push(await check(query));
  return results;
}

/** The readable report: a line per check (mark, name, count, what it counts), its examples and notes below. */
export function formatReport(results: readonly CheckResult[], where?: string): string {
  const width = Math.max(...results.map((r) => r.name.length));
  const lines = where ? [`data check of ${where}`] : [];
  for (const result of results) {
    const mark = result.count > 0 ? 'FAIL' : 'ok  ';
    const time = result.ms === undefined ? '' : ` (${(result.ms / 1000).toFixed(1)} s)`;
    lines.push(`${mark} ${result.name.padEnd(width)} ${String(result.count).padStart(7)}  ${result.label}${time}`);
    for (const example of result.examples) lines.push(`       - ${example}`);
    for (const note of result.notes) lines.push(`       note: ${note}`);
  }
  const failed = results.filter((r) => r.count > 0);
  lines.push(
    failed.length ? `${failed.length} of ${results.length} checks failed` : `all ${results.length} checks passed`,
  );
  return lines.join('\n');
}

/** Opens the target, runs the checks and closes it again. */
export async function checkTarget(target: D1Target, options: { popular?: readonly PopularModel[] } = {}) {
  const { query, dispose } = await openTarget(target);
  try {
    return await runChecks(query, options);
  } finally {
    await dispose();
  }
}

const USAGE = `usage: npm run data:check -- ${TARGET_USAGE} [--json]`;

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  let target: D1Target;
  let json = false;
  try {
    const { values } = parseArgs({ options: { ...TARGET_OPTIONS, json: { type: 'boolean', default: false } } });
    target = parseTarget(values, DEFAULT_STATE_DIR);
    json = values.json ?? false;
  } catch (error) {
    console.error(`data:check: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  try {
    const results = await checkTarget(target);
    const failed = results.some((result) => result.count > 0);
    if (json) console.log(JSON.stringify({ target: targetName(target), ok: !failed, results }, null, 2));
    else console.log(formatReport(results, targetName(target)));
    process.exit(failed ? 1 : 0);
  } catch (error) {
    console.error(`data:check: could not read ${targetName(target)}: ${(error as Error).message}`);
    process.exit(2);
  }
}
