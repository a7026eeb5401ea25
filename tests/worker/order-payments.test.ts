import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MSG } from '../../shared/payment-methods.ts';
import { PAY_MSG } from '../../worker/flows/pay-order.ts';
import { bearer, member } from './account-helpers.ts';
import { NEW_YORK, checkoutFixture, shopper, type Quote } from './checkout-helpers.ts';
import { US_HOST, shop } from './helpers.ts';

interface Result {
  paymentId: string;
  kind: string;
  status: string;
  url?: string | null;
  message?: string;
}
interface PaidResult {
  result: 'SUCCEEDED' | 'PENDING' | 'FAILED';
  message: string;
}
const FUTURE = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
let skuIds: number[];

/** A guest's order token by the email they placed with: the payment calls need it (the email opens nothing). */
const tokens = new Map<string | undefined, string>();
const owner = (email: string) => `&email=${encodeURIComponent(email)}&orderToken=${tokens.get(email)}`;

async function placed(buyer: ReturnType<typeof shopper>, skuId: number, email?: string): Promise<string> {
  await buyer.add(skuId, 1);
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })).body
    .data;
  const answer = await buyer.call<{ order: { orderId: string }; orderToken: string }>(
    'POST',
    '/order/public/buyer/order/place',
    {
      idempotencyKey: `order-${crypto.randomUUID()}`,
      email,
      address: NEW_YORK,
      paymentMethod: 'HOSTED_CARD',
      expectedTotal: quote.total,
    },
  );
  tokens.set(email, answer.body.data.orderToken);
  return answer.body.data.order.orderId;
}

const submitCard = (url: string, cardNumber: string) =>
  shop(`${url}/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
    body: new URLSearchParams({ cardNumber, expiry: FUTURE, cvc: '123' }).toString(),
  });

/** The webhook arrives after the window's answer (waitUntil): wait for the order to settle. */
async function settled(
  buyer: ReturnType<typeof shopper>,
  orderId: string,
  email: string | undefined,
  want: PaidResult['result'],
): Promise<PaidResult> {
  let last: PaidResult | null = null;
  for (let attempt = 0; attempt < 100; attempt++) {
    last = (
      await buyer.call<PaidResult>(
        'GET',
        `/order/public/buyer/order/paid/result?orderId=${orderId}${email ? owner(email) : ''}`,
      )
    ).body.data;
    if (last.result === want) return last;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return last!;
}

beforeAll(async () => {
  skuIds = await checkoutFixture();
});

describe('paying for an order', () => {
  it('opens the sandbox window, pays with a test card, marks the order paid once, emails confirmation', async () => {
    const email = `pay-ok-${Date.now()}@example.com`;
    const buyer = shopper();
    const orderId = await placed(buyer, skuIds[0]!, email);
    const started = (
      await buyer.call<Result>('POST', '/order/public/payment/', {
        orderId,
        email,
        orderToken: tokens.get(email),
        paymentType: 'HOSTED_CARD',
      })
    ).body.data;
    expect(started).toMatchObject({ kind: 'RequiresAction' });
    expect(started.url).toMatch(/\/payment\/sandbox\/pay_/);
    // Starting again answers the same payment: nothing is charged twice.
    expect(
      (
        await buyer.call<Result>('POST', '/order/public/payment/', {
          orderId,
          email,
          orderToken: tokens.get(email),
          paymentType: 'HOSTED_CARD',
        })
      ).body.data.paymentId,
    ).toBe(started.paymentId);
    expect((await submitCard(started.url!, '4242424242424242')).status).toBe(303);
    expect((await settled(buyer, orderId, email, 'SUCCEEDED')).result).toBe('SUCCEEDED');
    const order = await env.DB.prepare(`SELECT status, paid_at AS paidAt FROM orders WHERE id = ?`)
      .bind(orderId)
      .first<{ status: string; paidAt: number }>();
    expect(order).toMatchObject({ status: 'PROCESSING' });
    const mail = await env.DB.prepare(`SELECT subject FROM email_outbox WHERE to_address = ?`)
      .bind(email)
      .all<{ subject: string }>();
    // The link to pay went when it was placed (issue 36); the confirmation once it was paid.
    expect(mail.results.map((row) => row.subject).sort()).toEqual([
      `Your order ${orderId} is confirmed`,
      `Your order ${orderId} is waiting for its payment`,
    ]);
    const again = await buyer.call('POST', '/order/public/payment/', {
      orderId,
      email,
      orderToken: tokens.get(email),
      paymentType: 'HOSTED_CARD',
    });
    expect(again.body.msg).toBe(PAY_MSG.alreadyPaid);
  });

  it('a declined card is an issuer decline with a next step; the order still awaits payment', async () => {
    const email = `pay-decline-${Date.now()}@example.com`;
    const buyer = shopper();
    const orderId = await placed(buyer, skuIds[1]!, email);
    const started = (
      await buyer.call<Result>('POST', '/order/public/payment/', {
        orderId,
        email,
        orderToken: tokens.get(email),
        paymentType: 'HOSTED_CARD',
      })
    ).body.data;
    await submitCard(started.url!, '4000000000001001');
    const result = await settled(buyer, orderId, email, 'FAILED');
    expect(result).toEqual({ ...result, result: 'FAILED', message: PAYMENT_MSG.issuerDecline });
    expect(
      (await env.DB.prepare(`SELECT status FROM orders WHERE id = ?`).bind(orderId).first<{ status: string }>())!
        .status,
    ).toBe('PAYMENT_PENDING');
  });

  it('refunds a paid order its owner cancels', async () => {
    const token = await member(`pay-refund-${Date.now()}@example.com`);
    const buyer = shopper(US_HOST, bearer(token));
    const orderId = await placed(buyer, skuIds[2]!);
    const started = (
      await buyer.call<Result>('POST', '/order/public/payment/', { orderId, paymentType: 'HOSTED_CARD' })
    ).body.data;
    await submitCard(started.url!, '4242424242424242');
    await settled(buyer, orderId, undefined, 'SUCCEEDED');
    const cancelled = await buyer.call<{ refunded: boolean }>('POST', '/order/public/requisition/order/cancel', {
      orderId,
    });
    expect(cancelled.body.data.refunded).toBe(true);
    const payment = await env.DB.prepare(`SELECT status FROM payment WHERE order_id = ?`)
      .bind(orderId)
      .first<{ status: string }>();
    expect(payment!.status).toBe('REFUNDED');
  });

  it("refuses a method the market does not offer, and another shopper's order", async () => {
    const email = `pay-bad-${Date.now()}@example.com`;
    const buyer = shopper();
    const orderId = await placed(buyer, skuIds[3]!, email);
    expect(
      (
        await buyer.call('POST', '/order/public/payment/', {
          orderId,
          email,
          orderToken: tokens.get(email),
          paymentType: 'CASH',
        })
      ).body.msg,
    ).toBe(PAY_MSG.method);
    expect(
      (
        await shopper().call('POST', '/order/public/payment/', {
          orderId,
          email: 'someone@example.com',
          paymentType: 'HOSTED_CARD',
        })
      ).status,
    ).toBe(404);
    const check = await buyer.call<{ orderStatus: string }>(
      'GET',
      `/order/public/payment/st/check?orderId=${orderId}${owner(email)}`,
    );
    expect(check.body.data.orderStatus).toBe('PAYMENT_PENDING');
    const route = await buyer.call<{ next: string }>(
      'GET',
      `/order/public/payment/router?orderId=${orderId}${owner(email)}`,
    );
    expect(route.body.data.next).toBe('checkout');
  });
});

describe('the hosted gateway sign and check calls, and the provider submissions', () => {
  it('signs a payment with its amount; a check with another amount or signature is refused', async () => {
    const email = `hosted-${Date.now()}@example.com`;
    const buyer = shopper();
    const orderId = await placed(buyer, skuIds[4]!, email);
    const signed = (
      await buyer.call<{ paymentId: string; amount: number; signature: string; url: string }>(
        'POST',
        '/order/public/payment/hosted/sign',
        { orderId, email, orderToken: tokens.get(email) },
      )
    ).body.data;
    expect(signed.url).toMatch(/\/payment\/sandbox\//);
    const check = (amount: number, signature: string) =>
      buyer.call<Result>(
        'GET',
        `/order/public/payment/hosted/check?paymentId=${signed.paymentId}&amount=${amount}` +
          `&signature=${encodeURIComponent(signature)}`,
      );
    expect((await check(signed.amount, signed.signature)).body.data).toMatchObject({
      paymentId: signed.paymentId,
      kind: 'RequiresAction',
    });
    expect((await check(signed.amount - 1, signed.signature)).status).toBe(401);
    // Flip the signature's first digit to another one (a '0' replaced by '0' would be the same signature).
    const forged = signed.signature.replace(/v1=(.)/, (_, digit: string) => `v1=${digit === '0' ? '1' : '0'}`);
    expect((await check(signed.amount, forged)).status).toBe(401);
  });

  it('the wallet submission answers its approval window', async () => {
    const email = `wallet-${Date.now()}@example.com`;
    const buyer = shopper();
    const orderId = await placed(buyer, skuIds[4]!, email);
    const wallet = (
      await buyer.call<Result>('POST', '/order/public/payment/wallet/submit', {
        orderId,
        email,
        orderToken: tokens.get(email),
      })
    ).body.data;
    expect(wallet).toMatchObject({ kind: 'RequiresAction' });
    expect(
      (
        await buyer.call('POST', '/order/public/payment/card/submit', {
          orderId,
          email,
          orderToken: tokens.get(email),
          paymentMethodToken: '',
        })
      ).status,
    ).toBe(400);
  });
});
