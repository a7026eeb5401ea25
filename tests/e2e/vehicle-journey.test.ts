import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickVehicle } from './vehicle-selector.ts';
import { hydrated, launchBrowser, noticeShown, openPage } from './browser.ts';
import { fillAddress, payInWindow, payWithTestCard } from './checkout-steps.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

const us = theShop().us;
const ca = theShop().ca;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Journey {
  market: 'us' | 'ca';
  origin: string;
  /** The width up to the cart, then the width of cart, checkout and payment: each market sees both. */
  widths: [number, number];
  address: Parameters<typeof fillAddress>[1];
  email: string;
}

const JOURNEYS: Journey[] = [
  {
    market: 'us',
    origin: us,
    widths: [1280, 390],
    email: 'journey-us@example.com',
    address: {
      first: 'Jane',
      line1: '350 5th Ave',
      city: 'New York',
      region: 'NY',
      regionLabel: 'State',
      postal: '10001',
      postalLabel: 'ZIP code',
    },
  },
  {
    market: 'ca',
    origin: ca,
    widths: [390, 1280],
    email: 'journey-ca@example.com',
    address: {
      first: 'Jean',
      line1: '290 Bremner Blvd',
      city: 'Toronto',
      region: 'ON',
      regionLabel: 'Province/Territory',
      postal: 'M5V 3L9',
      postalLabel: 'Postal code',
    },
  },
];

/** A category in which a part fits the whole 2015 Honda Civic model year and is for sale in the market. */
async function fittingCategory(market: 'us' | 'ca'): Promise<number> {
  const [row] = await shopQuery<{ id: number }>(
    `SELECT i.back_category_id AS id FROM fitment f JOIN item i ON i.id = f.item_id
       JOIN vehicle_node m ON m.id = f.model_node_id JOIN vehicle_make mk ON mk.id = m.make_id
       JOIN vehicle_model md ON md.id = m.model_id JOIN sku s ON s.item_id = i.id AND s.sort = 0
     WHERE mk.name = 'Honda' AND md.name = 'Civic' AND m.year = 2015 AND f.node_level = 3
       AND i.${market}_status = 'ON_SHELVES' AND s.available_total >= 5
     ORDER BY i.id LIMIT 1`,
  );
  expect(row, 'the catalog has a part for the whole 2015 Civic').toBeDefined();
  return row!.id;
}

async function chooseCivic(page: Page, origin: string) {
  await page.goto(`${origin}/parts`);
  await pickVehicle(page, { year: '2015', make: 'Honda', model: 'Civic' });
  await page.waitForURL(/\/parts\/\d+-2015-honda-civic$/);
}

describe('from “my car” to a paid order, without dead ends', () => {
  const named = (journey: Journey) =>
    `${journey.market.toUpperCase()} at ${journey.widths.join(' then ')}px: vehicle, its parts, a fitting part, ` +
    'decline, Pay now';
  for (const journey of JOURNEYS)
    it(named(journey), async () => {
      const { context, page, errors } = await openPage(browser, journey.widths[0]);
      const categoryId = await fittingCategory(journey.market);
      await chooseCivic(page, journey.origin);
      expect(await page.locator('h1').textContent()).toBe('Parts for your 2015 Honda Civic');

      // The category tile opens its parts for the vehicle, headed with both, only fitting ones shown.
      await page.locator(`.vehicle-parts__categories a[data-category-id="${categoryId}"]`).click();
      await page.waitForURL(/\/search\?category=\d+&attributeValueId=\d+/);
      expect(await page.locator('h1').textContent()).toContain('for 2015 Honda Civic');
      const fitting = page.locator('.product-card', { has: page.locator('[data-fit="FIT"]') }).first();
      await fitting.waitFor();
      await fitting.locator('a').first().click();
      await page.waitForURL(/\/product\//);
      await page.locator('[data-fit="FIT"]').waitFor();
      await hydrated(page);
      await page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
      await noticeShown(page, 'Added to cart');

      // The cart and checkout say the part fits the vehicle (at the other width).
      await page.setViewportSize({ width: journey.widths[1], height: 900 });
      await page.goto(`${journey.origin}/shopCart`);
      await page.locator('[data-cart-line] [data-fit="FIT"]').first().waitFor();
      await page.goto(`${journey.origin}/checkout`);
      await hydrated(page);
      await page.locator('[data-checkout-lines] [data-fit="FIT"]').first().waitFor();
      await page.locator('[data-checkout]').getByLabel('Email', { exact: true }).fill(journey.email);
      await fillAddress(page, journey.address);
      await page.locator('[data-place-order]').click();
      await payInWindow(page, '4000 0000 0000 0002');
      await page.locator('[data-order-result="FAILED"]').waitFor({ timeout: 20_000 });
      expect(await page.locator('[data-cart-kept]').textContent()).toContain('still in your cart');

      await page.locator('[data-pay-again] button', { hasText: 'Pay now' }).click();
      const orderId = await payWithTestCard(page);
      expect(orderId.startsWith(journey.market.toUpperCase())).toBe(true);
      const result = page.locator('.order-result');
      expect(await result.locator('[data-confirmation-sent]').textContent()).toBe(
        `A confirmation was sent to ${journey.email}.`,
      );
      expect(await result.locator('[data-ship-to]').textContent()).toContain(journey.address.city);
      await result.locator('[data-continue-shopping]').click();
      await page.goto(`${journey.origin}/shopCart`);
      await hydrated(page);
      await expect.poll(() => page.locator('[data-cart-line]').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }, 180_000);
});
