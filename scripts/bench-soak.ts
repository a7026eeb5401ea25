// A bounded soak: the shop served as scripts/bench.ts serves it (production React, the test
// fixture catalog), then C shoppers (scripts/lib/soak-load.ts) run a mixed load on 127.0.0.1 for
// M minutes: pages, the cart API, checkout quotes and orders now and then. Every loop stops by
// itself (a time and a request bound, and a timeout per request).
//   npm run bench:soak -- [--minutes M | --seconds S] [--concurrency C] [--snapshot] [--smoke]
// It reports the requests, errors by status (429s apart: limits doing their job), p50/p95 per kind,
// and two memories of the Worker: its live JavaScript heap after a full collection (read through
// the inspector, scripts/lib/heap.ts) and the resident memory (VmRSS) of its workerd, at the start,
// half-way and the end. Fails (exit 1) on any 5xx or unanswered request. Budget: over the second
// half of the run (caches full by then) the live heap may grow by at most 8 MB; more is the shape of
// a leak in what the Worker holds. The resident memory is printed, not judged: it also holds the
// runtime's own memory (local D1's SQLite, Durable Object storage, the allocator's free lists),
// which rises to a plateau under load; so it is printed in parts (anonymous, file, shared) beside the V8 heap's own
// size and the local storage's bytes on disk, which together say where a resident growth is. --snapshot writes a
// heap snapshot at the end and prints what the isolate's live memory is made of, by constructor.
// --smoke (CI): must get through everything, budget not judged.
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { d1QueryArgs } from './lib/d1-target.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { heapTotalBytes, liveHeapBytes } from './lib/heap.ts';
import { heapSnapshotSummary } from './lib/heap-snapshot.ts';
import { folderBytes, type ResidentParts, residentParts, storageByStore } from './lib/process-memory.ts';
import { residentKb, workerdOfDev } from './lib/proc.ts';
import { serveShop } from './lib/serve.ts';
import { KINDS, percentile, type SoakFixture, shopper, Tally } from './lib/soak-load.ts';
import { wranglerJson } from './lib/wrangler.ts';

const USAGE = 'usage: npm run bench:soak -- [--minutes M | --seconds S] [--concurrency C] [--snapshot] [--smoke]';
const HEAP_GROWTH_BUDGET = 8 * 1024 * 1024;
/** At most this many requests per shopper per second of the run: a second bound beside the clock. */
const MAX_RATE = 1000;

/** The run's length in seconds, the shoppers and the mode; exits 2 with the usage on bad arguments. */
function parseCommandLine(): { seconds: number; concurrency: number; smoke: boolean; snapshot: boolean } {
  try {
    const { values, positionals } = parseArgs({
      options: {
        minutes: { type: 'string' },
        seconds: { type: 'string' },
        concurrency: { type: 'string', default: '4' },
        smoke: { type: 'boolean', default: false },
        snapshot: { type: 'boolean', default: false },
      },
      allowPositionals: true,
    });
    if (positionals.length) throw new Error(`unexpected argument "${positionals[0]}"`);
    if (values.minutes !== undefined && values.seconds !== undefined)
      throw new Error('give --minutes or --seconds, not both');
    const number = (name: string, text: string, max: number) => {
      if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max)
        throw new Error(`--${name} must be a whole number from 1 to ${max}, got "${text}"`);
      return Number(text);
    };
    const seconds =
      values.seconds !== undefined
        ? number('seconds', values.seconds, 7200)
        : number('minutes', values.minutes ?? '10', 120) * 60;
    const concurrency = number('concurrency', values.concurrency, 64);
    return { seconds, concurrency, smoke: values.smoke, snapshot: values.snapshot };
  } catch (error) {
    console.error(`bench:soak: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

/** Rows of one query against the served shop's local D1. */
async function query<T>(stateDir: string, sql: string): Promise<T[]> {
  const [result] = await wranglerJson<{ results: T[] }[]>(d1QueryArgs({ stateDir }, sql));
  return result?.results ?? [];
}

/** What the shoppers browse and buy, from the served shop's D1 and its category page. */
async function loadFixture(origin: string, stateDir: string): Promise<SoakFixture> {
  const handles = await query<{ handle: string }>(
    stateDir,
    'SELECT s.url_handle AS handle FROM seo s JOIN item i ON i.id = s.target_id ' +
      "WHERE s.is_primary = 1 AND i.us_status = 'ON_SHELVES' ORDER BY i.id LIMIT 20",
  );
  const skus = await query<{ id: number }>(
    stateDir,
    "SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id WHERE i.us_status = 'ON_SHELVES' " +
      'ORDER BY s.available_total DESC LIMIT 20',
  );
  const html = await (await fetch(`${origin}/categories`)).text();
  const categories = [...new Set([...html.matchAll(/\/search\?category=(\d+)/g)].map((match) => Number(match[1])))];
  if (!handles.length || !skus.length || !categories.length)
    throw new Error(`the served shop has no products, SKUs or categories to soak with`);
  return { origin, handles: handles.map((row) => row.handle), categories, skus: skus.map((row) => row.id) };
}

/** The summed resident memory of the dev server's workerd processes, in kB (0 when none is found). */
function workerMemoryKb(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + (residentKb(pid) ?? 0), 0);
}

const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

/** The resident memory of the Worker's workerd in parts, and the local storage's size on disk, as one line. */
function memoryParts(pids: number[], stateDir: string): string {
  const parts = pids.map(residentParts).filter((part) => part !== null);
  const sum = (key: keyof ResidentParts) => parts.reduce((total, part) => total + part[key], 0);
  const heapTotal = heapTotalBytes();
  return (
    `anonymous ${mb(sum('anonKb'))}, file ${mb(sum('fileKb'))}, shared ${mb(sum('shmemKb'))}; ` +
    `V8 heap ${heapTotal === null ? '?' : mb(heapTotal / 1024)}; local storage on disk ` +
    `${mb(folderBytes(stateDir) / 1024)}`
  );
}

const { seconds, concurrency, smoke, snapshot } = parseCommandLine();
execFileSync(process.execPath, [...process.execArgv, 'scripts/build-client.ts'], { stdio: 'inherit' });
const shop = await serveShop();
try {
  const origin = `http://127.0.0.1:${shop.port}`;
  const fixture = await loadFixture(origin, shop.stateDir);
  const workerd = workerdOfDev(shop.port);
  if (!workerd.length) console.log('bench:soak: no workerd found under wrangler dev; memory not measured');
  const memory = { start: workerMemoryKb(workerd), half: 0, peak: 0, end: 0 };
  memory.peak = memory.start;
  let restarted = false;
  // wrangler dev starts a new workerd when a source file changes: its memory is then another process's.
  const resident = () => {
    const kb = workerMemoryKb(workerd);
    if (kb > 0 || !workerd.length) return kb;
    restarted = true;
    workerd.splice(0, workerd.length, ...workerdOfDev(shop.port));
    return workerMemoryKb(workerd);
  };
  // The inspector may not answer a fresh Worker yet: the start's figure is then taken by the first sample that can.
  const heap = {
    start: await liveHeapBytes(shop.inspectorPort),
    startParts: '',
    half: null as number | null,
    end: null as number | null,
  };
  heap.startParts = memoryParts(workerd, shop.stateDir);
  const started = Date.now();
  const until = started + seconds * 1000;
  let halfTaken = false;
  let startPending = false;
  const sampler = setInterval(() => {
    const now = resident();
    memory.peak = Math.max(memory.peak, now);
    if (heap.start === null && !startPending) {
      startPending = true;
      void liveHeapBytes(shop.inspectorPort).then((bytes) => {
        heap.start = bytes;
        startPending = false;
      });
    }
    if (!halfTaken && Date.now() - started >= seconds * 500) {
      halfTaken = true;
      memory.half = now;
      void liveHeapBytes(shop.inspectorPort).then((bytes) => {
        heap.half = bytes;
      });
    }
  }, 1000);
  console.log(
    `\nsoak: ${concurrency} shoppers for ${seconds} s on ${origin} (${fixture.handles.length} products, ` +
      `${fixture.categories.length} categories, ${fixture.skus.length} SKUs); workerd ${workerd.join(', ') || '?'} ` +
      `at ${mb(memory.start)}`,
  );
  const tally = new Tally();
  const progress = setInterval(() => {
    const elapsed = Math.round((Date.now() - started) / 1000);
    console.log(`  ${elapsed} s: ${tally.total} requests, workerd ${mb(resident())}`);
  }, 60_000);
  try {
    await Promise.all(
      Array.from({ length: concurrency }, (_, index) => shopper(fixture, index, until, seconds * MAX_RATE, tally)),
    );
  } finally {
    clearInterval(sampler);
    clearInterval(progress);
  }
  const elapsed = (Date.now() - started) / 1000;
  heap.end = await liveHeapBytes(shop.inspectorPort);
  memory.end = resident();
  memory.peak = Math.max(memory.peak, memory.end);
  memory.half ||= memory.end;

  console.log(`\n${tally.total} requests in ${elapsed.toFixed(1)} s (${(tally.total / elapsed).toFixed(0)} req/s)\n`);
  console.log('kind'.padEnd(16), 'requests'.padStart(9), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8));
  for (const kind of KINDS) {
    const times = [...tally.times.get(kind)!].sort((a, b) => a - b);
    console.log(
      kind.padEnd(16),
      String(times.length).padStart(9),
      percentile(times, 0.5).toFixed(1).padStart(8),
      percentile(times, 0.95).toFixed(1).padStart(8),
    );
  }
  const limited = [...tally.errors].filter(([key]) => key.startsWith('429'));
  const errors = [...tally.errors].filter(([key]) => !key.startsWith('429')).sort(([a], [b]) => a.localeCompare(b));
  console.log(`\nerrors by status: ${errors.map(([key, count]) => `${key} ×${count}`).join(', ') || 'none'}`);
  console.log(`rate limited (429): ${limited.map(([key, count]) => `${key} ×${count}`).join(', ') || 'none'}`);
  const growth = memory.end - memory.half;
  console.log(
    `Worker's workerd resident memory (VmRSS, not judged): start ${mb(memory.start)}, half-way ${mb(memory.half)}, ` +
      `peak ${mb(memory.peak)}, end ${mb(memory.end)}; second half ${growth >= 0 ? '+' : ''}${mb(growth)}`,
  );
  console.log(`  in parts at the start: ${heap.startParts}`);
  console.log(`  in parts at the end:   ${memoryParts(workerd, shop.stateDir)}`);
  for (const { store, bytes, files } of storageByStore(shop.stateDir).slice(0, 6))
    console.log(`    ${mb(bytes / 1024).padStart(9)} in ${String(files).padStart(5)} files: ${store}`);
  const heapMb = (bytes: number | null) => (bytes === null ? '?' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
  const heapGrowth = heap.half !== null && heap.end !== null ? heap.end - heap.half : null;
  const memoryOk = heapGrowth !== null && heapGrowth <= HEAP_GROWTH_BUDGET && !restarted;
  if (restarted) console.log('the Worker restarted during the run (a source file changed): memory not comparable');
  console.log(
    `Worker's live JavaScript heap after a full collection: start ${heapMb(heap.start)}, half-way ` +
      `${heapMb(heap.half)}, end ${heapMb(heap.end)}; second half ` +
      `${heapGrowth === null ? 'not measured' : `${heapGrowth >= 0 ? '+' : ''}${heapMb(heapGrowth)}`} ` +
      `(budget +${heapMb(HEAP_GROWTH_BUDGET)})${memoryOk ? ' ok' : ' OVER BUDGET or not measured'}`,
  );
  if (snapshot) {
    const file = join(tmpdir(), `autohaven-soak-${Date.now()}.heapsnapshot`);
    const summary = await heapSnapshotSummary(shop.inspectorPort, file);
    if (summary) {
      console.log(`heap snapshot ${file}: ${heapMb(summary.total)} of live objects; the largest kinds:`);
      for (const kind of summary.largest)
        console.log(
          `  ${heapMb(kind.bytes).padStart(9)}  ${String(kind.count).padStart(8)} × ${kind.name.slice(0, 60)}`,
        );
    }
  }
  const failed = tally.failed();
  if (failed) console.log('FAILED: the shop answered 5xx or not at all');
  if (smoke) console.log(`smoke run: ${memoryOk ? 'within' : 'over'} budget, not judged`);
  process.exitCode = failed || (!memoryOk && !smoke) ? 1 : 0;
} finally {
  await shop.stop();
}
