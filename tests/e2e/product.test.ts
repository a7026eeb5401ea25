import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, hydrated } from './browser.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

const us = theShop().us;
const ca = theShop().ca;
let browser: Browser;
let handle = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const [row] = await shopQuery<{ handle: string }>(
    'SELECT s.url_handle AS handle FROM seo s JOIN item i ON i.id = s.target_id ' +
      "WHERE s.is_primary = 1 AND i.status = 'ON_SHELVES' AND i.us_status = 'ON_SHELVES' " +
      "AND i.ca_status = 'ON_SHELVES' LIMIT 1",
  );
  handle = row!.handle;
});
afterAll(async () => {
  await browser?.close();
});

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
    const main = page.locator('.product__main img');
    await page.waitForFunction(
      () => document.querySelector<HTMLImageElement>('.product__main img')?.dataset.failed === 'true',
      undefined,
      { timeout: 15_000 },
    );
    expect(await main.getAttribute('src')).toBe('/static/parts/placeholder.svg');
    expect(await main.getAttribute('data-tries')).toBe('3');
    expect([...firstAt.keys()].sort()).toEqual([0, 1, 2, 3]);
    for (const attempt of [1, 2, 3])
      expect(firstAt.get(attempt)! - firstAt.get(attempt - 1)!).toBeGreaterThanOrEqual(1400);
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

describe('reviews and recently viewed', () => {
  it('sends a review for moderation, refusing links first, and remembers viewed products', async () => {
    const { context, page, errors } = await openPage(browser, 1440);
    await page.goto(`${us}/product/${handle}`);
    await hydrated(page);
    await page.locator('.review-write summary').click();
    const form = page.locator('[data-form="review"]');
    await form.locator('input[name="title"]').fill('Great fit, see www.example.com');
    await form.locator('textarea[name="content"]').fill('Fitted my truck in twenty minutes.');
    await form.locator('input[name="name"]').fill('Dana');
    await form.locator('button[type="submit"]').click();
    expect(await form.locator('[role="alert"]').textContent()).toBe(
      'Privacy information is not allowed in the reviews content and title',
    );
    await form.locator('input[name="title"]').fill('Great fit');
    await form.locator('button[type="submit"]').click();
    await page.locator('[data-review-state="sent"]').waitFor();

    const [other] = await shopQuery<{ handle: string }>(
      `SELECT url_handle AS handle FROM seo WHERE is_primary = 1 AND url_handle <> '${handle}' LIMIT 1`,
    );
    await page.goto(`${us}/product/${other!.handle}`);
    await page.locator('.recently-viewed [data-viewed]').first().waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('recently-viewed') ?? '[]').length)).toBe(2);
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });
});
