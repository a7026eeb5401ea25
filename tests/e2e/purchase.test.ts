import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, openPage } from './browser.ts';
import { registerMember } from './members.ts';
import { shopQuery } from './shop-db.ts';
import { fillAddress, payWithTestCard } from './checkout-steps.ts';
import { theShop } from './shop.ts';

const us = theShop().us;
const ca = theShop().ca;
let browser: Browser;
let handle = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const [row] = await shopQuery<{ handle: string }>(
    `SELECT o.url_handle AS handle FROM seo o JOIN item i ON i.id = o.target_id JOIN sku s
      ON s.item_id = i.id AND s.sort = 0
     WHERE o.type = 'ITEM' AND o.is_primary = 1 AND o.active = 1 AND i.us_status = 'ON_SHELVES'
       AND i.ca_status = 'ON_SHELVES' AND s.available_total >= 20
       AND EXISTS (SELECT 1 FROM sku_price p WHERE p.sku_id = s.id AND p.currency = 'CAD')
         ORDER BY i.id LIMIT 1 OFFSET 7`,
  );
  handle = row!.handle;
});
afterAll(async () => {
  await browser?.close();
});

async function addToCart(page: Page, origin: string) {
  await page.goto(`${origin}/product/${handle}`);
  await hydrated(page);
  await page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
  await expect
    .poll(() => page.locator('[data-header="desktop"] [data-cart-count]').getAttribute('data-cart-count'))
    .toBe('1');
}

describe('the whole purchase in the browser', () => {
  it('a US visitor checks out, pays in the sandbox window, and finds the invoice and public tracking', async () => {
    const { context, page, errors } = await openPage(browser, 1440);
    await addToCart(page, us);
    await page.goto(`${us}/checkout`);
    await hydrated(page);
    await page.locator('[data-checkout]').getByLabel('Email', { exact: true }).fill('visitor-purchase@example.com');
    // A known ZIP code fills in the city and the state.
    const form = page.locator('[data-checkout-address]');
    await form.getByLabel('ZIP code', { exact: true }).fill('10001');
    await form.getByLabel('ZIP code', { exact: true }).press('Tab');
    await expect.poll(() => form.getByLabel('City', { exact: true }).inputValue()).toBe('New York');
    expect(await form.getByLabel('State', { exact: true }).first().inputValue()).toBe('NY');
    await fillAddress(page, {
      first: 'Jane',
      line1: '350 5th Ave',
      city: 'New York',
      region: 'NY',
      regionLabel: 'State',
      postal: '10001',
      postalLabel: 'ZIP code',
    });
    await expect.poll(() => page.locator('[data-tax]').first().textContent()).toMatch(/4%/);
    const total = (await page.locator('[data-checkout-summary] [data-total]').textContent())!;
    await page.locator('[data-place-order]').click();
    const orderId = await payWithTestCard(page);
    expect(orderId).toMatch(/^US\d{6}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
    expect(await page.locator('.order-result').textContent()).toContain(total);

    await page.getByRole('link', { name: 'Invoice' }).click();
    expect(await page.locator('body').textContent()).toContain(orderId);
    expect(await page.locator('body').textContent()).toContain(total);
    await page.goto(`${us}/order/track?orderNo=${orderId}&email=visitor-purchase@example.com`);
    expect(await page.locator('body').textContent()).toContain('Processing');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a Canadian member checks out in CA$, with HST, and sees the order in the order history', async () => {
    const email = `ca-member-${Date.now()}@example.com`;
    await registerMember(ca, email, 'correct horse battery');
    const { context, page, errors } = await openPage(browser, 1440);
    await page.goto(`${ca}/login`);
    await hydrated(page);
    await page.locator('main').getByLabel('Email', { exact: true }).fill(email);
    await page.locator('main').getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await addToCart(page, ca);
    await page.goto(`${ca}/checkout`);
    await hydrated(page);
    await fillAddress(page, {
      first: 'Jean',
      line1: '290 Bremner Blvd',
      city: 'Toronto',
      region: 'ON',
      regionLabel: 'Province/Territory',
      postal: 'M5V 3L9',
      postalLabel: 'Postal code',
    });
    await expect.poll(() => page.locator('[data-tax]').first().textContent()).toMatch(/HST \(13%\)/);
    expect(await page.locator('[data-checkout-summary] [data-total]').textContent()).toMatch(/^CA\$[\d,]+\.\d\d$/);
    await page.locator('[data-place-order]').click();
    const orderId = await payWithTestCard(page);
    expect(orderId).toMatch(/^CA\d{6}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
    await page.goto(`${ca}/myAccount?type=orderHistory`);
    expect(await page.locator('body').textContent()).toContain(orderId);
    expect(errors).toEqual([]);
    await context.close();
  });
});
