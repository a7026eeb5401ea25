import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, hydrated } from './browser.ts';

const us = inject('shopUs');
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
    const first = list.locator('a').first();
    const href = await first.getAttribute('href');
    await first.click();
    await page.waitForURL(`${us}${href}`);
    await context.close();
  });
});

describe('searching with a vehicle', () => {
  it('searches from the header with the chosen vehicle, and cards say which parts fit', async () => {
    const { context, page, errors } = await openPage(browser, 1440);
    await page.goto(`${us}/parts`);
    for (const [level, text] of [
      ['year', '2015'],
      ['make', 'Honda'],
      ['model', 'Civic'],
    ] as const) {
      const select = page.locator(`[data-vehicle-selector] select[name="${level}"]`).first();
      await select.locator('option', { hasText: text }).first().waitFor({ state: 'attached' });
      await select.selectOption({ label: text });
    }
    await page.locator('[data-vehicle-selector] button', { hasText: 'Shop for this vehicle' }).first().click();
    await page.locator('[data-header="desktop"] [data-header-vehicle="chosen"]').waitFor();
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
