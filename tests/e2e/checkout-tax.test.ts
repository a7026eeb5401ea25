import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, openPage, REVIEW_SHOTS } from './browser.ts';
import { fillAddress, payWithTestCard } from './checkout-steps.ts';
import { registerMember, signIn } from './members.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

/**
 * What the shopper reads of sales tax (issue 39), in Chromium against the seeded shop (the offline
 * table: local development calls no tax service): each tax named with its rate, the combined rate
 * and whether shipping is taxed, no tax and a true sentence where the shop does not collect, and the
 * same taxes on the invoice. With E2E_SHOTS=1, screenshots at 390 and 1280 px go to /tmp/shots-tax/.
 */

const us = theShop().us;
const ca = theShop().ca;
const SHOTS = '/tmp/shots-tax';
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
         ORDER BY i.id LIMIT 1 OFFSET 9`,
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

/** The page at both widths, whole, for review (E2E_SHOTS=1); left at 1280 px, as every page here starts. */
async function shoot(page: Page, name: string) {
  if (!REVIEW_SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

describe('sales tax at checkout and on the invoice', () => {
  it('names GST and PST with their rates in Vancouver and the combined rate, as the invoice does', async () => {
    const email = `tax-bc-${Date.now()}@example.com`;
    const token = await registerMember(ca, email, 'correct horse battery');
    const { context, page, errors } = await openPage(browser, 1280);
    await signIn(context, ca, token);
    await addToCart(page, ca);
    await page.goto(`${ca}/checkout`);
    await hydrated(page);
    await fillAddress(page, {
      first: 'Mira',
      line1: '800 Robson St',
      city: 'Vancouver',
      region: 'BC',
      regionLabel: 'Province/Territory',
      postal: 'V6B 4Y8',
      postalLabel: 'Postal code',
    });
    const taxes = page.locator('[data-checkout-summary] [data-tax]');
    await expect.poll(() => taxes.count()).toBe(2);
    expect(await taxes.allTextContents()).toEqual([
      expect.stringMatching(/^GST \(5%\)CA\$[\d,]+\.\d\d$/),
      expect.stringMatching(/^PST \(7%\)CA\$[\d,]+\.\d\d$/),
    ]);
    expect(await page.locator('[data-tax-note="rates"]').textContent()).toMatch(
      /^Combined sales tax 12% on parts for this address; shipping (is|is not) taxed\.$/,
    );
    await shoot(page, 'checkout-vancouver');
    const checkoutTaxes = await taxes.allTextContents();
    await page.locator('[data-place-order]').click();
    await payWithTestCard(page);
    await page.getByRole('link', { name: 'Invoice' }).click();
    const invoice = (await page.locator('body').textContent())!;
    for (const line of checkoutTaxes) {
      const [, name, rate] = /^(.+) \((.+)\)/.exec(line)!;
      expect(invoice).toContain(`${name} (${rate})`);
    }
    await shoot(page, 'invoice-vancouver');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('charges no tax in Denver, where the shop is not registered, and says so truthfully', async () => {
    const { context, page, errors } = await openPage(browser, 1280);
    await addToCart(page, us);
    await page.goto(`${us}/checkout`);
    await hydrated(page);
    await page.locator('[data-checkout]').getByLabel('Email', { exact: true }).fill('tax-denver@example.com');
    await fillAddress(page, {
      first: 'Dana',
      line1: '1437 Bannock St',
      city: 'Denver',
      region: 'CO',
      regionLabel: 'State',
      postal: '80202',
      postalLabel: 'ZIP code',
    });
    await page.locator('[data-tax-note="note"]').waitFor();
    expect(await page.locator('[data-tax-note="note"]').textContent()).toBe(
      "We don't collect sales tax on orders shipped to Colorado. You may owe use tax to Colorado on this purchase.",
    );
    expect(await page.locator('[data-checkout-summary] [data-tax]').count()).toBe(0);
    await shoot(page, 'checkout-denver');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names the state tax with its rate in Columbus and shows the combined rate only where taxes add up', async () => {
    const { context, page, errors } = await openPage(browser, 1280);
    await addToCart(page, us);
    await page.goto(`${us}/checkout`);
    await hydrated(page);
    await page.locator('[data-checkout]').getByLabel('Email', { exact: true }).fill('tax-columbus@example.com');
    await fillAddress(page, {
      first: 'Olive',
      line1: '90 W Broad St',
      city: 'Columbus',
      region: 'OH',
      regionLabel: 'State',
      postal: '43215',
      postalLabel: 'ZIP code',
    });
    const taxes = page.locator('[data-checkout-summary] [data-tax]');
    await expect.poll(() => taxes.count()).toBe(1);
    expect(await taxes.first().textContent()).toMatch(/^Ohio state tax \(5\.75%\)\$[\d,]+\.\d\d$/);
    expect(await page.locator('[data-tax-note]').count()).toBe(0);
    await shoot(page, 'checkout-columbus');
    expect(errors).toEqual([]);
    await context.close();
  });
});
