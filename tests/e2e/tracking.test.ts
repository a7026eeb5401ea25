import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, openPage } from './browser.ts';
import { fillAddress, payWithTestCard } from './checkout-steps.ts';
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

interface EventRow {
  id: string;
  event: string;
  data: string;
  page_url: string;
  referrer: string;
  ts: number;
  client_id: string;
  session_id: string;
  alb_group: string;
  ab_test_group: string;
  ip: string;
  network: string;
  downlink_speed: string;
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
      `SELECT id, event, data, page_url, referrer, ts, client_id, session_id, alb_group, ab_test_group, ip, network,
         downlink_speed, market
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
    // The landing's page view: analytics keep the address without its click id (it goes with the marketing call).
    const view = rows.find((row) => row.event === 'page_view' && JSON.parse(row.data).pageType === 'home');
    expect(view).toMatchObject({ market: 'us', ab_test_group: expect.stringMatching(/^(A1|A2|B)$/) });
    expect(view?.page_url).toBe(`${us}/`);
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

/** A part on the shelves in both markets with stock, and the first word of its title to search for. */
async function partToBuy(): Promise<{ handle: string }> {
  const [row] = await shopQuery<{ handle: string }>(
    `SELECT o.url_handle AS handle FROM seo o JOIN item i ON i.id = o.target_id JOIN sku s
      ON s.item_id = i.id AND s.sort = 0
     WHERE o.type = 'ITEM' AND o.is_primary = 1 AND o.active = 1 AND i.us_status = 'ON_SHELVES'
       AND s.available_total >= 20 ORDER BY i.id LIMIT 1 OFFSET 11`,
  );
  return row!;
}

/** The answer to the browser's track call of an event: the event has left the browser and the shop took it. */
function tracked(page: Page, event: string) {
  return page.waitForResponse(
    (answer) =>
      answer.url().endsWith('/data-service/public/event/track') &&
      (answer.request().postData() ?? '').includes(`"event":"${event}"`),
    { timeout: 20_000 },
  );
}

/** Goes to a page as a link from `from` would, so the page knows where the shopper came from. */
async function visit(page: Page, url: string, from: string) {
  await page.goto(url, { referer: from, waitUntil: 'load' });
  await hydrated(page);
}

describe('a scripted purchase read back from the sink (issue 25)', { timeout: 240_000 }, () => {
  it("stores every funnel event with every §7 field, and the server's order_paid for the order", async () => {
    const { handle } = await partToBuy();
    const { context, page } = await openPage(browser, 1440);
    // The load balancer's group cookie (alb_group, §7): set here as the load balancer in front of the shop would.
    await context.addCookies([{ name: 'alb_group', value: 'alb-e2e', url: us }]);
    await page.goto(`${us}/`, { waitUntil: 'load' });
    await hydrated(page);
    // Each step waits until its event has left the browser, as a shopper reading the page would give it time to.
    let sent = tracked(page, 'page_view');
    await visit(page, `${us}/product/${handle}`, `${us}/`);
    await sent;
    const title = (await page.locator('main h1').first().textContent())!.trim();
    sent = tracked(page, 'exposure');
    await visit(page, `${us}/search?keyword=${encodeURIComponent(title.split(/\s+/)[0]!)}`, `${us}/product/${handle}`);
    await page.mouse.wheel(0, 1200);
    await sent;
    await visit(page, `${us}/product/${handle}`, page.url());
    sent = tracked(page, 'add_to_cart');
    await page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    await sent;
    sent = tracked(page, 'checkout_started');
    await visit(page, `${us}/checkout`, `${us}/shopCart`);
    await page.locator('[data-checkout]').getByLabel('Email', { exact: true }).fill('tracked-buyer@example.com');
    await fillAddress(page, {
      first: 'Tara',
      line1: '350 5th Ave',
      city: 'New York',
      region: 'NY',
      regionLabel: 'State',
      postal: '10001',
      postalLabel: 'ZIP code',
    });
    await sent;
    const total = (await page.locator('[data-checkout-summary] [data-total]').textContent())!;
    await page.locator('[data-place-order]').click();
    const orderId = await payWithTestCard(page);

    const funnel = ['page_view', 'exposure', 'add_to_cart', 'checkout_started', 'order_paid'];
    const rows = await storedEvents(await visitorKeyOf(context), funnel);
    expect(rows.map((row) => row.event)).toEqual(expect.arrayContaining(funnel));
    const ids = rows.find((row) => row.event === 'checkout_started')!;
    for (const name of funnel) {
      const row = rows.find(
        (candidate) =>
          candidate.event === name &&
          (name !== 'page_view' || JSON.parse(candidate.data).pageType === 'product detail'),
      );
      expect(row, name).toBeDefined();
      // Every §7 field, set: Chromium reports the connection (netWork, downlinkSpeed) through navigator.connection.
      for (const field of ['id', 'data', 'page_url', 'referrer', 'client_id', 'session_id', 'ip', 'network'] as const)
        expect(row?.[field], `${name}.${field}`).not.toBe('');
      expect(row?.downlink_speed, `${name}.downlinkSpeed`).toMatch(/^\d+(\.\d+)?$/);
      expect(row?.ts, `${name}.ts`).toBeGreaterThan(Date.now() - 600_000);
      expect(row).toMatchObject({
        client_id: ids.client_id,
        session_id: ids.session_id,
        alb_group: 'alb-e2e',
        ab_test_group: expect.stringMatching(/^(A1|A2|B)$/),
        market: 'us',
      });
    }
    const exposure = rows.find((row) => row.event === 'exposure')!;
    expect(JSON.parse(exposure.data).items.length).toBeGreaterThan(0);
    const paid = rows.filter((row) => row.event === 'order_paid');
    expect(paid.map((row) => row.id)).toEqual([`order_paid:${orderId}`]);
    const cents = Math.round(Number(total.replace(/[^\d.]/g, '')) * 100);
    expect(JSON.parse(paid[0]!.data)).toEqual({ orderId, totalCent: cents, currency: 'USD', source: 'server' });
    await context.close();
  });
});
