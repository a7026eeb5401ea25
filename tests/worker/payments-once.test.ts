import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethodId } from '../../shared/payment-methods.ts';
import { cancelAndRefund } from '../../worker/flows/cancel-order.ts';
import { applyPaymentEvent } from '../../worker/flows/settle-payment.ts';
import { SandboxProvider } from '../../worker/payments/sandbox.ts';
import type { PaymentEnv } from '../../worker/payments/service.ts';
import { receivePaymentEvent } from '../../worker/payments/webhook-intake.ts';
import { checkoutFixture, placedMemberOrder } from './checkout-helpers.ts';
import { US_HOST, shop } from './helpers.ts';

/** Security finding "one order charged many times": one payment in flight, one capture standing per order. */

interface Started {
  paymentId: string;
  kind: string;
  url?: string | null;
}
interface PaymentState {
  id: string;
  method: string;
  status: string;
  capturedCent: number;
}
const FUTURE = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
const paymentEnv = env as unknown as PaymentEnv;
let skuIds: number[];

beforeAll(async () => {
  skuIds = await checkoutFixture();
});

/** A member's placed order awaiting payment: its id, total, and starting a payment for it as its owner. */
async function placedOrder(skuId: number) {
  const { orderId, total, buyer } = await placedMemberOrder(skuId, 'once');
  const start = (paymentType: PaymentMethodId) =>
    buyer.call<Started>('POST', '/order/public/payment/', { orderId, paymentType });
  return { orderId, total, start, buyer };
}

const payInWindow = (url: string) =>
  shop(`${url}/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
    body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: FUTURE, cvc: '123' }).toString(),
  });

const paymentsOf = async (orderId: string) =>
  (
    await env.DB.prepare(
      `SELECT id, method, status, captured_cent AS capturedCent FROM payment WHERE order_id = ?
       ORDER BY created_at, rowid`,
    )
      .bind(orderId)
      .all<PaymentState>()
  ).results;
const refundsOf = async (orderId: string) =>
  (
    await env.DB.prepare(
      `SELECT r.payment_id AS paymentId, r.amount_cent AS amountCent, r.reason FROM refund r
       JOIN payment p ON p.id = r.payment_id WHERE p.order_id = ?`,
    )
      .bind(orderId)
      .all<{ paymentId: string; amountCent: number; reason: string | null }>()
  ).results;
const orderState = (orderId: string) =>
  env.DB.prepare(
    `SELECT status,
       (SELECT count(*) FROM order_event e WHERE e.order_id = o.id AND e.status = 'PROCESSING') AS paidEvents
     FROM orders o WHERE id = ?`,
  )
    .bind(orderId)
    .first<{ status: string; paidEvents: number }>();
const openCount = async (orderId: string) =>
  (await paymentsOf(orderId)).filter((payment) => ['CREATED', 'REQUIRES_ACTION', 'PROCESSING'].includes(payment.status))
    .length;

/** What still stands charged on the order: captures less refunds. */
async function netCharged(orderId: string): Promise<number> {
  const captured = (await paymentsOf(orderId)).reduce((sum, payment) => sum + payment.capturedCent, 0);
  return captured - (await refundsOf(orderId)).reduce((sum, refund) => sum + refund.amountCent, 0);
}

/** Webhooks run after the window answers: waits until `done` holds (or gives up and lets the test fail). */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 150 && !(await done()); attempt++)
    await new Promise((resolve) => setTimeout(resolve, 20));
}

/** A captured sandbox payment of the order, as if its provider had just taken the money (a webhook on its way). */
async function capturedPayment(orderId: string, cent: number, currency = 'USD'): Promise<string> {
  const id = `pay_race_${crypto.randomUUID().replaceAll('-', '')}`;
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO payment (id, order_id, method, provider, provider_ref, amount_cent, currency, status, captured_cent,
     created_at, updated_at, expires_at)
     VALUES (?1, ?2, 'HOSTED_CARD', 'sandbox', ?1, ?3, ?4, 'SUCCEEDED', ?3, ?5, ?5, ?6)`,
  )
    .bind(id, orderId, cent, currency, now, now + 60_000)
    .run();
  return id;
}
const ownerOf = async (orderId: string) => ({
  accountId: (await env.DB.prepare('SELECT account_id AS id FROM orders WHERE id = ?')
    .bind(orderId)
    .first<{ id: number }>())!.id,
  email: null,
});
const succeededEvent = (paymentId: string, orderId: string, cent: number) => ({
  provider: 'sandbox' as const,
  eventId: `evt_${crypto.randomUUID()}`,
  type: 'payment.succeeded',
  paymentId,
  orderId,
  status: 'SUCCEEDED' as const,
  declineCode: null,
  capturedCent: cent,
  amountCent: cent,
  currency: 'USD',
  payload: '{}',
});

describe('one order, one payment in flight, one capture standing', () => {
  it('voids the open window when another method starts; paying in every window charges the order once', async () => {
    const order = await placedOrder(skuIds[0]!);
    const methods: PaymentMethodId[] = ['HOSTED_CARD', 'PAYPAL', 'PAY_LATER', 'GOOGLE_PAY', 'APPLE_PAY'];
    const windows: string[] = [];
    for (const method of methods) {
      const started = (await order.start(method)).body.data;
      expect(started.kind).toBe('RequiresAction');
      windows.push(started.url!);
      expect(await openCount(order.orderId)).toBe(1);
    }
    // The shopper is sent to the window in flight (the last method chosen), not to one voided.
    const route = await order.buyer.call<{ next: string; url: string }>(
      'GET',
      `/order/public/payment/router?orderId=${order.orderId}`,
    );
    expect(route.body.data).toMatchObject({ next: 'window', url: new URL(windows.at(-1)!).pathname });
    for (const url of windows) expect((await payInWindow(url)).status).toBe(303);
    await until(async () => (await orderState(order.orderId))?.status === 'PROCESSING');
    const payments = await paymentsOf(order.orderId);
    expect(payments.filter((payment) => payment.status === 'SUCCEEDED')).toEqual([
      { id: payments.at(-1)!.id, method: 'APPLE_PAY', status: 'SUCCEEDED', capturedCent: order.total },
    ]);
    expect(payments.slice(0, -1).map((payment) => payment.status)).toEqual(Array(4).fill('EXPIRED'));
    expect(await netCharged(order.orderId)).toBe(order.total);
    expect(await orderState(order.orderId)).toEqual({ status: 'PROCESSING', paidEvents: 1 });
  });

  it('refunds at once, through its provider and on record, a capture for an order already paid', async () => {
    const order = await placedOrder(skuIds[1]!);
    const first = (await order.start('HOSTED_CARD')).body.data;
    await payInWindow(first.url!);
    await until(async () => (await orderState(order.orderId))?.status === 'PROCESSING');
    // A second window for the same order (opened straight at the provider) takes the full amount again.
    const stray = await new SandboxProvider(paymentEnv, { origin: US_HOST }).create({
      orderId: order.orderId,
      method: 'PAYPAL',
      amount: { cent: order.total, currency: 'USD' },
    });
    await payInWindow((stray as Started).url!);
    await until(async () => (await refundsOf(order.orderId)).length > 0);
    expect(await refundsOf(order.orderId)).toEqual([
      { paymentId: stray.paymentId, amountCent: order.total, reason: 'duplicate_capture' },
    ]);
    const statuses = Object.fromEntries((await paymentsOf(order.orderId)).map((row) => [row.id, row.status]));
    expect(statuses).toEqual({ [first.paymentId]: 'SUCCEEDED', [stray.paymentId]: 'REFUNDED' });
    expect(await netCharged(order.orderId)).toBe(order.total);
    expect(await orderState(order.orderId)).toEqual({ status: 'PROCESSING', paidEvents: 1 });
  });

  it('keeps exactly one capture standing when paid webhooks for several captures race', async () => {
    const order = await placedOrder(skuIds[2]!);
    const ids = await Promise.all([1, 2, 3].map(() => capturedPayment(order.orderId, order.total)));
    const events = ids.map((id) => succeededEvent(id, order.orderId, order.total));
    await Promise.all(events.map((event) => receivePaymentEvent(env, event, Date.now(), applyPaymentEvent)));
    const payments = await paymentsOf(order.orderId);
    expect(payments.filter((payment) => payment.status === 'SUCCEEDED')).toHaveLength(1);
    expect(payments.filter((payment) => payment.status === 'REFUNDED')).toHaveLength(2);
    const refunds = await refundsOf(order.orderId);
    expect(refunds.map((refund) => [refund.amountCent, refund.reason])).toEqual([
      [order.total, 'duplicate_capture'],
      [order.total, 'duplicate_capture'],
    ]);
    expect(await netCharged(order.orderId)).toBe(order.total);
    expect(await orderState(order.orderId)).toEqual({ status: 'PROCESSING', paidEvents: 1 });
  });

  it('leaves one payment in flight when starts with different methods race', async () => {
    const order = await placedOrder(skuIds[3]!);
    const answers = await Promise.all(
      (['HOSTED_CARD', 'PAYPAL', 'GOOGLE_PAY'] as const).map((method) => order.start(method)),
    );
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    expect(await openCount(order.orderId)).toBe(1);
  });

  it('does not pay an order from a paid webhook of another amount or currency, and refunds that capture', async () => {
    const order = await placedOrder(skuIds[4]!);
    const short = await capturedPayment(order.orderId, order.total - 100);
    const otherCurrency = await capturedPayment(order.orderId, order.total, 'CAD');
    const reportedOtherwise = await capturedPayment(order.orderId, order.total);
    await receivePaymentEvent(
      env,
      succeededEvent(short, order.orderId, order.total - 100),
      Date.now(),
      applyPaymentEvent,
    );
    await receivePaymentEvent(
      env,
      succeededEvent(otherCurrency, order.orderId, order.total),
      Date.now(),
      applyPaymentEvent,
    );
    const reported = { ...succeededEvent(reportedOtherwise, order.orderId, order.total), currency: 'CAD' };
    await receivePaymentEvent(env, reported, Date.now(), applyPaymentEvent);
    expect((await orderState(order.orderId))?.status).toBe('PAYMENT_PENDING');
    expect((await refundsOf(order.orderId)).map((refund) => refund.reason)).toEqual(Array(3).fill('amount_mismatch'));
    expect(await netCharged(order.orderId)).toBe(0);
  });

  it('closes the payment window of an order its owner cancels, so that window can no longer charge', async () => {
    const order = await placedOrder(skuIds[0]!);
    const started = (await order.start('HOSTED_CARD')).body.data;
    await cancelAndRefund(env, order.orderId, await ownerOf(order.orderId), Date.now());
    await payInWindow(started.url!);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await paymentsOf(order.orderId)).toEqual([
      { id: started.paymentId, method: 'HOSTED_CARD', status: 'EXPIRED', capturedCent: 0 },
    ]);
    expect(await netCharged(order.orderId)).toBe(0);
  });

  it('refunds at once a capture that arrives for an order already cancelled', async () => {
    const order = await placedOrder(skuIds[1]!);
    await cancelAndRefund(env, order.orderId, await ownerOf(order.orderId), Date.now());
    const late = await capturedPayment(order.orderId, order.total);
    await receivePaymentEvent(env, succeededEvent(late, order.orderId, order.total), Date.now(), applyPaymentEvent);
    expect(await refundsOf(order.orderId)).toEqual([
      { paymentId: late, amountCent: order.total, reason: 'order_cancelled' },
    ]);
    expect(await netCharged(order.orderId)).toBe(0);
  });
});
