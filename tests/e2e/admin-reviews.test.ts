import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRETS } from '../../scripts/lib/dev-secrets.ts';
import { writeStaff } from '../../scripts/staff-lib.ts';
import { totpCode } from '../../worker/admin/totp.ts';
import { hydrated, launchBrowser, openPage, REVIEW_SHOTS } from './browser.ts';
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

/** A shopper writes a review on the product page, through its form. */
async function writeReview(page: Page, handle: string, title: string) {
  await page.goto(`${us}/product/${handle}`);
  await hydrated(page);
  await page.locator('.review-write summary').click();
  const form = page.locator('[data-form="review"]');
  await form.locator('select[name="rating"]').selectOption('4');
  await form.locator('input[name="title"]').fill(title);
  await form.locator('textarea[name="content"]').fill('Bolted straight on, the fit was spot on.');
  await form.locator('input[name="name"]').fill('Riley');
  await form.locator('button[type="submit"]').click();
  await page.locator('[data-review-state="sent"]').waitFor();
}

describe('review moderation in the browser', () => {
  it('lets a support user publish a pending review, which then shows on the product page', async () => {
    const [product] = await shopQuery<{ handle: string }>(
      `SELECT s.url_handle AS handle FROM item i JOIN seo s ON s.type = 'ITEM' AND s.target_id = i.id
        AND s.is_primary = 1 AND s.active = 1
       WHERE i.us_status = 'ON_SHELVES' AND i.id NOT IN (SELECT item_id FROM review WHERE status = 'PUBLISHED')
       ORDER BY i.id LIMIT 1`,
    );
    const title = `Moderated in the browser ${Date.now()}`;
    const shopper = await openPage(browser, 1280);
    await writeReview(shopper.page, product!.handle, title);
    expect(await shopper.page.locator('.product-reviews').textContent()).not.toContain(title);
    const [review] = await shopQuery<{ id: number }>(`SELECT id FROM review WHERE title = '${title}'`);

    process.env.PASSWORD_PEPPER = TEST_SECRETS.PASSWORD_PEPPER; // the served shop's pepper
    const support = await writeStaff(
      { stateDir: theShop().stateDir },
      { email: `support-${Date.now()}@staff.test`, name: 'Sam Support', role: 'support' },
    );
    const staff = await openPage(browser, 1280);
    await signIn(staff.page, support.email, support.password, support.totpSecret);
    await staff.page.click('nav a[href="/admin/reviews"]');
    const card = staff.page.locator(`article[data-review="${review!.id}"]`);
    expect(await card.textContent()).toContain(title);
    if (REVIEW_SHOTS) await staff.page.screenshot({ path: `${SHOTS}/admin-reviews-1280.png`, fullPage: true });
    await card.locator('form[aria-label="Publish"] button').click();
    await staff.page.waitForURL(/done=published/);
    expect(await staff.page.locator('[role="status"]').textContent()).toBe(
      `Review ${review!.id} published. It now shows on the product page.`,
    );
    expect(await staff.page.locator(`article[data-review="${review!.id}"]`).count()).toBe(0);

    await shopper.page.goto(`${us}/product/${product!.handle}`);
    const reviews = shopper.page.locator('.product-reviews');
    expect(await reviews.textContent()).toContain(title);
    expect(await reviews.locator('[data-rating]').textContent()).toMatch(/from \d+ reviews?/);
    expect([...shopper.errors, ...staff.errors]).toEqual([]);
    await shopper.context.close();
    await staff.context.close();
  });
});
