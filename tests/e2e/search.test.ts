import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickVehicle } from './vehicle-selector.ts';
import { launchBrowser, openPage, hydrated } from './browser.ts';
import { theShop } from './shop.ts';

const us = theShop().us;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('typeahead', () => {
  it('suggests as the shopper types, after a pause, and goes to the suggestion', async () => {
    const { context, page } = await openPage(browser, 1440);
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('top-search-box')) calls++;
    });
    await page.goto(us);
    await hydrated(page);
    await page.locator('#search-desktop').pressSequentially('brake pad', { delay: 40 });
    const list = page.locator('[data-header="desktop"] [data-suggestions]');
    await list.waitFor();
    expect(calls, 'requests after pauses, not one per key').toBeLessThanOrEqual(2);
    const first = list.getByRole('option').first();
    const href = await first.getAttribute('data-href');
    await first.click();
    await page.waitForURL(`${us}${href}`);
    await context.close();
  });
});

describe('searching with a vehicle', () => {
  it('searches from the header with the chosen vehicle, and cards say which parts fit', async () => {
    const { context, page, errors } = await openPage(browser, 1440);
    await page.goto(`${us}/parts`);
    await pickVehicle(page, { year: '2015', make: 'Honda', model: 'Civic' });
    // The vehicle's parts page opens; its own cards ask their fit before the search is counted.
    await page.waitForURL(/\/parts\/\d+-2015-honda-civic$/);
    await page.locator('[data-header="desktop"] [data-header-vehicle="chosen"]').waitFor();
    await page.waitForLoadState('networkidle');
    let fitCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/universal/match-list')) fitCalls++;
    });
    await page.fill('#search-desktop', 'brake');
    await page.press('#search-desktop', 'Enter');
    await page.waitForURL(/\/search\?keyword=brake&attributeValueId=\d+/);
    const cards = page.locator('.product-card');
    expect(await cards.count()).toBeGreaterThan(0);
    await page
      .locator(
        '.product-card [data-fit="FIT"], .product-card [data-fit="NOT_FIT"], .product-card [data-fit="UNCERTAIN"]',
      )
      .first()
      .waitFor();
    const statuses = await page
      .locator('.product-card [data-fit]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-fit')));
    expect(statuses.every((status) => ['FIT', 'NOT_FIT', 'UNCERTAIN', 'checking'].includes(status!))).toBe(true);
    await page.waitForLoadState('networkidle');
    // Cards ask together: a few calls at most on a slow machine, never one per card.
    expect(fitCalls).toBeGreaterThan(0);
    expect(fitCalls, 'fitment calls for a page of cards').toBeLessThan(Math.max(2, (await cards.count()) / 3));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('results on a phone', () => {
  it('shows the first product on the first screen, with the facets in a Filters drawer', async () => {
    const { context, page, errors } = await openPage(browser, 390);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${us}/search?keyword=brake`);
    const first = page.locator('.product-card').first();
    const box = (await first.boundingBox())!;
    expect(box.y, 'the first product starts on the first screen').toBeLessThan(844 - 120);
    const sidebar = page.locator('aside.search-facets');
    expect(await sidebar.isVisible()).toBe(false);
    const drawer = page.locator('[data-filter-drawer]');
    const categories = drawer.locator('[data-facet="category"]');
    expect(await categories.isVisible()).toBe(false);
    await drawer.locator('summary').click();
    await categories.waitFor({ state: 'visible' });
    const option = categories.locator('a.facet-option').first();
    expect(await option.isVisible()).toBe(true);
    await drawer.locator('summary', { hasText: 'Done' }).click();
    await categories.waitFor({ state: 'hidden' });
    await drawer.locator('summary', { hasText: 'Filters (0)' }).click();
    await option.click();
    await page.waitForURL(/category=\d+/);
    expect(await page.locator('[data-filter-drawer] summary').textContent()).toContain('Filters (1)');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('facets on a desktop', () => {
  it('chooses a category, marks it with a way to clear it, then clears all', async () => {
    const { context, page, errors } = await openPage(browser, 1280);
    await page.goto(`${us}/search?keyword=brake`);
    const sidebar = page.locator('aside.search-facets');
    expect(await page.locator('[data-filter-drawer]').isVisible()).toBe(false);
    const option = sidebar.locator('[data-facet="category"] a.facet-option').first();
    const label = (await option.textContent())!;
    const name = label.replace(/ \(\d+\)$/, '');
    await option.click();
    await page.waitForURL(/category=\d+/);
    const chosen = sidebar.locator('[data-facet="category"] [aria-current="true"]');
    expect(await chosen.textContent()).toContain(name);
    expect(await sidebar.locator(`[aria-label^="Clear ${name}"]`).count()).toBe(1);
    expect(await page.locator('[data-chosen-filter="category"]').textContent()).toContain(name);
    const total = Number(await page.locator('[data-total]').getAttribute('data-total'));
    expect(label).toContain(`(${total})`);
    await page.locator('[data-clear-all]').click();
    await page.waitForURL((url) => !url.searchParams.has('category') && url.searchParams.get('keyword') === 'brake');
    expect(await sidebar.locator('[aria-current="true"]').count()).toBe(0);
    expect(await page.locator('[data-chosen-filter]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
