import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, openPage } from './browser.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

/**
 * The shop with a long vehicle chosen (issue 36): ten of the longest real vehicle names of the test catalog, down to
 * trim and engine ("2018 Chevrolet Silverado 3500 HD High Country 6.6L V8 Diesel"), each on the pages that name it
 * (checkout's address form too), at a small phone, a phone and a tablet. No page is wider than the window, and
 * nothing fixed (a launcher, a banner) lies over an input or a button, at the top of the page or at its end. The
 * vehicle is set as the shop's garage keeps it (its storage and cookie), and one page is measured at the three
 * widths: the layout is CSS, the same HTML.
 */
const us = theShop().us;
const WIDTHS = [320, 390, 768] as const;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let handle = '';
let categoryId = 0;

interface Attribute {
  id: number;
  value: string;
  text: string;
}
interface ChosenVehicle {
  year: Attribute;
  make: Attribute;
  model: Attribute;
  trim: Attribute;
  engine: Attribute;
}

/** The ten longest names of distinct models, down to trim and engine, as the garage stores the vehicle. */
async function longVehicles(): Promise<ChosenVehicle[]> {
  const rows = await shopQuery<Record<string, number | string>>(
    `SELECT y.id AS yearId, y.value AS yearValue, y.text AS yearText, mk.id AS makeId, mk.value AS makeValue,
        mk.text AS makeText, m.id AS modelId, m.value AS modelValue, m.text AS modelText, t.id AS trimId,
        t.value AS trimValue, t.text AS trimText, e.id AS engineId, e.value AS engineValue, e.text AS engineText
      FROM vehicle_node e JOIN vehicle_node t ON t.id = e.parent_id AND t.level = 4
        JOIN vehicle_node m ON m.id = t.parent_id JOIN vehicle_node mk ON mk.id = m.parent_id
        JOIN vehicle_node y ON y.id = mk.parent_id
      WHERE e.level = 5
      ORDER BY length(mk.text || m.text || t.text || e.text) DESC, e.id`,
  );
  const byModel = new Map<string, ChosenVehicle>();
  const at = (row: Record<string, number | string>, level: string): Attribute => ({
    id: Number(row[`${level}Id`]),
    value: String(row[`${level}Value`]),
    text: String(row[`${level}Text`]),
  });
  for (const row of rows) {
    const key = `${row.makeText} ${row.modelText}`;
    if (byModel.has(key)) continue;
    const levels = ['year', 'make', 'model', 'trim', 'engine'] as const;
    byModel.set(key, Object.fromEntries(levels.map((level) => [level, at(row, level)])) as unknown as ChosenVehicle);
    if (byModel.size === 10) break;
  }
  return [...byModel.values()];
}

const nameOf = (v: ChosenVehicle) => [v.year, v.make, v.model, v.trim, v.engine].map((a) => a.text).join(' ');

/** Chooses the vehicle as the browser's garage does: the stored current vehicle and the cookie the server reads. */
async function choose(vehicle: ChosenVehicle) {
  await page.evaluate((chosen) => localStorage.setItem('vehicle', JSON.stringify(chosen)), vehicle);
  await context.addCookies([{ name: 'vehicle', value: String(vehicle.engine.id), url: us }]);
}

/** What is wrong with the page at the window's width: wider than the window, or a fixed box over a control. */
function problemsHere(): string[] {
  const problems: string[] = [];
  const width = window.innerWidth;
  if (document.documentElement.scrollWidth > width)
    problems.push(`${document.documentElement.scrollWidth} px wide in a ${width} px window`);
  // checkVisibility: not in a closed <details>, not display:none, visibility:hidden or transparent.
  const shown = (element: Element) => {
    const box = element.getBoundingClientRect();
    return (
      element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && box.width > 0 && box.height > 0
    );
  };
  const fixed = [...document.querySelectorAll('body *')].filter((element) => {
    const position = getComputedStyle(element).position;
    return (position === 'fixed' || position === 'sticky') && shown(element);
  });
  const controls = document.querySelectorAll('input:not([type="hidden"]), select, textarea, button, a.button');
  const overlaps = (a: DOMRect, b: DOMRect) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}` +
    ` "${(element.textContent || (element as HTMLInputElement).name || '').trim().slice(0, 40)}"`;
  for (const control of controls) {
    if (!shown(control)) continue;
    const box = control.getBoundingClientRect();
    if (box.bottom <= 0 || box.top >= window.innerHeight) continue;
    for (const cover of fixed) {
      if (cover.contains(control) || control.contains(cover)) continue;
      if (overlaps(box, cover.getBoundingClientRect())) problems.push(`${describe(cover)} covers ${describe(control)}`);
    }
  }
  return problems;
}

/** The page's problems at each width, at its top and at its end. */
async function measure(name: string): Promise<string[]> {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    for (const at of ['top', 'end'] as const) {
      await page.evaluate((end) => window.scrollTo(0, end ? document.documentElement.scrollHeight : 0), at === 'end');
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      for (const problem of await page.evaluate(problemsHere))
        problems.push(`${name} at ${width} px (${at}): ${problem}`);
    }
  }
  return problems;
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, WIDTHS[0]));
  const [part] = await shopQuery<{ handle: string; categoryId: number }>(
    `SELECT o.url_handle AS handle, i.back_category_id AS categoryId FROM seo o JOIN item i ON i.id = o.target_id
      JOIN sku s ON s.item_id = i.id AND s.sort = 0
     WHERE o.type = 'ITEM' AND o.is_primary = 1 AND o.active = 1 AND i.us_status = 'ON_SHELVES'
       AND i.vehicle_universal = 0 AND i.non_vehicle = 0 AND s.available_total >= 20 ORDER BY i.id LIMIT 1`,
  );
  handle = part!.handle;
  categoryId = part!.categoryId;
  // A part in the cart, so the cart shows its line, its fit and the ZIP code field.
  await page.goto(`${us}/product/${handle}`);
  await hydrated(page);
  await page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
  await page.waitForFunction(
    () => document.querySelector('[data-header="mobile"] [data-cart-count]')?.getAttribute('data-cart-count') !== '0',
  );
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('ten long vehicle names', () => {
  it('fit the header and every page at 320, 390 and 768 px, with nothing fixed over a field or a button', async () => {
    const vehicles = await longVehicles();
    expect(vehicles).toHaveLength(10);
    const pages: [string, () => string][] = [
      ['home', () => '/'],
      ['search', () => '/search?keyword=brake'],
      ['category', () => `/search?category=${categoryId}`],
      ['parts', () => '/parts'],
      ['product', () => `/product/${handle}`],
      ['cart', () => '/shopCart'],
      ['checkout', () => '/checkout'],
    ];
    const problems: string[] = [];
    for (const [index, vehicle] of vehicles.entries()) {
      await choose(vehicle);
      // Every vehicle on the home page; the other pages shared out among them, each with two of the names.
      for (const [name, path] of [pages[0]!, pages[1 + (index % (pages.length - 1))]!]) {
        await page.setViewportSize({ width: WIDTHS[0], height: 740 });
        await page.goto(`${us}${path()}`);
        await hydrated(page);
        const header = page.locator('[data-header="mobile"] [data-header-vehicle="chosen"]');
        await header.waitFor();
        expect(await header.textContent()).toContain(nameOf(vehicle));
        if (name === 'cart') await page.locator('.cart-line').first().waitFor();
        if (name === 'checkout') await page.locator('[data-checkout-address]').waitFor();
        problems.push(...(await measure(`${name} with "${nameOf(vehicle)}"`)));
      }
    }
    expect(problems).toEqual([]);
  }, 240_000);
});
