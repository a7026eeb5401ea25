import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import campaign from '../../kv-seed/campaign.json';
import earlyBlackFriday from '../../kv-seed/campaigns/bf2.json';
import { KV_KEY } from '../../shared/kv-keys.ts';
import { runWrangler } from '../../scripts/lib/wrangler.ts';
import { signInNewStaff } from './staff.ts';
import { hydrated, launchBrowser, openPage, REVIEW_SHOTS } from './browser.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

/**
 * A shopper on a live campaign page (its banner, countdown, code and parts), using its code in the
 * cart; an ended campaign's page; the running campaign's strip on the home page. The seed's dates are
 * fixed, so the campaign pages here are written with windows around now, under slugs of their own (the
 * shop caches a campaign 30 s); the running campaign is published in the back office's editor, which
 * the shop shows at once.
 */

const us = theShop().us;
const SHOTS = '/tmp/shots';
const HOUR = 3_600_000;
const stamp = Date.now().toString(36);
const liveSlug = `e2e-live-${stamp}`;
const endedSlug = `e2e-ended-${stamp}`;
const iso = (ms: number) => new Date(ms).toISOString();
let browser: Browser;
/** The merchandiser's page once signed in, to put the seed's running campaign back afterwards. */
let staffPage: Page | undefined;

async function putKv(key: string, value: unknown) {
  const state = theShop().stateDir;
  await runWrangler([
    'kv',
    'key',
    'put',
    key,
    JSON.stringify(value),
    '--binding',
    'SETTINGS',
    '--local',
    '--persist-to',
    state,
  ]);
}

function windowFrom(start: number, end: number) {
  return { startTime: iso(start), endTime: iso(end), countdownStart: iso(start), countdownEnd: iso(end) };
}

/** A merchandiser signed in on the console's own form. */
const signedInMerchandiser = (page: Page) => signInNewStaff(page, 'merchandiser', 'Mia Merchandiser');

/**
 * Publishes the running campaign in the back office's editor, as a shop owner does: the page it
 * leads to, its window and the pages showing its countdown (times are UTC datetime-local minutes).
 */
async function publishRunningCampaign(page: Page, value: typeof campaign) {
  const minutes = (time: string) => new Date(time).toISOString().slice(0, 16);
  await page.goto(`${us}/admin/content/campaign`);
  await page.getByLabel('Campaign page', { exact: true }).fill(value.slug);
  await page.getByLabel('Active', { exact: true }).setChecked(value.active);
  await page.getByLabel('Starts (UTC)', { exact: true }).fill(minutes(value.startTime));
  await page.getByLabel('Ends (UTC)', { exact: true }).fill(minutes(value.endTime));
  await page.getByLabel('Countdown starts (UTC)', { exact: true }).fill(minutes(value.countdownStart));
  await page.getByLabel('Countdown ends (UTC)', { exact: true }).fill(minutes(value.countdownEnd));
  await page.getByLabel('Countdown pages', { exact: true }).fill(value.countdownPageList.join('\n'));
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('status').filter({ hasText: 'Published.' }).waitFor();
}

/** Loads every image, lazy ones too, so a full-page screenshot shows them (at most 5 s). */
async function loadImages() {
  const images = [...document.images];
  for (const img of images) img.loading = 'eager';
  const loaded = images.map((img) =>
    img.complete
      ? null
      : new Promise((done) => {
          img.addEventListener('load', done);
          img.addEventListener('error', done);
        }),
  );
  await Promise.race([Promise.all(loaded), new Promise((done) => setTimeout(done, 5_000))]);
}

/** The page at the path, at a phone's and a desktop's width, for review (E2E_SHOTS=1): it navigates there. */
async function screenshots(page: Page, path: string, name: string) {
  if (!REVIEW_SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${us}${path}`);
    await page.evaluate(loadImages);
    await page.screenshot({ path: `${SHOTS}/B-${name}-${width}.png`, fullPage: true });
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  const now = Date.now();
  // The early Black Friday code, live for the campaign's window, as the campaign page advertises it.
  await shopQuery(
    `UPDATE promotion SET starts_at = unixepoch() - 3600, ends_at = unixepoch() + 108000 WHERE code = 'BFEARLY15'`,
  );
  await putKv(KV_KEY.campaignPage(liveSlug), {
    ...earlyBlackFriday,
    slug: liveSlug,
    countdownPageList: [`/campaign/${liveSlug}`],
    ...windowFrom(now - HOUR, now + 30 * HOUR),
  });
  await putKv(KV_KEY.campaignPage(endedSlug), {
    ...earlyBlackFriday,
    slug: endedSlug,
    ...windowFrom(now - 30 * HOUR, now - HOUR),
  });
});

afterAll(async () => {
  // The seed's running campaign back, published so the shop shows it at once to the files after this one.
  if (staffPage) await publishRunningCampaign(staffPage, campaign);
  await browser?.close();
});

describe('campaign pages in the browser', () => {
  it('shows a live campaign with its banner and countdown; its code takes the discount in the cart', async () => {
    const { context, page, errors } = await openPage(browser, 1280);
    await page.goto(`${us}/campaign/${liveSlug}`);
    await hydrated(page);
    const banner = page.locator('.campaign-hero img');
    await expect
      .poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await page.getByRole('heading', { level: 1, name: 'Early Black Friday Deals' }).waitFor();
    const timer = page.locator('.campaign-when [role="timer"]');
    const first = await timer.textContent();
    expect(first).toMatch(/^1d \d\dh \d\dm \d\ds$/);
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(first);

    const code = (await page.locator('.campaign-code code').first().textContent())!;
    expect(code).toBe('BFEARLY15');
    await page.locator('.campaign-range .product-card a').first().click();
    await hydrated(page);
    await page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    await expect
      .poll(() => page.locator('[data-header="desktop"] [data-cart-count]').getAttribute('data-cart-count'))
      .toBe('1');
    await page.goto(`${us}/shopCart`);
    await page.locator('[data-cart-line]').first().waitFor();
    await hydrated(page);
    await page.getByLabel('Coupon or promotion code').fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => page.locator('[data-discount="PROMOTION_CODE"] dd').textContent())
      .toMatch(/^-\$\d+\.\d\d$/);
    expect(errors).toEqual([]);
    await screenshots(page, `/campaign/${liveSlug}`, 'live');
    await context.close();
  });

  it('shows an ended campaign as ended, with the way to the current deals and no code', async () => {
    const { context, page, errors } = await openPage(browser, 390);
    await page.goto(`${us}/campaign/${endedSlug}`);
    await page.getByText('This offer has ended').first().waitFor();
    await expect.poll(() => page.locator('.campaign-code').count()).toBe(0);
    await page.getByRole('link', { name: 'Search all parts' }).first().waitFor();
    expect(errors).toEqual([]);
    await screenshots(page, `/campaign/${endedSlug}`, 'ended');
    await screenshots(page, '/sale/easter-sale', 'easter-sale');
    await context.close();
  });

  it('shows the running campaign strip with its countdown on the home page, leading to its page', async () => {
    const admin = await openPage(browser, 1280);
    await signedInMerchandiser(admin.page);
    staffPage = admin.page;
    const now = Date.now();
    await publishRunningCampaign(admin.page, {
      ...campaign,
      slug: liveSlug,
      ...windowFrom(now - HOUR, now + 30 * HOUR),
    });
    // Publishing drops the shop's cached running campaign (§9), so the next page shows the strip.
    const { context, page } = await openPage(browser, 1280);
    await page.goto(`${us}/`);
    expect(await page.locator('.campaign-strip').count()).toBe(1);
    await hydrated(page);
    await page.locator('.campaign-strip [role="timer"]').waitFor();
    await screenshots(page, '/', 'strip-home');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${us}/`);
    await page.locator('.campaign-strip').click();
    await page.waitForURL(`${us}/campaign/${liveSlug}`);
    await context.close();
  });
});
