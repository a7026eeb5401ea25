import { env } from 'cloudflare:test';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MSG } from '../../shared/payment-methods.ts';
import type { Bindings } from '../../worker/env.ts';
import { confirmReturnedPayment, payOrder } from '../../worker/flows/pay-order.ts';
import { refundOrderByShop } from '../../worker/flows/refund-order.ts';
import { testAudit } from './audit-helpers.ts';
import { checkoutFixture, placedMemberOrder } from './checkout-helpers.ts';
import { fakePaypal, type FakePaypal } from '../fakes/paypal.ts';

/**
 * PAYPAL and PAY_LATER through the pay-order flow in a production-configured shop: the shopper approves
 * in PayPal's window and comes back to the result page, whose return call captures the order once (two
 * tabs returning at once capture once), settles it, and the shop refunds it in part and in full.
 */

const fakeOptions = { clientId: 'AfakeClientId', clientSecret: 'fake-secret', webhookId: '1JE4291016473214C' };
const prodEnv = {
  ...env,
  DEV_TOOLS: undefined,
  PAYPAL_CLIENT_ID: fakeOptions.clientId,
  PAYPAL_CLIENT_SECRET: fakeOptions.clientSecret,
  PAYPAL_WEBHOOK_ID: fakeOptions.webhookId,
  PAYPAL_API_BASE: 'http://paypal.fake',
} as unknown as Bindings;

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

async function order() {
  const placed = await placedMemberOrder(skuIds[1]!, 'pp');
  const row = await env.DB.prepare('SELECT account_id AS accountId FROM orders WHERE id = ?')
    .bind(placed.orderId)
    .first<{ accountId: number }>();
  const owner = { accountId: row!.accountId, email: null };
  return {
    ...placed,
    owner,
    pay: (method: string) => payOrder(prodEnv, {}, { orderId: placed.orderId, owner, method }),
    back: () => confirmReturnedPayment(prodEnv, {}, placed.orderId, owner),
  };
}
const statusOf = async (orderId: string) =>
  (await env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(orderId).first<{ status: string }>())!.status;
const refund = (orderId: string, amountCent: number) =>
  refundOrderByShop(
    prodEnv,
    orderId,
    { key: `refund-${crypto.randomUUID()}`, lines: [], amountCent, withShipping: false, reason: 'Customer asked' },
    { staffId: null, audit: testAudit('orders.refund', orderId) },
    Date.now(),
  );

describe("PayPal and Pay Later: back from PayPal's window, the shop captures once", () => {
  for (const method of ['PAYPAL', 'PAY_LATER'] as const) {
    it(`${method}: a return before approval changes nothing; after it, two returns at once capture once`, async () => {
      const placed = await order();
      const started = await placed.pay(method);
      expect(started).toMatchObject({ kind: 'RequiresAction', action: 'redirect' });
      expect((started as { url: string }).url).toMatch(/^http:\/\/paypal\.fake\/fake\/approve\//);
      expect(await placed.back()).toMatchObject({ kind: 'RequiresAction' });
      expect(await statusOf(placed.orderId)).toBe('PAYMENT_PENDING');
      paypal.approve((started as { providerRef: string }).providerRef);
      const [one, two] = await Promise.all([placed.back(), placed.back()]);
      expect([one?.kind, two?.kind]).toEqual(['Succeeded', 'Succeeded']);
      expect(paypal.captures.size).toBe(1);
      expect(await statusOf(placed.orderId)).toBe('PROCESSING');
    });
  }

  it('refunds a PayPal capture in part, then in full, through the Payments API', async () => {
    const placed = await order();
    const started = await placed.pay('PAYPAL');
    paypal.approve((started as { providerRef: string }).providerRef);
    await placed.back();
    expect(await refund(placed.orderId, 300)).toMatchObject({ ok: true });
    expect(await statusOf(placed.orderId)).toBe('PARTIAL_REFUND');
    expect(await refund(placed.orderId, placed.total - 300)).toMatchObject({ ok: true });
    expect(await statusOf(placed.orderId)).toBe('REFUND');
    expect(paypal.calls.filter((call) => call.path.endsWith('/refund')).length).toBe(2);
  });

  it("PayPal unreachable when the shopper starts: the spec's message, and the order can be paid at once", async () => {
    const placed = await order();
    paypal.failNext('network');
    expect(await placed.pay('PAYPAL')).toMatchObject({ kind: 'Failed', message: PAYMENT_MSG.providerError });
    expect(await statusOf(placed.orderId)).toBe('PAYMENT_PENDING');
    expect(await placed.pay('PAYPAL')).toMatchObject({ kind: 'RequiresAction' });
  });
});
