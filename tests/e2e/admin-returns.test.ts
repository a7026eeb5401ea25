import { PAYABLE_STATUSES } from '../../shared/order-status.ts';
import { paidThenSql } from '../lib/status-path.ts';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRETS } from '../../scripts/lib/dev-secrets.ts';
import { writeStaff } from '../../scripts/staff-lib.ts';
import { totpCode } from '../../worker/admin/totp.ts';
import { hydrated, launchBrowser, openPage, REVIEW_SHOTS } from './browser.ts';
import { fillAddress, payWithTestCard } from './checkout-steps.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

/** Issue 20's staff side in the browser: ask for more evidence, then approve, receive and refund one line. */

const us = theShop().us;
const SHOTS = '/tmp/shots';
const SHOPPER = `returns-shopper-${Date.now()}@example.com`;
const FEE = '1.50';
let browser: Browser;
let owner: Page;
/** A small JPEG the browser drew, as base64: the console's thumbnails must load it. */
let jpeg = '';
/** The order and its return both sides work on. */
const order = { id: '', token: '', rma: '', lines: [] as number[] };

beforeAll(async () => {
  browser = await launchBrowser();
  if (REVIEW_SHOTS) mkdirSync(SHOTS, { recursive: true });
  process.env.PASSWORD_PEPPER = TEST_SECRETS.PASSWORD_PEPPER; // the served shop's pepper
  const { page, context } = await openPage(browser, 390);
  jpeg = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 80;
    canvas.height = 60;
    const paint = canvas.getContext('2d')!;
    paint.fillStyle = '#2e7d32';
    paint.fillRect(0, 0, 80, 60);
    paint.fillStyle = '#fbc02d';
    paint.fillRect(20, 15, 40, 30);
    return canvas.toDataURL('image/jpeg', 0.8).split(',')[1]!;
  });
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs in on the console's form with a password and the code the secret gives now. */
async function signIn(page: Page, email: string, password: string, secret: string) {
  await page.goto(`${us}/admin`);
  await page.waitForURL(/\/admin\/sign-in$/);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', password);
  await page.fill('input[name="code"]', await totpCode(secret));
  await page.click('form[action="/admin/sign-in"] button[type="submit"]');
  await page.waitForURL(/\/admin$/);
}

/** Ships every unit of the order as the back office leaves it: a shipment of every line, SHIPPED. */
async function shipOrder(orderId: string) {
  const key = `ship-${orderId}`;
  await shopQuery(
    `INSERT INTO shipment (order_id, idempotency_key, carrier, tracking_number, shipped_at, delivered_at)
       VALUES ('${orderId}', '${key}', 'ups', '1Z999AA10123456784', ${Date.now() - 86_400_000}, NULL);
     INSERT INTO shipment_line (shipment_id, order_id, line_no, quantity)
       SELECT s.id, l.order_id, l.line_no, l.quantity FROM order_line l JOIN shipment s ON s.idempotency_key = '${key}'
       WHERE l.order_id = '${orderId}';
     ${paidThenSql(orderId, 'SHIPPED', PAYABLE_STATUSES)}`,
  );
}

/** Uploads the JPEG `count` times as the guest (from a shop page, as the return form does): the upload ids. */
async function uploadPhotos(page: Page, count: number): Promise<string[]> {
  return page.evaluate(
    async ({ orderId, orderToken, jpeg, count }) => {
      const bytes = Uint8Array.from(atob(jpeg), (char) => char.charCodeAt(0));
      const ids: string[] = [];
      for (let index = 0; index < count; index++) {
        const query = new URLSearchParams({ orderId, orderToken, name: `photo-${index + 1}.jpg` });
        const response = await fetch(`/return-evidence?${query}`, {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream' },
          body: bytes,
        });
        const answer = (await response.json()) as { msg?: string; data: { uploadId: string } };
        if (response.status !== 201) throw new Error(`upload refused: ${answer.msg}`);
        ids.push(answer.data.uploadId);
      }
      return ids;
    },
    { orderId: order.id, orderToken: order.token, jpeg, count },
  );
}

/** Posts JSON to the shop's API from a shop page: the status and the envelope. */
function postJson(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { data: { rma: string } } };
    },
    { path, body },
  );
}

/** Submits one of the return page's forms; a refusal fails with its message. */
async function submitReturnForm(page: Page, form: string, done: string) {
  await page.click(`form[aria-label="${form}"] button[type="submit"]`);
  await page.waitForURL((url) => url.searchParams.has('done') || /\/[a-z-]+$/.test(url.pathname));
  const refusal = page.locator('main [role="alert"], h1:text("Forbidden")');
  if ((await refusal.count()) > 0) throw new Error(`${form} refused: ${await refusal.first().textContent()}`);
  expect(new URL(page.url()).searchParams.get('done')).toBe(done);
}

const returnStatus = async (page: Page) =>
  (await page.locator('[data-testid="return-status"] .badge').textContent())?.trim();

/** Every evidence image on the page has loaded with real pixels. */
async function photosLoaded(page: Page, count: number) {
  const images = page.locator('ul[aria-label="Evidence"] img');
  expect(await images.count()).toBe(count);
  for (let index = 0; index < count; index++) {
    await images.nth(index).scrollIntoViewIfNeeded();
    await expect
      .poll(() => images.nth(index).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
}

/**
 * The page at a phone's and a desktop's width, into /tmp/shots/admin-returns-NAME-WIDTH.png (E2E_SHOTS=1),
 * once its photos have loaded; left at 1280 px.
 */
async function screenshots(page: Page, name: string, photos = 0) {
  if (!REVIEW_SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (photos > 0) await photosLoaded(page, photos);
    await page.screenshot({ path: `${SHOTS}/admin-returns-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('returns in the back office', () => {
  it('a guest buys two parts, they ship, and the guest returns both as damaged with three photos', {
    timeout: 180_000,
  }, async () => {
    const handles = await shopQuery<{ handle: string }>(
      `SELECT o.url_handle AS handle FROM seo o JOIN item i ON i.id = o.target_id JOIN sku s
        ON s.item_id = i.id AND s.sort = 0
       WHERE o.type = 'ITEM' AND o.is_primary = 1 AND o.active = 1 AND i.us_status = 'ON_SHELVES'
         AND s.available_total >= 20
       ORDER BY i.id LIMIT 2 OFFSET 16`,
    );
    expect(handles).toHaveLength(2);
    const { context, page, errors } = await openPage(browser, 1280);
    for (const [index, { handle }] of handles.entries()) {
      await page.goto(`${us}/product/${handle}`);
      await hydrated(page);
      await page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).first().click();
      await page
        .locator(`[data-cart-count="${index + 1}"]`)
        .first()
        .waitFor({ state: 'attached' });
    }
    await page.goto(`${us}/checkout`);
    await hydrated(page);
    await page.locator('[data-checkout]').getByLabel('Email', { exact: true }).fill(SHOPPER);
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
    order.id = await payWithTestCard(page);
    order.token = (await page.evaluate(() => sessionStorage.getItem('checkout-order-token'))) ?? '';
    expect(order.token).not.toBe('');
    await shipOrder(order.id);
    order.lines = (
      await shopQuery<{ lineNo: number }>(
        `SELECT line_no AS lineNo FROM order_line WHERE order_id = '${order.id}' ORDER BY line_no`,
      )
    ).map((line) => line.lineNo);
    expect(order.lines).toHaveLength(2);

    const uploadIds = await uploadPhotos(page, 3);
    const asked = await postJson(page, '/order/public/returns', {
      orderId: order.id,
      orderToken: order.token,
      idempotencyKey: `return-${Date.now()}`,
      lines: order.lines.map((lineNo) => ({ lineNo, quantity: 1 })),
      reason: 'Part was damaged',
      uploadIds,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    order.rma = asked.body.data.rma;
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the owner finds it in the queue, sees the photos, and asks for more evidence', { timeout: 120_000 }, async () => {
    expect(order.rma, 'no return was asked above').not.toBe('');
    const staff = await writeStaff(
      { stateDir: theShop().stateDir },
      { email: `owner-returns-${Date.now()}@staff.test`, name: 'Rita Returns', role: 'owner' },
    );
    const opened = await openPage(browser, 1280);
    owner = opened.page;
    await signIn(owner, staff.email, staff.password, staff.totpSecret);
    await owner.getByRole('link', { name: 'Returns', exact: true }).click();
    await owner.waitForURL(/\/admin\/returns$/);
    const row = owner.locator(`tr[data-rma="${order.rma}"]`);
    expect(await row.locator('td').nth(1).textContent()).toBe(order.id);
    expect(await row.locator('td').nth(2).textContent()).toBe(SHOPPER);
    expect(await row.locator('td').nth(3).textContent()).toBe('Part was damaged');
    expect(await row.locator('td').nth(5).textContent()).toBe('3');
    await screenshots(owner, 'queue');

    await row.getByRole('link', { name: order.rma }).click();
    await owner.waitForURL(new RegExp(`/admin/returns/${order.rma}$`));
    expect(await owner.locator('h1').textContent()).toBe(`Return ${order.rma}`);
    expect(await returnStatus(owner)).toBe('Requested');
    expect(await owner.locator('table[aria-label="Returned lines"] tbody tr').count()).toBe(2);
    await photosLoaded(owner, 3);
    // A thumbnail opens the photo itself, served to staff only.
    const full = await owner.locator('ul[aria-label="Evidence"] a').first().getAttribute('href');
    const served = await owner.evaluate(async (href) => {
      const response = await fetch(href!);
      return { status: response.status, type: response.headers.get('content-type') };
    }, full);
    expect(served).toEqual({ status: 200, type: 'image/jpeg' });
    await screenshots(owner, 'return', 3);

    await owner
      .locator('form[aria-label="Ask for more evidence"] textarea[name="message"]')
      .fill('Please add a photo of the shipping label.');
    await submitReturnForm(owner, 'Ask for more evidence', 'ask-evidence');
    expect(await returnStatus(owner)).toBe('More evidence needed');
    expect(await owner.locator('form[aria-label="Approve"]').count()).toBe(1);
    expect(opened.errors).toEqual([]);
  });

  it('the shopper adds a photo to the return', async () => {
    expect(order.rma, 'no return was asked above').not.toBe('');
    const { context, page } = await openPage(browser, 390);
    await page.goto(`${us}/order/returns/${order.rma}?${new URLSearchParams({ orderToken: order.token })}`);
    expect(await page.locator('[data-return-status]').first().textContent()).toBe('More evidence needed');
    const [added] = await uploadPhotos(page, 1);
    const answer = await postJson(page, `/order/public/returns/${order.rma}/evidence`, {
      orderToken: order.token,
      uploadIds: [added],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await context.close();
  });

  it('the owner approves, marks received, refunds one line less a restocking fee, and restocks it', {
    timeout: 120_000,
  }, async () => {
    expect(owner, 'no owner signed in above').toBeDefined();
    const [first, second] = order.lines as [number, number];
    const stockOf = async () =>
      (
        await shopQuery<{ n: number }>(
          `SELECT s.available_total AS n FROM sku s JOIN order_line l ON l.sku_id = s.id
           WHERE l.order_id = '${order.id}' AND l.line_no = ${first}`,
        )
      )[0]!.n;
    await owner.goto(`${us}/admin/returns/${order.rma}`);
    expect(await returnStatus(owner)).toBe('Requested');
    await photosLoaded(owner, 4);

    await owner
      .locator('form[aria-label="Approve"] textarea[name="instructions"]')
      .fill('Pack both parts in their box and ship them to 1 Warehouse Way, Newark NJ.');
    await submitReturnForm(owner, 'Approve', 'approve');
    expect(await returnStatus(owner)).toBe('Approved');
    expect(await owner.locator('p.notice[role="status"]').textContent()).toBe(
      'Return approved; the shopper has been emailed how to send the parts back.',
    );

    await owner.locator('form[aria-label="Mark received"] textarea[name="note"]').fill('Both parts arrived boxed.');
    await submitReturnForm(owner, 'Mark received', 'received');
    expect(await returnStatus(owner)).toBe('Received');

    const before = await stockOf();
    const form = owner.locator('form[aria-label="Refund"]');
    expect(await form.locator(`input[name="rqty_${first}"]`).inputValue()).toBe('1');
    await form.locator(`input[name="rqty_${second}"]`).fill('0');
    await form.locator('input[name="fee"]').fill(FEE);
    await form.locator('input[name="restock"]').check();
    await screenshots(owner, 'refund-form', 4);
    await submitReturnForm(owner, 'Refund', 'refund');
    expect(await returnStatus(owner)).toBe('Refunded');
    const settlement = owner.locator('table[aria-label="Settlement"]');
    const refunded = await settlement.locator('tr', { hasText: 'Refunded' }).locator('td').textContent();
    expect(refunded).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(await settlement.locator('tr', { hasText: 'Restocking fee kept' }).locator('td').textContent()).toBe(
      `$${FEE}`,
    );
    expect(await stockOf()).toBe(before + 1);
    expect(await owner.locator('form[aria-label="Refund"]').count()).toBe(0);
    await screenshots(owner, 'refunded', 4);

    const shopper = await openPage(browser, 390);
    await shopper.page.goto(`${us}/order/returns/${order.rma}?${new URLSearchParams({ orderToken: order.token })}`);
    expect(await shopper.page.locator('[data-return-status]').first().textContent()).toBe('Refunded');
    expect(await shopper.page.locator('[data-return-refund]').textContent()).toContain(refunded!);
    await shopper.context.close();
  });
});
