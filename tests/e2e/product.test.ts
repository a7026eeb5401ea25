import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { wranglerJson } from '../../scripts/lib/wrangler.ts';
import { launchBrowser, openPage } from './browser.ts';

const us = inject('shopUs');
const ca = inject('shopCa');
const stateDir = inject('shopStateDir');
let browser: Browser;
let handle = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const [result] = await wranglerJson<{ results: { handle: string }[] }[]>(['d1', 'execute', 'DB', '--local', '--persist-to', stateDir, '--json', '--command',
    "SELECT s.url_handle AS handle FROM seo s JOIN item i ON i.id = s.target_id WHERE s.is_primary = 1 AND i.status = 'ON_SHELVES' AND i.us_status = 'ON_SHELVES' AND i.ca_status = 'ON_SHELVES' LIMIT 1"]);
  handle = result!.results[0]!.handle;
});
afterAll(async () => { await browser?.close(); });

describe('product page in the browser', () => {
  it('retries a failing photo 3 times 1500 ms apart, then shows the placeholder', async () => {
    const { context, page } = await openPage(browser, 1440);
    // The earliest request of the first load and of each retry (several images may share a photo).
    const firstAt = new Map<number, number>();
    await page.route('**/static/parts/*.svg*', async (route) => {
      const url = route.request().url();
      if (url.includes('placeholder')) return route.continue();
      const attempt = Number(url.match(/retry=(\d)/)?.[1] ?? 0);
      if (!firstAt.has(attempt)) firstAt.set(attempt, Date.now());
      return route.abort();
    });
    await page.goto(`${us}/product/${handle}`);
    const main = page.locator('.product__gallery > img');
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('.product__gallery > img')?.dataset.failed === 'true', undefined, { timeout: 15_000 });
    expect(await main.getAttribute('src')).toBe('/static/parts/placeholder.svg');
    expect(await main.getAttribute('data-tries')).toBe('3');
    expect([...firstAt.keys()].sort()).toEqual([0, 1, 2, 3]);
    for (const attempt of [1, 2, 3]) expect(firstAt.get(attempt)! - firstAt.get(attempt - 1)!).toBeGreaterThanOrEqual(1400);
    await context.close();
  });

  it('shows the Canadian price in CA$ and carries Product structured data', async () => {
    const { context, page } = await openPage(browser, 375);
    await page.goto(`${ca}/product/${handle}`);
    expect(await page.locator('.product-price strong').textContent()).toMatch(/^CA\$[\d,]+\.\d\d$/);
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(data).toMatchObject({ '@type': 'Product', offers: { '@type': 'Offer', priceCurrency: 'CAD' } });
    await context.close();
  });
});
