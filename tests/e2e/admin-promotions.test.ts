import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRETS } from '../../scripts/lib/dev-secrets.ts';
import { writeStaff } from '../../scripts/staff-lib.ts';
import { totpCode } from '../../worker/admin/totp.ts';
import { hydrated, launchBrowser, noticeShown, openPage, REVIEW_SHOTS } from './browser.ts';
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

async function signIn(page: Page, email: string, password: string, secret: string) {
  await page.goto(`${us}/admin/sign-in`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', password);
  await page.fill('input[name="code"]', await totpCode(secret));
  await page.click('form[action="/admin/sign-in"] button[type="submit"]');
  await page.waitForURL(/\/admin$/);
}

/** The page at desktop and phone widths, into /tmp/shots/admin-promotions-NAME-WIDTH.png (E2E_SHOTS=1). */
async function screenshots(page: Page, name: string) {
  if (!REVIEW_SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/admin-promotions-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const utc = (ms: number) => new Date(ms).toISOString().slice(0, 16);

describe('promotions in the back office', () => {
  it('a merchandiser creates a code, previews a cart, makes single-use codes, and a shopper uses one', async () => {
    process.env.PASSWORD_PEPPER = TEST_SECRETS.PASSWORD_PEPPER;
    const staff = await writeStaff(
      { stateDir: theShop().stateDir },
      { email: `merch-${Date.now()}@staff.test`, name: 'Mia Merch', role: 'merchandiser' },
    );
    const [part] = await shopQuery<{ partNumber: string; handle: string }>(
      `SELECT s.part_number AS partNumber, o.url_handle AS handle FROM seo o JOIN item i ON i.id = o.target_id
         JOIN sku s ON s.item_id = i.id AND s.sort = 0 JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD'
       WHERE o.type = 'ITEM' AND o.is_primary = 1 AND o.active = 1 AND i.us_status = 'ON_SHELVES'
         AND s.available_total > 20 AND p.discount_price > 3000 ORDER BY i.id DESC LIMIT 1`,
    );
    const { context, page, errors } = await openPage(browser, 1280);
    await signIn(page, staff.email, staff.password, staff.totpSecret);

    const code = `E2E${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
    await page.goto(`${us}/admin/promotions`);
    await page.getByRole('link', { name: 'New promotion' }).click();
    await page.waitForURL(/\/admin\/promotions\/new$/);
    await page.getByLabel('Name (shoppers read it in the cart)').fill('Partner $12 off');
    await page.getByLabel('Kind').selectOption('PROMOTION_CODE');
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByLabel('Gives').selectOption('FIXED_AMOUNT');
    await page.getByLabel('Value (percent, or dollars)').fill('12');
    await page.getByLabel('Starts (UTC)').fill(utc(Date.now() - 3_600_000));
    await page.getByLabel('Ends (UTC)').fill(utc(Date.now() + 7 * 86_400_000));
    await screenshots(page, 'new');
    await page.getByRole('button', { name: 'Create promotion' }).click();
    await page.waitForURL(/\/admin\/promotions\/\d+\?done=created/);
    await page.getByText('Promotion created.').waitFor();

    await page.getByLabel('Parts (one per line: part number and quantity)').fill(`${part!.partNumber} 2`);
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('[data-preview-adjustment]').waitFor();
    expect(await page.locator('[data-preview-adjustment] dd').textContent()).toContain('-$12.00');
    await screenshots(page, 'preview');

    await page.getByLabel('How many (1 to 1000)').fill('3');
    await page.getByLabel('Prefix (optional)').fill('MAIL');
    await page.getByRole('button', { name: 'Make codes' }).click();
    await page.getByText('3 codes, 0 used.').waitFor();
    const csv = await page.evaluate(
      async (href) => (await fetch(href)).text(),
      `${new URL(page.url()).pathname}/codes.csv`,
    );
    const single = csv.trim().split('\n')[1]!.split(',')[0]!;
    expect(single).toMatch(/^MAIL-[A-Z2-9]{8}$/);
    await screenshots(page, 'codes');

    // A shopper types the single-use code in the cart and gets the $12.00 off.
    const shopper = await openPage(browser, 390);
    await shopper.page.goto(`${us}/product/${part!.handle}`);
    await hydrated(shopper.page);
    await shopper.page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    await noticeShown(shopper.page, 'Added to cart');
    await shopper.page.goto(`${us}/shopCart`);
    await shopper.page.locator('[data-cart-line]').first().waitFor();
    await hydrated(shopper.page);
    await shopper.page.getByLabel('Coupon or promotion code').fill(single.toLowerCase());
    await shopper.page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => shopper.page.locator('[data-discount="PROMOTION_CODE"] dd').textContent()).toBe('-$12.00');
    expect(shopper.errors).toEqual([]);
    await shopper.context.close();
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});
