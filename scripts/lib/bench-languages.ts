// The JavaScript a Canadian page loads in English and in its French twin under /fr (issue 37): each
// language has its own bundle, and a French page must not load more than its English one.
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { RunningShop } from './serve.ts';
import { wranglerJson } from './wrangler.ts';

/** The Canadian pages a shopper buys through, by their English paths. */
const PAGES = ['/', '/search?keyword=brake', '/shopCart', '/checkout'];

/** A GET on the served shop as the Canadian host, its body as bytes. */
function get(port: number, path: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const call = request(
      { host: '127.0.0.1', port, path, headers: { host: `ca.shop.localhost:${port}` } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve(Buffer.concat(chunks)));
      },
    );
    call.on('error', reject);
    call.end();
  });
}

/** Gzipped bytes of the scripts a page loads (its entry and the chunks it preloads). */
async function javascriptOf(port: number, path: string): Promise<number> {
  const html = (await get(port, path)).toString();
  const sources = new Set(
    [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)].map((m) => m[1]!),
  );
  let gzip = 0;
  for (const src of sources) gzip += gzipSync(await get(port, src)).length;
  return gzip;
}

/** Prints each Canadian page's JavaScript in English and in French; true when a French page loads more. */
export async function benchLanguages(shop: RunningShop): Promise<boolean> {
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
        "WHERE s.is_primary = 1 AND i.ca_status = 'ON_SHELVES' LIMIT 1",
    ])
  )[0]!.results;
  const port = shop.port;
  const productPath = `/product/${product!.handle}`;
  console.log('\nJavaScript per Canadian page, English and French (gzipped KB)');
  console.log('page'.padEnd(36), 'en'.padStart(8), 'fr'.padStart(8), ' verdict');
  let failed = false;
  for (const path of [...PAGES, productPath]) {
    const [english, french] = [await javascriptOf(port, path), await javascriptOf(port, `/fr${path}`)];
    // The two bundles differ only by their words (French runs about 1.5 % longer): under 1 KB either way.
    const ok = french <= english + 1024;
    failed ||= !ok;
    console.log(
      path.padEnd(36),
      (english / 1024).toFixed(1).padStart(8),
      (french / 1024).toFixed(1).padStart(8),
      ok ? ' ok' : ' FRENCH PAGE HEAVIER',
    );
  }
  return failed;
}
