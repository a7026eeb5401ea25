import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, openPage, REVIEW_SHOTS } from './browser.ts';
import { pickVehicle } from './vehicle-selector.ts';
import { theShop } from './shop.ts';

const us = theShop().us;
const ca = theShop().ca;
const SHOTS = '/tmp/shots';
const WAIT = { timeout: 30_000 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  if (REVIEW_SHOTS) mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** The URL a hero list's first picture was loaded from ('data:' when the layout does not show it). */
function firstPicture(page: Page, list: 'desktop' | 'mobile') {
  return page
    .locator(`[data-hero="${list}"] img`)
    .first()
    .evaluate((img: HTMLImageElement) => img.currentSrc);
}

describe('the home page in a browser', () => {
  it('closes the announcement bar and keeps it closed for the rest of the visit', async () => {
    const { context, page, errors } = await openPage(browser, 1280);
    await page.goto(us);
    await hydrated(page);
    const bar = page.locator('.announcement-bar');
    await bar.waitFor();
    expect(await bar.textContent()).toContain('-day returns on unused parts');
    await page.getByRole('button', { name: 'Close announcements' }).click();
    await bar.waitFor({ state: 'detached' });
    await page.reload();
    await hydrated(page);
    expect(await page.locator('.announcement-bar').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
    // A new visit shows it again.
    const next = await openPage(browser, 1280);
    await next.page.goto(us);
    await next.page.locator('.announcement-bar').waitFor();
    await next.context.close();
  });

  it('shows the mobile banner on a phone, the desktop one on a desktop, each loading only its picture', async () => {
    for (const [width, shown, hidden] of [
      [390, 'mobile', 'desktop'],
      [1280, 'desktop', 'mobile'],
    ] as const) {
      const { context, page, errors } = await openPage(browser, width);
      await page.goto(us);
      await page.locator(`[data-hero="${shown}"]`).waitFor({ state: 'visible' });
      expect(await page.locator(`[data-hero="${hidden}"]`).isVisible()).toBe(false);
      await expect
        .poll(() => firstPicture(page, shown), WAIT)
        .toMatch(/\/assets\/static\/home\/[a-z-]+-[0-9A-F]{8}\.svg$/);
      expect(await firstPicture(page, hidden)).toMatch(/^data:/);
      await hydrated(page);
      if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/A-home-${width}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  /**
   * Opens the home page until the row shows: a personal row is an extra that stays empty when its
   * call fails (a busy shop), so a reload, as a shopper would, tries again.
   */
  async function rowShown(page: Page, row: Locator) {
    await expect
      .poll(
        async () => {
          await page.goto(us);
          await hydrated(page);
          return row
            .first()
            .waitFor({ timeout: 8_000 })
            .then(() => true)
            .catch(() => false);
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(true);
  }

  it('adds "Fits your vehicle" once a vehicle is chosen, and "Recently viewed" after a product', async () => {
    const { context, page, errors } = await openPage(browser, 1280);
    await page.goto(us);
    await hydrated(page);
    expect(await page.locator('[data-home-row="fits-your-vehicle"] h2').count()).toBe(0);
    await pickVehicle(page, { year: '2013', make: 'Ford', model: 'F-150' });
    await page.waitForURL(/\/parts\//);
    const fits = page.locator('[data-home-row="fits-your-vehicle"] h2');
    await rowShown(page, fits);
    expect(await fits.textContent()).toBe('Fits your 2013 Ford F-150');
    expect(await page.locator('[data-home-row="fits-your-vehicle"] .product-card').count()).toBeGreaterThan(0);

    const product = page.locator('#home-top-deals ~ ul .product-card a').first();
    const href = await product.getAttribute('href');
    await page.goto(`${us}${href}`);
    await hydrated(page);
    // The product page records the view in this browser once its island has run.
    await page.waitForFunction(() => (localStorage.getItem('recently-viewed') ?? '[]') !== '[]', undefined, WAIT);
    const viewed = page.locator('[data-home-row="recently-viewed"] .product-card a');
    await rowShown(page, viewed);
    expect(await viewed.first().getAttribute('href')).toBe(href);
    if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/A-home-rows-1280.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);

  it('shows the Canadian site its own announcement and prices in CA$', async () => {
    const { context, page, errors } = await openPage(browser, 390);
    await page.goto(ca);
    await page.locator('.announcement-bar').waitFor();
    expect(await page.locator('.announcement-bar').textContent()).toContain('Every price is in CA$');
    expect(await page.locator('#home-top-deals ~ ul .product-card__price').first().textContent()).toMatch(/^CA\$/);
    await hydrated(page);
    if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/A-home-ca-390.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
