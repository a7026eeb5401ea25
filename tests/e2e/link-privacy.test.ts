import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, openPage } from './browser.ts';
import { fillAddress, payWithTestCard } from './checkout-steps.ts';
import { registerMember } from './members.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

/**
 * Issue 35 (finding 1) and issue 36 (item 4) in a real browser: an emailed link's credential is never in an
 * address a script, a tracker or the next page's referrer can read, the static files carry their security
 * headers, and an order whose payment window was closed is paid later from the link the shop emailed.
 */

const us = theShop().us;
const SHOTS = '/tmp/shots-links';
let browser: Browser;
let handle = '';

/** Node cannot resolve *.localhost as Chromium does: loopback with the market's Host header. */
function shopFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const target = new URL(us);
  return fetch(`http://127.0.0.1:${target.port}${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), host: target.host },
  });
}

/** The newest link to `path` emailed to an address, from the shop's local outbox. */
async function emailedLink(to: string, path: string): Promise<string> {
  const page = await (await shopFetch(`/dev/outbox?to=${encodeURIComponent(to)}`)).text();
  const html = page.replace(/&amp;|&#38;/g, '&');
  const match = html.match(new RegExp(`https?://[^\\s"<]+(${path.replace(/[/?]/g, '\\$&')}[^\\s"<]*)`));
  if (!match) throw new Error(`no ${path} link emailed to ${to}`);
  return match[1]!;
}

/** Every address any script of the page saw, from the first one to run: kept across the tab's navigations. */
async function watchAddresses(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen = JSON.parse(sessionStorage.getItem('e2e-seen') ?? '[]') as string[];
    seen.push(location.href, document.referrer);
    sessionStorage.setItem('e2e-seen', JSON.stringify(seen));
  });
}
const addressesSeen = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-seen') ?? '[]') as string[]);

async function visitorKeyOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((entry) => entry.name === 'visitor_key');
  if (!cookie || !/^[A-Za-z0-9-]+$/.test(cookie.value)) throw new Error('no visitor key');
  return cookie.value;
}

/** Everything analytics stored for the visitor, once a page view of `path` is in (the queue batches for seconds). */
async function storedFor(visitorKey: string, path: string): Promise<string> {
  let rows: { page_url: string }[] = [];
  for (let i = 0; i < 40; i++) {
    rows = await shopQuery<{ page_url: string }>(
      `SELECT * FROM tracking_event WHERE visitor_key = '${visitorKey}' ORDER BY received_at`,
    );
    if (rows.some((row) => row.page_url.includes(path))) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  expect(
    rows.some((row) => row.page_url.includes(path)),
    `a page view of ${path} was stored`,
  ).toBe(true);
  return JSON.stringify(rows);
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  const [row] = await shopQuery<{ handle: string }>(
    `SELECT o.url_handle AS handle FROM seo o JOIN item i ON i.id = o.target_id JOIN sku s
      ON s.item_id = i.id AND s.sort = 0
     WHERE o.type = 'ITEM' AND o.is_primary = 1 AND o.active = 1 AND i.us_status = 'ON_SHELVES'
       AND s.available_total >= 20
     ORDER BY i.id LIMIT 1 OFFSET 17`,
  );
  handle = row!.handle;
});
afterAll(async () => {
  await browser?.close();
});

describe('emailed links in the browser', { timeout: 240_000 }, () => {
  it('the reset link: no script, tracker or next page ever holds its token', async () => {
    const email = `e2e-reset-${Date.now()}@example.com`;
    await registerMember(us, email, 'an old password');
    await shopFetch('/account/public/buyer/forget-password/init', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': `10.9.${Date.now() % 250}.7` },
      body: JSON.stringify({ email }),
    });
    const link = await emailedLink(email, '/retrievePassword?token=');
    const token = new URL(link, us).searchParams.get('token')!;
    const { context, page, errors } = await openPage(browser, 390);
    await watchAddresses(context);
    await page.goto(`${us}${link}`);
    await hydrated(page);
    expect(page.url()).toBe(`${us}/retrievePassword`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await shoot(page, 'reset-landed');
    await page.setViewportSize({ width: 390, height: 900 });
    await page.getByLabel(/New password/).fill('a brand new password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL(`${us}/myAccount`);
    await hydrated(page);
    const seen = await addressesSeen(page);
    expect(seen.some((address) => address.includes('/retrievePassword'))).toBe(true);
    for (const address of seen) expect(address).not.toContain(token);
    expect(await page.evaluate(() => document.referrer)).not.toContain(token);
    expect(await storedFor(await visitorKeyOf(context), '/retrievePassword')).not.toContain(token);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the newsletter links: confirming and leaving keep their tokens out of every address and stored event', async () => {
    const email = `e2e-news-${Date.now()}@example.com`;
    await shopFetch('/account/public/buyer/subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': `10.8.${Date.now() % 250}.9` },
      body: JSON.stringify({ email, type: 'SUBSCRIBE', source: 'DASHBOARD', position: 'footer' }),
    });
    const { context, page, errors } = await openPage(browser, 390);
    await watchAddresses(context);
    const tokens: string[] = [];
    for (const [path, button, done] of [
      ['/newsletter/confirm', 'Confirm subscription', 'You are subscribed. Thank you!'],
      ['/newsletter/unsubscribe', 'Unsubscribe', 'You are unsubscribed.'],
    ] as const) {
      const link = await emailedLink(email, `${path}?token=`);
      tokens.push(new URL(link, us).searchParams.get('token')!);
      await page.goto(`${us}${link}`);
      expect(page.url()).toBe(`${us}${path}`);
      await shoot(page, `newsletter-${path.split('/').at(-1)}`);
      await page.getByRole('button', { name: button }).click();
      await page.getByText(done).waitFor();
    }
    const [subscription] = await shopQuery<{ status: string }>(
      `SELECT status FROM newsletter_subscription WHERE email = '${email}'`,
    );
    expect(subscription!.status).toBe('UNSUBSCRIBED');
    await page.goto(`${us}/`);
    const seen = await addressesSeen(page);
    const stored = await storedFor(await visitorKeyOf(context), '/newsletter/unsubscribe');
    for (const token of tokens) {
      for (const address of seen) expect(address).not.toContain(token);
      expect(stored).not.toContain(token);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an order whose payment window was closed is paid later from the emailed link, without its token', async () => {
    const email = `e2e-later-${Date.now()}@example.com`;
    const { context, page } = await openPage(browser, 1280);
    await page.goto(`${us}/product/${handle}`);
    await hydrated(page);
    await page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).first().click();
    await expect
      .poll(() => page.locator('[data-header="desktop"] [data-cart-count]').getAttribute('data-cart-count'))
      .toBe('1');
    await page.goto(`${us}/checkout`);
    await hydrated(page);
    await page.locator('[data-checkout]').getByLabel('Email', { exact: true }).fill(email);
    await fillAddress(page, {
      first: 'Jane',
      line1: '350 5th Ave',
      city: 'New York',
      region: 'NY',
      regionLabel: 'State',
      postal: '10001',
      postalLabel: 'ZIP code',
    });
    await page.locator('[data-place-order]').click();
    await page.waitForURL(/\/payment\/sandbox\/pay_/);
    // The shopper closes the payment window: the browser, its tab and its storage are gone.
    await context.close();

    // Tracking by number and email says the order waits for its payment and offers to email the link to pay.
    const placedLink = await emailedLink(email, '/order/pay?');
    const placedId = new URL(placedLink, us).searchParams.get('orderId')!;
    const tracking = await openPage(browser, 390);
    await tracking.page.goto(`${us}/order/track?${new URLSearchParams({ orderNo: placedId, email })}`);
    await tracking.page.locator('[data-unpaid="ask-link"]').waitFor();
    await shoot(tracking.page, 'track-unpaid');
    await tracking.page.setViewportSize({ width: 390, height: 900 });
    await tracking.page.getByRole('button', { name: 'Pay for this order' }).click();
    await tracking.page.locator('[data-pay-link-sent="true"]').waitFor();
    await shoot(tracking.page, 'track-pay-link-sent');
    await tracking.context.close();

    const link = await emailedLink(email, '/order/pay?');
    const token = new URL(link, us).searchParams.get('token')!;
    const orderId = new URL(link, us).searchParams.get('orderId')!;
    const later = await openPage(browser, 390);
    await watchAddresses(later.context);
    await later.page.goto(`${us}${link}`);
    await hydrated(later.page);
    expect(later.page.url()).toBe(`${us}/order/pay?orderId=${orderId}`);
    await later.page.locator(`[data-pay-again="${orderId}"]`).waitFor();
    await shoot(later.page, 'pay-later');
    await later.page.setViewportSize({ width: 390, height: 900 });
    await later.page.getByRole('button', { name: 'Pay now' }).click();
    expect(await payWithTestCard(later.page)).toBe(orderId);
    for (const address of await addressesSeen(later.page)) expect(address).not.toContain(token);
    expect(await storedFor(await visitorKeyOf(later.context), '/order/pay')).not.toContain(token);
    const [order] = await shopQuery<{ status: string }>(`SELECT status FROM orders WHERE id = '${orderId}'`);
    expect(order!.status).toBe('PROCESSING');
    await later.context.close();
  });

  it('serves scripts and pictures with nosniff, framing, HSTS and a locked-down policy', async () => {
    const { context, page } = await openPage(browser, 1280);
    await page.goto(us);
    const script = await page.locator('script[type="module"]').getAttribute('src');
    for (const path of [script!, '/static/newsletter.svg']) {
      const { headers } = await shopFetch(path);
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(headers.get('content-security-policy'), path).toContain("frame-ancestors 'self'");
      expect(headers.get('strict-transport-security'), path).toMatch(/^max-age=31536000/);
    }
    await context.close();
  });
});
