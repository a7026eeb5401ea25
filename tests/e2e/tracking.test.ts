import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hydrated, launchBrowser, openPage } from './browser.ts';
import { shopQuery } from './shop-db.ts';

const us = inject('shopUs');
const ca = inject('shopCa');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface EventRow {
  id: string;
  event: string;
  data: string;
  page_url: string;
  ts: number;
  client_id: string;
  session_id: string;
  ab_test_group: string;
  ip: string;
  market: string;
}

async function visitorKeyOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((entry) => entry.name === 'visitor_key');
  if (!cookie || !/^[A-Za-z0-9-]+$/.test(cookie.value)) throw new Error('no visitor key');
  return cookie.value;
}

/** The visitor's stored events (the local D1 sink), waiting for the queue consumer to write `wanted`. */
async function storedEvents(visitorKey: string, wanted: string[]): Promise<EventRow[]> {
  let rows: EventRow[] = [];
  for (let i = 0; i < 30; i++) {
    rows = await shopQuery<EventRow>(
      `SELECT id, event, data, page_url, ts, client_id, session_id, ab_test_group, ip, market
       FROM tracking_event WHERE visitor_key = '${visitorKey}' ORDER BY received_at`,
    );
    if (wanted.every((name) => rows.some((row) => row.event === name))) return rows;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return rows;
}

// Each test waits for the queue consumer (batches of up to 5 s) and reads D1 through wrangler: slow on a busy machine.
describe('tracking in the browser (issue 25)', { timeout: 150_000 }, () => {
  it('stores a US visit: page view with every §7 id, clicks, module exposure, marketing page load', async () => {
    const { context, page } = await openPage(browser, 1280);
    await page.goto(`${us}/?irclickid=e2e-click`, { waitUntil: 'load' });
    await hydrated(page);
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(1500);
    await page.locator('main a[href^="/"]').first().click();
    await page.waitForLoadState('load');
    const key = await visitorKeyOf(context);
    const rows = await storedEvents(key, ['page_view', 'marketing_page_load', 'module_exposure', 'click']);
    const view = rows.find((row) => row.event === 'page_view' && row.page_url.includes('irclickid=e2e-click'));
    expect(view).toMatchObject({ market: 'us', ab_test_group: expect.stringMatching(/^(A1|A2|B)$/) });
    expect(view?.client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(view?.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(view?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(view?.data ?? '{}')).toMatchObject({ pageType: 'home' });
    const landing = rows.find((row) => row.event === 'marketing_page_load');
    expect(JSON.parse(landing?.data ?? '{}')).toMatchObject({ clickId: 'e2e-click' });
    const modules = rows.find((row) => row.event === 'module_exposure');
    expect(JSON.parse(modules?.data ?? '{}').modules.length).toBeGreaterThan(0);
    await context.close();
  });

  it('sends no marketing call for a US shopper with Global Privacy Control', async () => {
    const { context, page } = await openPage(browser, 1280);
    await context.setExtraHTTPHeaders({ 'Sec-GPC': '1' });
    await context.addInitScript(() => Object.defineProperty(navigator, 'globalPrivacyControl', { value: true }));
    const marketing: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/marketing/')) marketing.push(request.url());
    });
    await page.goto(`${us}/?irclickid=gpc-click`, { waitUntil: 'load' });
    await hydrated(page);
    const rows = await storedEvents(await visitorKeyOf(context), ['page_view']);
    expect(rows.some((row) => row.event === 'page_view')).toBe(true);
    expect(rows.filter((row) => row.event.startsWith('marketing_'))).toEqual([]);
    expect(marketing).toEqual([]);
    await context.close();
  });

  it('asks a Canadian shopper first, and starts marketing tracking only after "Allow"', async () => {
    const { context, page } = await openPage(browser, 1280);
    await page.goto(`${ca}/`, { waitUntil: 'load' });
    await hydrated(page);
    const banner = page.locator('[data-consent-banner]');
    await banner.waitFor({ timeout: 10_000 });
    const key = await visitorKeyOf(context);
    expect((await storedEvents(key, ['page_view'])).filter((row) => row.event.startsWith('marketing_'))).toEqual([]);
    await banner.getByRole('button', { name: 'Allow' }).click();
    await banner.waitFor({ state: 'detached' });
    const rows = await storedEvents(key, ['marketing_page_load']);
    expect(rows.find((row) => row.event === 'marketing_page_load')).toMatchObject({ market: 'ca' });
    expect((await context.cookies()).find((cookie) => cookie.name === 'marketing_consent')?.value).toBe('granted');
    await context.close();
  });
});
