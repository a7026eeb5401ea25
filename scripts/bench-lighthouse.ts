// Lighthouse on the shopper pages of the served shop (issue 23): mobile and desktop, the median of
// several runs per page, and the budget line (mobile Performance >= 95, Accessibility 100, Best
// Practices 100, SEO 100 where the page is indexable).
//   node scripts/bench-lighthouse.ts [--runs N] [--page NAME]
// Lighthouse is not a dependency (it is heavy and CI does not need it): it runs through
// `npx --yes lighthouse@12`, with the system Chromium (CHROME_PATH, default /usr/bin/chromium).
import { execFile, execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { serveShop } from './lib/serve.ts';
import { wranglerJson } from './lib/wrangler.ts';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'search', path: '/search?keyword=brake' },
  { name: 'product', path: 'PRODUCT' },
  { name: 'cart', path: '/shopCart' },
  { name: 'categories', path: '/categories' },
  { name: 'make', path: '/makes/ford' },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
type FormFactor = 'mobile' | 'desktop';

/** What one Lighthouse run says of a page: the four scores (0-100) and the figures behind Performance. */
interface Run {
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  domNodes: number;
  scripts: number;
  /** Search engines may index the page (no `noindex`): only then does SEO count against the budget. */
  indexable: boolean;
}

let options: { runs: string; page?: string };
// --page takes one name or several, comma-separated.
try {
  ({ values: options } = parseArgs({ options: { runs: { type: 'string', default: '3' }, page: { type: 'string' } } }));
} catch (error) {
  console.error(`bench:lighthouse: ${(error as Error).message}\nusage: [--runs N] [--page NAME]`);
  process.exit(2);
}
const runs = Number(options.runs);
const pages = PAGES.filter((page) => !options.page || options.page.split(',').includes(page.name));
if (!(Number.isInteger(runs) && runs > 0 && runs <= 9) || pages.length === 0) {
  console.error(`bench:lighthouse: --runs must be 1-9 and --page one of ${PAGES.map((p) => p.name).join(', ')}`);
  process.exit(2);
}

interface LighthouseReport {
  categories: Record<Category, { score: number | null }>;
  audits: Record<string, { score?: number | null; numericValue?: number; details?: { items?: unknown[] } }>;
}

/** One Lighthouse run of `url`; a run whose trace failed to record (it happens) is tried again, twice. */
async function lighthouse(url: string, formFactor: FormFactor, attempt = 1): Promise<Run> {
  try {
    return await lighthouseOnce(url, formFactor);
  } catch (error) {
    if (attempt >= 3) throw error;
    return lighthouse(url, formFactor, attempt + 1);
  }
}

/** One Lighthouse run of `url`, in a fresh headless Chromium. */
function lighthouseOnce(url: string, formFactor: FormFactor): Promise<Run> {
  const args = [
    '--yes',
    'lighthouse@12',
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--only-categories=${CATEGORIES.join(',')}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const env = { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' };
  return new Promise((resolve, reject) => {
    execFile('npx', args, { env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`lighthouse ${url}: ${stderr || error.message}`));
      const report = JSON.parse(stdout) as LighthouseReport;
      const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
      const requests = (report.audits['network-requests']?.details?.items ?? []) as { resourceType?: string }[];
      resolve({
        scores: Object.fromEntries(
          CATEGORIES.map((category) => [category, Math.round((report.categories[category]?.score ?? 0) * 100)]),
        ) as Record<Category, number>,
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        domNodes: audit('dom-size'),
        scripts: requests.filter((request) => request.resourceType === 'Script').length,
        indexable: report.audits['is-crawlable']?.score === 1,
      });
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The median of each figure over the runs. */
function medianOf(list: Run[]): Run {
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((category) => [category, median(list.map((run) => run.scores[category]))]),
    ) as Record<Category, number>,
    lcpMs: median(list.map((run) => run.lcpMs)),
    tbtMs: median(list.map((run) => run.tbtMs)),
    domNodes: median(list.map((run) => run.domNodes)),
    scripts: median(list.map((run) => run.scripts)),
    indexable: list.every((run) => run.indexable),
  };
}

/** What misses the budget on this page, or nothing. */
function misses(run: Run, formFactor: FormFactor): string[] {
  const { scores } = run;
  const missed: string[] = [];
  if (formFactor === 'mobile' && scores.performance < 95) missed.push(`Performance ${scores.performance} < 95`);
  if (scores.accessibility < 100) missed.push(`Accessibility ${scores.accessibility} < 100`);
  if (scores['best-practices'] < 100) missed.push(`Best Practices ${scores['best-practices']} < 100`);
  if (run.indexable && scores.seo < 100) missed.push(`SEO ${scores.seo} < 100`);
  return missed;
}

execFileSync(process.execPath, [...process.execArgv, 'scripts/build-client.ts'], { stdio: 'inherit' });
const shop = await serveShop();
let failed = false;
try {
  const [product] = (
    await wranglerJson<{ results: { handle: string }[] }[]>([
      'd1',
      'execute',
      'DB',
      '--local',
      '--persist-to',
      shop.stateDir,
      '--json',
      '--command',
      'SELECT s.url_handle AS handle FROM seo s JOIN item i ON i.id = s.target_id ' +
        "WHERE s.is_primary = 1 AND i.us_status = 'ON_SHELVES' " +
        'AND EXISTS (SELECT 1 FROM fitment f WHERE f.item_id = i.id) LIMIT 1',
    ])
  )[0]!.results;
  // Warm the isolate and its caches, so the first run measures the page and not a cold start.
  // (Node cannot resolve *.localhost; Chromium, which Lighthouse drives, can.)
  const local = `http://127.0.0.1:${shop.port}`;
  for (const page of pages) await (await fetch(`${local}${page.path === 'PRODUCT' ? '/' : page.path}`)).arrayBuffer();
  console.log(`\nLighthouse 12, median of ${runs} run${runs === 1 ? '' : 's'} per page and form factor\n`);
  console.log(
    ['page', 'form', 'Perf', 'A11y', 'BP', 'SEO', 'LCP ms', 'TBT ms', 'DOM', 'JS', ' budget']
      .map((h, i) => (i < 2 ? h.padEnd(i ? 8 : 11) : h.padStart(7)))
      .join(''),
  );
  for (const page of pages) {
    const path = page.path === 'PRODUCT' ? `/product/${product!.handle}` : page.path;
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const list: Run[] = [];
      for (let run = 0; run < runs; run++) list.push(await lighthouse(`${shop.us}${path}`, formFactor));
      const result = medianOf(list);
      const missed = misses(result, formFactor);
      failed ||= missed.length > 0;
      const { scores } = result;
      const cells = [scores.performance, scores.accessibility, scores['best-practices'], scores.seo];
      const figures = [result.lcpMs, result.tbtMs, result.domNodes, result.scripts].map((n) => Math.round(n));
      console.log(
        page.name.padEnd(11) +
          formFactor.padEnd(8) +
          [...cells, ...figures].map((n) => String(n).padStart(7)).join('') +
          `  ${missed.length ? `OVER: ${missed.join(', ')}` : 'ok'}`,
      );
    }
  }
  console.log(
    '\nbudget: mobile Performance >= 95; Accessibility 100; Best Practices 100; SEO 100 where indexable ' +
      `(pages without noindex)\n${failed ? 'some pages miss the budget' : 'every page within budget'}`,
  );
} finally {
  await shop.stop();
}
process.exitCode = failed ? 1 : 0;
