import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serveShop, type RunningShop } from '../../scripts/lib/serve.ts';
import { fakePaypal, type FakePaypal } from '../fakes/paypal.ts';
import { fakeStripe, type FakeStripe } from '../fakes/stripe.ts';
import { hydrated, launchBrowser, openPage, REVIEW_SHOTS } from './browser.ts';
import { fillAddress } from './checkout-steps.ts';
import { routePaypal, routeStripe, serveFake } from './payment-fakes.ts';
import { shopQuery } from './shop-db.ts';
import { theShop } from './shop.ts';

/**
 * Checkout in Chromium with every payment method on its production provider, the providers being
 * local fakes served over HTTP (Stripe's API, Checkout page and BNPL redirect; PayPal's Orders API and
 * approval page): the shop is started with their keys, so it offers what they take, and each method
 * the browser can finish without the providers' own scripts is paid through to the result page.
 * With E2E_SHOTS=1, screenshots at 390 and 1280 px go to /tmp/shots-pay/.
 */

const SHOTS = '/tmp/shots-pay';
const WEBHOOK_SECRET = 'whsec_e2e_methods';
const PAYPAL = { clientId: 'AfakeClientId', clientSecret: 'fake-secret', webhookId: '1JE4291016473214C' };

let browser: Browser;
let shop: RunningShop;
let stripe: FakeStripe;
let stripeOrigin = '';
let paypalOrigin = '';
let paypal: FakePaypal;
const servers: Server[] = [];
let handle = '';

beforeAll(async () => {
  if (REVIEW_SHOTS) await mkdir(SHOTS, { recursive: true });
  let shopPort = 0;
  let stripeFake: FakeStripe | null = null;
  const stripeServer = await serveFake((request) => stripeFake!.handle(request));
  stripe = fakeStripe({
    webhookSecret: WEBHOOK_SECRET,
    origin: stripeServer.url,
    // Stripe's events reach the shop's webhook endpoint as Stripe would send them.
    deliver: async (request) =>
      fetch(`http://127.0.0.1:${shopPort}${new URL(request.url).pathname}`, {
        method: 'POST',
        headers: request.headers,
        body: await request.text(),
      }),
  });
  stripeFake = stripe;
  stripeOrigin = stripeServer.url;
  let paypalFake: FakePaypal | null = null;
  const paypalServer = await serveFake((request) => paypalFake!.handle(request));
  paypal = await fakePaypal({ ...PAYPAL, origin: paypalServer.url });
  paypalOrigin = paypalServer.url;
  paypalFake = paypal;
  servers.push(stripeServer.server, paypalServer.server);
  // A shop of its own (the providers' keys are its variables), from a copy of the run's seeded state.
  shop = await serveShop({
    copyOf: inject('shopSeededDir'),
    vars: {
      CARD_PROVIDER_SECRET_KEY: 'sk_test_e2e',
      CARD_PROVIDER_PUBLISHABLE_KEY: 'pk_test_e2e',
      CARD_PROVIDER_API_BASE: stripeServer.url,
      CARD_PROVIDER_WEBHOOK_SECRET: WEBHOOK_SECRET,
      APPLE_PAY_DOMAIN_ASSOCIATION: 'e2e-apple-association',
      PAYPAL_CLIENT_ID: PAYPAL.clientId,
      PAYPAL_CLIENT_SECRET: PAYPAL.clientSecret,
      PAYPAL_WEBHOOK_ID: PAYPAL.webhookId,
      PAYPAL_API_BASE: paypalServer.url,
    },
  });
  shopPort = shop.port;
  browser = await launchBrowser();
  // A part of 60 to 150 dollars: every method takes it (Affirm from 50, Pay in 4 up to 1,500).
  const [row] = await shopQuery<{ handle: string }>(
    `SELECT o.url_handle AS handle FROM seo o JOIN item i ON i.id = o.target_id JOIN sku s
      ON s.item_id = i.id AND s.sort = 0 JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD'
     WHERE o.type = 'ITEM' AND o.is_primary = 1 AND o.active = 1 AND i.us_status = 'ON_SHELVES'
       AND s.available_total >= 20 AND p.discount_price BETWEEN 6000 AND 15000
     ORDER BY i.id LIMIT 1`,
  );
  handle = row!.handle;
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  for (const server of servers) server.close();
});

/** A browser page whose device holds these wallets (none: a desktop without Apple Pay or Google Pay). */
async function payingPage(width: number, wallets: string[] = [], device: Record<string, unknown> = {}) {
  const opened = await openPage(browser, width);
  await routeStripe(opened.context, stripeOrigin);
  await opened.context.addInitScript(
    (fake) => {
      (window as unknown as { __stripeFake: unknown }).__stripeFake = fake;
    },
    { wallets, ...device },
  );
  return opened;
}

/** A visitor's cart of one part, at checkout with a New York address confirmed. */
async function atCheckout(page: Page, email: string) {
  const us = shop.us;
  await page.goto(`${us}/product/${handle}`);
  await hydrated(page);
  await page.locator('.add-to-cart').getByRole('button', { name: 'Add to cart' }).click();
  await expect
    .poll(() => page.locator('[data-header="desktop"] [data-cart-count]').getAttribute('data-cart-count'))
    .toBe('1');
  await page.goto(`${us}/checkout`);
  await hydrated(page);
  await page.locator('[data-checkout]').getByLabel('Email', { exact: true }).fill(email);
  await fillAddress(page, {
    first: 'Jane',
    line1: '350 5th Ave',
    city: 'New York',
    region: 'NY',
    regionLabel: 'State',
    postal: '10001',
    postalLabel: 'ZIP code',
  });
}

/** A method's radio by the start of its name ("PayPal" is not "PayPal Pay Later"). */
const methodRadio = (page: Page, label: string) =>
  page
    .locator('[data-checkout] section[aria-label="Payment"]')
    .getByRole('radio', { name: new RegExp(`^\\s*${label.replace(/[()]/g, '\\$&')}(?! Pay Later)`) });

async function paidResult(page: Page) {
  await page.waitForURL(/\/checkout\/orderResult\?orderId=/, { timeout: 30_000 });
  await page.locator('[data-order-result="SUCCEEDED"]').waitFor({ timeout: 30_000 });
  return (await page.locator('[data-order-id]').textContent())!;
}

describe('checkout with every payment method on its production provider', () => {
  it('offers all seven methods with their providers and instalment messages, at 390 and 1280 px', async () => {
    for (const width of [390, 1280]) {
      const { context, page, errors } = await payingPage(width, ['applePay', 'googlePay']);
      await atCheckout(page, `methods-${width}@example.com`);
      const payment = page.locator('[data-checkout] section[aria-label="Payment"]');
      const labels = await payment.locator('.checkout__methods label').allTextContents();
      expect(labels.map((text) => text.split(' · ')[0]!.trim())).toEqual([
        'Credit or debit card',
        'Credit or debit card (hosted page)',
        'PayPal',
        'PayPal Pay Later',
        'Apple Pay',
        'Google Pay',
        'Pay in 4 installments',
      ]);
      expect(await payment.locator('[data-instalments="BNPL"]').textContent()).toMatch(
        /^4 interest-free payments of \$\d+\.\d\d$/,
      );
      await methodRadio(page, 'Pay in 4 installments').check();
      const providers = page.locator('[data-bnpl-providers] label');
      expect((await providers.allTextContents()).map((text) => text.trim())).toEqual(['Affirm', 'Afterpay']);
      if (REVIEW_SHOTS) await payment.screenshot({ path: `${SHOTS}/checkout-methods-bnpl-${width}.png` });
      await methodRadio(page, 'Credit or debit card (hosted page)').check();
      if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/checkout-hosted-${width}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("HOSTED_CARD: pays on the provider's hosted page and comes back to a paid result page", async () => {
    const { context, page } = await openPage(browser, 390);
    await atCheckout(page, 'hosted-card@example.com');
    await methodRadio(page, 'Credit or debit card (hosted page)').check();
    await page.locator('[data-place-order]').click();
    await page.waitForURL(/\/fake\/checkout\/cs_test_/);
    await page.getByRole('button', { name: 'Pay' }).click();
    const orderId = await paidResult(page);
    expect(orderId).toMatch(/^US/);
    if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/result-hosted-390.png`, fullPage: true });
    expect(stripe.events.map((event) => event.type)).toContain('checkout.session.completed');
    await context.close();
  });

  it('BNPL: the shopper picks Afterpay, authorizes on its page and comes back to a paid order', async () => {
    const { context, page } = await openPage(browser, 1280);
    await atCheckout(page, 'bnpl-afterpay@example.com');
    await methodRadio(page, 'Pay in 4 installments').check();
    await page.locator('[data-bnpl-providers]').getByRole('radio', { name: 'Afterpay' }).check();
    await page.locator('[data-place-order]').click();
    await page.waitForURL(/\/fake\/redirect\/pi_/);
    await page.getByRole('button', { name: 'Authorize' }).click();
    await paidResult(page);
    if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/result-bnpl-1280.png`, fullPage: true });
    const intent = [...stripe.intents.values()].at(-1)!;
    expect(intent.payment_method_types).toEqual(['afterpay_clearpay']);
    await context.close();
  });

  for (const label of ['PayPal', 'PayPal Pay Later']) {
    it(`${label}: PayPal's button places the order, PayPal approves it, the shop captures it once`, async () => {
      const { context, page, errors } = await payingPage(label === 'PayPal' ? 390 : 1280);
      await routePaypal(context, paypalOrigin);
      await atCheckout(page, `button-${label.replaceAll(' ', '-').toLowerCase()}@example.com`);
      await methodRadio(page, label).check();
      const captures = paypal.captures.size;
      const button = page.locator(`[data-paypal-button] .paypal-fake-button`);
      await button.waitFor();
      expect(await button.getAttribute('data-funding')).toBe(label === 'PayPal' ? 'paypal' : 'paylater');
      expect(await page.locator('[data-place-order]').count()).toBe(0);
      if (REVIEW_SHOTS)
        await page.screenshot({ path: `${SHOTS}/checkout-paypal-button-${label === 'PayPal' ? 390 : 1280}.png` });
      await button.click();
      await paidResult(page);
      expect(paypal.captures.size).toBe(captures + 1);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("PayPal closed in its window: the order stays payable, and PayPal's button on the result page pays", async () => {
    const { context, page } = await openPage(browser, 390);
    await routePaypal(context, paypalOrigin);
    await context.addInitScript(() => {
      (window as unknown as { __paypalFake: unknown }).__paypalFake = { cancel: true };
    });
    await atCheckout(page, 'paypal-closed@example.com');
    await methodRadio(page, 'PayPal').check();
    const captures = paypal.captures.size;
    await page.locator('[data-paypal-button] .paypal-fake-button').click();
    await page.waitForURL(/\/checkout\/orderResult\?orderId=/);
    const again = page.locator('[data-pay-again]');
    await again.waitFor({ timeout: 30_000 });
    expect(paypal.captures.size).toBe(captures);
    await again.getByRole('radio', { name: /^PayPal(?! Pay Later)/ }).check();
    // The payer pays this time: PayPal's button continues the same PayPal order.
    await page.evaluate(() => {
      (window as unknown as { __paypalFake: unknown }).__paypalFake = {};
    });
    const orders = paypal.orders.size;
    if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/result-paypal-closed-390.png`, fullPage: true });
    await again.locator('[data-paypal-button] .paypal-fake-button').click();
    await page.locator('[data-order-result="SUCCEEDED"]').waitFor({ timeout: 30_000 });
    expect(paypal.orders.size).toBe(orders);
    expect(paypal.captures.size).toBe(captures + 1);
    await context.close();
  });

  for (const label of ['PayPal', 'PayPal Pay Later']) {
    it(`${label}: where PayPal's script cannot load, Place order pays on PayPal's approval page`, async () => {
      const { context, page } = await openPage(browser, 390);
      await routePaypal(context, paypalOrigin, true);
      await atCheckout(page, `${label.replaceAll(' ', '-').toLowerCase()}@example.com`);
      await methodRadio(page, label).check();
      const captures = paypal.captures.size;
      await page.locator('[data-place-order]').click();
      await page.waitForURL(/\/fake\/approve\//);
      await page.getByRole('button', { name: 'Pay with PayPal' }).click();
      await paidResult(page);
      expect(paypal.captures.size).toBe(captures + 1);
      await context.close();
    });
  }

  it('CARD: the card fields are Stripe.js, and the payment it confirms pays the order', async () => {
    const { context, page, errors } = await payingPage(1280);
    await atCheckout(page, 'card-form@example.com');
    await methodRadio(page, 'Credit or debit card').first().check(); // not the hosted page's
    const fields = page.locator('[data-card-fields]');
    await fields.getByLabel('Card number').fill('4242 4242 4242 4242');
    await fields.getByLabel('MM / YY').fill('12 / 34');
    await fields.getByLabel('CVC').fill('123');
    if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/checkout-card-1280.png`, fullPage: true });
    await page.locator('[data-place-order]').click();
    await paidResult(page);
    const intent = [...stripe.intents.values()].at(-1)!;
    expect(intent.status).toBe('succeeded');
    expect(stripe.calls.filter((call) => call.path === `/v1/payment_intents/${intent.id}/confirm`)).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('CARD: a declined card leaves the order payable, and another card pays it on the result page', async () => {
    const { context, page } = await payingPage(390);
    await atCheckout(page, 'card-declined@example.com');
    await methodRadio(page, 'Credit or debit card').first().check(); // not the hosted page's
    await page.locator('[data-card-fields]').getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.locator('[data-place-order]').click();
    await page.waitForURL(/\/checkout\/orderResult\?orderId=/);
    await page.locator('[data-order-result]').first().waitFor();
    expect(await page.locator('[data-order-result="SUCCEEDED"]').count()).toBe(0);
    expect([...stripe.intents.values()].at(-1)!.status).toBe('requires_payment_method');
    // Paid again on the result page, with another card in the same Stripe.js fields.
    const again = page.locator('[data-pay-again]');
    await again.locator('[data-card-fields]').getByLabel('Card number').fill('4242 4242 4242 4242');
    if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/result-card-declined-390.png`, fullPage: true });
    await again.getByRole('button', { name: 'Pay now' }).click();
    await page.locator('[data-order-result="SUCCEEDED"]').waitFor({ timeout: 30_000 });
    await context.close();
  });

  for (const [label, wallet] of [
    ['Apple Pay', 'applePay'],
    ['Google Pay', 'googlePay'],
  ] as const) {
    it(`${label}: offered only on a device that has it, paid from its sheet`, async () => {
      const { context, page, errors } = await payingPage(390, [wallet]);
      await atCheckout(page, `${wallet}@example.com`);
      const other = label === 'Apple Pay' ? 'Google Pay' : 'Apple Pay';
      await expect.poll(() => methodRadio(page, label).count()).toBe(1);
      expect(await methodRadio(page, other).count()).toBe(0);
      await methodRadio(page, label).check();
      await page.locator('[data-place-order]').click();
      await paidResult(page);
      const intent = [...stripe.intents.values()].at(-1)!;
      expect(intent.status).toBe('succeeded');
      expect(intent.metadata.method).toBe(label === 'Apple Pay' ? 'APPLE_PAY' : 'GOOGLE_PAY');
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('a wallet whose sheet the shopper closes places no order', async () => {
    const { context, page } = await payingPage(390, ['googlePay'], { closeSheet: true });
    await atCheckout(page, 'sheet-closed@example.com');
    const intents = stripe.intents.size;
    await expect.poll(() => methodRadio(page, 'Google Pay').count()).toBe(1);
    await methodRadio(page, 'Google Pay').check();
    await page.locator('[data-place-order]').click();
    await page.waitForTimeout(500);
    expect(page.url()).toMatch(/\/checkout$/);
    expect(stripe.intents.size).toBe(intents);
    expect(await page.locator('[data-place-order]').isEnabled()).toBe(true);
    await context.close();
  });

  it('a shopper who leaves the hosted page comes back to an order they can still pay', async () => {
    const { context, page } = await openPage(browser, 390);
    await atCheckout(page, 'hosted-cancel@example.com');
    await methodRadio(page, 'Credit or debit card (hosted page)').check();
    await page.locator('[data-place-order]').click();
    await page.waitForURL(/\/fake\/checkout\/cs_test_/);
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await page.waitForURL(/\/checkout\/orderResult\?orderId=/);
    await page.locator('[data-order-result]').first().waitFor();
    expect(await page.locator('[data-order-result="SUCCEEDED"]').count()).toBe(0);
    if (REVIEW_SHOTS) await page.screenshot({ path: `${SHOTS}/result-hosted-left-390.png`, fullPage: true });
    await context.close();
  });
});
