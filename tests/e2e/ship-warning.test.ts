import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../shared/envelope.ts';
import { hydrated, launchBrowser, openPage } from './browser.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

/**
 * The product page warns before adding (issue 40): a part the stored ZIP code's state refuses (a
 * 49-state converter in California) or no carrier route brings there (a battery to Hawaii). The page
 * is the same for everyone, so the browser decides from the stored ZIP code.
 */

const us = theShop().us;
let browser: Browser;
let battery = { handle: '', title: '' };
let converter = { handle: '', title: '' };

const partWhere = async (where: string) => {
  const [row] = await shopQuery<{ handle: string; title: string }>(
    `SELECT o.url_handle AS handle, i.title FROM seo o JOIN item i ON i.id = o.target_id
      WHERE o.type = 'ITEM' AND o.is_primary = 1 AND o.active = 1 AND i.us_status = 'ON_SHELVES' AND ${where}
      ORDER BY i.id LIMIT 1`,
  );
  return row!;
};

beforeAll(async () => {
  browser = await launchBrowser();
  battery = await partWhere(`i.hazmat_class = 'LEAD_ACID_BATTERY'`);
  // The fixture's emissions part without a CARB EO number (an off-road exhaust manifold).
  converter = await partWhere(`i.emissions_kind IS NOT NULL AND i.emissions_status <> 'FIFTY_STATE'`);
});
afterAll(async () => {
  await browser?.close();
});

/** The product page for a shopper whose stored ZIP code is this one, hydrated. */
async function productFor(page: Awaited<ReturnType<typeof openPage>>['page'], handle: string, zip: string) {
  await page.evaluate((code) => localStorage.setItem('postCode', code), zip);
  await page.goto(`${us}/product/${handle}`);
  await hydrated(page);
}

describe('the product page’s warning before adding', () => {
  it('tells a Hawaii shopper a battery cannot be shipped there, and a New Yorker nothing', async () => {
    const { context, page, errors } = await openPage(browser, 390);
    await page.route('**/infra/public/ip/*/zipcode', (route) => route.fulfill({ json: ok(null) }));
    await page.goto(`${us}/`);
    await productFor(page, battery.handle, '96813');
    const warning = page.locator('[data-ship-warning]');
    await expect.poll(() => warning.count(), { timeout: 10_000 }).toBe(1);
    expect(await warning.textContent()).toBe(
      `${battery.title} cannot be shipped to Hawaii: it is a hazardous material (lead-acid battery, UN2794, ` +
        'class 8) that ships by ground only, and no ground route reaches Hawaii.',
    );
    // Everyone reads that it goes by ground only; no delivery date is promised where it cannot go.
    expect(await page.locator('[data-ship-limit="GROUND_ONLY"]').count()).toBe(1);
    expect(await page.locator('.delivery-estimate').count()).toBe(0);
    await productFor(page, battery.handle, '10001');
    expect(await page.locator('[data-ship-warning]').count()).toBe(0);
    await expect.poll(() => page.locator('.delivery-estimate').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a Californian an emissions part without an EO number is not sold there, a Texan nothing', async () => {
    const { context, page, errors } = await openPage(browser, 1280);
    await page.route('**/infra/public/ip/*/zipcode', (route) => route.fulfill({ json: ok(null) }));
    await page.goto(`${us}/`);
    await productFor(page, converter.handle, '94105');
    const warning = page.locator('[data-ship-warning]');
    await expect.poll(() => warning.count(), { timeout: 10_000 }).toBe(1);
    expect(await warning.textContent()).toContain(`${converter.title} cannot be shipped to California`);
    await productFor(page, converter.handle, '75201');
    expect(await page.locator('[data-ship-warning]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
