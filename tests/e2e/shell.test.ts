import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, hydrated } from './browser.ts';
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

/**
 * Which of the selectors show at each width, on one page loaded once: the layout switches are CSS
 * media queries, so resizing the window is what a reload at that width would show.
 */
async function shownByWidth(url: string, widths: number[], selectors: string[]): Promise<Record<string, boolean[]>> {
  const { context, page } = await openPage(browser, widths[0]!);
  await page.goto(url);
  const shown: Record<string, boolean[]> = {};
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    shown[width] = await Promise.all(selectors.map((selector) => page.locator(selector).first().isVisible()));
  }
  await context.close();
  return shown;
}

describe('header and footer by width', () => {
  for (const [name, origin] of [
    ['US', us],
    ['Canada', ca],
  ] as const) {
    it(`${name}: mobile header at 375 and 960, desktop header at 961, 1100, 1101 and 1440`, async () => {
      const shown = await shownByWidth(
        origin,
        [375, 960, 961, 1100, 1101, 1440],
        ['[data-header="mobile"]', '[data-header="desktop"]'],
      );
      for (const width of [375, 960]) expect(shown[width], `${width}`).toEqual([true, false]);
      for (const width of [961, 1100, 1101, 1440]) expect(shown[width], `${width}`).toEqual([false, true]);
    });

    it(`${name}: mobile footer at 1100 or less, desktop footer above`, async () => {
      const shown = await shownByWidth(
        origin,
        [375, 960, 961, 1100, 1101, 1440],
        ['[data-footer="mobile"]', '[data-footer="desktop"]'],
      );
      for (const width of [375, 960, 961, 1100]) expect(shown[width], `${width}`).toEqual([true, false]);
      for (const width of [1101, 1440]) expect(shown[width], `${width}`).toEqual([false, true]);
    });
  }

  it('Canada has no Blog link; the US has one in the header', async () => {
    const { context, page } = await openPage(browser, 1440);
    await page.goto(us);
    expect(await page.locator('[data-header="desktop"] a[href="/blogs"]').count()).toBe(1);
    await page.goto(ca);
    expect(await page.locator('a[href="/blogs"]').count()).toBe(0);
    const response = await page.goto(`${ca}/blogs`);
    expect(response?.status()).toBe(404);
    await context.close();
  });
});

describe('footer interactions', () => {
  it('opens and closes the collapsible sections, Contact us open at first', async () => {
    const { context, page, errors } = await openPage(browser, 375);
    await page.goto(us);
    const footer = page.locator('[data-footer="mobile"]');
    expect(await footer.locator('details:has(summary:text-is("Contact us"))').getAttribute('open')).not.toBeNull();
    const makes = footer.locator('details:has(summary:text-is("Popular makes"))');
    expect(await makes.locator('a[href="/makes/ford"]').isVisible()).toBe(false);
    await makes.locator('summary').click();
    expect(await makes.locator('a[href="/makes/ford"]').isVisible()).toBe(true);
    await makes.locator('summary').click();
    expect(await makes.locator('a[href="/makes/ford"]').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("copies the phone number and says 'Copy success', then the notice closes", async () => {
    const { context, page, errors } = await openPage(browser, 1440, { clipboard: true });
    await page.goto(us);
    await hydrated(page);
    await page.locator('[data-footer="desktop"] button[aria-label="Copy phone number"]').click();
    const notice = page.locator('.notice', { hasText: 'Copy success' });
    await notice.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('+1 (888) 555-0142');
    await notice.waitFor({ state: 'detached', timeout: 10_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers tel and mailto links on the mobile footer', async () => {
    const { context, page } = await openPage(browser, 375);
    await page.goto(ca);
    expect(await page.locator('[data-footer="mobile"] a[href^="tel:"]').isVisible()).toBe(true);
    expect(await page.locator('[data-footer="mobile"] a[href^="mailto:"]').isVisible()).toBe(true);
    await context.close();
  });
});

describe('document head', () => {
  it('has titles, canonical links on the market host and hreflang on the home page', async () => {
    const { context, page } = await openPage(browser, 1440);
    await page.goto(`${ca}/?utm_source=news&gclid=1`);
    expect(await page.title()).toBe('A Premium Aftermarket Car Parts Online Shop - Your Home For Auto');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${ca}/`);
    const alternates = await page
      .locator('link[rel="alternate"]')
      .evaluateAll((links) => links.map((l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`));
    expect(alternates).toEqual([`x-default ${us}/`, `en-us ${us}/`, `en-ca ${ca}/`]);
    await page.goto(`${us}/about`);
    expect(await page.title()).toBe('About Us | AutoHaven');
    expect(await page.locator('link[rel="alternate"]').count()).toBe(0);
    await context.close();
  });

  it('shows the debug panel with ?debug=true and keeps it on the next page', async () => {
    const { context, page } = await openPage(browser, 1440);
    await page.goto(`${us}/?debug=true`);
    expect(await page.locator('[data-debug-panel]').isVisible()).toBe(true);
    expect(await page.locator('[data-debug="market"]').textContent()).toContain('US');
    await page.goto(`${us}/about`);
    expect(await page.locator('[data-debug-panel]').isVisible()).toBe(true);
    await context.clearCookies();
    await page.goto(`${us}/about`);
    expect(await page.locator('[data-debug-panel]').count()).toBe(0);
    await context.close();
  });

  it("answers /favicon.ico with the shop's icon, for what a browser opens on its own (an image, JSON)", async () => {
    const { context, page } = await openPage(browser, 375);
    for (const origin of [us, ca]) {
      const response = (await page.goto(`${origin}/favicon.ico`))!;
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
      expect([...(await response.body()).subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    }
    await context.close();
  });

  it('renders the 404 page for an unknown path', async () => {
    const { context, page } = await openPage(browser, 375);
    const response = await page.goto(`${us}/definitely/not/here`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page not found');
    await context.close();
  });
});

describe('hydration', () => {
  it('hydrates the islands without console errors on every width and market', async () => {
    for (const origin of [us, ca]) {
      for (const width of [375, 1440]) {
        const { context, page, errors } = await openPage(browser, width);
        await page.goto(`${origin}/page/return-policy`);
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        expect(errors, `${origin} ${width}`).toEqual([]);
        await context.close();
      }
    }
  });

  it('serves hashed scripts with a year-long immutable cache', async () => {
    const { context, page } = await openPage(browser, 375);
    await page.goto(us);
    const src = await page.locator('script[type="module"]').getAttribute('src');
    const response = await page.goto(`${us}${src}`);
    expect(response?.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    await context.close();
  });

  it('links every picture of the home page and a search by its hashed name, cached for a year', async () => {
    const { context, page } = await openPage(browser, 1280);
    for (const path of ['/', '/search?keyword=brake']) {
      await page.goto(`${us}${path}`);
      const sources = await page
        .locator('main img')
        .evaluateAll((images) =>
          images.map((image) => image.getAttribute('src') ?? '').filter((src) => !src.startsWith('data:')),
        );
      expect(sources.length, path).toBeGreaterThan(3);
      for (const src of sources) expect(src, path).toMatch(/^\/assets\/static\/.+-[0-9A-F]{8}\.\w+$/);
      const response = await page.goto(`${us}${sources[0]}`);
      expect(response?.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    await context.close();
  });

  it('shows a picture by its plain name when a saved page links a hashed name that is gone', async () => {
    const { context, page } = await openPage(browser, 390);
    await page.goto(`${us}/page/return-policy`);
    await hydrated(page);
    const loaded = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const image = document.createElement('img');
          image.addEventListener('load', () => resolve(new URL(image.src).pathname));
          image.src = '/assets/static/newsletter-00000000.svg';
          document.body.appendChild(image);
        }),
    );
    expect(loaded).toBe('/static/newsletter.svg');
    await context.close();
  });

  it('shows the loading indicator while leaving for another page', async () => {
    const { context, page } = await openPage(browser, 1440);
    await page.goto(us);
    await hydrated(page);
    // The bar's state is recorded in sessionStorage, which survives the navigation it precedes.
    await page.evaluate(() => {
      const bar = document.querySelector('.loading-bar')!;
      new MutationObserver(() => {
        if (bar.classList.contains('loading-bar--active')) sessionStorage.setItem('saw-loading', '1');
      }).observe(bar, { attributes: true });
    });
    expect(await page.evaluate(() => sessionStorage.getItem('saw-loading'))).toBeNull();
    await page.locator('[data-footer="desktop"] a[href="/about"]').click();
    await page.waitForURL(`${us}/about`);
    expect(await page.evaluate(() => sessionStorage.getItem('saw-loading'))).toBe('1');
    expect(await page.locator('.loading-bar--active').count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('previous-route'))).toBe('/');
    await context.close();
  });
});
