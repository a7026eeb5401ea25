import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemImages } from '../../scripts/data/part-images.ts';
import { hydrated, launchBrowser, openPage } from './browser.ts';
import { shopQuery } from './shop-db.ts';
import { staticAsset } from '../../worker/platform/build-info.ts';
import { theShop } from './shop.ts';

const us = theShop().us;
let browser: Browser;
let handle = '';
let images: ReturnType<typeof itemImages> = [];

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

beforeAll(async () => {
  browser = await launchBrowser();
  const [row] = await shopQuery<{ id: number; handle: string; title: string; partType: string }>(
    'SELECT i.id, s.url_handle AS handle, i.title, c.handle AS partType FROM item i ' +
      "JOIN seo s ON s.target_id = i.id AND s.type = 'ITEM' AND s.is_primary = 1 AND s.active = 1 " +
      "JOIN category c ON c.id = i.back_category_id WHERE i.us_status = 'ON_SHELVES' ORDER BY i.id DESC LIMIT 1",
  );
  handle = row!.handle;
  // The gallery the catalog generator writes for this part type, whatever the fixture was generated with.
  images = itemImages(row!.partType, row!.title);
  const values = images
    .map((image, idx) => `(${row!.id}, ${idx}, ${image.isMain ? 1 : 0}, ${quoted(image.url)}, ${quoted(image.title)})`)
    .join(', ');
  await shopQuery(`DELETE FROM item_image WHERE item_id = ${row!.id}`);
  await shopQuery(`INSERT INTO item_image (item_id, idx, is_main, url, title) VALUES ${values}`);
});
afterAll(async () => {
  await browser?.close();
});

describe('product gallery in the browser', () => {
  it('switches the main photo from a thumbnail, zooms it on a click and closes the zoom with Escape', async () => {
    const { context, page, errors } = await openPage(browser, 1280);
    await page.goto(`${us}/product/${handle}`);
    await hydrated(page);
    const main = page.locator('.product__main img');
    expect(await main.getAttribute('src')).toBe(staticAsset(images[0]!.url));
    expect(await main.getAttribute('fetchpriority')).toBe('high');
    expect(await main.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    const side = page.getByRole('button', { name: `Show ${images[1]!.title}` });
    await side.click();
    expect(await main.getAttribute('src')).toBe(staticAsset(images[1]!.url));
    expect(await main.getAttribute('alt')).toBe(images[1]!.title);
    expect(await side.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: `Show ${images[0]!.title}` }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await page.waitForFunction(
      () => (document.querySelector<HTMLImageElement>('.product__main img')?.naturalWidth ?? 0) > 0,
    );

    await page.locator('.product__main').click();
    const zoom = page.getByRole('dialog', { name: `Zoomed: ${images[1]!.title}` });
    await zoom.waitFor();
    expect(await zoom.locator('img').getAttribute('src')).toBe(staticAsset(images[1]!.url));
    await page.keyboard.press('Escape');
    await zoom.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('product__main');

    await page.locator('.product__main').click();
    await zoom.getByRole('button', { name: 'Close zoom' }).click();
    await zoom.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
