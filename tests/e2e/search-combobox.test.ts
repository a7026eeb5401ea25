import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, openPage } from './browser.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

const us = theShop().us;
let browser: Browser;
let handle = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const [row] = await shopQuery<{ handle: string }>(
    `SELECT o.url_handle AS handle FROM seo o JOIN item i ON i.id = o.target_id JOIN sku s
      ON s.item_id = i.id AND s.sort = 0
     WHERE o.type = 'ITEM' AND o.is_primary = 1 AND o.active = 1 AND i.us_status = 'ON_SHELVES'
       AND s.available_total >= 20 ORDER BY i.id LIMIT 1 OFFSET 5`,
  );
  handle = row!.handle;
});
afterAll(async () => {
  await browser?.close();
});

const box = (page: Page) => page.locator('#search-desktop');
const attribute = (page: Page, name: string) => box(page).getAttribute(name);

/** Types a keyword into the desktop header search and waits for its suggestions. */
async function suggestionsFor(page: Page, keyword: string) {
  await page.goto(us);
  await hydrated(page);
  await box(page).pressSequentially(keyword, { delay: 30 });
  const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
  await listbox.waitFor();
  return listbox;
}

describe('the header search as a combobox', () => {
  it('is a closed combobox that controls nothing until suggestions open', async () => {
    const { context, page } = await openPage(browser, 1440);
    await page.goto(us);
    await hydrated(page);
    const combobox = page.getByRole('combobox', { name: 'Search parts' });
    expect(await combobox.count()).toBe(1);
    expect(await attribute(page, 'aria-expanded')).toBe('false');
    expect(await attribute(page, 'aria-autocomplete')).toBe('list');
    expect(await attribute(page, 'aria-controls')).toBeNull();
    expect(await attribute(page, 'aria-activedescendant')).toBeNull();
    await context.close();
  });

  it('opens a named listbox of options without links, and announces how many', async () => {
    const { context, page, errors } = await openPage(browser, 1440);
    const listbox = await suggestionsFor(page, 'brake pad');
    expect(await attribute(page, 'aria-expanded')).toBe('true');
    expect(await attribute(page, 'aria-controls')).toBe(await listbox.getAttribute('id'));
    const options = listbox.getByRole('option');
    const count = await options.count();
    expect(count).toBeGreaterThan(0);
    expect(await listbox.locator('a').count(), 'no links inside options').toBe(0);
    const status = page.locator('#search-desktop-status');
    expect(await status.getAttribute('aria-live')).toBe('polite');
    await expect.poll(() => status.textContent()).toBe(count === 1 ? '1 suggestion' : `${count} suggestions`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves with the arrow keys, wrapping, and Enter opens the active suggestion', async () => {
    const { context, page } = await openPage(browser, 1440);
    const listbox = await suggestionsFor(page, 'brake pad');
    const options = listbox.getByRole('option');
    const count = await options.count();
    await box(page).press('ArrowDown');
    expect(await attribute(page, 'aria-activedescendant')).toBe(await options.nth(0).getAttribute('id'));
    expect(await options.nth(0).getAttribute('aria-selected')).toBe('true');
    await box(page).press('ArrowUp');
    expect(await attribute(page, 'aria-activedescendant')).toBe(await options.nth(count - 1).getAttribute('id'));
    expect(await options.nth(0).getAttribute('aria-selected')).toBe('false');
    await box(page).press('ArrowDown');
    expect(await attribute(page, 'aria-activedescendant')).toBe(await options.nth(0).getAttribute('id'));
    if (count > 1) {
      await box(page).press('ArrowDown');
      expect(await attribute(page, 'aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    }
    const active = options.nth(count > 1 ? 1 : 0);
    const href = (await active.getAttribute('data-href'))!;
    expect(await page.evaluate(() => document.activeElement?.id), 'the input keeps the focus').toBe('search-desktop');
    await box(page).press('Enter');
    await page.waitForURL(`${us}${href}`);
    await context.close();
  });

  it('submits the search on Enter when no suggestion is active', async () => {
    const { context, page } = await openPage(browser, 1440);
    await suggestionsFor(page, 'brake pad');
    await box(page).press('Enter');
    await page.waitForURL(/\/search\?keyword=brake\+pad/);
    await context.close();
  });

  it('closes on Escape, keeping the words, and clears them on a second Escape', async () => {
    const { context, page } = await openPage(browser, 1440);
    const listbox = await suggestionsFor(page, 'brake pad');
    await box(page).press('ArrowDown');
    await box(page).press('Escape');
    await listbox.waitFor({ state: 'detached' });
    expect(await attribute(page, 'aria-expanded')).toBe('false');
    expect(await attribute(page, 'aria-controls')).toBeNull();
    expect(await attribute(page, 'aria-activedescendant')).toBeNull();
    expect(await box(page).inputValue()).toBe('brake pad');
    await box(page).press('ArrowDown');
    await listbox.waitFor();
    expect(await attribute(page, 'aria-activedescendant')).toBe(
      await listbox.getByRole('option').first().getAttribute('id'),
    );
    await box(page).press('Escape');
    await box(page).press('Escape');
    expect(await box(page).inputValue()).toBe('');
    await context.close();
  });

  it('takes an answer cut off on its way as no suggestions, with no error on the page', async () => {
    const { context, page, errors } = await openPage(browser, 1440);
    // What the browser reads when the connection drops, or the time-out ends the answer, halfway through it.
    await page.route('**/item/public/buyer/associative/top-search-box**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true,"httpCode":200,"data":[{' }),
    );
    await page.goto(us);
    await hydrated(page);
    const answered = page.waitForResponse((answer) => answer.url().includes('/associative/top-search-box'));
    await box(page).pressSequentially('brake', { delay: 30 });
    await answered;
    await page.evaluate(() => new Promise((done) => setTimeout(done, 300)));
    expect(errors).toEqual([]);
    expect(await attribute(page, 'aria-expanded')).toBe('false');
    await context.close();
  });

  it('opens a suggestion on a click', async () => {
    const { context, page } = await openPage(browser, 1440);
    const listbox = await suggestionsFor(page, 'brake pad');
    const option = listbox.getByRole('option').first();
    const href = (await option.getAttribute('data-href'))!;
    await option.click();
    await page.waitForURL(`${us}${href}`);
    await context.close();
  });

  it('still searches as a plain form without scripts', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(us);
    const search = page.getByRole('search').filter({ has: page.locator('#search-desktop') });
    await search.getByRole('combobox', { name: 'Search parts' }).fill('brake');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/search\?keyword=brake$/);
    expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
    await context.close();
  });
});

describe('the skip link', () => {
  it('is the first thing the keyboard reaches, shows when focused and leads to the main content', async () => {
    const { context, page } = await openPage(browser, 1440);
    await page.goto(us);
    await hydrated(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((node) => node === document.activeElement)).toBe(true);
    const size = (await skip.boundingBox())!;
    expect(size.width, 'visible while focused').toBeGreaterThan(40);
    expect(await skip.getAttribute('href')).toBe('#main');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${us}/#main`);
    expect(await page.locator('main').count(), 'one main per page').toBe(1);
    await context.close();
  });
});

describe('the header cart link', () => {
  it('is named by its visible text and the count in words, singular then plural', async () => {
    const { context, page } = await openPage(browser, 1440);
    await page.goto(`${us}/product/${handle}`);
    await hydrated(page);
    const header = page.locator('[data-header="desktop"]');
    expect(await header.getByRole('link', { name: 'Cart', exact: true }).count()).toBe(1);
    await page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
    const one = header.getByRole('link', { name: 'Cart, 1 item', exact: true });
    await one.waitFor();
    expect(await one.textContent()).toBe('Cart 1');
    await page.goto(`${us}/shopCart`);
    await hydrated(page);
    await page.locator('[data-cart-line]').getByRole('button', { name: 'One more' }).click();
    await header.getByRole('link', { name: 'Cart, 2 items', exact: true }).waitFor();
    await context.close();
  });
});
