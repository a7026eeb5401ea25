import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRETS } from '../../scripts/lib/dev-secrets.ts';
import { writeStaff } from '../../scripts/staff-lib.ts';
import { totpCode } from '../../worker/admin/totp.ts';
import { launchBrowser, openPage, REVIEW_SHOTS } from './browser.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

const us = theShop().us;
const SHOTS = '/tmp/shots';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  if (REVIEW_SHOTS) mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** Signs in on the console's form with a password and the code the secret gives now. */
async function signIn(page: Page, email: string, password: string, secret: string) {
  await page.goto(`${us}/admin`);
  await page.waitForURL(/\/admin\/sign-in$/);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', password);
  await page.fill('input[name="code"]', await totpCode(secret));
  await page.click('form[action="/admin/sign-in"] button[type="submit"]');
  await page.waitForURL(/\/admin$/);
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

describe('the catalog in the back office', () => {
  it('imports prices by CSV: dry run, Apply with a progress bar, and the shop shows the new price', async () => {
    const products = await shopQuery<{ itemId: number; code: string; usd: number; stock: number; handle: string }>(
      `SELECT i.id AS itemId, s.part_number AS code, p.discount_price AS usd, s.available_total AS stock,
         seo.url_handle AS handle
       FROM item i JOIN sku s ON s.item_id = i.id JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD'
         JOIN seo ON seo.type = 'ITEM' AND seo.target_id = i.id AND seo.is_primary = 1
       WHERE i.us_status = 'ON_SHELVES' AND (SELECT count(*) FROM sku WHERE item_id = i.id) = 1
       ORDER BY i.id DESC LIMIT 3`,
    );
    const [target, unchanged, other] = products;
    const newPrice = target!.usd + 1234;
    const csv = [
      'sku_code,price_usd,price_cad,stock',
      `${target!.code},${dollars(newPrice)},,`,
      `${unchanged!.code},${dollars(unchanged!.usd)},,${unchanged!.stock}`,
      `${other!.code},not a price,,`,
      'NO-SUCH-SKU,10.00,,',
    ].join('\n');

    process.env.PASSWORD_PEPPER = TEST_SECRETS.PASSWORD_PEPPER; // the served shop's pepper
    const merchandiser = await writeStaff(
      { stateDir: theShop().stateDir },
      { email: `merch-${Date.now()}@staff.test`, name: 'Morgan Merch', role: 'merchandiser' },
    );
    const staff = await openPage(browser, 1280);
    await signIn(staff.page, merchandiser.email, merchandiser.password, merchandiser.totpSecret);
    await staff.page.click('nav a[href="/admin/catalog"]');
    await staff.page.waitForURL(/\/admin\/catalog$/);
    if (REVIEW_SHOTS) await staff.page.screenshot({ path: `${SHOTS}/D-catalog-list-1280.png`, fullPage: false });
    await staff.page.click('a[href="/admin/catalog/import"]');
    await staff.page.setInputFiles('input[name="file"]', {
      name: 'spring-prices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await staff.page.click('form[action="/admin/catalog/import"] button[type="submit"]');
    await staff.page.waitForURL(/\/admin\/catalog\/import\/[0-9a-f]{48}$/);
    const report = staff.page.locator('main');
    expect(await report.locator('[data-count="changes"] strong').textContent()).toBe('1');
    expect(await report.locator('[data-count="unchanged"] strong').textContent()).toBe('1');
    expect(await report.locator('[data-count="refused"] strong').textContent()).toBe('2');
    const change = report.locator(`tr[data-change="${target!.code}"]`);
    expect(await change.locator('td.old').first().textContent()).toBe(dollars(target!.usd));
    expect(await change.locator('td.new').first().textContent()).toBe(dollars(newPrice));
    expect(await report.locator('table[aria-label="Rows refused"]').textContent()).toContain('Unknown SKU');
    if (REVIEW_SHOTS) await staff.page.screenshot({ path: `${SHOTS}/D-import-report-1280.png`, fullPage: true });

    await staff.page.click('form[action$="/apply"] button[type="submit"]');
    const progress = staff.page.locator('.import-progress progress');
    await progress.first().waitFor({ state: 'attached' });
    await staff.page.locator('[data-import-state="applied"]').waitFor();
    expect(await staff.page.locator('[data-import-state="applied"] progress').getAttribute('value')).toBe('1');
    expect(await staff.page.locator('[data-import-state="applied"] [role="status"]').textContent()).toBe(
      'Applied. 1 SKUs changed.',
    );
    if (REVIEW_SHOTS) await staff.page.screenshot({ path: `${SHOTS}/D-import-applied-1280.png`, fullPage: true });

    const shopper = await openPage(browser, 390);
    await shopper.page.goto(`${us}/product/${target!.handle}`);
    expect(await shopper.page.locator('.product-price strong').first().textContent()).toBe(`$${dollars(newPrice)}`);
    expect(staff.errors).toEqual([]);
    await shopper.context.close();

    await staff.page.goto(`${us}/admin/catalog/${target!.itemId}`);
    expect(await staff.page.locator(`form[data-sku="${target!.code}"] input[name="priceUsd"]`).inputValue()).toBe(
      dollars(newPrice),
    );
    if (REVIEW_SHOTS) {
      await staff.page.screenshot({ path: `${SHOTS}/D-product-1280.png`, fullPage: true });
      await staff.page.setViewportSize({ width: 390, height: 900 });
      await staff.page.screenshot({ path: `${SHOTS}/D-product-390.png`, fullPage: true });
      await staff.page.goto(`${us}/admin/catalog`);
      await staff.page.screenshot({ path: `${SHOTS}/D-catalog-list-390.png`, fullPage: false });
      await staff.page.goto(`${us}/admin/catalog/import`);
      await staff.page.screenshot({ path: `${SHOTS}/D-import-390.png`, fullPage: true });
    }
    await staff.context.close();
  });
});
