import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, noticeShown, openPage, REVIEW_SHOTS } from './browser.ts';
import { englishOnPage } from './english-scan.ts';
import { registerMember, signIn } from './members.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

/**
 * A member's pages and garage in French in Chromium (issue 37): points, levels, coupons, the points history and
 * the reward rules, and the garage, scanned for English once their islands have woken and after using them.
 */

const ca = theShop().ca;
const SHOTS = '/tmp/shots-fr';
let browser: Browser;

beforeAll(async () => {
  if (REVIEW_SHOTS) mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function expectAllFrench(page: Page): Promise<void> {
  expect(await page.locator('html').getAttribute('lang'), page.url()).toBe('fr-CA');
  const english = await englishOnPage(page);
  expect(english, `${page.url()}: ${english.join(' | ')}`).toEqual([]);
}

/** The page at phone and desktop widths, for review (E2E_SHOTS=1); left at 1280 px. */
async function shoot(page: Page, name: string) {
  if (!REVIEW_SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/** A Canadian member with 1,462 points (one earned order of CA$312.50: Silver) signed in on a page of 1280 px. */
async function frenchMember() {
  const email = `fr-points-${Date.now()}@example.com`;
  const token = await registerMember(ca, email, 'correct horse battery');
  const [account] = await shopQuery<{ id: number }>(`SELECT id FROM account WHERE email = '${email}'`);
  const id = account!.id;
  const now = Date.now();
  const order = `CA-FR-POINTS-${id}`;
  await shopQuery(
    `UPDATE account SET market = 'ca' WHERE id = ${id};
     INSERT INTO orders (id, idempotency_key, account_id, email, market, currency, status, subtotal_cent,
       discount_cent, shipping_cent, shipping_discount_cent, tax_cent, total_cent, shipping_name, address, paid_at,
       created_at, updated_at)
     VALUES ('${order}', '${order}', ${id}, '${email}', 'ca', 'CAD', 'PROCESSING', 31250, 0, 0, 0, 0, 31250,
       'Standard Shipping', '{}', ${now - 20 * 86_400_000}, ${now - 20 * 86_400_000}, ${now});
     INSERT INTO points_ledger (account_id, delta, reason, reference, created_at) VALUES
       (${id}, 312, 'EARNED_ORDER', '${order}', ${now - 340 * 86_400_000}),
       (${id}, 1250, 'ADJUSTMENT', 'welcome', ${now - 3 * 86_400_000}),
       (${id}, -100, 'REDEEM_ORDER', '${order}', ${now - 2 * 86_400_000});`,
  );
  const opened = await openPage(browser, 1280);
  await signIn(opened.context, ca, token);
  return { ...opened, token };
}

describe("a member's pages in French", () => {
  it('shows points, levels, coupons, history and rules in French, and redeems a coupon in French', async () => {
    const { context, page, errors } = await frenchMember();
    await page.goto(`${ca}/fr/myAccount?type=member`);
    await hydrated(page);
    expect(await page.locator('h1').textContent()).toBe('Mes points');
    expect(await page.locator('[data-points-balance]').first().textContent()).toBe('1\u00a0462');
    await expectAllFrench(page);
    await shoot(page, 'member-points');
    for (const [path, name] of [
      ['/fr/myAccount/member/level', 'member-levels'],
      ['/fr/myAccount/member/rule', 'member-rules'],
    ] as const) {
      await page.goto(`${ca}${path}`);
      await hydrated(page);
      await expectAllFrench(page);
      await shoot(page, name);
    }

    await page.goto(`${ca}/fr/myAccount/member/history`);
    await hydrated(page);
    await expectAllFrench(page);
    // The filter asks the API in French: the rows it brings are French too.
    await page.locator('[data-points-history] select').selectOption('EARN');
    await expect.poll(() => page.locator('[data-points-log] tbody tr').count()).toBe(1);
    expect(await page.locator('.points-log__label').first().textContent()).toMatch(/^Obtenus sur la commande /);
    await expectAllFrench(page);
    await shoot(page, 'member-history');

    await page.goto(`${ca}/fr/myAccount/member/coupons`);
    await hydrated(page);
    await expectAllFrench(page);
    await page.locator('[data-redeemable="1005"]').getByRole('button', { name: 'Échanger' }).click();
    await noticeShown(page, 'est dans votre portefeuille.');
    await expect.poll(() => page.locator('[data-coupon-balance]').textContent()).toBe('462');
    await expectAllFrench(page);
    await shoot(page, 'member-coupons');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the garage in French, its vehicles with their French buttons and links to French pages', async () => {
    const { context, page, errors, token } = await frenchMember();
    const [first, second] = await shopQuery<{ id: number }>(
      `SELECT id FROM vehicle_node WHERE level = 3 ORDER BY id LIMIT 2`,
    );
    await page.goto(`${ca}/fr/parts`);
    for (const vehicle of [first!, second!]) {
      const added = await page.evaluate(
        ([bearer, id]) =>
          fetch('/account/buyer/current/garage-vehicle', {
            method: 'POST',
            headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
            body: JSON.stringify({ attributeValueId: id }),
          }).then((answer) => answer.status),
        [token, vehicle.id] as const,
      );
      expect(added).toBe(200);
    }
    await page.reload();
    await hydrated(page);
    await page.locator('[data-garage="list"] li').nth(1).waitFor();
    expect(await page.locator('[data-garage="list"] h2').textContent()).toBe('Mon garage');
    for (const href of await page
      .locator('[data-garage-parts]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href'))))
      expect(href).toMatch(/^\/fr\//);
    await expectAllFrench(page);
    await shoot(page, 'garage');
    expect(errors).toEqual([]);
    await context.close();
  });
});
