import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRETS } from '../../scripts/lib/dev-secrets.ts';
import { writeStaff } from '../../scripts/staff-lib.ts';
import { totpCode } from '../../worker/admin/totp.ts';
import { hydrated, launchBrowser, noticeShown, openPage, REVIEW_SHOTS } from './browser.ts';
import { fillAddress, payWithTestCard } from './checkout-steps.ts';
import { registerMember } from './members.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

/**
 * Issue 21 in the browser: a member earns points on a paid order and sees them, redeems the seeded
 * "$10 off for 1000 points" coupon, uses it at checkout, and sees the points taken back on a refund.
 */

const us = theShop().us;
const SHOTS = '/tmp/shots';
const EMAIL = `points-member-${Date.now()}@example.com`;
const PASSWORD = 'points for parts 2026';
/** The seeded coupon bought with points (worker/db/seed/promotions.sql): $10 off orders of $50 or more. */
const COUPON = { id: 1005, name: '$10 off for 1000 points', price: 1000 };
/** Points used on the coupon order at checkout: $0.20. */
const SPENT = 20;
const NEW_YORK = {
  first: 'Pat',
  line1: '350 5th Ave',
  city: 'New York',
  region: 'NY',
  regionLabel: 'State',
  postal: '10001',
  postalLabel: 'ZIP code',
};

let browser: Browser;
let member: { context: BrowserContext; page: Page; errors: string[] };
/** Parts of $60 or more (the coupon needs a $50 order, after the other discounts). */
let handles: string[] = [];
const earned = { first: 0, second: 0 };
let secondOrder = '';

beforeAll(async () => {
  browser = await launchBrowser();
  if (REVIEW_SHOTS) mkdirSync(SHOTS, { recursive: true });
  process.env.PASSWORD_PEPPER = TEST_SECRETS.PASSWORD_PEPPER; // the served shop's pepper, for writeStaff
  handles = (
    await shopQuery<{ handle: string }>(
      `SELECT o.url_handle AS handle FROM seo o JOIN item i ON i.id = o.target_id JOIN sku s
        ON s.item_id = i.id AND s.sort = 0 JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD'
       WHERE o.type = 'ITEM' AND o.is_primary = 1 AND o.active = 1 AND i.us_status = 'ON_SHELVES'
         AND s.available_total >= 20 AND p.discount_price >= 6000
       ORDER BY i.id LIMIT 2 OFFSET 2`,
    )
  ).map((row) => row.handle);
});
afterAll(async () => {
  await member?.context.close();
  await browser?.close();
});

async function addToCart(page: Page, handle: string) {
  await page.goto(`${us}/product/${handle}`);
  await hydrated(page);
  await page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
  await expect
    .poll(() => page.locator('[data-header="desktop"] [data-cart-count]').getAttribute('data-cart-count'))
    .toBe('1');
}

/** The balance My points shows. */
async function balance(page: Page): Promise<number> {
  await page.goto(`${us}/myAccount?type=member`);
  return Number(await page.locator('[data-points-balance]').textContent());
}

/** The rows of the points history (optionally of one kind): label and signed change. */
async function history(page: Page, kind = ''): Promise<{ label: string; delta: string }[]> {
  await page.goto(`${us}/myAccount/member/history${kind ? `?kind=${kind}` : ''}`);
  return page.locator('[data-points-log] tbody tr').evaluateAll((rows) =>
    rows.map((row) => ({
      label: row.querySelector('.points-log__label')?.textContent ?? '',
      delta: row.querySelector('.points-log__delta')?.textContent ?? '',
    })),
  );
}

/** An owner of the back office, signed in on a fresh page of its own. */
async function ownerPage() {
  const staff = await writeStaff(
    { stateDir: theShop().stateDir },
    { email: `owner-${Date.now()}@staff.test`, name: 'Points Owner', role: 'owner' },
  );
  const opened = await openPage(browser, 1280);
  const { page } = opened;
  await page.goto(`${us}/admin`);
  await page.waitForURL(/\/admin\/sign-in$/);
  await page.fill('input[name="email"]', staff.email);
  await page.fill('input[name="password"]', staff.password);
  await page.fill('input[name="code"]', await totpCode(staff.totpSecret));
  await page.click('form[action="/admin/sign-in"] button[type="submit"]');
  await page.waitForURL(/\/admin$/);
  return opened;
}

describe('a member’s points in the browser', () => {
  it('sees "You\'ll earn N points" at checkout, pays, and finds them on My points and in the history', {
    timeout: 120_000,
  }, async () => {
    expect(handles).toHaveLength(2);
    await registerMember(us, EMAIL, PASSWORD);
    member = await openPage(browser, 1280);
    const { page } = member;
    // My points sends a visitor to sign in, and back.
    await page.goto(`${us}/myAccount?type=member`);
    await page.waitForURL(/\/login\?callBackPath=%2FmyAccount/);
    await hydrated(page);
    await page.fill('[data-form="login"] input[name="email"]', EMAIL);
    await page.fill('[data-form="login"] input[name="password"]', PASSWORD);
    await page.click('[data-form="login"] button[type="submit"]');
    await page.waitForURL(`${us}/myAccount?type=member`);
    expect(await page.locator('[data-points-balance]').textContent()).toBe('0');
    // §2: no standard header on the member pages.
    expect(await page.locator('.site-header').count()).toBe(0);

    await addToCart(page, handles[0]!);
    await page.goto(`${us}/checkout`);
    await hydrated(page);
    await fillAddress(page, NEW_YORK);
    const toEarn = page.locator('[data-points-to-earn]');
    expect(await toEarn.textContent()).toMatch(/^You'll earn \d+ points with this order \(Bronze member: 1 point per/);
    earned.first = Number(await toEarn.getAttribute('data-points-to-earn'));
    expect(earned.first).toBeGreaterThan(0);
    await page.locator('[data-place-order]').click();
    const orderId = await payWithTestCard(page);

    expect(await balance(page)).toBe(earned.first);
    expect(await page.locator('[data-level-name]').textContent()).toBe('Bronze');
    expect(await history(page, 'EARN')).toEqual([{ label: `Earned on order ${orderId}`, delta: `+${earned.first}` }]);
    await page.goto(`${us}/myAccount/orderHistory/orderDetail?orderId=${encodeURIComponent(orderId)}`);
    expect(await page.locator('[data-points-earned]').textContent()).toBe(`Points earned: ${earned.first}`);
    expect(member.errors).toEqual([]);
  });

  it('given 1000 points more, redeems the $10 coupon in the coupon centre; the wallet holds it usable', async () => {
    expect(earned.first, 'no points earned above').toBeGreaterThan(0);
    const { page } = member;
    await shopQuery(
      `INSERT INTO points_ledger (account_id, delta, reason, reference, created_at)
       SELECT id, ${COUPON.price}, 'ADJUSTMENT', NULL, ${Date.now()} FROM account WHERE email = '${EMAIL}'`,
    );
    await page.goto(`${us}/myAccount/member/coupons`);
    await hydrated(page);
    const offer = page.locator(`[data-redeemable="${COUPON.id}"]`);
    expect(await offer.locator('[data-points-price]').textContent()).toBe(`${COUPON.price} points`);
    expect(await offer.textContent()).toContain('Your balance covers it');
    await offer.getByRole('button', { name: 'Redeem' }).click();
    await noticeShown(page, `${COUPON.name} is in your wallet.`);
    expect(await page.locator('[data-coupon-balance]').textContent()).toBe(String(earned.first));
    const usable = page.locator('[data-wallet-group="Usable"]');
    expect(await usable.locator(`[data-wallet-coupon="${COUPON.id}"]`).textContent()).toContain(COUPON.name);

    const spent = (await history(page, 'SPEND'))[0];
    expect(spent?.delta).toBe(`-${COUPON.price}`);
    expect(await balance(page)).toBe(earned.first);
    expect(member.errors).toEqual([]);
  });

  it('uses the coupon and 20 points at checkout: the discount and points lines show, and the order is paid', {
    timeout: 120_000,
  }, async () => {
    const { page } = member;
    await addToCart(page, handles[1]!);
    await page.goto(`${us}/myAccount/member/coupons`);
    await hydrated(page);
    await page.locator(`[data-wallet-coupon="${COUPON.id}"]`).getByRole('button', { name: 'Use at checkout' }).click();
    await page.waitForURL(`${us}/checkout`);
    await hydrated(page);
    await fillAddress(page, NEW_YORK);
    const line = page.locator('[data-checkout-summary] .cart-summary__discount', { hasText: COUPON.name });
    expect(await line.locator('dd').textContent()).toBe('-$10.00');
    // Points set aside keep the address's tax in the total the order is placed at.
    const block = page.locator('[data-checkout-points]');
    await block.getByLabel('Points to use').fill(String(SPENT));
    await block.getByRole('button', { name: 'Use points' }).click();
    const pointsRow = page.locator('[data-checkout-summary] div', { hasText: `Points (${SPENT})` });
    expect(await pointsRow.locator('dd').textContent()).toBe('-$0.20');
    expect(await page.locator('[data-checkout-summary] [data-tax]').count()).toBe(1);
    earned.second = Number(await page.locator('[data-points-to-earn]').getAttribute('data-points-to-earn'));
    expect(earned.second).toBeGreaterThan(0);
    if (REVIEW_SHOTS)
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${SHOTS}/member-checkout-coupon-${width}.png`, fullPage: true });
      }
    await page.locator('[data-place-order]').click();
    secondOrder = await payWithTestCard(page);

    expect(await balance(page)).toBe(earned.first - SPENT + earned.second);
    await page.goto(`${us}/myAccount/orderHistory/orderDetail?orderId=${encodeURIComponent(secondOrder)}`);
    expect(await page.locator('[data-points-used]').textContent()).toBe(`Points used: ${SPENT} ($0.20)`);
    expect(await page.locator('[data-points-earned]').textContent()).toBe(`Points earned: ${earned.second}`);
    await page.goto(`${us}/myAccount/member/coupons`);
    expect(await page.locator(`[data-wallet-group="Usable"] [data-wallet-coupon="${COUPON.id}"]`).count()).toBe(0);
    expect(member.errors).toEqual([]);
  });

  it('staff refund the order in the console, and the member’s history shows its points taken back', {
    timeout: 120_000,
  }, async () => {
    expect(secondOrder, 'no coupon order placed above').not.toBe('');
    const staff = await ownerPage();
    await staff.page.goto(`${us}/admin/orders/${secondOrder}`);
    const form = staff.page.locator('form[aria-label="Refund"]');
    // The whole order, by amount: every point it earned goes back.
    const whole = (await form.locator('p').first().textContent())!.match(/^Up to \$([\d,.]+) can still be refunded/);
    expect(whole, 'the Refund form says how much is left').not.toBeNull();
    await form.locator('input[name="mode"][value="amount"]').check();
    await form.locator('input[name="amount"]').fill(whole![1]!.replace(/,/g, ''));
    await form.locator('input[name="reason"]').fill('Ordered the wrong side');
    await form.locator('button[type="submit"]').click();
    await staff.page.waitForURL((url) => url.searchParams.has('done') || url.pathname.endsWith('/refund'), {
      timeout: 45_000,
    });
    const refusal = staff.page.locator('main [role="alert"]');
    if ((await refusal.count()) > 0) throw new Error(`refund refused: ${await refusal.first().textContent()}`);
    expect(new URL(staff.page.url()).searchParams.get('done')).toBe('refunded');
    await staff.context.close();

    const { page } = member;
    const reversals = await history(page, 'REVERSAL');
    expect(reversals).toContainEqual({
      label: `Taken back: order ${secondOrder} refunded`,
      delta: `-${earned.second}`,
    });
    // Whatever of the spent points a refund gives back is its own row; the balance is the ledger's sum.
    const givenBack = reversals
      .filter((row) => row.label.startsWith('Given back'))
      .reduce((sum, row) => sum + Number(row.delta), 0);
    expect(await balance(page)).toBe(earned.first - SPENT + givenBack);
    if (REVIEW_SHOTS)
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${us}/myAccount/member/history`);
        await page.screenshot({ path: `${SHOTS}/member-history-refunded-${width}.png`, fullPage: true });
      }
    expect(member.errors).toEqual([]);
  });
});
