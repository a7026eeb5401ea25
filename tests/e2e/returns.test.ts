import { PAYABLE_STATUSES } from '../../shared/order-status.ts';
import { paidThenSql } from '../lib/status-path.ts';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { VIN_MESSAGE } from '../../shared/vin.ts';
import { hydrated, launchBrowser, openPage, REVIEW_SHOTS } from './browser.ts';
import { fillAddress, payWithTestCard } from './checkout-steps.ts';
import { registerMember, signIn } from './members.ts';
import { shopQuery } from './shop-db.ts';
import { pickVehicle } from './vehicle-selector.ts';
import { theShop } from './shop.ts';

/** A shopper's returns in the browser (issue 20): the visitor's emailed link and the member's order detail. */

const us = theShop().us;
const SHOTS = '/tmp/shots';
let browser: Browser;
let handle = '';
/** A part that fits a whole model, and that model: the member's car. */
let fitting: { handle: string; year: string; make: string; model: string };
let jpeg: Buffer;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  const [row] = await shopQuery<{ handle: string }>(
    `SELECT o.url_handle AS handle FROM seo o JOIN item i ON i.id = o.target_id JOIN sku s
      ON s.item_id = i.id AND s.sort = 0
     WHERE o.type = 'ITEM' AND o.is_primary = 1 AND o.active = 1 AND i.us_status = 'ON_SHELVES'
       AND s.available_total >= 20
     ORDER BY i.id LIMIT 1 OFFSET 13`,
  );
  handle = row!.handle;
  [fitting] = (await shopQuery<typeof fitting>(
    `SELECT s.url_handle AS handle, CAST(m.year AS TEXT) AS year, mk.name AS make, md.name AS model
     FROM fitment f JOIN item i ON i.id = f.item_id JOIN seo s ON s.target_id = i.id AND s.is_primary = 1
     JOIN sku k ON k.item_id = i.id AND k.sort = 0
     JOIN vehicle_node m ON m.id = f.model_node_id JOIN vehicle_make mk ON mk.id = m.make_id
     JOIN vehicle_model md ON md.id = m.model_id
     WHERE f.node_level = 3 AND i.us_status = 'ON_SHELVES' AND k.available_total >= 5
     ORDER BY f.id DESC LIMIT 1`,
  )) as [typeof fitting];
  // A real small JPEG, drawn by the browser: the shop reads the bytes, and the thumbnails must load.
  const { page, context } = await openPage(browser, 390);
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const paint = canvas.getContext('2d')!;
    paint.fillStyle = '#c62828';
    paint.fillRect(0, 0, 64, 48);
    paint.fillStyle = '#1f2937';
    paint.fillRect(16, 12, 32, 24);
    return canvas.toDataURL('image/jpeg', 0.8);
  });
  jpeg = Buffer.from(dataUrl.split(',')[1]!, 'base64');
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

/** Ships every unit of the order as the back office leaves it: a shipment of every line, SHIPPED. */
async function shipOrder(orderId: string) {
  const key = `ship-${orderId}`;
  const now = Date.now();
  await shopQuery(
    `INSERT INTO shipment (order_id, idempotency_key, carrier, tracking_number, shipped_at, delivered_at)
       VALUES ('${orderId}', '${key}', 'ups', '1Z999AA10123456784', ${now - 86_400_000}, NULL);
     INSERT INTO shipment_line (shipment_id, order_id, line_no, quantity)
       SELECT s.id, l.order_id, l.line_no, l.quantity FROM order_line l JOIN shipment s ON s.idempotency_key = '${key}'
       WHERE l.order_id = '${orderId}';
     ${paidThenSql(orderId, 'SHIPPED', PAYABLE_STATUSES)}`,
  );
}

/** The newest return-form link emailed to an address, read from the local outbox (Node calls loopback with Host). */
async function emailedReturnLink(to: string): Promise<string> {
  const target = new URL(us);
  const response = await fetch(`http://127.0.0.1:${target.port}/dev/outbox?to=${encodeURIComponent(to)}`, {
    headers: { host: target.host },
  });
  const html = (await response.text()).replace(/&amp;|&#38;/g, '&');
  const match = html.match(/https?:\/\/[^\s"<]+(\/order\/returns\/new\?[^\s"<]+)/);
  if (!match) throw new Error(`no return link emailed to ${to}`);
  expect(match[0].startsWith(us)).toBe(true);
  return match[1]!;
}

async function buy(page: Page, handle: string, email?: string) {
  await page.goto(`${us}/product/${handle}`);
  await hydrated(page);
  await page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).first().click();
  await expect
    .poll(() => page.locator('[data-header="desktop"] [data-cart-count]').getAttribute('data-cart-count'))
    .toBe('1');
  await page.goto(`${us}/checkout`);
  await hydrated(page);
  if (email) await page.locator('[data-checkout]').getByLabel('Email', { exact: true }).fill(email);
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
  return payWithTestCard(page);
}

const photo = (name: string) => ({ name, mimeType: 'image/jpeg', buffer: jpeg });

/** Waits until every chosen file is uploaded and its thumbnail has loaded. */
async function uploaded(page: Page, count: number) {
  const files = page.locator('.return-file');
  await expect.poll(() => files.count()).toBe(count);
  await page.locator('.return-file[data-upload-state="uploading"]').first().waitFor({ state: 'detached' });
  expect(await page.locator('.return-file[data-upload-state="done"]').count()).toBe(count);
  for (let index = 0; index < count; index++) {
    expect(await files.nth(index).locator('progress').getAttribute('value')).toBe('1');
    await expect
      .poll(() =>
        files
          .nth(index)
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
  }
}

/**
 * The page at phone and desktop widths, for review (E2E_SHOTS=1). Either way it leaves the page at 1280 px,
 * where the visitor's steps after it have always run.
 */
async function shoot(page: Page, name: string) {
  if (!REVIEW_SHOTS) return page.setViewportSize({ width: 1280, height: 900 });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/returns-${name}-${width}.png`, fullPage: true });
  }
}

/** A failed step leaves a picture of where it stopped. */
function whenFailed(page: Page, name: string) {
  onTestFailed(async () => {
    console.error(`returns e2e (${name}) stopped at ${page.url()}`);
    await page.screenshot({ path: `${SHOTS}/returns-failed-${name}.png`, fullPage: true }).catch(() => {});
  });
}

describe('returns in the browser', () => {
  it('a visitor asks for the link from tracking and returns a damaged part with three photos', async () => {
    const email = `visitor-return-${Date.now()}@example.com`;
    const { context, page, errors } = await openPage(browser, 390);
    whenFailed(page, 'visitor');
    const orderId = await buy(page, handle, email);
    await shipOrder(orderId);

    await page.goto(`${us}/order/track?${new URLSearchParams({ orderNo: orderId, email })}`);
    await page.getByRole('button', { name: 'Return items' }).click();
    await page.getByText('We emailed a link to start your return to the address on this order.').waitFor();

    await page.goto(`${us}${await emailedReturnLink(email)}`);
    await hydrated(page);
    const form = page.locator('[data-form="return"]');
    await shoot(page, 'form-empty');
    await form.getByRole('button', { name: 'Ask for a return' }).click();
    await form.getByText('Choose at least one part to return.').waitFor();
    await shoot(page, 'form-error');

    await form.locator('input[name="line"]').first().check();
    await form.getByLabel(/Part was damaged/).check();
    await form.getByText('Photos of part, package, label (at least 3)').waitFor();
    await form.locator('input[type="file"]').setInputFiles([photo('part.jpg'), photo('box.jpg'), photo('label.jpg')]);
    await uploaded(page, 3);
    await shoot(page, 'form-photos');

    await form.getByRole('button', { name: 'Ask for a return' }).click();
    // The return's page: the order's token stays in its HttpOnly cookie, never in the address (issue 35).
    await page.waitForURL(/\/order\/returns\/RMA-[0-9A-Z-]+$/);
    expect(await page.locator('h1').textContent()).toMatch(/^Return RMA-/);
    expect(await page.locator('[data-return-status]').first().textContent()).toBe('Requested');
    const images = page.locator('.return-evidence img');
    expect(await images.count()).toBe(3);
    for (let index = 0; index < 3; index++)
      await expect
        .poll(() => images.nth(index).evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
    await shoot(page, 'page');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('a member returns a part that does not fit, with a VIN checked as it is typed', async () => {
    const email = `member-return-${Date.now()}@example.com`;
    const token = await registerMember(us, email, 'correct horse battery');
    const { context, page, errors } = await openPage(browser, 1280);
    whenFailed(page, 'member');
    await signIn(context, us, token);
    await page.goto(`${us}/parts`);
    await pickVehicle(page, fitting);
    // Choosing a vehicle leads to its parts page: wait for it, so that navigation cannot land after the next one.
    await page.waitForURL(/\/parts\/\d+-/);
    await page.locator('[data-header="desktop"] [data-header-vehicle="chosen"]').waitFor();
    const orderId = await buy(page, fitting.handle);
    await shipOrder(orderId);

    await page.goto(`${us}/myAccount/orderHistory/orderDetail?orderId=${orderId}`);
    await page.getByRole('link', { name: 'Return items' }).click();
    await hydrated(page);
    const form = page.locator('[data-form="return"]');
    await form.locator('input[name="line"]').first().check();
    await form.getByLabel(/Part doesn't fit/).check();
    // The car starts as the order's (or the garage's) vehicle.
    expect(await form.getByLabel('Make', { exact: true }).inputValue()).toBe(fitting.make);
    expect(await form.getByLabel('Model', { exact: true }).inputValue()).toBe(fitting.model);
    expect(await form.locator('[data-fit-note]').textContent()).toBe(
      `When you bought it, we showed this part as fitting your ${fitting.year} ${fitting.make} ${fitting.model}.`,
    );
    await form.getByLabel('VIN', { exact: true }).check();
    const vin = form.locator('input[name="vin"]');
    await vin.fill('1HGCM82643A004352');
    await form.getByText(VIN_MESSAGE.checkDigit).waitFor();
    await shoot(page, 'form-vin-error');
    await vin.fill('1HGCM82633A004352');
    await vin.blur();
    await form.getByText(VIN_MESSAGE.checkDigit).waitFor({ state: 'detached' });
    await form.locator('input[type="file"]').setInputFiles([photo('fit.jpg')]);
    await uploaded(page, 1);
    await form.getByRole('button', { name: 'Ask for a return' }).click();
    await page.waitForURL(/\/order\/returns\/RMA-[0-9A-Z-]+$/);
    expect(await page.locator('main').textContent()).toContain('VIN 1HGCM82633A004352');
    expect(await page.locator('main').textContent()).toContain("Part doesn't fit");

    // The shop asks for more: the shopper adds a photo and a note on the return's page, and it goes back to the shop.
    const rma = new URL(page.url()).pathname.split('/').pop()!;
    await shopQuery(
      `UPDATE order_return SET status = 'NEEDS_EVIDENCE' WHERE rma = '${rma}';
       INSERT INTO return_event (return_id, status, note, created_at)
         SELECT id, 'NEEDS_EVIDENCE', 'Please add a photo of the part number on the box.', ${Date.now()}
         FROM order_return WHERE rma = '${rma}';`,
    );
    await page.reload();
    await hydrated(page);
    const more = page.locator('[data-form="return-evidence"]');
    await more.getByText('Please add a photo of the part number on the box.').waitFor();
    await more.locator('input[type="file"]').setInputFiles([photo('box-label.jpg')]);
    await uploaded(page, 1);
    await shoot(page, 'page-more-evidence');
    await more.getByLabel('A note for us (optional)').fill('The number is on the side.');
    await more.getByRole('button', { name: 'Send to the shop' }).click();
    await more.waitFor({ state: 'detached' });
    expect(await page.locator('[data-return-status]').first().textContent()).toBe('Requested');
    expect(await page.locator('.return-evidence img').count()).toBe(2);
    expect(await page.locator('.order-events').textContent()).toContain('The number is on the side.');

    // Order detail lists the return with its page.
    await page.goto(`${us}/myAccount/orderHistory/orderDetail?orderId=${orderId}`);
    expect(await page.locator('[data-order-returns] [data-return-status]').first().textContent()).toBe('Requested');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
