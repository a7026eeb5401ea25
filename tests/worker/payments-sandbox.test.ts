import { env } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_WINDOW_NAME } from '../../shared/browser-keys.ts';
import { ISSUER_DECLINE_CODES, PAYMENT_MSG, type PaymentMethodId } from '../../shared/payment-methods.ts';
import { buildInfo } from '../../worker/platform/build-info.ts';
import type { PaymentRecord } from '../../worker/payments/records.ts';
import { receivePaymentEvent } from '../../worker/payments/webhook-intake.ts';
import {
  providerFor,
  signatureHeader,
  type PaymentEnv,
  type RequiresAction,
  type WebhookEvent,
} from '../../worker/payments/service.ts';
import {
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TEST_CARDS,
  SandboxProvider,
  readCard,
} from '../../worker/payments/sandbox.ts';
import { CA_HOST, US_HOST, page, shop } from './helpers.ts';

const paymentEnv = env as unknown as PaymentEnv & { PAYMENT_WEBHOOK_SECRET: string };
const WEBHOOK = `${US_HOST}/order/public/payment/webhook/sandbox`;
const FUTURE = '12 / 39';

/** Everything written to the console while this file runs, to prove no card number reaches a log. */
const consoleOutput: string[] = [];
const everyCardNumberUsed = new Set<string>();

beforeAll(() => {
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      consoleOutput.push(
        args
          .map((arg) =>
            arg instanceof Error ? `${arg.message} ${arg.stack}` : typeof arg === 'string' ? arg : JSON.stringify(arg),
          )
          .join(' '),
      );
    });
  }
});
afterAll(() => {
  vi.restoreAllMocks();
});

let orderCounter = 0;
async function openPayment(
  options: {
    host?: string;
    currency?: 'USD' | 'CAD';
    cent?: number;
    capture?: 'automatic' | 'manual';
    method?: PaymentMethodId;
  } = {},
) {
  const orderId = `T${Date.now()}${orderCounter++}`;
  const provider = providerFor(options.method ?? 'HOSTED_CARD', paymentEnv, { origin: options.host ?? US_HOST });
  const session = await provider.create({
    orderId,
    method: options.method ?? 'HOSTED_CARD',
    amount: { cent: options.cent ?? 12345, currency: options.currency ?? 'USD' },
    capture: options.capture,
  });
  expect(session.kind).toBe('RequiresAction');
  return { orderId, provider, session: session as RequiresAction };
}

const row = (id: string) =>
  env.DB.prepare(
    'SELECT id, status, decline_code AS declineCode, card_last4 AS cardLast4, card_brand AS ' +
      'cardBrand, captured_cent AS capturedCent, order_id AS orderId FROM payment WHERE id = ?',
  )
    .bind(id)
    .first<PaymentRecord>();
const eventsOf = async (paymentId: string) =>
  (
    await env.DB.prepare('SELECT type, payload FROM payment_event WHERE payment_id = ? ORDER BY id')
      .bind(paymentId)
      .all<{ type: string; payload: string }>()
  ).results;

/** Waits for the asynchronous webhook (sent in waitUntil) to be stored. */
async function eventually(paymentId: string, type: string) {
  for (let i = 0; i < 100; i++) {
    const events = await eventsOf(paymentId);
    if (events.some((event) => event.type === type)) return events;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${type} webhook for ${paymentId}`);
}

/** A message as React writes it into HTML. */
const asHtml = (text: string) => text.replace(/'/g, '&#x27;');

function form(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  };
}

async function pay(windowUrl: string, number: string, expiry = FUTURE, cvc = '123') {
  everyCardNumberUsed.add(number);
  return shop(`${windowUrl}/submit`, form({ cardNumber: number, expiry, cvc }));
}

describe('the sandbox payment window', () => {
  it('opens on our origin with the amount, a card form and the documented test cards, no shop script', async () => {
    const { session, orderId } = await openPayment();
    expect(session.url).toMatch(new RegExp(`^${US_HOST}/payment/sandbox/pay_[0-9a-f]{24}$`));
    expect(session.action).toBe('redirect');
    const { status, html, response } = await page(session.url!);
    expect(status).toBe(200);
    expect(html).toContain('$123.45');
    expect(html).toContain(orderId);
    expect(html).toContain(`action="/payment/sandbox/${session.paymentId}/submit"`);
    expect(html).toMatch(/autocomplete="cc-number"/i);
    for (const card of SANDBOX_TEST_CARDS) expect(html).toContain(card.number);
    // The shop's entry script closes a payment window at once, so the provider's page must not load it.
    expect(html).not.toContain(buildInfo.entry);
    expect(html).toContain('noindex');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 404 for a payment it does not know', async () => {
    expect((await page(`${US_HOST}/payment/sandbox/pay_unknown`)).status).toBe(404);
    expect((await pay(`${US_HOST}/payment/sandbox/pay_unknown`, '4242424242424242')).status).toBe(404);
  });

  it('takes 4242424242424242, keeps only last4 and brand, then sends the shopper to the order result', async () => {
    const { session, orderId, provider } = await openPayment();
    const submitted = await pay(session.url!, '4242 4242 4242 4242');
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe(`/payment/sandbox/${session.paymentId}`);
    expect(await row(session.paymentId)).toMatchObject({
      status: 'SUCCEEDED',
      cardLast4: '4242',
      cardBrand: 'visa',
      capturedCent: 12345,
      declineCode: null,
    });
    const result = await page(session.url!);
    expect(result.html).toContain('Payment successful');
    expect(result.html).toContain(`/checkout/orderResult?orderId=${orderId}`);
    expect(result.html).toContain(JSON.stringify(PAYMENT_WINDOW_NAME));
    expect(result.html).toContain('payment-result');
    expect(await provider.confirm(session.paymentId)).toEqual({
      kind: 'Succeeded',
      paymentId: session.paymentId,
      status: 'SUCCEEDED',
      captured: true,
    });
    const events = await eventually(session.paymentId, 'payment.succeeded');
    expect(JSON.parse(events.at(-1)!.payload).data).toMatchObject({
      paymentId: session.paymentId,
      orderId,
      status: 'SUCCEEDED',
      cardLast4: '4242',
    });
  });

  it('pays once however often the form is sent: a second card after success changes nothing', async () => {
    const { session } = await openPayment();
    await pay(session.url!, '4242424242424242');
    await eventually(session.paymentId, 'payment.succeeded');
    const again = await pay(session.url!, '4000000000000002');
    expect(again.status).toBe(303);
    expect(await row(session.paymentId)).toMatchObject({ status: 'SUCCEEDED', cardLast4: '4242' });
    expect((await eventsOf(session.paymentId)).filter((event) => event.type === 'payment.succeeded')).toHaveLength(1);
  });

  it('asks 4000000000003220 to authenticate in the window, then succeeds', async () => {
    const { session, provider } = await openPayment();
    await pay(session.url!, '4000000000003220');
    expect((await row(session.paymentId))!.status).toBe('REQUIRES_ACTION');
    expect(await provider.confirm(session.paymentId)).toMatchObject({
      kind: 'RequiresAction',
      action: 'challenge',
      url: session.url,
    });
    const challenge = await page(session.url!);
    expect(challenge.html).toContain('Authenticate');
    expect(challenge.html).toContain('3220');
    const answered = await shop(`${session.url}/challenge`, form({ answer: 'authenticate' }));
    expect(answered.status).toBe(303);
    expect((await row(session.paymentId))!.status).toBe('SUCCEEDED');
    await eventually(session.paymentId, 'payment.succeeded');
    expect((await eventsOf(session.paymentId)).map((event) => event.type)).toEqual([
      'payment.requires_action',
      'payment.succeeded',
    ]);
  });

  it('fails with the challenge-failed message when authentication fails; refuses unknown answers', async () => {
    const { session, provider } = await openPayment();
    await pay(session.url!, '4000000000003220');
    expect((await shop(`${session.url}/challenge`, form({ answer: 'maybe' }))).status).toBe(400);
    await shop(`${session.url}/challenge`, form({ answer: 'fail' }));
    expect(await row(session.paymentId)).toMatchObject({ status: 'FAILED', declineCode: 'challenge_failed' });
    expect(await provider.confirm(session.paymentId)).toMatchObject({
      kind: 'Failed',
      reason: 'challenge_failed',
      message: PAYMENT_MSG.challengeFailed,
    });
    expect((await page(session.url!)).html).toContain(PAYMENT_MSG.challengeFailed);
    await eventually(session.paymentId, 'payment.failed');
  });

  it('declines each §8 issuer-decline test card with its code and the issuer-decline message', async () => {
    const declineCards = SANDBOX_TEST_CARDS.filter((card) => card.outcome.kind === 'decline');
    expect(new Set(declineCards.map((card) => (card.outcome as { code: string }).code))).toEqual(
      new Set(ISSUER_DECLINE_CODES),
    );
    for (const card of declineCards) {
      const code = (card.outcome as { code: string }).code;
      const { session, provider } = await openPayment();
      await pay(session.url!, card.number);
      expect(await row(session.paymentId)).toMatchObject({
        status: 'DECLINED',
        declineCode: code,
        cardLast4: card.number.slice(-4),
      });
      expect(await provider.confirm(session.paymentId)).toEqual({
        kind: 'Declined',
        paymentId: session.paymentId,
        status: 'DECLINED',
        code,
        issuerDecline: true,
        message: PAYMENT_MSG.issuerDecline,
      });
      expect((await page(session.url!)).html).toContain(PAYMENT_MSG.issuerDecline);
      await eventually(session.paymentId, 'payment.declined');
    }
  });

  it('keeps 4000000000000119 processing until the payment expires, then tells the shopper it timed out', async () => {
    const { session, provider } = await openPayment();
    await pay(session.url!, '4000000000000119');
    expect(await provider.confirm(session.paymentId)).toMatchObject({ kind: 'Pending', status: 'PROCESSING' });
    const processing = await page(session.url!);
    expect(processing.html).toContain('Processing your payment');
    expect(processing.html).toMatch(/http-equiv="refresh" content="5"/i);
    await env.DB.prepare('UPDATE payment SET expires_at = ? WHERE id = ?')
      .bind(Date.now() - 1, session.paymentId)
      .run();
    expect((await page(session.url!)).html).toContain(PAYMENT_MSG.timeout);
    expect(await row(session.paymentId)).toMatchObject({ status: 'EXPIRED', declineCode: 'timeout' });
    expect(await provider.confirm(session.paymentId)).toMatchObject({
      kind: 'Failed',
      reason: 'timeout',
      message: PAYMENT_MSG.timeout,
    });
    await eventually(session.paymentId, 'payment.expired');
  });

  it('expires a window nobody paid in with the expired message', async () => {
    const { session, provider } = await openPayment();
    await env.DB.prepare('UPDATE payment SET expires_at = ? WHERE id = ?')
      .bind(Date.now() - 1, session.paymentId)
      .run();
    expect(await provider.confirm(session.paymentId)).toMatchObject({
      kind: 'Failed',
      status: 'EXPIRED',
      reason: 'expired',
      message: PAYMENT_MSG.expired,
    });
    expect((await pay(session.url!, '4242424242424242')).status).toBe(303);
    expect((await row(session.paymentId))!.status).toBe('EXPIRED');
  });

  it('refuses a bad card number, expiry or security code with a clear 400 and never echoes the number', async () => {
    const { session } = await openPayment();
    const badNumber = await pay(session.url!, '4242424242424241');
    expect(badNumber.status).toBe(400);
    const html = await badNumber.text();
    expect(html).toContain(PAYMENT_MSG.cardNumberInvalid);
    expect(html).not.toContain('4242424242424241');
    expect(await (await pay(session.url!, '4242424242424242', '01 / 20')).text()).toContain(
      asHtml(PAYMENT_MSG.expiryInvalid),
    );
    expect(await (await pay(session.url!, '4242424242424242', FUTURE, '12')).text()).toContain(
      asHtml(PAYMENT_MSG.cvcInvalid),
    );
    expect((await row(session.paymentId))!.status).toBe('CREATED');
  });

  it('declines a brand the market does not take: Discover pays in the US but not in Canada', async () => {
    const us = await openPayment();
    await pay(us.session.url!, '6011111111111117');
    expect(await row(us.session.paymentId)).toMatchObject({ status: 'SUCCEEDED', cardBrand: 'discover' });
    const ca = await openPayment({ host: CA_HOST, currency: 'CAD' });
    expect(ca.session.url!.startsWith(CA_HOST)).toBe(true);
    await pay(ca.session.url!, '6011111111111117');
    expect(await row(ca.session.paymentId)).toMatchObject({ status: 'DECLINED', declineCode: 'card_not_supported' });
  });

  it('reads card entries: Luhn, brand, expiry in the past', () => {
    const now = Date.UTC(2030, 5, 15);
    expect(readCard({ number: '5555 5555 5555 4444', expiry: '06/30', cvc: '123' }, 'USD', now)).toEqual({
      last4: '4444',
      brand: 'mastercard',
      outcome: { kind: 'succeed' },
    });
    expect(readCard({ number: '378282246310005', expiry: '0630', cvc: '1234' }, 'CAD', now)).toMatchObject({
      brand: 'amex',
      outcome: { kind: 'succeed' },
    });
    expect(readCard({ number: '4242424242424242', expiry: '05/30', cvc: '123' }, 'USD', now)).toEqual({
      message: PAYMENT_MSG.expiryInvalid,
    });
    expect(readCard({ number: '4242424242424242', expiry: '13/31', cvc: '123' }, 'USD', now)).toEqual({
      message: PAYMENT_MSG.expiryInvalid,
    });
    expect(readCard({ number: 'abcd', expiry: '06/30', cvc: '123' }, 'USD', now)).toEqual({
      message: PAYMENT_MSG.cardNumberInvalid,
    });
  });
});

describe('capture and refund in the sandbox', () => {
  it('captures a manual payment once; a second capture gets a clear message', async () => {
    const { session, provider } = await openPayment({ capture: 'manual', cent: 5000 });
    await pay(session.url!, '4242424242424242');
    expect(await provider.confirm(session.paymentId)).toMatchObject({ kind: 'Succeeded', captured: false });
    expect(await provider.refund(session.paymentId, 100)).toMatchObject({
      kind: 'Failed',
      message: PAYMENT_MSG.notRefundable,
    });
    expect(await provider.capture(session.paymentId, 6000)).toMatchObject({
      kind: 'Failed',
      message: PAYMENT_MSG.captureTooLarge,
    });
    expect(await provider.capture(session.paymentId, 5000)).toMatchObject({ kind: 'Succeeded', captured: true });
    expect(await provider.capture(session.paymentId, 5000)).toMatchObject({
      kind: 'Failed',
      reason: 'invalid_request',
      message: PAYMENT_MSG.alreadyCaptured,
    });
    await eventually(session.paymentId, 'payment.captured');
  });

  it('refunds in parts up to what was captured, and never more', async () => {
    const { session, provider } = await openPayment({ cent: 3000 });
    await pay(session.url!, '4242424242424242');
    expect(await provider.refund(session.paymentId, 1000)).toMatchObject({
      kind: 'Refunded',
      amountCent: 1000,
      refundedCent: 1000,
      status: 'PARTIALLY_REFUNDED',
    });
    expect(await provider.refund(session.paymentId, 2001)).toMatchObject({
      kind: 'Failed',
      message: PAYMENT_MSG.refundTooLarge,
    });
    expect(await provider.refund(session.paymentId, 2000)).toMatchObject({
      kind: 'Refunded',
      refundedCent: 3000,
      status: 'REFUNDED',
    });
    expect(await provider.refund(session.paymentId, 1)).toMatchObject({
      kind: 'Failed',
      message: PAYMENT_MSG.notRefundable,
    });
    const { total } = (await env.DB.prepare('SELECT sum(amount_cent) AS total FROM refund WHERE payment_id = ?')
      .bind(session.paymentId)
      .first<{ total: number }>())!;
    expect(total).toBe(3000);
    await eventually(session.paymentId, 'payment.refunded');
  });

  it('refuses an amount that is not a positive whole number of cents', async () => {
    const { session, provider } = await openPayment();
    await expect(provider.capture(session.paymentId, 10.5)).rejects.toThrow(
      'amount must be a positive whole number of cents',
    );
    await expect(provider.refund(session.paymentId, -1)).rejects.toThrow(
      'amount must be a positive whole number of cents',
    );
  });
});

describe('the signed sandbox webhook', () => {
  const event = (paymentId: string, id = `evt_test_${Date.now()}_${orderCounter++}`) =>
    JSON.stringify({
      id,
      type: 'payment.succeeded',
      created: 0,
      data: {
        paymentId,
        orderId: 'T1',
        status: 'SUCCEEDED',
        amountCent: 100,
        currency: 'USD',
        capturedCent: 100,
        declineCode: null,
      },
    });
  const deliver = async (body: string, signature?: string) =>
    shop(WEBHOOK, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature !== undefined ? { [SANDBOX_SIGNATURE_HEADER]: signature } : {}),
      },
      body,
    });
  const signed = async (body: string, at = Date.now()) =>
    deliver(body, await signatureHeader(paymentEnv.PAYMENT_WEBHOOK_SECRET, body, at));

  /** The event a signed delivery of `body` carries, as the webhook route verifies it. */
  const verified = async (body: string): Promise<WebhookEvent> => {
    const headers = {
      [SANDBOX_SIGNATURE_HEADER]: await signatureHeader(paymentEnv.PAYMENT_WEBHOOK_SECRET, body, Date.now()),
    };
    const request = new Request(WEBHOOK, { method: 'POST', headers, body });
    return (await new SandboxProvider(paymentEnv).verifyWebhook(request))!;
  };

  it('stores an event once even when it is delivered twice, and hands it to the orders handler once', async () => {
    const body = event('pay_replayed');
    const first = await signed(body);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { data: unknown }).data).toEqual({ received: true, duplicate: false });
    const second = await signed(body);
    expect(((await second.json()) as { data: unknown }).data).toEqual({ received: true, duplicate: true });
    expect(await eventsOf('pay_replayed')).toHaveLength(1);

    const seen: string[] = [];
    const handler = async (taken: WebhookEvent) => {
      seen.push(taken.eventId);
    };
    const again = await verified(event('pay_replayed_again'));
    expect(await receivePaymentEvent(env, again, Date.now(), handler)).toEqual({ duplicate: false });
    expect(await receivePaymentEvent(env, again, Date.now(), handler)).toEqual({ duplicate: true });
    expect(seen).toEqual([again.eventId]);
  });

  it('forgets an event whose handler failed, so the redelivery is handled', async () => {
    let calls = 0;
    const handler = async () => {
      calls++;
      if (calls === 1) throw new Error('orders were busy');
    };
    const taken = await verified(event('pay_retried'));
    await expect(receivePaymentEvent(env, taken, Date.now(), handler)).rejects.toThrow('orders were busy');
    expect(await eventsOf('pay_retried')).toHaveLength(0);
    expect(await receivePaymentEvent(env, taken, Date.now(), handler)).toEqual({ duplicate: false });
    expect(calls).toBe(2);
    expect(await eventsOf('pay_retried')).toHaveLength(1);
  });

  it('tries a delivery the shop cannot take three times, then logs its status and nothing of the card', async () => {
    let attempts = 0;
    const deliver = async () => {
      attempts++;
      return new Response(null, { status: 503 });
    };
    const provider = new SandboxProvider(paymentEnv, { origin: US_HOST, deliver });
    const session = await provider.create({
      orderId: `T${Date.now()}${orderCounter++}`,
      method: 'HOSTED_CARD',
      amount: { cent: 500, currency: 'USD' },
    });
    const number = '4242 4242 4242 4242';
    everyCardNumberUsed.add(number);
    expect(await provider.submitCard(session.paymentId, { number, expiry: FUTURE, cvc: '123' })).toMatchObject({
      kind: 'accepted',
    });
    expect(attempts).toBe(3);
    expect(consoleOutput.some((line) => line.includes('sandbox webhook delivery failed with status 503'))).toBe(true);
  });

  it('answers 401 to a bad, missing or stale signature and stores nothing', async () => {
    const body = event('pay_forged');
    const wrongSecret = await signatureHeader('not-the-secret', body, Date.now());
    expect((await deliver(body, wrongSecret)).status).toBe(401);
    expect((await deliver(body)).status).toBe(401);
    expect((await signed(body, Date.now() - 301_000)).status).toBe(401);
    const tampered = await signatureHeader(paymentEnv.PAYMENT_WEBHOOK_SECRET, body, Date.now());
    expect((await deliver(body.replace('SUCCEEDED', 'REFUNDED'), tampered)).status).toBe(401);
    expect(await eventsOf('pay_forged')).toHaveLength(0);
  });

  it('answers 400 with a clear message to a malformed header or body, and 404 to an unknown provider', async () => {
    const malformedHeader = await deliver(event('pay_bad'), 'sha256=abc');
    expect(malformedHeader.status).toBe(400);
    expect(((await malformedHeader.json()) as { msg: string }).msg).toBe(
      `${SANDBOX_SIGNATURE_HEADER} header is malformed`,
    );
    const notJson = await signed('not json');
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { msg: string }).msg).toBe('body must be valid JSON');
    const wrongShape = await signed(
      JSON.stringify({
        id: 'evt_x',
        type: 'payment.succeeded',
        data: { paymentId: 'p', orderId: 'o', status: 'PAID', declineCode: null, capturedCent: 0 },
      }),
    );
    expect(wrongShape.status).toBe(400);
    expect(((await wrongShape.json()) as { msg: string }).msg).toMatch(/^data\.status /);
    expect((await shop(`${US_HOST}/order/public/payment/webhook/acme`, { method: 'POST', body: '{}' })).status).toBe(
      404,
    );
  });

  it('never moves a payment back: a replayed older event leaves a succeeded payment succeeded', async () => {
    const { session } = await openPayment();
    await pay(session.url!, '4242424242424242');
    const stale = JSON.stringify({
      id: `evt_old_${session.paymentId}`,
      type: 'payment.processing',
      created: 0,
      data: {
        paymentId: session.paymentId,
        orderId: 'T',
        status: 'PROCESSING',
        amountCent: 12345,
        currency: 'USD',
        capturedCent: 0,
        declineCode: null,
      },
    });
    expect((await signed(stale)).status).toBe(200);
    expect((await row(session.paymentId))!.status).toBe('SUCCEEDED');
  });
});

describe('the sandbox outside development', () => {
  it('takes no payments where developer tools and the sandbox switch are off', () => {
    expect(() => providerFor('HOSTED_CARD', { DB: env.DB })).toThrow(PAYMENT_MSG.methodUnavailable);
    expect(() => new SandboxProvider({ DB: env.DB })).not.toThrow();
  });
});

describe('card numbers', () => {
  it('never reach D1 or the console: only last4 and brand are kept', async () => {
    expect(everyCardNumberUsed.size).toBeGreaterThan(20);
    const tables = ['payment', 'payment_event', 'refund'];
    const stored: string[] = [];
    for (const table of tables)
      stored.push(
        ...(await env.DB.prepare(`SELECT * FROM ${table}`).all()).results.map((record) => JSON.stringify(record)),
      );
    expect(stored.length).toBeGreaterThan(20);
    // The capture sees the Worker's own logging (the failed delivery above), so silence here means something.
    expect(consoleOutput.some((line) => line.includes('sandbox webhook delivery failed'))).toBe(true);
    const everything = stored.join('\n') + consoleOutput.join('\n');
    for (const number of everyCardNumberUsed) {
      const digits = number.replace(/\D/g, '');
      expect(everything).not.toContain(digits);
      expect(everything).not.toContain(digits.slice(0, 12));
    }
  });
});
