// A realistic week of shop traffic for the analytics dashboard (issue 25), written to the local D1 sink:
//
//   npm run data:traffic -- [--sessions 2000] [--days 7] [--seed 1] [--persist-to DIR] [--out FILE]
//
// Each visitor gets the §9 A/B group its key hashes to; sessions browse (home, search, product pages),
// see product cards, check fit, add to cart, start checkout and pay at rates that fall along the funnel,
// with group B converting a little better, so the dashboard has a difference to show. Seeded: the same
// seed writes the same week. Events use ids of their own (traffic-...), so loading twice changes nothing.
import { rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { abTestGroupFor } from '../../worker/tracking/abtest.ts';
import { executeFile, parseTarget, targetName } from '../lib/d1-target.ts';
import { DEFAULT_STATE_DIR } from '../lib/wrangler.ts';
import { type Random, seededRandom } from './random.ts';
import { insertStatements } from './sql.ts';

const DAY_MS = 86_400_000;
const KEYWORDS: readonly (readonly [string, number])[] = [
  ['brake pads', 30],
  ['oil filter', 22],
  ['headlight', 15],
  ['spark plugs', 12],
  ['wiper blades', 10],
  ['alternator', 8],
  ['rotors', 8],
  ['cabin air filter', 6],
  ['flux capacitor', 2],
  ['hover conversion kit', 1],
];
/** Searches the catalog has nothing for (the dashboard's zero-result list). */
const NOTHING_FOUND = new Set(['flux capacitor', 'hover conversion kit']);
const FIT: readonly (readonly [string, number])[] = [
  ['FIT', 55],
  ['NOT_FIT', 12],
  ['UNCERTAIN', 13],
  ['EMPTY', 20],
];

export type TrafficRow = Record<string, string | number>;

function rowOf(id: string, event: string, data: object, session: Session, at: number, pageUrl: string): TrafficRow {
  return {
    id,
    event,
    data: JSON.stringify(data),
    page_url: pageUrl,
    referrer: '',
    ts: at,
    client_id: session.visitor,
    session_id: session.id,
    alb_group: '',
    ab_test_group: session.group,
    ip: '',
    network: session.network,
    downlink_speed: session.network === '4g' ? '10' : '1.5',
    visitor_key: session.visitor,
    market: session.market,
    received_at: at,
    day: new Date(at).toISOString().slice(0, 10),
  };
}

interface Session {
  id: string;
  visitor: string;
  group: string;
  market: 'us' | 'ca';
  network: string;
}

/** One session's events, in order, starting at `start`. */
function sessionEvents(random: Random, session: Session, start: number, seq: { n: number }): TrafficRow[] {
  const rows: TrafficRow[] = [];
  const host = `https://${session.market}.autohaven.example`;
  let at = start;
  const add = (event: string, data: object, path: string) => {
    at += random.int(4, 90) * 1000;
    rows.push(rowOf(`traffic-${seq.n++}`, event, data, session, at, `${host}${path}`));
  };
  add('page_view', { pageType: 'home', path: '/' }, '/');
  add('module_exposure', { modules: ['Featured', 'home-categories', 'home-top-deals'], pageType: 'home' }, '/');
  if (random.chance(0.55)) {
    const keyword = random.weighted(KEYWORDS);
    const total = NOTHING_FOUND.has(keyword) ? 0 : random.int(3, 240);
    add('page_view', { pageType: 'search results', keyword, total }, `/search?keyword=${encodeURIComponent(keyword)}`);
  }
  const items = Array.from({ length: random.int(4, 20) }, () => ({ itemId: random.int(1, 5000) }));
  add('exposure', { items, pageType: 'search results' }, '/search');
  const better = session.group === 'B' ? 1.15 : 1;
  for (const item of items.slice(0, random.int(0, 3))) {
    add('page_view', { pageType: 'product detail', itemId: item.itemId }, `/products/${item.itemId}`);
    add('universal_fit', { itemId: item.itemId, status: random.weighted(FIT) }, `/products/${item.itemId}`);
    if (!random.chance(0.22 * better)) continue;
    add('add_to_cart', { itemId: item.itemId, quantity: random.int(1, 2) }, `/products/${item.itemId}`);
    if (!random.chance(0.45)) continue;
    add('checkout_started', { items: 1 }, '/checkout');
    if (!random.chance(0.6 * better)) continue;
    const orderId = `T${seq.n}`;
    // Paid orders are the server's own events (tracking/paid-orders.ts): the dashboard counts only those.
    const currency = session.market === 'ca' ? 'CAD' : 'USD';
    add(
      'order_paid',
      { orderId, totalCent: random.int(1500, 45_000), currency, source: 'server' },
      '/checkout/orderResult',
    );
    break;
  }
  return rows;
}

/** A week (or `days`) of sessions ending today, spread over each day; seeded. */
export function generateTraffic(options: { sessions: number; days: number; seed: number; now: number }): TrafficRow[] {
  const random = seededRandom(options.seed);
  const seq = { n: options.seed * 10_000_000 };
  const firstDay = Math.floor(options.now / DAY_MS) * DAY_MS - (options.days - 1) * DAY_MS;
  // Visitor keys like the shop's (random UUIDs); some visitors come back for a second session.
  const hex = () => random.int(0, 0xffff).toString(16).padStart(4, '0');
  const visitors = Array.from({ length: Math.ceil(options.sessions * 0.7) }, () =>
    [hex() + hex(), hex(), `4${hex().slice(1)}`, hex(), hex() + hex() + hex()].join('-'),
  );
  const rows: TrafficRow[] = [];
  for (let i = 0; i < options.sessions; i++) {
    const visitor = visitors[random.int(0, visitors.length - 1)]!;
    const session: Session = {
      id: `session-${options.seed}-${i}`,
      visitor,
      group: abTestGroupFor(visitor),
      market: random.chance(0.78) ? 'us' : 'ca',
      network: random.chance(0.8) ? '4g' : '3g',
    };
    const start = firstDay + random.int(0, options.days - 1) * DAY_MS + random.int(6, 22) * 3_600_000;
    rows.push(...sessionEvents(random, session, Math.min(start, options.now - 3_600_000), seq));
  }
  return rows;
}

/** INSERT OR IGNORE statements: a second load of the same seed adds nothing. */
export function trafficSql(rows: readonly TrafficRow[]): string {
  const statements = [...insertStatements('tracking_event', rows)];
  return `${statements.map((sql) => sql.replace(/^INSERT INTO/, 'INSERT OR IGNORE INTO')).join('\n')}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const usage = 'usage: npm run data:traffic -- [--sessions N] [--days N] [--seed N] [--persist-to DIR] [--out FILE]';
  try {
    const { values } = parseArgs({
      options: {
        sessions: { type: 'string', default: '2000' },
        days: { type: 'string', default: '7' },
        seed: { type: 'string', default: '1' },
        out: { type: 'string' },
        'persist-to': { type: 'string' },
      },
    });
    const [sessions, days, seed] = [values.sessions, values.days, values.seed].map(Number);
    if (![sessions, days, seed].every((n) => Number.isInteger(n) && n! > 0) || days! > 92)
      throw new Error('--sessions, --days (at most 92) and --seed must be positive whole numbers');
    const rows = generateTraffic({ sessions: sessions!, days: days!, seed: seed!, now: Date.now() });
    const sql = trafficSql(rows);
    if (values.out) {
      await writeFile(resolve(values.out), sql);
      console.log(`data:traffic: ${rows.length} events written to ${values.out}`);
    } else {
      const target = parseTarget(values, DEFAULT_STATE_DIR);
      const file = join(resolve('.wrangler'), `traffic-${process.pid}.sql`);
      await writeFile(file, sql);
      try {
        await executeFile(target, file);
      } finally {
        await rm(file, { force: true });
      }
      console.log(`data:traffic: ${rows.length} events of ${sessions} sessions loaded into ${targetName(target)}`);
    }
  } catch (error) {
    console.error(`data:traffic: ${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}
