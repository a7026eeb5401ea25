import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../shared/envelope.ts';
import { hydrated, launchBrowser, openPage } from './browser.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

/**
 * The product page's Proposition 65 warning (issue 40) is decided in the browser: the page is the same
 * for everyone, and the ZIP code the shop stored says whether the shopper is Californian.
 */

const us = theShop().us;
let browser: Browser;
let handle = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const [row] = await shopQuery<{ handle: string }>(
    `SELECT o.url_handle AS handle FROM seo o JOIN item i ON i.id = o.target_id
      WHERE o.type = 'ITEM' AND o.is_primary = 1 AND o.active = 1 AND i.us_status = 'ON_SHELVES'
        AND i.prop65_kind IS NOT NULL ORDER BY i.id LIMIT 1`,
  );
  handle = row!.handle;
});
afterAll(async () => {
  await browser?.close();
});

describe('the Prop 65 warning on the product page', () => {
  it('shows a shopper with a California ZIP code the warning and its website, and a Texan nothing', async () => {
    const { context, page, errors } = await openPage(browser, 390);
    // No guess from the visitor's location: the stored ZIP code alone decides.
    await page.route('**/infra/public/ip/*/zipcode', (route) => route.fulfill({ json: ok(null) }));
    await page.goto(`${us}/`);
    await page.evaluate(() => localStorage.setItem('postCode', '94105'));
    await page.goto(`${us}/product/${handle}`);
    await hydrated(page);
    const warning = page.locator('.product__summary [data-prop65]');
    await expect.poll(() => warning.count(), { timeout: 10_000 }).toBe(1);
    expect(await warning.textContent()).toMatch(
      /WARNING: This product can expose you to chemicals including .+ known to the State of California/,
    );
    expect(await warning.getByRole('link').getAttribute('href')).toMatch(/^https:\/\/www\.P65Warnings\.ca\.gov/i);

    await page.evaluate(() => localStorage.setItem('postCode', '73301'));
    await page.reload();
    await hydrated(page);
    expect(await page.locator('[data-prop65]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
