import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, openPage, REVIEW_SHOTS } from './browser.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

const us = theShop().us;
let browser: Browser;

/**
 * A product of two SKUs, the second "Black" with a picture of its own (as item 721 of the full catalog, SKUs 824 and
 * 825 "Black" AHP-SEA000721-BK; the test catalog's products of two SKUs are made the same way).
 */
interface Product {
  handle: string;
  first: number;
  second: number;
  firstPart: string;
  secondPart: string;
  firstUsd: number;
  secondUsd: number;
}
let product: Product;

beforeAll(async () => {
  browser = await launchBrowser();
  const [row] = await shopQuery<Product>(
    `SELECT h.url_handle AS handle, a.id AS first, b.id AS second, a.part_number AS firstPart,
        b.part_number AS secondPart, pa.discount_price AS firstUsd, pb.discount_price AS secondUsd
       FROM item i JOIN seo h ON h.target_id = i.id AND h.type = 'ITEM' AND h.is_primary = 1 AND h.active = 1
       JOIN sku a ON a.item_id = i.id AND a.sort = 0 JOIN sku b ON b.item_id = i.id AND b.sort = 1
       JOIN sku_price pa ON pa.sku_id = a.id AND pa.currency = 'USD'
       JOIN sku_price pb ON pb.sku_id = b.id AND pb.currency = 'USD'
      WHERE i.us_status = 'ON_SHELVES' AND b.color = 'Black' AND b.image_url IS NOT NULL
        AND b.available_total >= 10 AND i.non_vehicle = 0
      ORDER BY i.id LIMIT 1`,
  );
  product = row!;
});
afterAll(async () => {
  await browser?.close();
});

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const partNumber = (page: Page) => page.locator('[data-part-number]').getAttribute('data-part-number');
const price = (page: Page) => page.locator('.product-price strong').textContent();
const mainPicture = (page: Page) => page.locator('.product__main img').getAttribute('src');

describe('choosing a variant in the browser', () => {
  it('choosing "Black" changes the price, part number and picture in place, and the cart line is its SKU', async () => {
    const { context, page, errors } = await openPage(browser, 1280);
    await page.goto(`${us}/product/${product.handle}`);
    await hydrated(page);
    expect(await partNumber(page)).toBe(product.firstPart);
    expect(await price(page)).toBe(dollars(product.firstUsd));
    expect(await mainPicture(page)).not.toContain('-black');

    // The choice swaps the page's parts without a reload: what this page set stays set.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole('link', { name: /^Black/ }).click();
    await expect.poll(() => partNumber(page)).toBe(product.secondPart);
    expect(await price(page)).toBe(dollars(product.secondUsd));
    await expect.poll(() => mainPicture(page)).toContain('-front-black');
    expect(new URL(page.url()).search).toBe(`?sku=${product.second}`);
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    expect(await page.getByRole('link', { name: /^Black/ }).getAttribute('aria-current')).toBe('true');
    if (REVIEW_SHOTS) await page.screenshot({ path: '/tmp/shots/product-variant-1280.png' });

    // The swapped add to cart hydrates and adds the chosen SKU.
    await page.locator('[data-add-to-cart] button.button--primary:not([disabled])').waitFor();
    expect(await page.locator('[data-add-to-cart]').getAttribute('data-add-to-cart')).toBe(String(product.second));
    await page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    await expect
      .poll(() => page.locator('[data-header="desktop"] [data-cart-count]').getAttribute('data-cart-count'))
      .toBe('1');
    // The cart page, rendered from the cart's cookies, has one line: the chosen SKU.
    await page.goto(`${us}/shopCart`);
    await page.locator('[data-cart-line]').first().waitFor();
    const lines = await page
      .locator('[data-cart-line]')
      .evaluateAll((found) => found.map((line) => line.getAttribute('data-cart-line')));
    expect(lines).toEqual([`${product.second}:NORMAL:`]);
    await page.goBack();
    await expect.poll(() => partNumber(page)).toBe(product.secondPart);

    // Back returns to the first choice.
    await page.goBack();
    await expect.poll(() => partNumber(page)).toBe(product.firstPart);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the chosen variant from a shared address, at 390 px too', async () => {
    const { context, page, errors } = await openPage(browser, 390);
    await page.goto(`${us}/product/${product.handle}?sku=${product.second}`);
    expect(await partNumber(page)).toBe(product.secondPart);
    expect(await price(page)).toBe(dollars(product.secondUsd));
    expect(await mainPicture(page)).toContain('-front-black');
    const choices = page.locator('.variants__list');
    const box = (await choices.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    if (REVIEW_SHOTS) await page.screenshot({ path: '/tmp/shots/product-variant-390.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no serious accessibility faults in the product summary with its choices (axe)', async () => {
    // The shop's CSP allows no inline script: this context lets the test inject axe-core.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${us}/product/${product.handle}?sku=${product.second}`);
    await hydrated(page);
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
    const faults = await page.evaluate(async () => {
      type Axe = { run(context: string, options: object): Promise<{ violations: { id: string; impact: string }[] }> };
      const { violations } = await (window as unknown as { axe: Axe }).axe.run('.product__summary', {
        resultTypes: ['violations'],
      });
      return violations.filter((found) => ['serious', 'critical'].includes(found.impact)).map((found) => found.id);
    });
    expect(faults).toEqual([]);
    await context.close();
  });
});
