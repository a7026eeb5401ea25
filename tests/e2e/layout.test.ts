import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, openPage, REVIEW_SHOTS } from './browser.ts';
import { fillAddress, payWithTestCard } from './checkout-steps.ts';
import { registerMember, signIn } from './members.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

/**
 * Every shopper page at a phone, a tablet and two desktop widths (issue 23): the document is never
 * wider than the window, and no product title or price is cut by a box that hides its overflow.
 * With LAYOUT_SHOTS=DIR set, each page is also saved as DIR/D-{page}-{width}.png for review; with
 * E2E_SHOTS=1 alone, DIR is /tmp/shots-layout.
 */
const us = theShop().us;
const WIDTHS = [390, 768, 1280, 1440] as const;
const SHOTS = process.env.LAYOUT_SHOTS || (REVIEW_SHOTS ? '/tmp/shots-layout' : undefined);
let browser: Browser;
let handle = '';
let memberToken = '';
let orderResultPath = '';

/** Elements whose text must show whole: titles and prices in cards, lines, the product page. */
const WHOLE_TEXT = [
  'h1',
  '.product-card h3',
  '.product-card__price',
  '.product-price',
  '.percent-off',
  '.card-fit',
  '.cart-line__about a',
  '.cart-line__price',
  '.checkout-lines li',
  '.order-result__lines li',
  '.payment-methods label',
  '.search-form input',
].join(', ');

async function addToCart(page: Page) {
  await page.goto(`${us}/product/${handle}`);
  await hydrated(page);
  await page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
  await page.waitForFunction(
    () => document.querySelector('[data-header="desktop"] [data-cart-count]')?.getAttribute('data-cart-count') !== '0',
  );
}

/** A member context: the member's cart, account and orders. */
async function memberPage(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPage(browser, width);
  await signIn(context, us, memberToken);
  return { context, page };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const [row] = await shopQuery<{ handle: string }>(
    `SELECT o.url_handle AS handle FROM seo o JOIN item i ON i.id = o.target_id JOIN sku s
      ON s.item_id = i.id AND s.sort = 0
     WHERE o.type = 'ITEM' AND o.is_primary = 1 AND o.active = 1 AND i.us_status = 'ON_SHELVES'
       AND s.available_total >= 20 ORDER BY length(i.title) DESC, i.id LIMIT 1`,
  );
  handle = row!.handle;
  memberToken = await registerMember(us, `layout-${Date.now()}@example.com`, 'correct horse battery');
  // One paid order, so the order result page has lines, totals and an address to lay out.
  const { context, page } = await memberPage(1280);
  await addToCart(page);
  await page.goto(`${us}/checkout`);
  await hydrated(page);
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
  await payWithTestCard(page);
  orderResultPath = new URL(page.url()).pathname + new URL(page.url()).search;
  // And a part in the cart again, for the cart and checkout pages.
  await addToCart(page);
  await context.close();
  if (SHOTS) await mkdir(SHOTS, { recursive: true });
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

interface Overflow {
  documentWidth: number;
  windowWidth: number;
  cut: string[];
}

/** What overflows: the document against the window, and texts cut by a box hiding their overflow. */
function measure(selector: string): Overflow {
  // A box that hides its overflow (or ends it with an ellipsis) and holds more than it shows cuts the text.
  const clips = (element: Element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX === 'visible' && style.overflowY === 'visible' && style.textOverflow !== 'ellipsis') continue;
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') return false;
      if (node.scrollWidth > node.clientWidth + 1) return true;
    }
    return false;
  };
  // An input's placeholder is cut when its text is wider than the room inside the input's padding.
  const placeholderCut = (input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const probe = document.createElement('span');
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
    probe.style.font = style.font;
    probe.textContent = input.placeholder;
    document.body.appendChild(probe);
    const needed = probe.getBoundingClientRect().width;
    probe.remove();
    const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return needed > room + 1;
  };
  const cut: string[] = [];
  for (const element of document.querySelectorAll(selector)) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (element instanceof HTMLInputElement) {
      if (element.placeholder && placeholderCut(element)) cut.push(`placeholder "${element.placeholder}"`);
    } else if (clips(element))
      cut.push(`${element.tagName.toLowerCase()}.${element.className}: ${element.textContent}`);
  }
  return { documentWidth: document.documentElement.scrollWidth, windowWidth: window.innerWidth, cut };
}

/** The page's layout problems at this width, in words (none when it fits). */
async function layoutProblems(page: Page, name: string, width: number): Promise<string[]> {
  await page.waitForLoadState('load');
  await page.evaluate(() => document.fonts.ready);
  const result = await page.evaluate(measure, WHOLE_TEXT);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/D-${name}-${width}.png`, fullPage: true });
  const problems = result.cut.map((text) => `${name} at ${width} px cuts ${text}`);
  if (result.documentWidth > result.windowWidth)
    problems.unshift(`${name} at ${width} px is ${result.documentWidth} px wide in a ${result.windowWidth} px window`);
  return problems;
}

const VISITOR_PAGES: [string, () => string][] = [
  ['home', () => '/'],
  ['search', () => '/search?keyword=brake'],
  ['product', () => `/product/${handle}`],
  ['categories', () => '/categories'],
  // A chosen model year: its link to all its parts names the vehicle, the page's longest line.
  ['make', () => '/makes/toyota?model=camry&year=2018'],
  ['parts', () => '/parts'],
  ['login', () => '/login'],
  ['info', () => '/about'],
];
const MEMBER_PAGES: [string, () => string][] = [
  ['cart', () => '/shopCart'],
  ['checkout', () => '/checkout'],
  ['account', () => '/myAccount'],
  ['order-result', () => orderResultPath],
];

describe('shopper pages fit every width', () => {
  for (const width of WIDTHS) {
    it(`at ${width} px no visitor page is wider than the window or cuts a title or price`, async () => {
      const { context, page } = await openPage(browser, width);
      const problems: string[] = [];
      for (const [name, path] of VISITOR_PAGES) {
        await page.goto(`${us}${path()}`);
        await hydrated(page);
        problems.push(...(await layoutProblems(page, name, width)));
      }
      await context.close();
      expect(problems).toEqual([]);
    });

    it(`at ${width} px the cart, checkout, account and order result fit with a part and an order`, async () => {
      const { context, page } = await memberPage(width);
      const problems: string[] = [];
      for (const [name, path] of MEMBER_PAGES) {
        await page.goto(`${us}${path()}`);
        await hydrated(page);
        if (name === 'cart') await page.locator('.cart-line').first().waitFor();
        if (name === 'checkout') await page.locator('[data-checkout-address]').waitFor();
        if (name === 'order-result') await page.locator('[data-order-result]').waitFor();
        problems.push(...(await layoutProblems(page, name, width)));
      }
      await context.close();
      expect(problems).toEqual([]);
    });
  }
});
