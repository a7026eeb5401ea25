import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, openPage, REVIEW_SHOTS } from './browser.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

const us = theShop().us;
const SHOTS = '/tmp/shots';
let browser: Browser;
let handle = '';

beforeAll(async () => {
  browser = await launchBrowser();
  if (REVIEW_SHOTS) mkdirSync(SHOTS, { recursive: true });
  const [row] = await shopQuery<{ handle: string }>(
    `SELECT o.url_handle AS handle FROM seo o JOIN item i ON i.id = o.target_id JOIN sku s
      ON s.item_id = i.id AND s.sort = 0
     WHERE o.type = 'ITEM' AND o.is_primary = 1 AND o.active = 1 AND i.us_status = 'ON_SHELVES'
       AND s.available_total >= 20 ORDER BY i.id LIMIT 1 OFFSET 11`,
  );
  handle = row!.handle;
});
afterAll(async () => {
  await browser?.close();
});

/** A visitor with one part in the cart, on the checkout page. */
async function checkoutWithPart(page: Page) {
  await page.goto(`${us}/product/${handle}`);
  await hydrated(page);
  await page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
  await expect
    .poll(() => page.locator('[data-header="desktop"] [data-cart-count]').getAttribute('data-cart-count'))
    .toBe('1');
  await page.goto(`${us}/checkout`);
  await hydrated(page);
  await page.locator('[data-checkout-address]').waitFor();
}

async function fillAddress(page: Page, postalCode: string, region = 'NY') {
  const form = page.locator('[data-checkout-address]');
  await form.getByLabel('First name', { exact: true }).fill('Émilie');
  await form.getByLabel('Last name', { exact: true }).fill("O'Brien-Smith");
  await form.getByLabel('Phone', { exact: true }).fill('(212) 555-0100');
  await form.getByLabel('Address', { exact: true }).fill('350 5th Ave');
  await form.getByLabel('City', { exact: true }).fill('New York');
  await form.getByLabel('State', { exact: true }).selectOption(region);
  await form.getByLabel('ZIP code', { exact: true }).fill(postalCode);
  await form.getByRole('button', { name: 'Use this address' }).click();
}

const focusedName = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name);

/** The message under a field, read through the field's own aria-describedby. */
const describedBy = (page: Page, name: string) =>
  page.evaluate((field) => {
    const input = document.querySelector<HTMLElement>(`[data-checkout] [name="${field}"]`);
    const id = input?.getAttribute('aria-describedby');
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  }, name);

describe('checkout form errors', () => {
  it('shows a bad ZIP code at its field, focuses it, and says why Place order is disabled', async () => {
    const { context, page, errors } = await openPage(browser, 1280);
    await checkoutWithPart(page);
    const placeOrder = page.locator('[data-place-order]');
    expect(await placeOrder.isDisabled()).toBe(true);
    const reason = page.locator('[data-disabled-reason]');
    expect(await reason.textContent()).toBe(
      'Enter your shipping address and choose “Use this address” to place your order',
    );
    expect(await placeOrder.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'));

    await fillAddress(page, '1234');
    const zip = page.locator('[data-checkout-address] [name="postalCode"]');
    await expect.poll(() => zip.getAttribute('aria-invalid'), { timeout: 15_000 }).toBe('true');
    expect(await describedBy(page, 'postalCode')).toBe('Please enter a valid ZIP code.');
    expect(await page.locator('[data-field="postalCode"] .field-error').textContent()).toBe(
      'Please enter a valid ZIP code.',
    );
    expect(await focusedName(page)).toBe('postalCode');
    // Only the ZIP code is wrong: the accented name, the apostrophe and the phone's format are fine.
    expect(await page.locator('[data-checkout] [aria-invalid="true"]').count()).toBe(1);
    expect(await page.locator('.checkout__summary .form-error').count()).toBe(0);
    if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/forms-checkout-1280.png`, fullPage: true });

    // A ZIP code of another state is refused by the server, and placed at the same field without its name.
    await fillAddress(page, '97201');
    await expect
      .poll(() => describedBy(page, 'postalCode'), { timeout: 15_000 })
      .toBe('This ZIP code does not belong to the selected state.');
    await expect.poll(() => focusedName(page)).toBe('postalCode');
    expect(await page.locator('.checkout__summary .form-error').count()).toBe(0);

    await fillAddress(page, '10001');
    await page.locator('[data-address-confirmed]').waitFor();
    expect(await zip.getAttribute('aria-invalid')).toBeNull();
    await expect.poll(() => placeOrder.isDisabled(), { timeout: 15_000 }).toBe(false);
    expect(await reason.count()).toBe(0);
    // The refused ZIP code of another state is a 400 the browser logs; nothing else went wrong.
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await context.close();
  });

  it('on a phone, marks every invalid field, focuses the first and fills with the address tokens', async () => {
    const { context, page } = await openPage(browser, 390);
    await checkoutWithPart(page);
    const form = page.locator('[data-checkout-address]');
    const tokens = await form
      .locator('input, select')
      .evaluateAll((fields) => fields.map((field) => [field.getAttribute('name'), field.getAttribute('autocomplete')]));
    expect(tokens).toEqual([
      ['firstName', 'shipping given-name'],
      ['lastName', 'shipping family-name'],
      ['phone', 'shipping tel'],
      ['addressLine1', 'shipping address-line1'],
      ['addressLine2', 'shipping address-line2'],
      ['city', 'shipping address-level2'],
      ['regionCode', 'shipping address-level1'],
      ['postalCode', 'shipping postal-code'],
    ]);
    expect(await page.locator('[data-checkout] [name="email"]').getAttribute('autocomplete')).toBe('email');
    await form.getByLabel('First name', { exact: true }).fill('1234');
    await form.getByLabel('Phone', { exact: true }).fill('555-0100');
    await form.getByLabel('ZIP code', { exact: true }).fill('ABCDE');
    await form.getByRole('button', { name: 'Use this address' }).click();
    await expect.poll(() => focusedName(page), { timeout: 15_000 }).toBe('firstName');
    expect(await describedBy(page, 'firstName')).toBe('Name must include English letters.');
    expect(await describedBy(page, 'phone')).toBe('Please enter 10 to 11 characters.');
    expect(await describedBy(page, 'postalCode')).toBe('Please enter a valid ZIP code.');
    if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/forms-checkout-390.png`, fullPage: true });
    // Correcting a field clears its error.
    await form.getByLabel('First name', { exact: true }).fill('Émilie');
    expect(await form.locator('[name="firstName"]').getAttribute('aria-invalid')).toBeNull();
    await context.close();
  });
});
