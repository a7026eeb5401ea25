import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, openPage, REVIEW_SHOTS } from './browser.ts';
import { englishOnPage } from './english-scan.ts';
import { registerMember, signIn } from './members.ts';
import { theShop } from './shop.ts';

/**
 * The help centre, the FAQ (every answer opened), the about page, the return and privacy policies, the reviews
 * page, the running campaign's page and the installation video pages in French in Chromium (issue 37), scanned
 * for English once the islands have woken, and checked for running past a phone's screen.
 */

const ca = theShop().ca;
const SHOTS = '/tmp/shots-fr';
/**
 * Words of names the French keeps as they are: Apple Pay, Google Pay, Global Privacy Control, the CAN-SPAM Act, and
 * a car model in a product's name (the Honda Fit).
 */
const NAMES = new Set(['Pay', 'Privacy', 'CAN']);
const isName = (found: string) => NAMES.has(found.split(' ')[0]!) || /^Fit in ".*Honda Fit/.test(found);
let browser: Browser;

beforeAll(async () => {
  if (REVIEW_SHOTS) mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function expectFrenchAndInside(page: Page, width: number): Promise<void> {
  expect(await page.locator('html').getAttribute('lang'), page.url()).toBe('fr-CA');
  const english = (await englishOnPage(page)).filter((found) => !isName(found));
  expect(english, `${page.url()}: ${english.join(' | ')}`).toEqual([]);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(wide, `${page.url()} runs ${wide} px past a ${width} px screen`).toBe(0);
}

const PAGES = [
  ['/fr/help', 'help'],
  ['/fr/help/faq', 'faq'],
  ['/fr/about', 'about'],
  ['/fr/page/return-policy', 'return-policy'],
  ['/fr/page/privacy-policy', 'privacy-policy'],
  ['/fr/reviews', 'reviews'],
  ['/fr/campaign/black-friday-cyber-monday-unbeatable-offer', 'campaign'],
  ['/fr/guidevideo', 'videos'],
  ['/fr/videos-shooting-offering', 'video-program'],
] as const;

describe('the written pages in French', () => {
  it.each([390, 1280])('shows each page in French with nothing past a %i px screen', async (width) => {
    const { context, page, errors } = await openPage(browser, width);
    for (const [path, name] of PAGES) {
      await page.goto(`${ca}${path}`);
      await hydrated(page);
      await page.evaluate(() => {
        for (const details of document.querySelectorAll('main details')) (details as HTMLDetailsElement).open = true;
      });
      await expectFrenchAndInside(page, width);
      if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the blog in French', () => {
  it.each([390, 1280])(
    'answers its list and an article with the French "not found" page, the blog being US only, at %i px',
    async (width) => {
      const { context, page } = await openPage(browser, width);
      for (const [path, name] of [
        ['/fr/blogs', 'blog'],
        ['/fr/blogs/check-brake-pads', 'blog-article'],
      ] as const) {
        const answer = await page.goto(`${ca}${path}`);
        expect(answer?.status()).toBe(404);
        await hydrated(page);
        await expectFrenchAndInside(page, width);
        if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
      }
      await context.close();
    },
  );
});

describe("a member's tax exemption page in French", () => {
  it.each([390, 1280])('shows the page and its form in French with nothing past a %i px screen', async (width) => {
    const token = await registerMember(ca, `fr-pst-${width}-${Date.now()}@example.com`, 'correct horse battery');
    const { context, page, errors } = await openPage(browser, width);
    await signIn(context, ca, token);
    await page.goto(`${ca}/fr/myAccount/taxExemption`);
    await hydrated(page);
    expect(await page.locator('h1').textContent()).toBe('Exemption de taxes');
    await expectFrenchAndInside(page, width);
    if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/tax-exemption-${width}.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
