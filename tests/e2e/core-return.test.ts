import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYABLE_STATUSES } from '../../shared/order-status.ts';
import { paidThenSql } from '../lib/status-path.ts';
import { hydrated, launchBrowser, openPage, REVIEW_SHOTS } from './browser.ts';
import { fillAddress, payWithTestCard } from './checkout-steps.ts';
import { registerMember, signIn } from './members.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

/**
 * A part with a core in the browser (issue 40 item 3): the product page names its refundable core
 * charge, checkout adds it as a row of its own, and the member starts the core return from the
 * order's page with one button, landing on the return's page.
 */

const us = theShop().us;
const SHOTS = '/tmp/shots';
let browser: Browser;
let part: { handle: string; charge: number };

beforeAll(async () => {
  if (REVIEW_SHOTS) mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  [part] = (await shopQuery<typeof part>(
    `SELECT o.url_handle AS handle, p.core_charge AS charge FROM seo o JOIN item i ON i.id = o.target_id
       JOIN sku s ON s.item_id = i.id AND s.sort = 0 JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD'
     WHERE o.type = 'ITEM' AND o.is_primary = 1 AND o.active = 1 AND i.us_status = 'ON_SHELVES'
       AND s.available_total >= 5 AND p.core_charge IS NOT NULL
     ORDER BY i.id LIMIT 1`,
  )) as [typeof part];
});
afterAll(async () => {
  await browser?.close();
});

/** Ships the order's parts as the back office leaves it (its core deposit line is never shipped). */
async function shipParts(orderId: string) {
  const key = `ship-${orderId}`;
  await shopQuery(
    `INSERT INTO shipment (order_id, idempotency_key, carrier, tracking_number, shipped_at, delivered_at)
       VALUES ('${orderId}', '${key}', 'ups', '1Z999AA10123456784', ${Date.now() - 86_400_000}, NULL);
     INSERT INTO shipment_line (shipment_id, order_id, line_no, quantity)
       SELECT s.id, l.order_id, l.line_no, l.quantity FROM order_line l JOIN shipment s ON s.idempotency_key = '${key}'
       WHERE l.order_id = '${orderId}' AND l.item_type <> 'CORE';
     ${paidThenSql(orderId, 'SHIPPED', PAYABLE_STATUSES)}`,
  );
}

async function shots(page: Page, name: string) {
  if (!REVIEW_SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/core-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('a part with a core', () => {
  it('shows its charge, adds it at checkout, and the member sends the old part back from the order', async () => {
    const email = `core-${Date.now()}@example.com`;
    const token = await registerMember(us, email, 'correct horse battery');
    const { context, page, errors } = await openPage(browser, 1280);
    await signIn(context, us, token);
    const money = `$${(part.charge / 100).toFixed(2)}`;

    await page.goto(`${us}/product/${part.handle}`);
    await hydrated(page);
    await expect.poll(() => page.locator('.core-charge').textContent()).toContain(`+ ${money} refundable core charge`);
    await shots(page, 'product');
    await page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).first().click();
    await expect
      .poll(() => page.locator('[data-header="desktop"] [data-cart-count]').getAttribute('data-cart-count'))
      .toBe('1');

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
    const summary = page.locator('[data-checkout-summary]');
    await expect.poll(() => summary.textContent()).toContain(`Core charges (refundable)${money}`);
    await shots(page, 'checkout');
    await page.locator('[data-place-order]').click();
    const orderId = await payWithTestCard(page);
    await shipParts(orderId);

    await page.goto(`${us}/myAccount/orderHistory/orderDetail?orderId=${orderId}`);
    const core = page.locator('[data-core-state]');
    await expect.poll(() => core.getAttribute('data-core-state')).toBe('OPEN');
    await expect.poll(() => core.textContent()).toContain(`we refund the ${money} core charge`);
    await shots(page, 'order');
    await core.getByRole('button', { name: 'Return the old part (core)' }).click();
    await page.waitForURL(/\/order\/returns\/RMA-/);
    await expect.poll(() => page.locator('main').textContent()).toContain('Core return');
    await shots(page, 'return');

    await page.goto(`${us}/myAccount/orderHistory/orderDetail?orderId=${orderId}`);
    await expect.poll(() => page.locator('[data-core-state]').getAttribute('data-core-state')).toBe('RETURNED');
    expect(errors).toEqual([]);
    await context.close();
  });
});
