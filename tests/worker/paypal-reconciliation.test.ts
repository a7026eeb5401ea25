import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PaymentEnv } from '../../worker/payments/provider.ts';
import { PaypalProvider } from '../../worker/payments/paypal-provider.ts';
import { receiveWebhook } from '../../worker/payments/service.ts';
import { providerMoneyOfOrder } from '../../worker/payments/staff.ts';
import { fakePaypal, type FakePaypal } from '../fakes/paypal.ts';

/**
 * Money that reconciles with the online wallet (issue 38): PayPal's capture with the fee it took,
 * its refunds and a dispute from opening to resolution, each kept against the order from PayPal's
 * signed webhooks, beside what the shop's books say.
 */

const paypalEnv: PaymentEnv = {
  DB: env.DB,
  PAYPAL_CLIENT_ID: 'AfakeClientId',
  PAYPAL_CLIENT_SECRET: 'fake-secret',
  PAYPAL_WEBHOOK_ID: '1JE4291016473214C',
  PAYPAL_API_BASE: 'http://paypal.fake',
};

let paypal: FakePaypal;
let provider: PaypalProvider;
beforeEach(async () => {
  paypal = await fakePaypal({
    clientId: 'AfakeClientId',
    clientSecret: 'fake-secret',
    webhookId: '1JE4291016473214C',
    // PayPal's deliveries reach the shop's intake; these payments have no order to settle.
    deliver: async (request) => {
      const runtime = { fetch: paypal.fetch };
      const taken = await receiveWebhook(paypalEnv as never, runtime, 'paypal', request, Date.now(), async () => {});
      return new Response(null, { status: taken ? 200 : 401 });
    },
  });
  provider = new PaypalProvider(paypalEnv, { fetch: paypal.fetch });
});

let counter = 0;
async function captured() {
  const orderId = `PR${Date.now()}${counter++}`;
  const created = await provider.create({
    orderId,
    method: 'PAYPAL',
    amount: { cent: 12_345, currency: 'USD' },
    returnUrl: `http://us.shop.localhost/checkout/orderResult?orderId=${orderId}`,
  });
  paypal.approve((created as { providerRef: string }).providerRef);
  expect(await provider.confirm(created.paymentId)).toMatchObject({ kind: 'Succeeded' });
  return { orderId, paymentId: created.paymentId, capture: [...paypal.captures.values()].at(-1)! };
}

describe('the online wallet reports money, kept against its order', () => {
  it('keeps the capture with the fee PayPal took, and each refund, in agreement with the shop', async () => {
    const { orderId, paymentId } = await captured();
    expect(await provider.refund(paymentId, 2_000)).toMatchObject({ kind: 'Refunded' });
    const [money] = (await providerMoneyOfOrder(env.DB, orderId)).money;
    // The fake takes PayPal's standard 3.49% + 49¢ from the capture.
    expect(money).toMatchObject({
      provider: 'paypal',
      currency: 'USD',
      shopCapturedCent: 12_345,
      providerCapturedCent: 12_345,
      shopRefundedCent: 2_000,
      providerRefundedCent: 2_000,
      feeCent: Math.round(12_345 * 0.0349) + 49,
      mismatch: false,
    });
  });

  it('opens a dispute for staff, and counts it lost when PayPal resolves it for the buyer', async () => {
    const { orderId, capture } = await captured();
    const dispute = {
      dispute_id: `PP-D-${counter++}`,
      reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
      status: 'OPEN',
      dispute_amount: capture.amount,
      seller_response_due_date: new Date(Date.now() + 10 * 86_400_000).toISOString(),
      disputed_transactions: [{ seller_transaction_id: capture.id }],
    };
    await paypal.emit('CUSTOMER.DISPUTE.CREATED', dispute);
    let held = await providerMoneyOfOrder(env.DB, orderId);
    expect(held.disputes).toEqual([
      expect.objectContaining({
        ref: dispute.dispute_id,
        status: 'OPEN',
        reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
      }),
    ]);
    expect(held.disputes[0]!.evidenceDueAt).toBe(Date.parse(dispute.seller_response_due_date));
    await paypal.emit('CUSTOMER.DISPUTE.RESOLVED', {
      ...dispute,
      status: 'RESOLVED',
      dispute_outcome: { outcome_code: 'RESOLVED_BUYER_FAVOUR' },
    });
    held = await providerMoneyOfOrder(env.DB, orderId);
    expect(held.disputes[0]).toMatchObject({ status: 'LOST' });
    expect(held.money[0]).toMatchObject({ disputedCent: 12_345, disputeReturnedCent: 0 });
  });
});
