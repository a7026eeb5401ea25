import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, REVIEW_SHOTS } from './browser.ts';
import { theShop } from './shop.ts';

const us = theShop().us;
let browser: Browser;
const SHOTS = '/tmp/shots';

beforeAll(async () => {
  browser = await launchBrowser();
  if (REVIEW_SHOTS) await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('installation videos', () => {
  it('fetch no video bytes on load, then play with English captions when the shopper presses play', async () => {
    const { context, page, errors } = await openPage(browser, 1280);
    const videoRequests: string[] = [];
    page.on('request', (request) => {
      if (/\.mp4(\?|$)/.test(request.url())) videoRequests.push(request.url());
    });
    await page.goto(`${us}/guidevideo`, { waitUntil: 'load' });
    await page.waitForTimeout(500);
    expect(videoRequests).toEqual([]);
    if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/C-guidevideo-1280.png`, fullPage: true });

    const video = page.locator('video').first();
    await video.scrollIntoViewIfNeeded();
    await video.evaluate((element: HTMLVideoElement) => element.play());
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1, undefined, {
      timeout: 15_000,
    });
    expect(videoRequests.length).toBeGreaterThan(0);
    const captions = await video.evaluate(async (element: HTMLVideoElement) => {
      const track = element.textTracks[0];
      if (!track) return null;
      track.mode = 'showing';
      for (let i = 0; i < 50 && !track.cues?.length; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      return { kind: track.kind, language: track.language, cues: track.cues?.length ?? 0 };
    });
    expect(captions).toEqual({ kind: 'captions', language: 'en', cues: expect.any(Number) });
    expect(captions?.cues).toBeGreaterThanOrEqual(4);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fit a 390 px screen without sideways scrolling', async () => {
    const { context, page } = await openPage(browser, 390);
    await page.goto(`${us}/guidevideo`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/C-guidevideo-390.png`, fullPage: true });
    await context.close();
  });
});

describe('the blog', () => {
  for (const width of [390, 1280]) {
    it(`${width} px: opens an article from its card on the list`, async () => {
      const { context, page, errors } = await openPage(browser, width);
      await page.goto(`${us}/blogs`);
      if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/C-blogs-${width}.png`, fullPage: true });
      const card = page.locator('.blog-card').nth(1);
      const title = (await card.locator('h2').textContent()) ?? '';
      expect(title.length).toBeGreaterThan(10);
      await card.locator('h2').click();
      await page.waitForURL(/\/blogs\/[a-z0-9-]+$/);
      await expect.poll(() => page.locator('h1').textContent()).toBe(title);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/C-article-${width}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('category banners', () => {
  it('show at the top of the category search page and the collection page, at 390 and 1280 px', async () => {
    for (const width of [390, 1280]) {
      const { context, page } = await openPage(browser, width);
      for (const [name, path] of [
        ['category', '/search?category=1'],
        ['collection', '/collection/winter-ready'],
      ] as const) {
        await page.goto(`${us}${path}`);
        const banner = page.locator('.category-banner img');
        await expect.poll(() => banner.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
        if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/C-${name}-banner-${width}.png` });
      }
      await context.close();
    }
  });
});
