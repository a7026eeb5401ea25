import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_MSG } from '../../shared/payment-methods.ts';
import { receivePaymentEvent } from '../../worker/payments/webhook-intake.ts';
import { applyPaymentEvent } from '../../worker/flows/settle-payment.ts';
import { CardProvider } from '../../worker/payments/card-provider.ts';
import { decodeStripeForm, stripeForm } from '../../worker/payments/contracts/form.ts';
import { createIntentParams } from '../../worker/payments/contracts/stripe.ts';
import { providerFor, signatureHeader, type PaymentEnv } from '../../worker/payments/service.ts';
import { fakeStripe, type FakeStripe } from '../fakes/stripe.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
const cardEnv: PaymentEnv = {
  DB: env.DB,
  CARD_PROVIDER_SECRET_KEY: 'sk_test_fake',
  CARD_PROVIDER_API_BASE: 'http://stripe.fake',
  CARD_PROVIDER_WEBHOOK_SECRET: WEBHOOK_SECRET,
};

const row = (id: string) =>
  env.DB.prepare(
    'SELECT status, provider, provider_ref AS providerRef, decline_code AS declineCode, ' +
      'captured_cent AS capturedCent FROM payment WHERE id = ?',
  )
    .bind(id)
    .first();
let orderCounter = 0;
const input = (extra: Record<string, unknown> = {}) => ({
  orderId: `C${Date.now()}${orderCounter++}`,
  method: 'CARD' as const,
  amount: { cent: 2599, currency: 'USD' as const },
  ...extra,
});

let stripe: FakeStripe;
let provider: CardProvider;
beforeEach(() => {
  stripe = fakeStripe({ webhookSecret: WEBHOOK_SECRET });
  provider = new CardProvider(cardEnv, { fetch: stripe.fetch });
});

describe('the card provider adapter (Stripe PaymentIntents) against the Stripe fake', () => {
  it('creates and confirms a PaymentIntent from a method token, form-encoded, the order in metadata', async () => {
    const order = input({ paymentMethodToken: 'pm_card_visa' });
    const result = await provider.create(order);
    expect(result).toMatchObject({ kind: 'Succeeded', status: 'SUCCEEDED', captured: true });
    const [call] = stripe.calls;
    expect(call).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: `create-${result.paymentId}`,
    });
    expect(call!.params).toMatchObject({
      amount: '2599',
      currency: 'usd',
      payment_method_types: ['card'],
      confirm: 'true',
      payment_method: 'pm_card_visa',
      capture_method: 'automatic',
      metadata: { order_id: order.orderId, payment_id: result.paymentId },
    });
    expect(await row(result.paymentId)).toEqual({
      status: 'SUCCEEDED',
      provider: 'card',
      providerRef: [...stripe.intents.keys()][0],
      declineCode: null,
      capturedCent: 2599,
    });
  });

  it('without a token leaves confirmation to the browser (client secret), then to a challenge URL', async () => {
    const created = await provider.create(input());
    const intentId = [...stripe.intents.keys()][0]!;
    expect(created).toMatchObject({
      kind: 'RequiresAction',
      action: 'confirm',
      url: null,
      clientSecret: `${intentId}_secret_fake`,
      status: 'CREATED',
    });
    expect(stripe.calls[0]!.params.confirm).toBe('false');
  });

  it('asks for authentication with the redirect URL the provider gives', async () => {
    const created = await provider.create(input({ paymentMethodToken: 'pm_card_threeDSecure2Required' }));
    expect(created).toMatchObject({ kind: 'RequiresAction', action: 'challenge', status: 'REQUIRES_ACTION' });
    expect((created as { url: string }).url).toMatch(/^http:\/\/stripe\.fake\/fake\/redirect\/pi_/);
  });

  it('maps decline_code do_not_honor to a §8 issuer decline with the issuer message', async () => {
    stripe.failNext({
      status: 402,
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'do_not_honor',
        payment_intent: { id: 'pi_declined' },
      },
    });
    const result = await provider.create(input({ paymentMethodToken: 'pm_x' }));
    expect(result).toEqual({
      kind: 'Declined',
      paymentId: result.paymentId,
      status: 'DECLINED',
      code: 'do_not_honor',
      issuerDecline: true,
      message: PAYMENT_MSG.issuerDecline,
    });
    expect(await row(result.paymentId)).toMatchObject({
      status: 'DECLINED',
      declineCode: 'do_not_honor',
      providerRef: 'pi_declined',
    });
  });

  it('keeps a decline outside §8 (lost_card) a card decline, not an issuer decline', async () => {
    expect(await provider.create(input({ paymentMethodToken: 'pm_card_chargeDeclinedLostCard' }))).toMatchObject({
      kind: 'Declined',
      code: 'lost_card',
      issuerDecline: false,
      message: PAYMENT_MSG.cardDeclined,
    });
  });

  it('answers a provider outage with a provider error and leaves the payment open for the webhook', async () => {
    stripe.failNext('network');
    const down = await provider.create(input({ paymentMethodToken: 'pm_card_visa' }));
    expect(down).toMatchObject({
      kind: 'Failed',
      reason: 'provider_error',
      message: PAYMENT_MSG.providerError,
      status: 'CREATED',
    });
    stripe.failNext({ status: 500, error: { type: 'api_error' } });
    expect(await provider.create(input({ paymentMethodToken: 'pm_card_visa' }))).toMatchObject({
      kind: 'Failed',
      reason: 'provider_error',
    });
    expect((await row(down.paymentId))!.status).toBe('CREATED');
  });

  it('treats an answer outside the contract as the provider failing, never as a payment', async () => {
    const broken = (async () => Response.json({ id: 'pi_x', status: 'succeeded' })) as unknown as typeof fetch;
    const result = await new CardProvider(cardEnv, { fetch: broken }).create(
      input({ paymentMethodToken: 'pm_card_visa' }),
    );
    expect(result).toMatchObject({ kind: 'Failed', reason: 'provider_error', status: 'CREATED' });
  });

  it('captures an authorized payment once; the second capture never reaches the provider', async () => {
    const created = await provider.create(input({ paymentMethodToken: 'pm_card_visa', capture: 'manual' }));
    expect(created).toMatchObject({ kind: 'Succeeded', captured: false });
    expect(stripe.calls[0]!.params.capture_method).toBe('manual');
    expect(await provider.capture(created.paymentId, 2599)).toMatchObject({ kind: 'Succeeded', captured: true });
    expect(stripe.calls[1]).toMatchObject({ path: expect.stringMatching(/^\/v1\/payment_intents\/pi_.*\/capture$/) });
    expect(stripe.calls[1]!.params.amount_to_capture).toBe('2599');
    expect(await provider.capture(created.paymentId, 2599)).toMatchObject({
      kind: 'Failed',
      message: PAYMENT_MSG.alreadyCaptured,
    });
    expect(stripe.calls).toHaveLength(2);
  });

  it('refunds through /v1/refunds in parts; refuses more than captured without calling the provider', async () => {
    const created = await provider.create(input({ paymentMethodToken: 'pm_card_visa' }));
    expect(await provider.refund(created.paymentId, 599)).toMatchObject({
      kind: 'Refunded',
      amountCent: 599,
      refundedCent: 599,
      status: 'PARTIALLY_REFUNDED',
    });
    expect(stripe.calls[1]!.path).toBe('/v1/refunds');
    expect(stripe.calls[1]!.params).toMatchObject({ amount: '599', metadata: { payment_id: created.paymentId } });
    expect(await provider.refund(created.paymentId, 2001)).toMatchObject({
      kind: 'Failed',
      message: PAYMENT_MSG.refundTooLarge,
    });
    expect(stripe.calls).toHaveLength(2);
    expect(await provider.refund(created.paymentId, 2000)).toMatchObject({
      kind: 'Refunded',
      refundedCent: 2599,
      status: 'REFUNDED',
    });
    const refs = (
      await env.DB.prepare('SELECT provider_ref AS ref FROM refund WHERE payment_id = ?')
        .bind(created.paymentId)
        .all<{ ref: string }>()
    ).results;
    expect(refs.map((refund) => refund.ref).sort()).toEqual(stripe.refunds.map((refund) => refund.id).sort());
  });

  it('voids an authorization at the provider; a retried void sends the same idempotency key', async () => {
    const created = await provider.create(input({ paymentMethodToken: 'pm_card_visa', capture: 'manual' }));
    expect(await provider.cancel(created.paymentId)).toMatchObject({ kind: 'Failed', status: 'EXPIRED' });
    expect(stripe.calls[1]).toMatchObject({
      path: expect.stringMatching(/\/cancel$/),
      idempotencyKey: `cancel-${created.paymentId}`,
    });
    expect([...stripe.intents.values()][0]!.status).toBe('canceled');
  });

  it('is chosen for CARD only when its keys (secret and Stripe.js publishable) are set; else the sandbox', () => {
    expect(providerFor('CARD', { ...cardEnv, CARD_PROVIDER_PUBLISHABLE_KEY: 'pk_test_fake' }).id).toBe('card');
    expect(providerFor('CARD', { ...cardEnv, DEV_TOOLS: 'true' }).id).toBe('sandbox');
    expect(providerFor('CARD', { DB: env.DB, DEV_TOOLS: 'true' }).id).toBe('sandbox');
  });

  it('form-encodes arrays and nested keys the way Stripe reads them, and the contract reads them back', () => {
    const form = stripeForm({
      payment_method_types: ['card', 'affirm'],
      metadata: { order_id: 'A1' },
      skipped: undefined,
      amount: 5,
    });
    expect(form).toBe(
      'payment_method_types%5B%5D=card&payment_method_types%5B%5D=affirm&metadata%5Border_id%5D=A1&amount=5',
    );
  });

  it('indexes lists of objects (line_items[0][quantity]) as Stripe documents, and decodes them back to lists', () => {
    const form = stripeForm({ line_items: [{ quantity: 1, price_data: { unit_amount: 250 } }, { quantity: 2 }] });
    expect(decodeURIComponent(form)).toBe(
      'line_items[0][quantity]=1&line_items[0][price_data][unit_amount]=250&line_items[1][quantity]=2',
    );
    expect(decodeStripeForm(form)).toEqual({
      line_items: [{ quantity: '1', price_data: { unit_amount: '250' } }, { quantity: '2' }],
    });
  });

  it('refuses to send a request outside the contract (an unknown parameter never leaves the shop)', () => {
    expect(() =>
      createIntentParams.parse({
        amount: 1,
        currency: 'usd',
        payment_method_types: ['card'],
        capture_method: 'automatic',
        metadata: {},
        surprise: 1,
      }),
    ).toThrow();
  });
});

describe('the card provider webhook (Stripe-Signature) from the Stripe fake', () => {
  it('accepts an event the fake signed and reads it in our words', async () => {
    const created = await provider.create(input({ paymentMethodToken: 'pm_card_visa' }));
    const delivery = stripe.events.find((event) => event.type === 'payment_intent.succeeded')!;
    const request = await stripe.emit(delivery.type, delivery.data.object);
    expect(await provider.verifyWebhook(request)).toMatchObject({
      provider: 'card',
      type: 'payment_intent.succeeded',
      paymentId: created.paymentId,
      status: 'SUCCEEDED',
      capturedCent: 2599,
      amountCent: 2599,
      currency: 'USD',
    });
  });

  it('refuses a forged signature, a tampered body and a stale signature', async () => {
    const request = await stripe.emit('payment_intent.succeeded', { id: 'pi_x' });
    const body = await request.clone().text();
    const forged = new Request(request.url, {
      method: 'POST',
      body,
      headers: { 'Stripe-Signature': await signatureHeader('whsec_other', body, Date.now()) },
    });
    expect(await provider.verifyWebhook(forged)).toBeNull();
    const tampered = new Request(request.url, {
      method: 'POST',
      body: body.replace('pi_x', 'pi_y'),
      headers: request.headers,
    });
    expect(await provider.verifyWebhook(tampered)).toBeNull();
    const stale = new Request(request.url, {
      method: 'POST',
      body,
      headers: { 'Stripe-Signature': await signatureHeader(WEBHOOK_SECRET, body, Date.now() - 301_000) },
    });
    expect(await provider.verifyWebhook(stale)).toBeNull();
    expect(await provider.verifyWebhook(new Request(request.url, { method: 'POST', body }))).toBeNull();
  });

  it('treats a malformed Stripe-Signature header as a 400, not a 401', async () => {
    const request = new Request('http://shop/webhook', {
      method: 'POST',
      body: '{}',
      headers: { 'Stripe-Signature': 'garbage' },
    });
    await expect(provider.verifyWebhook(request)).rejects.toMatchObject({
      httpCode: 400,
      message: 'Stripe-Signature header is malformed',
    });
  });

  it('maps a failed PaymentIntent to an issuer decline, applied once however often it is delivered', async () => {
    const created = await provider.create(input());
    const intent = [...stripe.intents.values()][0]!;
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' };
    const sent = await stripe.emit('payment_intent.payment_failed', intent);
    const body = await sent.text();
    const request = () => new Request(sent.url, { method: 'POST', headers: sent.headers, body });
    const event = (await provider.verifyWebhook(request()))!;
    expect(event).toMatchObject({
      paymentId: created.paymentId,
      status: 'DECLINED',
      declineCode: 'insufficient_funds',
    });
    const full = { ...env, ...cardEnv };
    expect(await receivePaymentEvent(full, event, Date.now(), applyPaymentEvent)).toEqual({ duplicate: false });
    const replay = (await provider.verifyWebhook(request()))!;
    expect(await receivePaymentEvent(full, replay, Date.now(), applyPaymentEvent)).toEqual({ duplicate: true });
    expect(await row(created.paymentId)).toMatchObject({ status: 'DECLINED', declineCode: 'insufficient_funds' });
    expect(await provider.confirm(created.paymentId)).toMatchObject({ kind: 'Declined', issuerDecline: true });
  });
});
