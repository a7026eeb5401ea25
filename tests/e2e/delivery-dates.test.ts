import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../shared/envelope.ts';
import { hydrated, launchBrowser, openPage, REVIEW_SHOTS } from './browser.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

const us = theShop().us;
const ca = theShop().ca;
let browser: Browser;
let handle = '';

/** 'Get it Tue, Dec 1 - Fri, Dec 4' (or a single date), as every estimate reads. */
const RANGE = /Get it (Mon|Tue|Wed|Thu|Fri), [A-Z][a-z]{2} \d{1,2}( - (Mon|Tue|Wed|Thu|Fri), [A-Z][a-z]{2} \d{1,2})?/;
const SHOTS = '/tmp/shots';

beforeAll(async () => {
  browser = await launchBrowser();
  const [row] = await shopQuery<{ handle: string }>(
    `SELECT o.url_handle AS handle FROM seo o JOIN item i ON i.id = o.target_id JOIN sku s
      ON s.item_id = i.id AND s.sort = 0
     WHERE o.type = 'ITEM' AND o.is_primary = 1 AND o.active = 1 AND i.us_status = 'ON_SHELVES'
       AND i.ca_status = 'ON_SHELVES' AND s.available_total >= 20
       AND EXISTS (SELECT 1 FROM sku_price p WHERE p.sku_id = s.id AND p.currency = 'CAD')
         ORDER BY i.id LIMIT 1 OFFSET 11`,
  );
  handle = row!.handle;
});
afterAll(async () => {
  await browser?.close();
});

/** The estimate's dates from its data attribute: 'YYYY-MM-DD/YYYY-MM-DD'. */
async function range(page: Page, selector: string): Promise<[string, string]> {
  const value = (await page.locator(selector).first().getAttribute('data-delivery-estimate'))!;
  return value.split('/') as [string, string];
}

const isWeekday = (iso: string) => ![0, 6].includes(new Date(`${iso}T12:00:00Z`).getUTCDay());
const today = () => new Date().toISOString().slice(0, 10);

const WAIT = { timeout: 10_000 };

/** Adds the test's part from its product page and waits for the header to count it. */
async function addToCart(page: Page, origin: string) {
  await page.goto(`${origin}/product/${handle}`);
  await hydrated(page);
  await page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
  await expect
    .poll(() => page.locator('[data-header="desktop"] [data-cart-count]').getAttribute('data-cart-count'), WAIT)
    .toBe('1');
}

async function productEstimate(page: Page, origin: string) {
  await page.goto(`${origin}/product/${handle}`);
  await hydrated(page);
  const estimate = page.locator('.product__summary [data-delivery-estimate]');
  await estimate.waitFor();
  return estimate;
}

describe('estimated delivery dates in the browser', () => {
  it("shows the product page an estimate for the whole market, then for the shopper's ZIP code", async () => {
    for (const width of [390, 1280]) {
      const { context, page, errors } = await openPage(browser, width);
      // A visitor whose address gives no postal code (the shop guesses one from it otherwise).
      await page.route('**/infra/public/ip/*/zipcode', (route) => route.fulfill({ json: ok(null) }));
      const estimate = await productEstimate(page, us);
      expect(await estimate.textContent()).toMatch(new RegExp(`^${RANGE.source} with Standard Shipping$`));
      const [earliest, latest] = await range(page, '.product__summary [data-delivery-estimate]');
      expect(earliest > today()).toBe(true);
      expect(latest >= earliest).toBe(true);
      expect([earliest, latest].every(isWeekday)).toBe(true);
      // The postal code the cart's estimate or sign-in keeps: Los Angeles is farther from Ohio than New York.
      await page.evaluate(() => localStorage.setItem('postCode', '10001'));
      await page.reload();
      await hydrated(page);
      await expect.poll(() => estimate.textContent(), WAIT).toMatch(/ with Standard Shipping to ZIP code 10001$/);
      const [, nearLatest] = await range(page, '.product__summary [data-delivery-estimate]');
      await page.evaluate(() => localStorage.setItem('postCode', '90210'));
      await page.reload();
      await hydrated(page);
      await expect.poll(() => estimate.textContent(), WAIT).toMatch(/to ZIP code 90210$/);
      const [, farLatest] = await range(page, '.product__summary [data-delivery-estimate]');
      expect(farLatest > nearLatest).toBe(true);
      if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/promises-product-${width}.png`, fullPage: false });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('shows the Canadian product page an estimate to the postal code', async () => {
    const { context, page, errors } = await openPage(browser, 1280);
    await page.goto(`${ca}/`);
    await page.evaluate(() => localStorage.setItem('postCode', 'V6B 1A1'));
    const estimate = await productEstimate(page, ca);
    await expect.poll(() => estimate.textContent(), WAIT).toMatch(/ with Standard Shipping to postal code V6B 1A1$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the cart and each shipping option at checkout when the parts arrive', async () => {
    for (const width of [390, 1280]) {
      const { context, page, errors } = await openPage(browser, width);
      await addToCart(page, us);
      await page.goto(`${us}/shopCart`);
      await hydrated(page);
      await page.getByLabel('ZIP code for shipping').fill('10001');
      await page.getByRole('button', { name: 'Estimate' }).click();
      const cartEstimate = page.locator('[data-cart-summary] [data-delivery-estimate]');
      await expect
        .poll(() => cartEstimate.textContent(), WAIT)
        .toMatch(new RegExp(`^${RANGE.source} to ZIP code 10001$`));
      if (REVIEW_SHOTS) {
        await page.locator('[data-cart-summary]').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/promises-cart-${width}.png`, fullPage: width === 390 });
      }

      await page.goto(`${us}/checkout`);
      await hydrated(page);
      await page.locator('[data-checkout]').getByLabel('Email', { exact: true }).fill('edd@example.com');
      const form = page.locator('[data-checkout-address]');
      await form.getByLabel('First name', { exact: true }).fill('Jane');
      await form.getByLabel('Last name', { exact: true }).fill('Driver');
      await form.getByLabel('Phone', { exact: true }).fill('2125550100');
      await form.getByLabel('Address', { exact: true }).fill('350 5th Ave');
      await form.getByLabel('City', { exact: true }).fill('New York');
      await form.getByLabel('State', { exact: true }).first().selectOption('NY');
      await form.getByLabel('ZIP code', { exact: true }).fill('10001');
      await form.getByRole('button', { name: 'Use this address' }).click();
      const standard = page.locator('[data-shipping-option="Standard Shipping"] [data-delivery-estimate]');
      const expedited = page.locator('[data-shipping-option="Expedited Shipping"] [data-delivery-estimate]');
      await expect.poll(() => standard.textContent(), WAIT).toMatch(new RegExp(`^${RANGE.source} to ZIP code 10001$`));
      expect(await expedited.textContent()).toMatch(RANGE);
      const [standardEarliest] = await range(
        page,
        '[data-shipping-option="Standard Shipping"]  [data-delivery-estimate]',
      );
      const [expeditedEarliest] = await range(
        page,
        '[data-shipping-option="Expedited Shipping"] [data-delivery-estimate]',
      );
      expect(expeditedEarliest < standardEarliest).toBe(true);
      if (REVIEW_SHOTS) {
        await page.locator('[aria-label="Estimated Delivery Date"]').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/promises-checkout-${width}.png`, fullPage: width === 390 });
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('tells the cart that a Puerto Rico ZIP code gets no delivery', async () => {
    const { context, page } = await openPage(browser, 1280);
    await addToCart(page, us);
    await page.goto(`${us}/shopCart`);
    await hydrated(page);
    await page.getByLabel('ZIP code for shipping').fill('00901');
    await page.getByRole('button', { name: 'Estimate' }).click();
    await expect
      .poll(() => page.locator('[data-cart-summary] [data-delivery-estimate="refused"]').textContent(), WAIT)
      .toBe('We do not ship to Puerto Rico. We ship to the 50 states and the District of Columbia only.');
    await context.close();
  });
});
