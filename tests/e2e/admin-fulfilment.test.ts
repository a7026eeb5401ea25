import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingUrl } from '../../shared/carriers.ts';
import { TEST_SECRETS } from '../../scripts/lib/dev-secrets.ts';
import { writeStaff } from '../../scripts/staff-lib.ts';
import { totpCode } from '../../worker/admin/totp.ts';
import { hydrated, launchBrowser, openPage, REVIEW_SHOTS } from './browser.ts';
import { fillAddress, payWithTestCard } from './checkout-steps.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

/** Issue 19's browser items for fulfilment: ship in two parts, refund a line, a fulfilment user refused, tracking. */

const us = theShop().us;
const SHOTS = '/tmp/shots';
const SHOPPER = `fulfilment-shopper-${Date.now()}@example.com`;
const FIRST = { carrier: 'ups', trackingNumber: '1Z999AA10123456784' };
const REST = { carrier: 'fedex', trackingNumber: '612345678901' };
const REASON = 'Arrived with a cracked housing';
let browser: Browser;
let owner: Page;
/** The order both sides work on, and its lines as the Ship form names them. */
const order = { id: '', lines: [] as { lineNo: number; partNumber: string }[] };

beforeAll(async () => {
  browser = await launchBrowser();
  if (REVIEW_SHOTS) mkdirSync(SHOTS, { recursive: true });
  process.env.PASSWORD_PEPPER = TEST_SECRETS.PASSWORD_PEPPER; // the served shop's pepper
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

/** A new staff member of the role, signed in on a fresh page. */
async function staffPage(role: 'owner' | 'fulfilment', name: string) {
  const staff = await writeStaff(
    { stateDir: theShop().stateDir },
    { email: `${role}-${Date.now()}@staff.test`, name, role },
  );
  const opened = await openPage(browser, 1280);
  await signIn(opened.page, staff.email, staff.password, staff.totpSecret);
  return opened;
}

/** Submits one of the order page's forms and waits for the page it answers; a refusal fails with its message. */
async function submitOrderForm(page: Page, form: 'Ship' | 'Refund', done: string) {
  await page.click(`form[aria-label="${form}"] button[type="submit"]`);
  await page.waitForURL((url) => url.searchParams.has('done') || /\/(ship|refund)$/.test(url.pathname));
  const refusal = page.locator('main [role="alert"], h1:text("Forbidden")');
  if ((await refusal.count()) > 0) throw new Error(`${form} refused: ${await refusal.first().textContent()}`);
  expect(new URL(page.url()).searchParams.get('done')).toBe(done);
}

/** The order page's status: the first word group of the panel under the heading. */
async function orderStatus(page: Page): Promise<string> {
  const panel = (await page.locator('section > h1 + p.panel').textContent()) ?? '';
  return panel.split(' · ')[0]!;
}

/** Ships units of the order's lines (by line number) with a carrier and tracking number, from the Ship form. */
async function ship(page: Page, units: Record<number, number>, parcel: { carrier: string; trackingNumber: string }) {
  await page.goto(`${us}/admin/orders/${order.id}`);
  const form = page.locator('form[aria-label="Ship"]');
  for (const [lineNo, quantity] of Object.entries(units))
    await form.locator(`input[name="qty_${lineNo}"]`).fill(String(quantity));
  await form.locator('select[name="carrier"]').selectOption(parcel.carrier);
  await form.locator('input[name="trackingNumber"]').fill(parcel.trackingNumber);
  await submitOrderForm(page, 'Ship', 'shipped');
  expect(await page.locator('p.notice[role="status"]').textContent()).toBe(
    'Shipment recorded; the shopper has been emailed the tracking link.',
  );
}

/** Builds a form the page does not offer and submits it from the page (its cookies, same origin): the response. */
async function postCraftedForm(page: Page, action: string, fields: Record<string, string>) {
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === action && response.request().method() === 'POST',
  );
  await page.evaluate(
    ({ action, fields }) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = action;
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.appendChild(input);
      }
      document.body.appendChild(form);
      form.submit();
    },
    { action, fields },
  );
  return answered;
}

/** Waits until the images in view have loaded (or failed), so a screenshot shows them. */
async function imagesInViewLoaded(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images]
          .filter((image) => {
            const box = image.getBoundingClientRect();
            return box.width > 0 && box.top < window.innerHeight;
          })
          .filter((image) => !image.complete)
          .map((image) => `${image.currentSrc || image.src} ${image.loading}`),
      ),
    )
    .toEqual([]);
}

/** The page at a phone's and a desktop's width, into /tmp/shots/NAME-WIDTH.png (E2E_SHOTS=1); left at 1280 px. */
async function screenshots(page: Page, name: string) {
  if (!REVIEW_SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await imagesInViewLoaded(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Every shipment in a list: the tracking number and where its link goes. */
async function trackingLinks(page: Page) {
  return page
    .locator('ul[aria-label="Shipments"] li a')
    .evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute('href')]));
}

const expectedLinks = () =>
  [FIRST, REST].map((parcel) => [parcel.trackingNumber, trackingUrl(parcel.carrier, parcel.trackingNumber)]);

describe('fulfilment in the browser', () => {
  it('a guest buys two parts and pays in the sandbox window', { timeout: 120_000 }, async () => {
    const handles = await shopQuery<{ handle: string }>(
      `SELECT o.url_handle AS handle FROM seo o JOIN item i ON i.id = o.target_id JOIN sku s
        ON s.item_id = i.id AND s.sort = 0
       WHERE o.type = 'ITEM' AND o.is_primary = 1 AND o.active = 1 AND i.us_status = 'ON_SHELVES'
         AND s.available_total >= 20
       ORDER BY i.id LIMIT 2 OFFSET 11`,
    );
    expect(handles).toHaveLength(2);
    const { context, page, errors } = await openPage(browser, 1280);
    for (const [index, { handle }] of handles.entries()) {
      await page.goto(`${us}/product/${handle}`);
      await hydrated(page);
      await page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
      await expect
        .poll(() => page.locator('[data-header="desktop"] [data-cart-count]').getAttribute('data-cart-count'))
        .toBe(String(index + 1));
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
    expect(order.id).toMatch(/^US\d{6}/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an owner ships part of the order, then the rest', { timeout: 120_000 }, async () => {
    expect(order.id, 'the purchase above placed no order').not.toBe('');
    const opened = await staffPage('owner', 'Olivia Owner');
    owner = opened.page;
    await owner.goto(`${us}/admin/orders/${order.id}`);
    expect(await owner.locator('h1').textContent()).toBe(`Order ${order.id}`);
    expect(await orderStatus(owner)).toBe('Processing');
    const inputs = owner.locator('form[aria-label="Ship"] input[name^="qty_"]');
    order.lines = await inputs.evaluateAll((found) =>
      found.map((input) => ({
        lineNo: Number(input.getAttribute('name')!.slice('qty_'.length)),
        partNumber: input.getAttribute('aria-label')!.replace('Ship units of ', ''),
      })),
    );
    expect(order.lines).toHaveLength(2);
    const [first, second] = order.lines as [(typeof order.lines)[0], (typeof order.lines)[0]];

    await ship(owner, { [first.lineNo]: 1, [second.lineNo]: 0 }, FIRST);
    expect(await orderStatus(owner)).toBe('Partially shipped');
    const shipments = owner.locator('ul[aria-label="Shipments"] > li');
    expect(await shipments.count()).toBe(1);
    expect(await shipments.first().textContent()).toContain(`UPS ${FIRST.trackingNumber} · 1 x ${first.partNumber}`);
    // Only the line still to ship is left on the form.
    expect(await owner.locator('form[aria-label="Ship"] input[name^="qty_"]').count()).toBe(1);
    expect(await owner.locator(`form[aria-label="Ship"] input[name="qty_${second.lineNo}"]`).count()).toBe(1);

    await ship(owner, {}, REST);
    expect(await orderStatus(owner)).toBe('Shipped');
    expect(await shipments.count()).toBe(2);
    expect(await shipments.nth(1).textContent()).toContain(`FedEx ${REST.trackingNumber} · 1 x ${second.partNumber}`);
    expect(await trackingLinks(owner)).toEqual(expectedLinks());
    expect(await owner.locator('form[aria-label="Ship"]').count()).toBe(0);
    await screenshots(owner, 'admin-order');
    expect(opened.errors).toEqual([]);
  });

  it('the owner refunds one unit of a line: the refund is listed and the order is partially refunded', async () => {
    expect(owner, 'no owner signed in above').toBeDefined();
    const [first] = order.lines;
    await owner.goto(`${us}/admin/orders/${order.id}`);
    const form = owner.locator('form[aria-label="Refund"]');
    await form.locator(`input[name="rqty_${first!.lineNo}"]`).fill('1');
    await form.locator('input[name="reason"]').fill(REASON);
    await submitOrderForm(owner, 'Refund', 'refunded');
    expect(await owner.locator('p.notice[role="status"]').textContent()).toBe(
      'Refund sent to the payment provider; the shopper has been emailed.',
    );
    expect(await orderStatus(owner)).toBe('Partially refunded');
    const refunds = owner.locator('ul[aria-label="Refunds"] > li');
    expect(await refunds.count()).toBe(1);
    const listed = (await refunds.first().textContent())!;
    expect(listed).toContain(`1 x ${first!.partNumber}`);
    expect(listed).toContain(REASON);
    const amount = listed.split(' · ')[1]!;
    expect(amount).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(await owner.locator('ul[aria-label="Payments"]').textContent()).toContain(`Refunded ${amount}`);
    await owner.context().close();
  });

  it('a fulfilment user sees no Refund form on the order, and posting one anyway is refused with 403', async () => {
    expect(order.lines, 'no order shipped above').toHaveLength(2);
    const { context, page } = await staffPage('fulfilment', 'Felix Fulfil');
    await page.goto(`${us}/admin/orders/${order.id}`);
    expect(await page.locator('h1').textContent()).toBe(`Order ${order.id}`);
    expect(await orderStatus(page)).toBe('Partially refunded');
    const csrf = await page.locator('input[name="_csrf"]').first().getAttribute('value');
    expect(csrf).toBeTruthy();
    const [, second] = order.lines;
    // The Refund form as an owner's page sends it, with this session's cookie and CSRF value: only the role is wrong.
    const refused = await postCraftedForm(page, `/admin/orders/${order.id}/refund`, {
      _csrf: csrf!,
      _key: crypto.randomUUID(),
      mode: 'lines',
      [`rqty_${second!.lineNo}`]: '1',
      reason: 'Not mine to give',
    });
    expect(refused.status()).toBe(403);
    await page.waitForURL(/\/refund$/);
    expect(await page.locator('h1').textContent()).toBe('403 Forbidden');
    expect(await page.locator('main').textContent()).toContain(
      'Your role does not allow this. Ask an owner if you need it.',
    );
    await page.goto(`${us}/admin/orders/${order.id}`);
    expect(await page.locator('ul[aria-label="Refunds"] > li').count()).toBe(1);
    expect(await page.locator('form[aria-label="Refund"]').count()).toBe(0);
    await context.close();
  });

  it("the shopper's tracking page shows both shipments, linked to the carriers' tracking pages", async () => {
    expect(order.lines, 'no order shipped above').toHaveLength(2);
    const { context, page, errors } = await openPage(browser, 1280);
    const query = new URLSearchParams({ orderNo: order.id, email: SHOPPER });
    const answer = await page.goto(`${us}/order/track?${query}`);
    expect(answer?.status()).toBe(200);
    const tracked = page.locator(`article.tracked-order[data-order-id="${order.id}"]`);
    expect(await tracked.locator('.order-status').textContent()).toBe('Partially refunded');
    const shipments = tracked.locator('ul[aria-label="Shipments"] > li');
    expect(await shipments.count()).toBe(2);
    expect(await shipments.nth(0).textContent()).toContain(`UPS ${FIRST.trackingNumber}`);
    expect(await shipments.nth(1).textContent()).toContain(`FedEx ${REST.trackingNumber}`);
    expect(await trackingLinks(page)).toEqual(expectedLinks());
    await screenshots(page, 'track-shipments');
    expect(errors).toEqual([]);
    await context.close();
  });
});
