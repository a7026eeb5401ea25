import { request as httpRequest } from 'node:http';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYABLE_STATUSES } from '../../shared/order-status.ts';
import { paidThenSql } from '../lib/status-path.ts';
import { hydrated, launchBrowser, openPage, REVIEW_SHOTS } from './browser.ts';
import { englishOnPage } from './english-scan.ts';
import { registerMember, signIn } from './members.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

/** The French shopper's account, a return and the error page in Chromium (issue 37), scanned for English. */

const ca = theShop().ca;
const SHOTS = '/tmp/shots-fr';
let browser: Browser;
let jpeg: Buffer;

beforeAll(async () => {
  if (REVIEW_SHOTS) mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  const { page, context } = await openPage(browser, 390);
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const paint = canvas.getContext('2d')!;
    paint.fillStyle = '#c62828';
    paint.fillRect(0, 0, 64, 48);
    return canvas.toDataURL('image/jpeg', 0.8);
  });
  jpeg = Buffer.from(dataUrl.split(',')[1]!, 'base64');
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

async function expectAllFrench(page: Page): Promise<void> {
  expect(await page.locator('html').getAttribute('lang'), page.url()).toBe('fr-CA');
  const english = await englishOnPage(page);
  expect(english, `${page.url()}: ${english.join(' | ')}`).toEqual([]);
}

/** The page at phone and desktop widths, for review (E2E_SHOTS=1); left at 1280 px, as every page here starts. */
async function shoot(page: Page, name: string) {
  if (!REVIEW_SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/**
 * The shop's API on the Canadian site, in French, from the test: Node resolves no *.localhost name as Chromium
 * does, and its fetch refuses to set Host, so the request goes to loopback through node:http with the site's Host.
 */
function caFetch(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}): Promise<Response> {
  const target = new URL(ca);
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        path,
        method: init.method ?? 'GET',
        headers: {
          host: target.host,
          'content-type': 'application/json',
          'accept-language': 'fr-CA',
          origin: ca,
          ...(init.cookie ? { cookie: init.cookie } : {}),
        },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(answer.headers))
            for (const each of Array.isArray(value) ? value : value === undefined ? [] : [value])
              headers.append(name, each);
          resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode ?? 0, headers }));
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const MONTREAL = {
  market: 'ca',
  firstName: 'Élodie',
  lastName: 'Tremblay',
  phone: '5145550100',
  addressLine1: '1000 rue Sherbrooke Ouest',
  city: 'Montréal',
  regionCode: 'QC',
  postalCode: 'H3A 1G1',
};

/** A guest's French order of one part, placed through the shop's API, paid and shipped: its id and token. */
async function shippedFrenchOrder(): Promise<{ orderId: string; orderToken: string }> {
  const [sku] = await shopQuery<{ id: number }>(
    `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id
     WHERE i.ca_status = 'ON_SHELVES' AND s.available_total >= 20 ORDER BY s.id LIMIT 1 OFFSET 7`,
  );
  const added = await caFetch('/order/public/buyer/cart/v2', {
    method: 'POST',
    body: { items: [{ skuId: sku!.id, itemCount: 1 }] },
  });
  const cookie = (added.headers.getSetCookie() ?? []).map((line) => line.split(';')[0]).join('; ');
  expect(added.status, await added.clone().text()).toBe(200);
  const quote = (await (
    await caFetch('/order/public/buyer/checkout/quote', { method: 'POST', body: { address: MONTREAL }, cookie })
  ).json()) as { data: { total: number } | null; msg?: string };
  if (!quote.data) throw new Error(`no quote: ${quote.msg} (cookie ${cookie})`);
  const placed = (await (
    await caFetch('/order/public/buyer/order/place', {
      method: 'POST',
      cookie,
      body: {
        idempotencyKey: `fr-${Date.now()}`,
        email: `fr-return-${Date.now()}@example.com`,
        address: MONTREAL,
        paymentMethod: 'HOSTED_CARD',
        expectedTotal: quote.data.total,
      },
    })
  ).json()) as { data: { order: { orderId: string }; orderToken: string } };
  const { orderId } = placed.data.order;
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
  return { orderId, orderToken: placed.data.orderToken };
}

describe('the French account, return and error pages, in the browser', () => {
  it('shows sign-in, sign-up and the error page in French', async () => {
    const { context, page, errors } = await openPage(browser, 1280);
    for (const [path, name] of [
      ['/fr/login', 'login'],
      ['/fr/createAccount', 'create-account'],
      ['/fr/retrievePassword', 'reset-password'],
      ['/fr/page-qui-n-existe-pas', 'not-found'],
    ] as const) {
      await page.goto(`${ca}${path}`);
      await hydrated(page);
      await expectAllFrench(page);
      await shoot(page, name);
    }
    // A wrong password is answered in French, at the form.
    await page.goto(`${ca}/fr/login`);
    await hydrated(page);
    const form = page.locator('[data-form="login"]');
    await form.getByLabel('Courriel', { exact: true }).fill('personne@example.com');
    await form.getByLabel('Mot de passe', { exact: true }).fill('pas le bon mot de passe');
    await form.getByRole('button', { name: 'Connexion' }).click();
    await form.getByText('Le courriel ou le mot de passe est incorrect.').waitFor();
    await expectAllFrench(page);
    // The refused sign-in is the API's 400, which the browser logs; nothing else may fail.
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await context.close();
  });

  it("shows a member's profile, addresses and order history in French", async () => {
    const token = await registerMember(ca, `fr-member-${Date.now()}@example.com`, 'correct horse battery');
    const { context, page, errors } = await openPage(browser, 1280);
    await signIn(context, ca, token);
    await page.goto(`${ca}/fr/myAccount`);
    await hydrated(page);
    expect(await page.locator('h1').textContent()).toBe('Mon compte');
    await expectAllFrench(page);
    await shoot(page, 'my-account');
    await page.goto(`${ca}/fr/myAccount?type=orderHistory`);
    await hydrated(page);
    await expectAllFrench(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a Quebec shopper asks for a return in French: the form, its checks and the return page', async () => {
    const order = await shippedFrenchOrder();
    const { context, page, errors } = await openPage(browser, 1280);
    const query = new URLSearchParams({ orderId: order.orderId, orderToken: order.orderToken });
    await page.goto(`${ca}/fr/order/returns/new?${query}`);
    await hydrated(page);
    await expectAllFrench(page);
    await shoot(page, 'return-form');
    const form = page.locator('[data-form="return"]');
    await form.getByRole('button', { name: 'Demander un retour' }).click();
    await form.getByText('Choisissez au moins une pièce à retourner.').waitFor();
    await expectAllFrench(page);
    await form.locator('input[name="line"]').first().check();
    await form.getByLabel(/Pièce plus nécessaire/).check();
    await form
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'piece.jpg', mimeType: 'image/jpeg', buffer: jpeg }]);
    await page.locator('.return-file[data-upload-state="done"]').waitFor();
    await expectAllFrench(page);
    await form.getByRole('button', { name: 'Demander un retour' }).click();
    // The return's page, in French; the order's token stays in its cookie, never in the address.
    await page.waitForURL(/\/fr\/order\/returns\/RMA-[0-9A-Z-]+$/);
    await hydrated(page);
    expect(await page.locator('h1').textContent()).toMatch(/^Retour RMA-/);
    expect(await page.locator('[data-return-status]').first().textContent()).toBe('Demandé');
    await expectAllFrench(page);
    await shoot(page, 'return-page');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
