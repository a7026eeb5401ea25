import { env } from 'cloudflare:test';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { marketById } from '../../shared/markets.ts';
import { PAYMENT_MSG } from '../../shared/payment-methods.ts';
import type { Bindings } from '../../worker/env.ts';
import { payOrder } from '../../worker/flows/pay-order.ts';
import { refundOrderByShop } from '../../worker/flows/refund-order.ts';
import { applyPaymentEvent } from '../../worker/flows/settle-payment.ts';
import { CardProvider } from '../../worker/payments/card-provider.ts';
import { APPLE_PAY_ASSOCIATION_PATH, paymentsHostedApi } from '../../worker/payments/hosted.routes.ts';
import { offeredMethods, receiveWebhook } from '../../worker/payments/service.ts';
import { testAudit } from './audit-helpers.ts';
import { checkoutFixture, placedMemberOrder } from './checkout-helpers.ts';
import { US_HOST, shop } from './helpers.ts';
import { fakeStripe, type FakeStripe } from '../fakes/stripe.ts';

/**
 * The card provider's other methods in a production-configured shop (no developer tools, so no
 * sandbox): Google Pay and Apple Pay as Stripe wallet cards, buy now pay later through Stripe's
 * Affirm / Afterpay / Klarna, and the hosted card page as a Stripe Checkout Session, each paid,
 * refunded and declined through the pay, settle and refund flows against the Stripe fake, whose
 * signed webhooks reach the shop as Stripe's do.
 */

const WEBHOOK_SECRET = 'whsec_methods_secret';
const prodEnv = {
  ...env,
  DEV_TOOLS: undefined,
  CARD_PROVIDER_SECRET_KEY: 'sk_test_methods',
  CARD_PROVIDER_PUBLISHABLE_KEY: 'pk_test_methods',
  CARD_PROVIDER_API_BASE: 'http://stripe.fake',
  CARD_PROVIDER_WEBHOOK_SECRET: WEBHOOK_SECRET,
  APPLE_PAY_DOMAIN_ASSOCIATION: 'apple-association-file',
  PAYPAL_CLIENT_ID: 'paypal-client',
  PAYPAL_CLIENT_SECRET: 'paypal-secret',
  PAYPAL_WEBHOOK_ID: 'WH-1',
} as unknown as Bindings;

const realFetch = globalThis.fetch;
/** Every call the shop makes to the provider (the flows' refunds too) reaches the fake; nothing else changes. */
function routeToFake(fake: FakeStripe) {
  vi.stubGlobal('fetch', ((input: RequestInfo | URL, init?: RequestInit) =>
    String(input instanceof Request ? input.url : input).startsWith('http://stripe.fake')
      ? fake.fetch(input, init)
      : realFetch(input, init)) as typeof fetch);
}

let skuIds: number[];
let stripe: FakeStripe;
let webhookAnswers: number[];

beforeAll(async () => {
  skuIds = await checkoutFixture();
});
beforeEach(() => {
  webhookAnswers = [];
  stripe = fakeStripe({
    webhookSecret: WEBHOOK_SECRET,
    // Stripe delivers each event to the shop's endpoint: the same intake the route runs.
    deliver: async (request) => {
      const taken = await receiveWebhook(prodEnv, {}, 'card', request, Date.now(), applyPaymentEvent);
      webhookAnswers.push(taken ? 200 : 401);
      return new Response(null, { status: taken ? 200 : 401 });
    },
  });
  routeToFake(stripe);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function order() {
  const placed = await placedMemberOrder(skuIds[0]!, 'pay');
  const row = await env.DB.prepare('SELECT account_id AS accountId FROM orders WHERE id = ?')
    .bind(placed.orderId)
    .first<{ accountId: number }>();
  const owner = { accountId: row!.accountId, email: null };
  const pay = (method: string, extra: { token?: string; bnplProvider?: string } = {}) =>
    payOrder(prodEnv, {}, { orderId: placed.orderId, owner, method, ...extra });
  return { ...placed, pay };
}

const orderOf = (orderId: string) =>
  env.DB.prepare(
    `SELECT status, paid_at AS paidAt,
       (SELECT count(*) FROM order_event e WHERE e.order_id = o.id AND e.status = 'PROCESSING') AS paidEvents
     FROM orders o WHERE id = ?`,
  )
    .bind(orderId)
    .first<{ status: string; paidAt: number | null; paidEvents: number }>();
const paymentsOf = async (orderId: string) =>
  (
    await env.DB.prepare(
      `SELECT id, method, provider, status, provider_ref AS providerRef, provider_txn_ref AS providerTxnRef,
         captured_cent AS capturedCent, decline_code AS declineCode
       FROM payment WHERE order_id = ? ORDER BY created_at, rowid`,
    )
      .bind(orderId)
      .all<{
        id: string;
        method: string;
        provider: string;
        status: string;
        providerRef: string | null;
        providerTxnRef: string | null;
        capturedCent: number;
        declineCode: string | null;
      }>()
  ).results;
const shopRefund = (orderId: string, amountCent: number) =>
  refundOrderByShop(
    prodEnv,
    orderId,
    { key: `refund-${crypto.randomUUID()}`, lines: [], amountCent, withShipping: false, reason: 'Customer asked' },
    { staffId: null, audit: testAudit('orders.refund', orderId) },
    Date.now(),
  );

describe('checkout offers every method whose provider is configured, and only those', () => {
  it('offers all seven on each market in production, none of them the sandbox', () => {
    for (const market of ['us', 'ca'] as const) {
      const offered = offeredMethods(prodEnv, marketById(market));
      expect(offered.map((method) => [method.id, method.provider])).toEqual([
        ['CARD', 'Stripe'],
        ['HOSTED_CARD', 'Stripe'],
        ['PAYPAL', 'PayPal'],
        ['PAY_LATER', 'PayPal'],
        ['APPLE_PAY', 'Stripe'],
        ['GOOGLE_PAY', 'Stripe'],
        ['BNPL', 'Stripe'],
      ]);
      const bnpl = offered.find((method) => method.id === 'BNPL')!;
      expect(bnpl.options!.map((option) => option.id)).toEqual(['affirm', 'afterpay_clearpay']);
    }
  });

  it('leaves out Apple Pay without its domain file, a method the owner switched off, and BNPL outside limits', () => {
    const us = marketById('us');
    const ids = (extra: Record<string, unknown>) =>
      offeredMethods({ ...prodEnv, ...extra } as Bindings, us).map((method) => method.id);
    expect(ids({ APPLE_PAY_DOMAIN_ASSOCIATION: undefined })).not.toContain('APPLE_PAY');
    expect(ids({ PAYMENT_METHODS_OFF: 'google_pay, HOSTED_CARD' })).not.toEqual(
      expect.arrayContaining(['GOOGLE_PAY', 'HOSTED_CARD']),
    );
    expect(ids({ BNPL_PROVIDERS: 'klarna' })).not.toContain('BNPL');
    expect(ids({ CARD_PROVIDER_SECRET_KEY: undefined })).toEqual(['PAYPAL', 'PAY_LATER']);
  });
});

describe('Google Pay and Apple Pay: the wallet hands the browser a card payment method', () => {
  for (const method of ['GOOGLE_PAY', 'APPLE_PAY'] as const) {
    it(`${method} pays the order once with the wallet's card token, as a card PaymentIntent`, async () => {
      const placed = await order();
      const result = await placed.pay(method, { token: 'pm_card_visa' });
      expect(result).toMatchObject({ kind: 'Succeeded', captured: true });
      const create = stripe.calls.find((call) => call.path === '/v1/payment_intents')!;
      expect(create.params).toMatchObject({
        payment_method_types: ['card'],
        payment_method: 'pm_card_visa',
        confirm: 'true',
        metadata: { order_id: placed.orderId, method },
      });
      expect(await orderOf(placed.orderId)).toMatchObject({ status: 'PROCESSING', paidEvents: 1 });
      expect(await paymentsOf(placed.orderId)).toEqual([
        expect.objectContaining({ method, provider: 'card', status: 'SUCCEEDED', capturedCent: placed.total }),
      ]);
      expect(webhookAnswers).toEqual([200]);
    });
  }

  it("serves Apple's domain-association file where Apple looks for it, and nothing when it is not set", async () => {
    const served = await paymentsHostedApi.request(APPLE_PAY_ASSOCIATION_PATH, {}, prodEnv);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('apple-association-file');
    expect((await shop(`${US_HOST}${APPLE_PAY_ASSOCIATION_PATH}`)).status).toBe(404);
  });

  it('without a token answers the client secret the payment sheet confirms with', async () => {
    const placed = await order();
    const result = await placed.pay('APPLE_PAY');
    expect(result).toMatchObject({ kind: 'RequiresAction', action: 'confirm', url: null });
    expect((result as { clientSecret: string }).clientSecret).toMatch(/^pi_.*_secret_fake$/);
  });

  it("a wallet card the issuer declines gets §8's issuer message and the order stays payable", async () => {
    const placed = await order();
    expect(await placed.pay('GOOGLE_PAY', { token: 'pm_card_chargeDeclinedInsufficientFunds' })).toMatchObject({
      kind: 'Declined',
      code: 'insufficient_funds',
      issuerDecline: true,
      message: PAYMENT_MSG.issuerDecline,
    });
    expect((await orderOf(placed.orderId))!.status).toBe('PAYMENT_PENDING');
    expect(await placed.pay('CARD', { token: 'pm_card_visa' })).toMatchObject({ kind: 'Succeeded' });
    expect((await orderOf(placed.orderId))!.status).toBe('PROCESSING');
  });
});

describe("buy now, pay later through the card provider's Affirm, Afterpay and Klarna", () => {
  it("sends the shopper to the provider's page with payer and ship-to; its webhook pays the order", async () => {
    const placed = await order();
    const result = await placed.pay('BNPL', { bnplProvider: 'afterpay_clearpay' });
    expect(result).toMatchObject({ kind: 'RequiresAction', action: 'challenge' });
    expect((result as { url: string }).url).toMatch(/^http:\/\/stripe\.fake\/fake\/redirect\/pi_/);
    const create = stripe.calls[0]!;
    expect(create.params).toMatchObject({
      payment_method_types: ['afterpay_clearpay'],
      confirm: 'true',
      payment_method_data: { type: 'afterpay_clearpay', billing_details: { email: expect.stringContaining('@') } },
      shipping: { address: { country: 'US', state: 'NY' } },
      return_url: expect.stringContaining(`/checkout/orderResult?orderId=${placed.orderId}`),
    });
    expect((await orderOf(placed.orderId))!.status).toBe('PAYMENT_PENDING');
    await stripe.complete([...stripe.intents.keys()][0]!);
    expect(await orderOf(placed.orderId)).toMatchObject({ status: 'PROCESSING', paidEvents: 1 });
  });

  it("refuses a provider outside its limits (Affirm from 50.00) with the spec's message, paying nothing", async () => {
    const placed = await order();
    expect(placed.total).toBeLessThan(5_000);
    await expect(placed.pay('BNPL', { bnplProvider: 'affirm' })).rejects.toMatchObject({
      message: PAYMENT_MSG.methodUnavailable,
    });
    await expect(placed.pay('BNPL', { bnplProvider: 'sezzle' })).rejects.toMatchObject({
      message: PAYMENT_MSG.methodUnavailable,
    });
    expect(stripe.calls).toHaveLength(0);
    expect(await paymentsOf(placed.orderId)).toEqual([]);
  });

  it('a shopper the provider turns down ends in a failed payment and an order another method can pay', async () => {
    const placed = await order();
    const started = await placed.pay('BNPL', { bnplProvider: 'afterpay_clearpay' });
    const intentId = [...stripe.intents.keys()][0]!;
    const back = await stripe.handle(
      new Request(`http://stripe.fake/fake/redirect/${intentId}/fail`, { method: 'POST' }),
    );
    expect(back.headers.get('Location')).toContain('redirect_status=failed');
    expect(await paymentsOf(placed.orderId)).toEqual([
      expect.objectContaining({ id: started.paymentId, status: 'FAILED' }),
    ]);
    expect((await orderOf(placed.orderId))!.status).toBe('PAYMENT_PENDING');
    expect(await placed.pay('GOOGLE_PAY', { token: 'pm_card_visa' })).toMatchObject({ kind: 'Succeeded' });
  });
});

describe("the hosted card page: Stripe Checkout, back to the shop's result page", () => {
  it('opens a Checkout Session for the order total and pays the order when the session completes', async () => {
    const placed = await order();
    const result = await placed.pay('HOSTED_CARD');
    expect(result).toMatchObject({ kind: 'RequiresAction', action: 'redirect', status: 'CREATED' });
    expect((result as { url: string }).url).toMatch(/^http:\/\/stripe\.fake\/fake\/checkout\/cs_test_/);
    const [call] = stripe.calls;
    expect(call).toMatchObject({ path: '/v1/checkout/sessions', idempotencyKey: `session-${result.paymentId}` });
    expect(call!.params).toMatchObject({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: String(placed.total) } }],
      client_reference_id: placed.orderId,
      success_url: expect.stringContaining(`/checkout/orderResult?orderId=${placed.orderId}`),
      payment_intent_data: { metadata: { payment_id: result.paymentId } },
    });
    const sessionId = [...stripe.sessions.keys()][0]!;
    await stripe.completeSession(sessionId);
    expect(await orderOf(placed.orderId)).toMatchObject({ status: 'PROCESSING', paidEvents: 1 });
    const [payment] = await paymentsOf(placed.orderId);
    expect(payment).toMatchObject({
      method: 'HOSTED_CARD',
      status: 'SUCCEEDED',
      providerRef: sessionId,
      providerTxnRef: stripe.sessions.get(sessionId)!.payment_intent,
      capturedCent: placed.total,
    });
    expect(webhookAnswers).toEqual([200, 200]);
  });

  it('refunds a hosted payment in part and then in full through its PaymentIntent', async () => {
    const placed = await order();
    await placed.pay('HOSTED_CARD');
    await stripe.completeSession([...stripe.sessions.keys()][0]!);
    expect(await shopRefund(placed.orderId, 500)).toMatchObject({ ok: true });
    expect((await orderOf(placed.orderId))!.status).toBe('PARTIAL_REFUND');
    expect(await shopRefund(placed.orderId, placed.total - 500)).toMatchObject({ ok: true });
    expect((await orderOf(placed.orderId))!.status).toBe('REFUND');
    const intentId = stripe.sessions.values().next().value!.payment_intent;
    expect(stripe.refunds.map((refund) => [refund.payment_intent, refund.amount])).toEqual([
      [intentId, 500],
      [intentId, placed.total - 500],
    ]);
    expect((await paymentsOf(placed.orderId))[0]!.status).toBe('REFUNDED');
  });

  it('choosing another method expires the open session, so nobody can pay on it any more', async () => {
    const placed = await order();
    await placed.pay('HOSTED_CARD');
    const sessionId = [...stripe.sessions.keys()][0]!;
    expect(await placed.pay('APPLE_PAY', { token: 'pm_card_visa' })).toMatchObject({ kind: 'Succeeded' });
    expect(stripe.sessions.get(sessionId)!.status).toBe('expired');
    expect((await paymentsOf(placed.orderId)).map((payment) => [payment.method, payment.status])).toEqual([
      ['HOSTED_CARD', 'EXPIRED'],
      ['APPLE_PAY', 'SUCCEEDED'],
    ]);
  });

  it("the provider unreachable ends the attempt with the spec's message; the order is payable at once", async () => {
    const placed = await order();
    stripe.failNext('network');
    expect(await placed.pay('HOSTED_CARD')).toMatchObject({
      kind: 'Failed',
      reason: 'provider_error',
      message: PAYMENT_MSG.providerError,
    });
    expect((await orderOf(placed.orderId))!.status).toBe('PAYMENT_PENDING');
    expect(await placed.pay('HOSTED_CARD')).toMatchObject({ kind: 'RequiresAction', action: 'redirect' });
  });
});

describe('the provider unreachable, per method', () => {
  for (const [method, extra] of [
    ['GOOGLE_PAY', { token: 'pm_card_visa' }],
    ['APPLE_PAY', { token: 'pm_card_visa' }],
    ['BNPL', { bnplProvider: 'afterpay_clearpay' }],
  ] as const) {
    it(`${method}: the shopper reads the provider message, no money moved, the order stays payable`, async () => {
      const placed = await order();
      stripe.failNext({ status: 503, error: { type: 'api_error' } });
      expect(await placed.pay(method, extra)).toMatchObject({ kind: 'Failed', message: PAYMENT_MSG.providerError });
      expect((await orderOf(placed.orderId))!.status).toBe('PAYMENT_PENDING');
      expect(stripe.intents.size).toBe(0);
    });
  }
});

describe('partial captures of an authorization (BNPL and the hosted page capture later)', () => {
  it('captures part of an authorized BNPL payment once; a racing second capture moves no more money', async () => {
    const provider = new CardProvider(prodEnv, {});
    const created = await provider.create({
      orderId: `BNPL-${crypto.randomUUID()}`,
      method: 'BNPL',
      amount: { cent: 9_000, currency: 'USD' },
      capture: 'manual',
      bnplProvider: 'affirm',
      returnUrl: 'http://us.shop.localhost/checkout/orderResult?orderId=x',
      buyer: {
        email: 'a@example.com',
        name: 'A Driver',
        address: { line1: '1 Main St', city: 'Albany', state: 'NY', postalCode: '12207', country: 'US' },
      },
    });
    await stripe.complete([...stripe.intents.keys()][0]!);
    const [one, two] = await Promise.all([
      provider.capture(created.paymentId, 6_000),
      provider.capture(created.paymentId, 6_000),
    ]);
    expect([one.kind, two.kind]).toContain('Succeeded');
    const intent = [...stripe.intents.values()][0]!;
    expect(intent.amount_received).toBe(6_000);
    const captures = stripe.calls.filter((call) => call.path.endsWith('/capture'));
    expect(new Set(captures.map((call) => call.idempotencyKey))).toEqual(new Set([`capture-${created.paymentId}`]));
    expect(
      await env.DB.prepare('SELECT captured_cent AS c FROM payment WHERE id = ?').bind(created.paymentId).first(),
    ).toEqual({ c: 6_000 });
  });
});

describe('webhooks: verified, taken once, one capture standing per order', () => {
  it('refuses a forged or stale Stripe-Signature on a hosted-page event', async () => {
    const placed = await order();
    await placed.pay('HOSTED_CARD');
    const session = [...stripe.sessions.values()][0]!;
    const body = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_forged' } },
    });
    const forged = new Request('http://shop/order/public/payment/webhook/card', {
      method: 'POST',
      headers: { 'Stripe-Signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      body,
    });
    expect(await receiveWebhook(prodEnv, {}, 'card', forged, Date.now(), applyPaymentEvent)).toBeNull();
    const staleSignature = (await stripe.sign(body)).replace(/t=\d+/, `t=${Math.floor(Date.now() / 1000) - 600}`);
    const stale = new Request('http://shop/order/public/payment/webhook/card', {
      method: 'POST',
      headers: { 'Stripe-Signature': staleSignature },
      body,
    });
    expect(await receiveWebhook(prodEnv, {}, 'card', stale, Date.now(), applyPaymentEvent)).toBeNull();
    expect((await orderOf(placed.orderId))!.status).toBe('PAYMENT_PENDING');
  });

  it('the same event delivered twice at once pays the order once and sends one confirmation', async () => {
    const placed = await order();
    const quiet = fakeStripe({ webhookSecret: WEBHOOK_SECRET });
    routeToFake(quiet);
    await placed.pay('HOSTED_CARD');
    await quiet.completeSession([...quiet.sessions.keys()][0]!);
    const completed = quiet.events.find((event) => event.type === 'checkout.session.completed')!;
    const body = JSON.stringify(completed);
    const delivery = async () =>
      new Request('http://shop/order/public/payment/webhook/card', {
        method: 'POST',
        headers: { 'Stripe-Signature': await quiet.sign(body) },
        body,
      });
    const answers = await Promise.all([
      receiveWebhook(prodEnv, {}, 'card', await delivery(), Date.now(), applyPaymentEvent),
      receiveWebhook(prodEnv, {}, 'card', await delivery(), Date.now(), applyPaymentEvent),
    ]);
    expect(answers.map((answer) => answer?.duplicate).sort()).toEqual([false, true]);
    expect(await orderOf(placed.orderId)).toMatchObject({ status: 'PROCESSING', paidEvents: 1 });
    // One confirmation; the pay link sent when the unpaid order was placed is another kind of email.
    const mails = await env.DB.prepare(
      "SELECT count(*) AS n FROM email_outbox WHERE kind = 'order-confirmation' " +
        'AND (subject LIKE ? OR text_body LIKE ?)',
    )
      .bind(`%${placed.orderId}%`, `%${placed.orderId}%`)
      .first<{ n: number }>();
    expect(mails!.n).toBe(1);
  });

  it('a hosted page and a wallet paying one order at once: one capture stands, the other is refunded', async () => {
    const placed = await order();
    await placed.pay('HOSTED_CARD');
    const sessionId = [...stripe.sessions.keys()][0]!;
    // The shopper pays on the hosted page in one tab while another tab pays with Google Pay.
    stripe.failNext({ status: 400, error: { type: 'invalid_request_error', code: 'checkout_session_not_open' } });
    await Promise.all([
      stripe.completeSession(sessionId),
      placed.pay('GOOGLE_PAY', { token: 'pm_card_visa' }).catch((error: Error) => error),
    ]);
    const payments = await paymentsOf(placed.orderId);
    const captured = payments.filter((payment) => payment.capturedCent > 0);
    const refundedCent = stripe.refunds.reduce((sum, refund) => sum + refund.amount, 0);
    const movedCent = [...stripe.intents.values()].reduce((sum, intent) => sum + (intent.amount_received ?? 0), 0);
    expect(movedCent - refundedCent).toBe(placed.total);
    expect(captured.length - stripe.refunds.length).toBe(1);
    expect(await orderOf(placed.orderId)).toMatchObject({ status: 'PROCESSING', paidEvents: 1 });
  });
});
