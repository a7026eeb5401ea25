import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, openPage } from './browser.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

/**
 * The cart's offers in the browser (issue 36 item 7): what the cart is short of is said once, above
 * the add-on parts, never "unlocks with a qualifying part" beside a qualifying part; the estimate's
 * chosen option reads Free when the summary does; one newsletter sign-up on the page.
 */

const us = theShop().us;
let browser: Browser;
let pad: { id: number; price: number };

beforeAll(async () => {
  browser = await launchBrowser();
  [pad] = (await shopQuery<{ id: number; price: number }>(
    `SELECT s.id, p.discount_price AS price FROM sku s JOIN item i ON i.id = s.item_id
     JOIN category c ON c.id = i.back_category_id JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD'
     WHERE i.us_status = 'ON_SHELVES' AND s.available_total >= 20 AND c.handle = 'brake-pads'
       AND p.discount_price BETWEEN 2500 AND 5000 ORDER BY s.id LIMIT 1`,
  )) as [{ id: number; price: number }];
});
afterAll(async () => {
  await browser?.close();
});

/** A cart of `count` brake pads, opened on /shopCart at `width`. */
async function cartOf(count: number, width: number): Promise<Page> {
  const { page } = await openPage(browser, width);
  await page.goto(`${us}/`);
  const status = await page.evaluate(
    async (body) => {
      const answer = await fetch('/order/public/buyer/cart/v2', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return answer.status;
    },
    { items: [{ skuId: pad.id, itemCount: count }] },
  );
  expect(status).toBe(200);
  await page.goto(`${us}/shopCart`);
  await hydrated(page);
  return page;
}

describe("the cart's offers", () => {
  for (const width of [390, 1280]) {
    it(`says once what unlocks the add-on prices, with a brake part in the cart (${width} px)`, async () => {
      const page = await cartOf(1, width);
      const addOns = page.locator('[data-addons]');
      await addOns.waitFor();
      const short = 10_000 - pad.price;
      await expect
        .poll(() => page.locator('[data-addons-locked]').allTextContents())
        .toEqual([`Spend $${(short / 100).toFixed(2)} more to unlock the add-on prices.`]);
      expect(await page.getByText('unlock the add-on prices').count()).toBe(1);
      expect(await page.getByText('The price unlocks with a qualifying part').count()).toBe(0);
      await expect.poll(() => page.locator('input[type="email"]:visible').count()).toBe(1);
      await page.context().close();
    });
  }

  it('reads the chosen shipping option Free in the estimate when the summary does', async () => {
    const page = await cartOf(Math.ceil(9_900 / pad.price), 1280);
    const chosen = page.locator('.shipping-estimate [data-chosen="true"]');
    await expect.poll(() => chosen.locator('[data-free-shipping]').textContent()).toBe('Free');
    await expect.poll(() => page.locator('.cart-summary').getByText('Free', { exact: true }).count()).toBe(1);
    await page.context().close();
  });
});
