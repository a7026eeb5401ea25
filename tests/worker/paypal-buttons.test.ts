import { env } from 'cloudflare:test';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CA, US } from '../../shared/markets.ts';
import { createApp } from '../../worker/app.ts';
import type { Bindings } from '../../worker/env.ts';
import { confirmReturnedPayment, payOrder } from '../../worker/flows/pay-order.ts';
import { contentSecurityPolicy } from '../../worker/middleware/security-headers.ts';
import { orderPaidResult } from '../../worker/orders/payment-status.ts';
import { browserPayKeys } from '../../worker/payments/registry.ts';
import { fakePaypal, type FakePaypal } from '../fakes/paypal.ts';
import { checkoutFixture, placedMemberOrder } from './checkout-helpers.ts';
import { US_HOST } from './helpers.ts';

/**
 * PayPal's JS SDK buttons at checkout and on pay-again (issue 38): the page hands the buttons the PayPal
 * app's client id and allows PayPal's origins only where PayPal is the configured provider; a click starts
 * (or continues) the order's one PayPal order; a PayPal order left unapproved shows as not completed, payable
 * again; the wallets' sheet opens with the Stripe account's country from configuration.
 */

const fakeOptions = { clientId: 'AbuttonsClientId', clientSecret: 'fake-secret', webhookId: '1JE4291016473214C' };
const prodEnv = {
  ...env,
  DEV_TOOLS: undefined,
  CARD_PROVIDER_SECRET_KEY: 'sk_test_buttons',
  CARD_PROVIDER_PUBLISHABLE_KEY: 'pk_test_buttons',
  CARD_PROVIDER_WEBHOOK_SECRET: 'whsec_buttons',
  PAYPAL_CLIENT_ID: fakeOptions.clientId,
  PAYPAL_CLIENT_SECRET: fakeOptions.clientSecret,
  PAYPAL_WEBHOOK_ID: fakeOptions.webhookId,
  PAYPAL_API_BASE: 'http://paypal.fake',
} as unknown as Bindings;
const context = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const app = createApp();
const checkoutPage = (bindings: Bindings) =>
  app.request(`${US_HOST}/checkout`, { headers: { accept: 'text/html' } }, bindings, context);

const realFetch = globalThis.fetch;
let skuIds: number[];
let paypal: FakePaypal;
beforeAll(async () => {
  skuIds = await checkoutFixture();
});
beforeEach(async () => {
  paypal = await fakePaypal(fakeOptions);
  vi.stubGlobal('fetch', ((input: RequestInfo | URL, init?: RequestInit) =>
    String(input instanceof Request ? input.url : input).startsWith('http://paypal.fake')
      ? paypal.fetch(input, init)
      : realFetch(input, init)) as typeof fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the page hands PayPal's buttons their keys only where PayPal takes the payment", () => {
  it("checkout carries the PayPal app's client id and its CSP allows PayPal's origins", async () => {
    const answer = await checkoutPage(prodEnv);
    const html = await answer.text();
    expect(html.replaceAll('&quot;', '"')).toContain(`"paypal":{"clientId":"${fakeOptions.clientId}"}`);
    const policy = answer.headers.get('content-security-policy')!;
    expect(policy).toMatch(/script-src [^;]*https:\/\/\*\.paypal\.com/);
    expect(policy).toMatch(/frame-src [^;]*https:\/\/\*\.paypal\.com/);
    expect(policy).toMatch(/connect-src [^;]*https:\/\/\*\.paypal\.com/);
  });

  it('a shop without PayPal, or with PayPal and Pay Later switched off, loads no PayPal script', async () => {
    const without = { ...prodEnv, PAYPAL_CLIENT_ID: undefined } as unknown as Bindings;
    const off = { ...prodEnv, PAYMENT_METHODS_OFF: 'paypal, pay_later' } as unknown as Bindings;
    for (const bindings of [without, off]) {
      expect(browserPayKeys(bindings, US).paypal).toBeNull();
      const answer = await checkoutPage(bindings);
      expect(await answer.text()).not.toContain(fakeOptions.clientId);
      expect(answer.headers.get('content-security-policy')).not.toContain('paypal');
    }
    // The sandbox standing in for PayPal (developer tools) has no SDK either.
    const sandbox = { ...env, DEV_TOOLS: 'true', PAYPAL_CLIENT_ID: 'x' } as unknown as Bindings;
    expect(browserPayKeys(sandbox, CA).paypal).toBeNull();
  });

  it("a page that takes no payment allows neither provider's scripts", () => {
    const plain = contentSecurityPolicy('n', { script: null, connect: null });
    expect(plain).not.toMatch(/paypal|stripe/);
    expect(plain).not.toContain('frame-src');
    const both = contentSecurityPolicy('n', { script: null, connect: null }, { stripeJs: true, paypalJs: true });
    expect(both).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com .*https:\/\/\*\.paypal\.com/);
  });

  it("the wallets' sheet opens with the Stripe account's country from configuration, US when unset or invalid", () => {
    expect(browserPayKeys(prodEnv, CA).card).toEqual({ key: 'pk_test_buttons', country: 'US' });
    const canadian = { ...prodEnv, CARD_PROVIDER_COUNTRY: 'ca' } as unknown as Bindings;
    expect(browserPayKeys(canadian, US).card?.country).toBe('CA');
    const invalid = { ...prodEnv, CARD_PROVIDER_COUNTRY: 'Canada' } as unknown as Bindings;
    expect(browserPayKeys(invalid, CA).card?.country).toBe('US');
  });
});

async function order() {
  const placed = await placedMemberOrder(skuIds[1]!, 'ppb');
  const row = await env.DB.prepare('SELECT account_id AS accountId FROM orders WHERE id = ?')
    .bind(placed.orderId)
    .first<{ accountId: number }>();
  const owner = { accountId: row!.accountId, email: null };
  return {
    ...placed,
    owner,
    pay: (method: string) => payOrder(prodEnv, {}, { orderId: placed.orderId, owner, method }),
    back: () => confirmReturnedPayment(prodEnv, {}, placed.orderId, owner),
    result: () => orderPaidResult(prodEnv.DB, placed.orderId, owner),
  };
}

describe("PayPal's buttons pay the order's one PayPal order", () => {
  it("each click answers PayPal's order id for the buttons, the same one while it awaits the payer", async () => {
    const placed = await order();
    const first = await placed.pay('PAYPAL');
    expect(first).toMatchObject({ kind: 'RequiresAction' });
    const ref = (first as { providerRef?: string }).providerRef;
    expect(ref).toBeTruthy();
    const [again, twice] = await Promise.all([placed.pay('PAYPAL'), placed.pay('PAYPAL')]);
    expect((again as { providerRef?: string }).providerRef).toBe(ref);
    expect((twice as { providerRef?: string }).providerRef).toBe(ref);
    expect(paypal.orders.size).toBe(1);
    paypal.approve(ref!);
    expect(await placed.back()).toMatchObject({ kind: 'Succeeded' });
    expect((await placed.result()).result).toBe('SUCCEEDED');
    expect(paypal.captures.size).toBe(1);
  });

  it('a PayPal payment not completed in its window shows as not completed, and the order stays payable', async () => {
    const placed = await order();
    const started = await placed.pay('PAY_LATER');
    expect(await placed.back()).toMatchObject({ kind: 'RequiresAction' });
    const result = await placed.result();
    expect(result).toMatchObject({ result: 'FAILED', payable: true });
    expect(result.message).toBe('Your PayPal payment was not completed.');
    // Paid on the second try, through the same PayPal order.
    paypal.approve((started as { providerRef: string }).providerRef);
    expect(await placed.back()).toMatchObject({ kind: 'Succeeded' });
    expect((await placed.result()).result).toBe('SUCCEEDED');
  });

  it("an unpaid order's own page hands pay-again its total, so a wallet's sheet can open there", async () => {
    const placed = await order();
    const detail = await app.request(
      `${US_HOST}/myAccount/orderHistory/orderDetail?orderId=${placed.orderId}`,
      { headers: { accept: 'text/html', ...placed.credentials } },
      prodEnv,
      context,
    );
    const html = (await detail.text()).replaceAll('&quot;', '"');
    expect(html).toContain('data-island="PayAgain"');
    expect(html).toContain(`"amount":{"cent":${placed.total},"currency":"USD"}`);
    expect(html).toContain('"card":{"key":"pk_test_buttons","country":"US"}');
  });
});
