import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_MSG } from '../../shared/payment-methods.ts';
import { receivePaymentEvent } from '../../worker/payments/webhook-intake.ts';
import { applyPaymentEvent } from '../../worker/flows/settle-payment.ts';
import { CardProvider, stripeForm } from '../../worker/payments/card-provider.ts';
import { providerFor, signatureHeader, type PaymentEnv } from '../../worker/payments/service.ts';

const BASE = 'http://stripe.fake';
const WEBHOOK_SECRET = 'whsec_test_secret';
const cardEnv: PaymentEnv = {
  DB: env.DB,
  CARD_PROVIDER_SECRET_KEY: 'sk_test_fake',
  CARD_PROVIDER_API_BASE: BASE,
  CARD_PROVIDER_WEBHOOK_SECRET: WEBHOOK_SECRET,
};

interface Call {
  method: string;
  path: string;
  form: URLSearchParams;
  headers: Headers;
}
type Answer = { status: number; body: unknown } | 'network-error';

/** A local fake of Stripe's endpoints: records each call and answers what the test queued. */
function fakeStripe() {
  const calls: Call[] = [];
  const answers: Answer[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname,
      form: new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer())),
      headers: request.headers,
    });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected call to ${request.url}`);
    if (answer === 'network-error') throw new TypeError('fetch failed');
    return Response.json(answer.body, { status: answer.status });
  }) as typeof globalThis.fetch;
  return {
    calls,
    answer: (...next: Answer[]) => answers.push(...next),
    provider: new CardProvider(cardEnv, { fetch }),
  };
}

const intent = (fields: Record<string, unknown>) => ({
  id: 'pi_123',
  object: 'payment_intent',
  amount: 2599,
  currency: 'usd',
  metadata: {},
  ...fields,
});
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

let stripe: ReturnType<typeof fakeStripe>;
beforeEach(() => {
  stripe = fakeStripe();
});

describe('the card provider adapter (Stripe PaymentIntents)', () => {
  it('creates and confirms a PaymentIntent from a method token, form-encoded, the order in metadata', async () => {
    stripe.answer({ status: 200, body: intent({ id: 'pi_ok', status: 'succeeded', amount_received: 2599 }) });
    const order = input({ paymentMethodToken: 'pm_card_visa' });
    const result = await stripe.provider.create(order);
    expect(result).toMatchObject({ kind: 'Succeeded', status: 'SUCCEEDED', captured: true });
    const [call] = stripe.calls;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(call!.headers.get('authorization')).toBe('Bearer sk_test_fake');
    expect(call!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(call!.headers.get('idempotency-key')).toBe(`create-${result.paymentId}`);
    expect(Object.fromEntries(call!.form)).toMatchObject({
      amount: '2599',
      currency: 'usd',
      'payment_method_types[]': 'card',
      confirm: 'true',
      payment_method: 'pm_card_visa',
      capture_method: 'automatic',
      'metadata[order_id]': order.orderId,
      'metadata[payment_id]': result.paymentId,
    });
    expect(await row(result.paymentId)).toEqual({
      status: 'SUCCEEDED',
      provider: 'card',
      providerRef: 'pi_ok',
      declineCode: null,
      capturedCent: 2599,
    });
  });

  it('without a token leaves confirmation to the browser (client secret), then to a challenge URL', async () => {
    stripe.answer({
      status: 200,
      body: intent({ id: 'pi_later', status: 'requires_payment_method', client_secret: 'pi_later_secret_x' }),
    });
    const created = await stripe.provider.create(input());
    expect(created).toMatchObject({
      kind: 'RequiresAction',
      action: 'confirm',
      url: null,
      clientSecret: 'pi_later_secret_x',
      status: 'CREATED',
    });
    expect(stripe.calls[0]!.form.get('confirm')).toBe('false');
    stripe.answer({
      status: 200,
      body: intent({
        id: 'pi_later',
        status: 'requires_action',
        next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://hooks.stripe.com/3ds' } },
      }),
    });
    expect(await stripe.provider.confirm(created.paymentId)).toMatchObject({
      kind: 'RequiresAction',
      action: 'challenge',
      url: 'https://hooks.stripe.com/3ds',
      status: 'REQUIRES_ACTION',
    });
    expect(stripe.calls[1]!.path).toBe('/v1/payment_intents/pi_later/confirm');
  });

  it('maps decline_code do_not_honor to a §8 issuer decline with the issuer message', async () => {
    stripe.answer({
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'do_not_honor',
          message: 'Your card was declined.',
          payment_intent: intent({ id: 'pi_declined', status: 'requires_payment_method' }),
        },
      },
    });
    const result = await stripe.provider.create(input({ paymentMethodToken: 'pm_card_chargeDeclined' }));
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
    stripe.answer({
      status: 402,
      body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'lost_card' } },
    });
    expect(await stripe.provider.create(input({ paymentMethodToken: 'pm_x' }))).toMatchObject({
      kind: 'Declined',
      code: 'lost_card',
      issuerDecline: false,
      message: PAYMENT_MSG.cardDeclined,
    });
  });

  it('answers a provider outage with a provider error and leaves the payment open for the webhook', async () => {
    stripe.answer('network-error');
    const down = await stripe.provider.create(input({ paymentMethodToken: 'pm_x' }));
    expect(down).toMatchObject({
      kind: 'Failed',
      reason: 'provider_error',
      message: PAYMENT_MSG.providerError,
      status: 'CREATED',
    });
    stripe.answer({ status: 500, body: { error: { type: 'api_error' } } });
    expect(await stripe.provider.create(input({ paymentMethodToken: 'pm_x' }))).toMatchObject({
      kind: 'Failed',
      reason: 'provider_error',
    });
    expect((await row(down.paymentId))!.status).toBe('CREATED');
  });

  it('captures an authorized payment once; the second capture never reaches the provider', async () => {
    stripe.answer({ status: 200, body: intent({ id: 'pi_manual', status: 'requires_capture' }) });
    const created = await stripe.provider.create(input({ paymentMethodToken: 'pm_card_visa', capture: 'manual' }));
    expect(created).toMatchObject({ kind: 'Succeeded', captured: false });
    expect(stripe.calls[0]!.form.get('capture_method')).toBe('manual');
    stripe.answer({ status: 200, body: intent({ id: 'pi_manual', status: 'succeeded', amount_received: 2599 }) });
    expect(await stripe.provider.capture(created.paymentId, 2599)).toMatchObject({ kind: 'Succeeded', captured: true });
    expect(stripe.calls[1]).toMatchObject({ path: '/v1/payment_intents/pi_manual/capture' });
    expect(stripe.calls[1]!.form.get('amount_to_capture')).toBe('2599');
    expect(await stripe.provider.capture(created.paymentId, 2599)).toMatchObject({
      kind: 'Failed',
      message: PAYMENT_MSG.alreadyCaptured,
    });
    expect(stripe.calls).toHaveLength(2);
  });

  it('refunds through /v1/refunds in parts; refuses more than captured without calling the provider', async () => {
    stripe.answer({ status: 200, body: intent({ id: 'pi_refund', status: 'succeeded', amount_received: 2599 }) });
    const created = await stripe.provider.create(input({ paymentMethodToken: 'pm_card_visa' }));
    stripe.answer({ status: 200, body: { id: 're_1', object: 'refund', amount: 599 } });
    expect(await stripe.provider.refund(created.paymentId, 599)).toMatchObject({
      kind: 'Refunded',
      amountCent: 599,
      refundedCent: 599,
      status: 'PARTIALLY_REFUNDED',
    });
    expect(stripe.calls[1]!.path).toBe('/v1/refunds');
    expect(Object.fromEntries(stripe.calls[1]!.form)).toMatchObject({
      payment_intent: 'pi_refund',
      amount: '599',
      'metadata[payment_id]': created.paymentId,
    });
    expect(await stripe.provider.refund(created.paymentId, 2001)).toMatchObject({
      kind: 'Failed',
      message: PAYMENT_MSG.refundTooLarge,
    });
    expect(stripe.calls).toHaveLength(2);
    stripe.answer({ status: 200, body: { id: 're_2', object: 'refund', amount: 2000 } });
    expect(await stripe.provider.refund(created.paymentId, 2000)).toMatchObject({
      kind: 'Refunded',
      refundedCent: 2599,
      status: 'REFUNDED',
    });
    const refs = (
      await env.DB.prepare('SELECT provider_ref AS ref FROM refund WHERE payment_id = ? ORDER BY created_at, id')
        .bind(created.paymentId)
        .all<{ ref: string }>()
    ).results;
    expect(refs.map((refund) => refund.ref).sort()).toEqual(['re_1', 're_2']);
  });

  it('is chosen for CARD only when its key is set; other methods stay with the sandbox', () => {
    expect(providerFor('CARD', cardEnv).id).toBe('card');
    expect(providerFor('CARD', { DB: env.DB, DEV_TOOLS: 'true' }).id).toBe('sandbox');
    expect(providerFor('PAYPAL', { ...cardEnv, DEV_TOOLS: 'true' }).id).toBe('sandbox');
  });

  it('form-encodes arrays and nested keys the way Stripe reads them', () => {
    expect(
      stripeForm({ payment_method_types: ['card', 'link'], 'metadata[order_id]': 'A1', skipped: undefined, amount: 5 }),
    ).toBe('payment_method_types%5B%5D=card&payment_method_types%5B%5D=link&metadata%5Border_id%5D=A1&amount=5');
  });
});

describe('the card provider webhook (Stripe-Signature)', () => {
  const request = (body: string, signature: string | null) =>
    new Request('http://us.shop.localhost/order/public/payment/webhook/card', {
      method: 'POST',
      body,
      headers: signature === null ? {} : { 'Stripe-Signature': signature },
    });
  const succeeded = (paymentId: string, id = `evt_${paymentId}`) =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: intent({
          id: `pi_${paymentId}`,
          status: 'succeeded',
          amount_received: 2599,
          metadata: { order_id: 'C1', payment_id: paymentId },
        }),
      },
    });

  it('accepts a valid signature and reads the event in our words', async () => {
    const body = succeeded('pay_webhook_ok');
    const event = await stripe.provider.verifyWebhook(
      request(body, await signatureHeader(WEBHOOK_SECRET, body, Date.now())),
    );
    expect(event).toEqual({
      provider: 'card',
      eventId: 'evt_pay_webhook_ok',
      type: 'payment_intent.succeeded',
      paymentId: 'pay_webhook_ok',
      orderId: 'C1',
      status: 'SUCCEEDED',
      declineCode: null,
      capturedCent: 2599,
      amountCent: 2599,
      currency: 'USD',
      payload: body,
    });
  });

  it('refuses a wrong signature, a tampered body and a signature older than 300 seconds', async () => {
    const body = succeeded('pay_webhook_bad');
    expect(
      await stripe.provider.verifyWebhook(request(body, await signatureHeader('whsec_other', body, Date.now()))),
    ).toBeNull();
    expect(
      await stripe.provider.verifyWebhook(
        request(body.replace('2599', '1'), await signatureHeader(WEBHOOK_SECRET, body, Date.now())),
      ),
    ).toBeNull();
    expect(
      await stripe.provider.verifyWebhook(
        request(body, await signatureHeader(WEBHOOK_SECRET, body, Date.now() - 301_000)),
      ),
    ).toBeNull();
    expect(
      await stripe.provider.verifyWebhook(
        request(body, await signatureHeader(WEBHOOK_SECRET, body, Date.now() - 299_000)),
      ),
    ).not.toBeNull();
    expect(await stripe.provider.verifyWebhook(request(body, null))).toBeNull();
  });

  it('treats a malformed Stripe-Signature header as a 400, not a 401', async () => {
    await expect(stripe.provider.verifyWebhook(request(succeeded('pay_x'), 'garbage'))).rejects.toMatchObject({
      httpCode: 400,
      message: 'Stripe-Signature header is malformed',
    });
  });

  it('maps a failed PaymentIntent to an issuer decline, applied once however often it is delivered', async () => {
    stripe.answer({ status: 200, body: intent({ id: 'pi_async', status: 'processing' }) });
    const created = await stripe.provider.create(input({ paymentMethodToken: 'pm_x' }));
    expect(created).toMatchObject({ kind: 'Pending', status: 'PROCESSING' });
    const body = JSON.stringify({
      id: 'evt_async_failed',
      type: 'payment_intent.payment_failed',
      data: {
        object: intent({
          id: 'pi_async',
          status: 'requires_payment_method',
          last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' },
        }),
      },
    });
    const event = (await stripe.provider.verifyWebhook(
      request(body, await signatureHeader(WEBHOOK_SECRET, body, Date.now())),
    ))!;
    expect(event).toMatchObject({
      paymentId: created.paymentId,
      status: 'DECLINED',
      declineCode: 'insufficient_funds',
    });
    expect(await receivePaymentEvent({ ...env, ...cardEnv }, event, Date.now(), applyPaymentEvent)).toEqual({
      duplicate: false,
    });
    expect(await receivePaymentEvent({ ...env, ...cardEnv }, event, Date.now(), applyPaymentEvent)).toEqual({
      duplicate: true,
    });
    expect(await row(created.paymentId)).toMatchObject({ status: 'DECLINED', declineCode: 'insufficient_funds' });
    expect(await stripe.provider.confirm(created.paymentId)).toMatchObject({
      kind: 'Declined',
      issuerDecline: true,
      message: PAYMENT_MSG.issuerDecline,
    });
    const { n } = (await env.DB.prepare(
      "SELECT count(*) AS n FROM payment_event WHERE event_id = 'evt_async_failed'",
    ).first<{ n: number }>())!;
    expect(n).toBe(1);
  });
});
