// The default 5,000-item catalog, loaded once: the data checker (npm run data:check) finds nothing, and issue 17's
// "Done means" holds through the shop's own search and fitment services (what the search page and its cards' badges
// ask): for five best-selling vehicles, "Fits my vehicle" finds brake pads, filters, wipers and plugs, each answer is
// FIT (or UNCERTAIN, asking for the engine, when the shopper gave none), and a title that names a vehicle names this
// one.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ITEMS, DEFAULT_SEED, loadCatalog } from '../../scripts/data/catalog.ts';
import { runChecks } from '../../scripts/data/check.ts';
import { d1Query } from '../../scripts/data/checks/d1.ts';
import { OFFLINE_ENV } from '../../scripts/lib/wrangler.ts';
import { seed } from '../../scripts/seed.ts';
import { searchItems } from '../../worker/search/service.ts';
import { lookupFitment } from '../../worker/catalog/service.ts';
import { vehiclePath } from '../../worker/vehicles/service.ts';

interface Shopper {
  year: number;
  make: string;
  model: string;
  /** The engine the shopper chose, by its words; none: the model year only. */
  engine?: string;
  searches: [string, RegExp][];
}

const BRAKES: [string, RegExp] = ['brake pads', /brake pad/i];
const OIL: [string, RegExp] = ['oil filter', /oil filter/i];
const AIR: [string, RegExp] = ['engine air filter', /engine air filter/i];
const WIPERS: [string, RegExp] = ['wiper blades', /wiper blade/i];
const PLUGS: [string, RegExp] = ['spark plugs', /spark plug/i];
const ALL = [BRAKES, OIL, AIR, WIPERS, PLUGS];

const SHOPPERS: Shopper[] = [
  { year: 2018, make: 'Toyota', model: 'Camry', searches: ALL },
  { year: 2015, make: 'Ford', model: 'F-150', engine: '5.0L V8', searches: ALL },
  { year: 2017, make: 'Chevrolet', model: 'Silverado 1500', engine: '5.3L V8', searches: ALL },
  { year: 2019, make: 'Honda', model: 'CR-V', searches: ALL },
  // No engine given: the 2016 Ram 1500 also comes as a diesel, so its plugs may fit and ask for the engine.
  { year: 2016, make: 'Ram', model: '1500', searches: ALL },
];

let dir: string;
let db: D1Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  Object.assign(process.env, OFFLINE_ENV);
  dir = await mkdtemp(join(tmpdir(), 'autohaven-default-'));
  await seed(dir);
  await loadCatalog({ items: DEFAULT_ITEMS, seed: DEFAULT_SEED, stateDir: dir });
  ({
    env: { DB: db },
    dispose,
  } = await getPlatformProxy<{ DB: D1Database }>({ persist: { path: join(dir, 'v3') } }));
}, 600_000);
afterAll(async () => {
  await dispose?.();
  await rm(dir, { recursive: true, force: true });
});

/** The vehicle node the shopper ends on: the model year, or the engine below it named by its words. */
async function chosenNode(shopper: Shopper): Promise<number> {
  const year = await db
    .prepare(
      `SELECT n.id FROM vehicle_node n JOIN vehicle_make mk ON mk.id = n.make_id
         JOIN vehicle_model md ON md.id = n.model_id
       WHERE n.level = 3 AND n.year = ?1 AND mk.name = ?2 AND md.name = ?3`,
    )
    .bind(shopper.year, shopper.make, shopper.model)
    .first<{ id: number }>();
  expect(year, `${shopper.year} ${shopper.make} ${shopper.model} in the vehicle base`).not.toBeNull();
  if (!shopper.engine) return year!.id;
  const engine = await db
    .prepare('SELECT id FROM vehicle_node WHERE level = 5 AND model_node_id = ?1 AND text LIKE ?2 ORDER BY id LIMIT 1')
    .bind(year!.id, `${shopper.engine}%`)
    .first<{ id: number }>();
  expect(engine, `${shopper.engine} under ${shopper.year} ${shopper.model}`).not.toBeNull();
  return engine!.id;
}

/** The model years a title names for this make and model ("for 2015-2020 Ford F-150"), or null. */
function titleYears(title: string, shopper: Shopper): [number, number] | null {
  const match = title.match(new RegExp(`(\\d{4})(?:-(\\d{4}))? ${shopper.make} ${shopper.model}\\b`));
  return match ? [Number(match[1]), Number(match[2] ?? match[1])] : null;
}

describe('the data checker on the default catalog', () => {
  it('contradicts none of its titles, engines, trims, brands or pads, and covers all popular model years', async () => {
    const results = await runChecks(d1Query(db));
    const failing = results.filter((r) => r.count > 0).map((r) => `${r.name}: ${r.count} (${r.examples[0] ?? ''})`);
    expect(failing).toEqual([]);
  }, 300_000);
});

describe('five best-selling vehicles find parts that fit them (issue 17)', () => {
  for (const shopper of SHOPPERS) {
    const named = `${shopper.year} ${shopper.make} ${shopper.model}${shopper.engine ? ` ${shopper.engine}` : ''}`;
    it(`a shopper with a ${named} finds fitting pads, oil and air filters, wipers and plugs`, async () => {
      const vehicle = await vehiclePath(db, await chosenNode(shopper));
      expect(vehicle).not.toBeNull();
      const problems: string[] = [];
      let namedInTitle = 0;
      for (const [keyword, words] of shopper.searches) {
        const answer = await searchItems(db, 'us', {
          keyword,
          vehicleNodeIds: vehicle!.nodeIds,
          fitsOnly: true,
          page: 1,
          size: 20,
        });
        const parts = answer.records.filter((record) => words.test(record.title));
        if (parts.length === 0) problems.push(`"${keyword}": no ${words.source} among ${answer.total} results`);
        const fitment = await lookupFitment(
          db,
          vehicle,
          answer.records.map((record) => record.itemId),
        );
        for (const record of answer.records) {
          const status = fitment.get(record.itemId)?.status;
          const allowed = shopper.engine ? ['FIT'] : ['FIT', 'UNCERTAIN'];
          if (!allowed.includes(status ?? 'none')) problems.push(`"${keyword}": ${status} for "${record.title}"`);
          const years = titleYears(record.title, shopper);
          if (years) namedInTitle++;
          if (years && (shopper.year < years[0] || shopper.year > years[1]))
            problems.push(`"${keyword}": the title names other years: "${record.title}"`);
        }
        if (parts.length > 0 && parts.every((p) => fitment.get(p.itemId)?.status !== 'FIT') && shopper.engine)
          problems.push(`"${keyword}": nothing certain to fit the chosen engine`);
      }
      expect(problems).toEqual([]);
      expect(namedInTitle, 'results whose titles name this vehicle').toBeGreaterThan(0);
    }, 120_000);
  }
});
