import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser } from './browser.ts';
import { registerMember, signIn } from './members.ts';
import { shopQuery } from './shop-db.ts';
import { pickVehicle } from './vehicle-selector.ts';
import { theShop } from './shop.ts';

/**
 * axe-core (the engine Lighthouse's accessibility audit runs) over the shopper pages and their
 * states: any serious or critical violation fails, with its rule, impact, target and summary.
 */

const us = theShop().us;
const ca = theShop().ca;
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const FAILING_IMPACTS = new Set(['serious', 'critical']);
let browser: Browser;
let handle = '';

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

beforeAll(async () => {
  browser = await launchBrowser();
  const [row] = await shopQuery<{ handle: string }>(
    `SELECT o.url_handle AS handle FROM seo o JOIN item i ON i.id = o.target_id JOIN sku s
      ON s.item_id = i.id AND s.sort = 0
     WHERE o.type = 'ITEM' AND o.is_primary = 1 AND o.active = 1 AND i.us_status = 'ON_SHELVES'
       AND i.ca_status = 'ON_SHELVES' AND s.available_total >= 20
       AND EXISTS (SELECT 1 FROM sku_price p WHERE p.sku_id = s.id AND p.currency = 'CAD')
         ORDER BY i.id LIMIT 1 OFFSET 3`,
  );
  handle = row!.handle;
});
afterAll(async () => {
  await browser?.close();
});

/** A page of the given width whose CSP lets the test inject axe (the shop's own CSP allows no inline script). */
async function openPage(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  return { context, page: await context.newPage() };
}

/** The serious and critical findings of axe on the page as it is now, one line per rule. */
async function seriousFindings(page: Page, state: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as { violations: unknown[] };
    return result.violations;
  });
  // One line per rule and state, with the elements it found (a grid of cards repeats one fault).
  return (violations as AxeViolation[])
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(' '));
      const shown = targets.slice(0, 3).join(' | ') + (targets.length > 3 ? ` | (+${targets.length - 3} more)` : '');
      const summary = (violation.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ');
      return `${state}: ${violation.id} (${violation.impact}) at ${shown}: ${violation.help}. ${summary}`;
    });
}

/** Checks each state in turn and fails once at the end with every finding of every state. */
async function audit(page: Page, states: [string, () => Promise<void>][]): Promise<void> {
  const findings: string[] = [];
  for (const [state, reach] of states) {
    await reach();
    findings.push(...(await seriousFindings(page, state)));
  }
  if (findings.length) console.error(findings.join('\n'));
  expect(findings, 'serious or critical axe violations').toEqual([]);
}

async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
}

async function addToCart(page: Page, origin: string): Promise<void> {
  await visit(page, `${origin}/product/${handle}`);
  await page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
  await page.locator('[data-header] [data-cart-count]').first().waitFor({ state: 'attached' });
}

describe('axe on the shopper pages (desktop, US)', () => {
  it('browsing: home, suggestions open, search results, categories, a make page, info page, a 404', async () => {
    const { context, page } = await openPage(browser, 1440);
    await audit(page, [
      ['home', () => visit(page, us)],
      [
        'suggestions open',
        async () => {
          await page.locator('#search-desktop').pressSequentially('brake pad', { delay: 30 });
          await page.getByRole('listbox', { name: 'Search suggestions' }).waitFor();
          await page.locator('#search-desktop').press('ArrowDown');
        },
      ],
      ['search results', () => visit(page, `${us}/search?keyword=brake`)],
      ['category list', () => visit(page, `${us}/categories`)],
      ['make page', () => visit(page, `${us}/makes/ford`)],
      ['info page', () => visit(page, `${us}/about`)],
      ['404', () => visit(page, `${us}/no-such-page-here`)],
    ]);
    await context.close();
  });

  it('a vehicle and a product: /parts with a vehicle, product page', async () => {
    const { context, page } = await openPage(browser, 1440);
    await audit(page, [
      [
        '/parts with a vehicle',
        async () => {
          await visit(page, `${us}/parts`);
          await pickVehicle(page, { year: '2015', make: 'Honda', model: 'Civic' });
          await page.waitForURL(/\/parts\/\d+-2015-honda-civic$/);
          await hydrated(page);
          await page.waitForLoadState('networkidle');
        },
      ],
      ['product page (vehicle chosen)', () => visit(page, `${us}/product/${handle}`)],
    ]);
    await context.close();
  });

  it('cart empty, cart with an item, checkout with an item', async () => {
    const { context, page } = await openPage(browser, 1440);
    await audit(page, [
      ['cart empty', () => visit(page, `${us}/shopCart`)],
      ['product page', () => addToCart(page, us)],
      ['cart with an item', () => visit(page, `${us}/shopCart`)],
      ['checkout with an item', () => visit(page, `${us}/checkout`)],
    ]);
    await context.close();
  });

  it('sign in with errors, and the account pages signed in', async () => {
    const { context, page } = await openPage(browser, 1440);
    const email = `axe-${Date.now()}@example.com`;
    const token = await registerMember(us, email, 'correct horse battery');
    await audit(page, [
      [
        'sign in with errors',
        async () => {
          await visit(page, `${us}/login`);
          await page.fill('[data-form="login"] input[name="email"]', 'not-an-email');
          await page.click('[data-form="login"] button[type="submit"]');
          await page
            .locator('[data-form="login"] [role="alert"], [data-form="login"] [aria-invalid="true"]')
            .first()
            .waitFor();
        },
      ],
      [
        'account: addresses',
        async () => {
          await signIn(context, us, token);
          await visit(page, `${us}/myAccount`);
        },
      ],
      ['account: order history', () => visit(page, `${us}/myAccount?type=orderHistory`)],
      ['account: member', () => visit(page, `${us}/myAccount?type=member`)],
    ]);
    await context.close();
  });
});

describe('axe on a phone (390 px) and in Canada', () => {
  it('menus and drawers open: the header menu, the footer sections, the search filters', async () => {
    const { context, page } = await openPage(browser, 390);
    await audit(page, [
      [
        'phone: header menu open',
        async () => {
          await visit(page, us);
          await page.locator('.mobile-menu summary').click();
          await page.locator('.mobile-menu nav').waitFor({ state: 'visible' });
        },
      ],
      [
        'phone: footer sections open',
        async () => {
          const closed = page.locator('[data-footer="mobile"] details:not([open]) > summary');
          while ((await closed.count()) > 0) await closed.first().click();
        },
      ],
      [
        'phone: search filters open',
        async () => {
          await visit(page, `${us}/search?keyword=brake`);
          await page.locator('[data-filter-drawer] summary').first().click();
        },
      ],
      ['phone: product page', () => visit(page, `${us}/product/${handle}`)],
    ]);
    await context.close();
  });

  it('the Canadian site: home, product page, cart with an item', async () => {
    const { context, page } = await openPage(browser, 1440);
    await audit(page, [
      ['CA home', () => visit(page, ca)],
      ['CA product page', () => addToCart(page, ca)],
      ['CA cart with an item', () => visit(page, `${ca}/shopCart`)],
    ]);
    await context.close();
  });
});
