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

const NEW_YORK = {
  market: 'us',
  firstName: 'Jane',
  lastName: 'Driver',
  phone: '2125550100',
  addressLine1: '350 5th Ave',
  city: 'New York',
  regionCode: 'NY',
  postalCode: '10001',
};

/** A guest's order of one in-stock part, placed through the API from a shop page, as the checkout page places it. */
async function placeGuestOrder(page: Page): Promise<string> {
  const [sku] = await shopQuery<{ id: number }>(
    `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id
     WHERE i.us_status = 'ON_SHELVES' AND s.available_total > 5 LIMIT 1`,
  );
  await page.goto(`${us}/admin/sign-in`);
  return page.evaluate(
    async ({ skuId, address }) => {
      const call = async (path: string, body: unknown) => {
        const response = await fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return ((await response.json()) as { data: Record<string, unknown> }).data;
      };
      await call('/order/public/buyer/cart/v2', { items: [{ skuId, itemCount: 2 }] });
      const quote = await call('/order/public/buyer/checkout/quote', { address });
      const placed = await call('/order/public/buyer/order/place', {
        idempotencyKey: `admin-e2e-${crypto.randomUUID()}`,
        email: 'jane.driver@example.com',
        address,
        paymentMethod: 'HOSTED_CARD',
        expectedTotal: quote.total as number,
      });
      return (placed.order as { orderId: string }).orderId;
    },
    { skuId: sku!.id, address: NEW_YORK },
  );
}

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

/** The same console page at desktop and tablet widths, into /tmp/shots/admin-NAME-WIDTH.png (E2E_SHOTS=1). */
async function screenshots(page: Page, name: string) {
  if (!REVIEW_SHOTS) return;
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/admin-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('the back office in the browser', () => {
  it('lets an owner add a fulfilment user, who is then refused the staff page', async () => {
    process.env.PASSWORD_PEPPER = TEST_SECRETS.PASSWORD_PEPPER; // the served shop's pepper
    const owner = await writeStaff(
      { stateDir: theShop().stateDir },
      { email: `owner-${Date.now()}@staff.test`, name: 'Olivia Owner', role: 'owner' },
    );
    const { context, page, errors } = await openPage(browser, 1280);
    await page.goto(`${us}/admin/sign-in`);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await screenshots(page, 'sign-in');
    await signIn(page, owner.email, owner.password, owner.totpSecret);
    expect(await page.locator('h1').textContent()).toBe('Welcome, Olivia Owner');

    await page.click('nav a[href="/admin/staff"]');
    const email = `fulfil-${Date.now()}@staff.test`;
    await page.fill('#new-email', email);
    await page.fill('#new-name', 'Felix Fulfil');
    await page.selectOption('#new-role', 'fulfilment');
    await page.click('form[aria-label="Add staff"] button[type="submit"]');
    const password = await page.locator('[data-field="password"]').textContent();
    const secret = await page.locator('[data-field="totp-secret"]').textContent();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect.poll(() => page.locator(`tr[data-staff="${email}"]`).count()).toBe(1);
    await screenshots(page, 'staff');

    const orderId = await placeGuestOrder(page);
    await page.goto(`${us}/admin/orders`);
    await page.fill('#q', 'jane.driver@example.com');
    await page.click('form[aria-label="Find orders"] button[type="submit"]');
    await screenshots(page, 'orders');
    await page.click(`tr[data-order="${orderId}"] a`);
    expect(await page.locator('h1').textContent()).toBe(`Order ${orderId}`);
    await screenshots(page, 'order');

    await page.click('form[action="/admin/sign-out"] button');
    await page.waitForURL(/\/admin\/sign-in$/);
    await signIn(page, email, password!, secret!);
    expect(await page.locator('nav a[href="/admin/staff"]').count()).toBe(0);
    const refused = await page.goto(`${us}/admin/staff`);
    expect(refused?.status()).toBe(403);
    expect(await page.locator('h1').textContent()).toBe('403 Forbidden');
    await screenshots(page, 'forbidden');
    expect(errors.filter((error) => !/status of 403/.test(error))).toEqual([]); // the 403 page itself
    await context.close();
  });
});
