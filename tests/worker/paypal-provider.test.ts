import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_MSG } from '../../shared/payment-methods.ts';
import { applyPaymentEvent } from '../../worker/flows/settle-payment.ts';
import type { PaymentEnv, PaymentResult } from '../../worker/payments/provider.ts';
import { PaypalProvider } from '../../worker/payments/paypal-provider.ts';
import { crc32 } from '../../worker/payments/paypal-signature.ts';
import { receivePaymentEvent } from '../../worker/payments/webhook-intake.ts';
import { fakePaypal, type FakePaypal } from '../fakes/paypal.ts';

const paypalEnv: PaymentEnv = {
  DB: env.DB,
  PAYPAL_CLIENT_ID: 'AfakeClientId',
  PAYPAL_CLIENT_SECRET: 'fake-secret',
  PAYPAL_WEBHOOK_ID: '1JE4291016473214C',
  PAYPAL_API_BASE: 'http://paypal.fake',
};
const fakeOptions = { clientId: 'AfakeClientId', clientSecret: 'fake-secret', webhookId: '1JE4291016473214C' };

let counter = 0;
const input = (extra: Record<string, unknown> = {}) => ({
  orderId: `P${Date.now()}${counter++}`,
  method: 'PAYPAL' as const,
  amount: { cent: 12_345, currency: 'USD' as const },
  returnUrl: 'http://us.shop.localhost/checkout/orderResult?orderId=P1',
  ...extra,
});
const row = (id: string) =>
  env.DB.prepare(
    'SELECT status, provider_ref AS providerRef, provider_txn_ref AS txnRef, captured_cent AS capturedCent, ' +
      'decline_code AS declineCode FROM payment WHERE id = ?',
  )
    .bind(id)
    .first();

/** The PayPal order id a new payment answers (what the JS SDK's createOrder returns). */
const refOf = (result: PaymentResult) => (result as { providerRef: string }).providerRef;

let paypal: FakePaypal;
let provider: PaypalProvider;
beforeEach(async () => {
  paypal = await fakePaypal(fakeOptions);
  provider = new PaypalProvider(paypalEnv, { fetch: paypal.fetch });
});

describe('the online wallet adapter (PayPal Orders v2) against the PayPal fake', () => {
  it('creates an order with our payment id and order number on it, idempotent by PayPal-Request-Id', async () => {
    const order = input();
    const created = await provider.create(order);
    const [call] = paypal.calls;
    expect(call).toMatchObject({
      method: 'POST',
      path: '/v2/checkout/orders',
      requestId: `create-${created.paymentId}`,
    });
    expect(call!.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        { custom_id: created.paymentId, invoice_id: order.orderId, amount: { currency_code: 'USD', value: '123.45' } },
      ],
    });
    const orderId = [...paypal.orders.keys()][0]!;
    expect(created).toMatchObject({
      kind: 'RequiresAction',
      action: 'redirect',
      providerRef: orderId,
      status: 'CREATED',
    });
    expect((created as { url: string }).url).toBe(`http://paypal.fake/fake/approve/${orderId}`);
    expect(await row(created.paymentId)).toMatchObject({ status: 'CREATED', providerRef: orderId });
  });

  it('captures only once the payer approved, once, and keeps the capture id for refunds', async () => {
    const created = await provider.create(input());
    expect(await provider.confirm(created.paymentId)).toMatchObject({ kind: 'RequiresAction', status: 'CREATED' });
    paypal.approve(refOf(created));
    expect(await provider.confirm(created.paymentId)).toMatchObject({ kind: 'Succeeded', captured: true });
    const capture = [...paypal.captures.values()][0]!;
    expect(await row(created.paymentId)).toMatchObject({
      status: 'SUCCEEDED',
      txnRef: capture.id,
      capturedCent: 12_345,
    });
    const captureCalls = () => paypal.calls.filter((call) => call.path.endsWith('/capture')).length;
    expect(captureCalls()).toBe(1);
    expect(await provider.confirm(created.paymentId)).toMatchObject({ kind: 'Succeeded' });
    expect(captureCalls()).toBe(1);
    expect(paypal.calls.find((call) => call.path.endsWith('/capture'))!.requestId).toBe(`capture-${created.paymentId}`);
  });

  it('answers a funding source PayPal declines with the wallet message; the order can be paid again', async () => {
    const order = input();
    const created = await provider.create(order);
    paypal.approve(refOf(created));
    paypal.declineNext('INSTRUMENT_DECLINED');
    expect(await provider.confirm(created.paymentId)).toMatchObject({
      kind: 'Declined',
      code: 'INSTRUMENT_DECLINED',
      issuerDecline: false,
      message: PAYMENT_MSG.walletDeclined,
    });
    expect((await provider.create(order)).kind).toBe('RequiresAction');
  });

  it('answers PayPal unreachable with the provider message and ends the attempt so it can start again', async () => {
    paypal.failNext('network');
    const order = input();
    const down = await provider.create(order);
    expect(down).toMatchObject({ kind: 'Failed', reason: 'provider_error', message: PAYMENT_MSG.providerError });
    expect(await row(down.paymentId)).toMatchObject({ status: 'FAILED' });
    expect(await provider.create(order)).toMatchObject({ kind: 'RequiresAction' });
    paypal.failNext({ status: 503, name: 'SERVICE_UNAVAILABLE' });
    const created = [...paypal.orders.keys()].at(-1)!;
    paypal.approve(created);
    const open = (await env.DB.prepare("SELECT id FROM payment WHERE order_id = ? AND status = 'CREATED'")
      .bind(order.orderId)
      .first<{ id: string }>())!;
    expect(await provider.confirm(open.id)).toMatchObject({
      kind: 'Failed',
      reason: 'provider_error',
      status: 'CREATED',
    });
  });

  it('authorizes for a later capture, captures the authorization once, and voids another', async () => {
    const later = await provider.create(input({ capture: 'manual' }));
    paypal.approve(refOf(later));
    expect(await provider.confirm(later.paymentId)).toMatchObject({ kind: 'Succeeded', captured: false });
    expect(paypal.calls[2]!.path).toMatch(/\/authorize$/);
    expect(await provider.capture(later.paymentId, 12_345)).toMatchObject({ kind: 'Succeeded', captured: true });
    expect(await provider.capture(later.paymentId, 12_345)).toMatchObject({ message: PAYMENT_MSG.alreadyCaptured });
    const voided = await provider.create(input({ capture: 'manual' }));
    paypal.approve(refOf(voided));
    await provider.confirm(voided.paymentId);
    expect(await provider.cancel(voided.paymentId)).toMatchObject({ status: 'EXPIRED' });
    expect(paypal.calls.at(-1)!.path).toMatch(/\/authorizations\/.+\/void$/);
    expect(await provider.capture(voided.paymentId, 12_345)).toMatchObject({ kind: 'Failed' });
  });

  it('voids an order nobody approved without calling PayPal: it can take no money', async () => {
    const created = await provider.create(input());
    const before = paypal.calls.length;
    expect(await provider.cancel(created.paymentId)).toMatchObject({ status: 'EXPIRED' });
    expect(paypal.calls).toHaveLength(before);
    paypal.approve(refOf(created));
    expect(await provider.confirm(created.paymentId)).toMatchObject({ kind: 'Failed', status: 'EXPIRED' });
  });

  it('refunds a capture in part and in full through the Payments API, never past what was captured', async () => {
    const created = await provider.create(input());
    paypal.approve(refOf(created));
    await provider.confirm(created.paymentId);
    expect(await provider.refund(created.paymentId, 2_345)).toMatchObject({
      kind: 'Refunded',
      status: 'PARTIALLY_REFUNDED',
    });
    const refundCall = paypal.calls.at(-1)!;
    expect(refundCall.path).toMatch(/^\/v2\/payments\/captures\/.+\/refund$/);
    expect(refundCall.body).toEqual({ amount: { currency_code: 'USD', value: '23.45' }, custom_id: created.paymentId });
    expect(await provider.refund(created.paymentId, 10_001)).toMatchObject({ message: PAYMENT_MSG.refundTooLarge });
    expect(await provider.refund(created.paymentId, 10_000)).toMatchObject({
      kind: 'Refunded',
      status: 'REFUNDED',
      refundedCent: 12_345,
    });
  });
});

describe('the online wallet webhook, verified as PayPal documents it', () => {
  const paid = async () => {
    const created = await provider.create(input());
    paypal.approve(refOf(created));
    await provider.confirm(created.paymentId);
    return { created, capture: [...paypal.captures.values()][0]! };
  };
  /** The same delivery again, with its headers changed or its body replaced. */
  const copy = (request: Request, body: string, change: (headers: Headers) => void = () => undefined) => {
    const headers = new Headers(request.headers);
    change(headers);
    return new Request(request.url, { method: 'POST', headers, body });
  };

  it('computes CRC32 as PayPal signs it (an unsigned decimal)', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('accepts a delivery signed with the certificate at PAYPAL-CERT-URL and reads it in our words', async () => {
    const { created, capture } = await paid();
    const request = await paypal.emit('PAYMENT.CAPTURE.COMPLETED', capture);
    expect(await provider.verifyWebhook(request)).toMatchObject({
      provider: 'paypal',
      type: 'PAYMENT.CAPTURE.COMPLETED',
      paymentId: created.paymentId,
      status: 'SUCCEEDED',
      capturedCent: 12_345,
      amountCent: 12_345,
      currency: 'USD',
    });
  });

  it('refuses a forged signature, a tampered body, an untrusted certificate URL and a stale transmission', async () => {
    const { capture } = await paid();
    expect(await provider.verifyWebhook(await paypal.forge('PAYMENT.CAPTURE.COMPLETED', capture))).toBeNull();
    const good = await paypal.emit('PAYMENT.CAPTURE.COMPLETED', capture);
    const body = await good.text();
    expect(await provider.verifyWebhook(copy(good, body.replace('123.45', '1.00')))).toBeNull();
    const elsewhere = copy(good, body, (headers) => headers.set('PAYPAL-CERT-URL', 'https://evil.example/cert.pem'));
    expect(await provider.verifyWebhook(elsewhere)).toBeNull();
    expect(
      await provider.verifyWebhook(copy(good, body, (headers) => headers.delete('PAYPAL-TRANSMISSION-SIG'))),
    ).toBeNull();
    const stale = await paypal.emit('PAYMENT.CAPTURE.COMPLETED', capture, new Date(Date.now() - 6 * 60_000));
    expect(await provider.verifyWebhook(stale)).toBeNull();
    expect(await provider.verifyWebhook(copy(good, body))).not.toBeNull();
  });

  it('takes a replayed delivery once: the second changes nothing', async () => {
    const { capture } = await paid();
    const request = await paypal.emit('PAYMENT.CAPTURE.COMPLETED', capture);
    const body = await request.text();
    const full = { ...env, ...paypalEnv };
    const first = (await provider.verifyWebhook(copy(request, body)))!;
    expect(await receivePaymentEvent(full, first, Date.now(), applyPaymentEvent)).toEqual({ duplicate: false });
    const replay = (await provider.verifyWebhook(copy(request, body)))!;
    expect(await receivePaymentEvent(full, replay, Date.now(), applyPaymentEvent)).toEqual({ duplicate: true });
  });
});
