import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, member } from './account-helpers.ts';
import { NEW_YORK, type Quote, checkoutFixture, shopper } from './checkout-helpers.ts';
import { orderStatus } from './fulfilment-helpers.ts';
import { US_HOST, shop } from './helpers.ts';
import { shipAll } from './returns-helpers.ts';
import { refundOrderByShop } from '../../worker/flows/refund-order.ts';
import { testAudit } from './audit-helpers.ts';

/**
 * A refund settles the order's points (issue 21): the refunded goods' share of the points earned
 * on the order is taken back and of the points it was paid with given back; a refund the payment
 * provider refuses leaves the points as they were.
 */

const FUTURE = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
let skuIds: number[];

beforeAll(async () => {
  skuIds = await checkoutFixture(3);
});

const ledger = async (accountId: number, orderId: string) =>
  (
    await env.DB.prepare(`SELECT delta, reason FROM points_ledger WHERE account_id = ? AND reference = ? ORDER BY id`)
      .bind(accountId, orderId)
      .all<{ delta: number; reason: string }>()
  ).results;

const balance = async (accountId: number) =>
  (await env.DB.prepare('SELECT coalesce(sum(delta), 0) AS n FROM points_ledger WHERE account_id = ?')
    .bind(accountId)
    .first<{ n: number }>())!.n;

/** A member with 500 points who pays 300 of them and the rest by card (pay: settled in the sandbox). */
async function orderPaidPartlyWithPoints(skuId: number, pay: boolean) {
  const credentials = bearer(await member(`refund-points-${crypto.randomUUID().slice(0, 8)}@example.com`));
  const buyer = shopper(US_HOST, credentials);
  const { accountId } = (await buyer.call<{ accountId: number }>('GET', '/account/buyer/account/current')).body.data;
  await env.DB.prepare(
    `INSERT INTO points_ledger (account_id, delta, reason, created_at) VALUES (?, 500, 'ADJUSTMENT', 0)`,
  )
    .bind(accountId)
    .run();
  await buyer.add(skuId, 2);
  await buyer.call('POST', '/order/public/buyer/lock/integral', { points: 300 });
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })).body
    .data;
  const placed = await buyer.call<{ order: { orderId: string } }>('POST', '/order/public/buyer/order/place', {
    idempotencyKey: `order-${crypto.randomUUID()}`,
    address: NEW_YORK,
    paymentMethod: 'HOSTED_CARD',
    expectedTotal: quote.total,
  });
  const orderId = placed.body.data.order.orderId;
  if (pay) {
    const started = await buyer.call<{ url: string }>('POST', '/order/public/payment/', {
      orderId,
      paymentType: 'HOSTED_CARD',
    });
    await shop(`${started.body.data.url}/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
      body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: FUTURE, cvc: '123' }).toString(),
    });
    for (let attempt = 0; attempt < 200 && (await orderStatus(orderId)) !== 'PROCESSING'; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await orderStatus(orderId)).toBe('PROCESSING');
  } else {
    // Marked paid without a payment: the provider has nothing to give back and refuses.
    await env.DB.prepare(`UPDATE orders SET status = 'PROCESSING', paid_at = ?, points_earned = 40 WHERE id = ?`)
      .bind(Date.now(), orderId)
      .run();
    await env.DB.prepare(
      `INSERT INTO points_ledger (account_id, delta, reason, reference, created_at)
      VALUES (?, 40, 'EARNED_ORDER', ?, ?)`,
    )
      .bind(accountId, orderId, Date.now())
      .run();
  }
  await shipAll(orderId);
  const { total } = (await env.DB.prepare('SELECT total_cent AS total FROM orders WHERE id = ?')
    .bind(orderId)
    .first<{ total: number }>())!;
  return { accountId, orderId, total };
}

const refund = (orderId: string, input: { lines?: { lineNo: number; quantity: number }[]; amountCent?: number }) =>
  refundOrderByShop(
    env,
    orderId,
    {
      key: `refund-${crypto.randomUUID()}`,
      lines: input.lines ?? [],
      amountCent: input.amountCent ?? null,
      withShipping: false,
      reason: 'Returned',
    },
    { staffId: null, audit: testAudit('orders.refund', orderId) },
    Date.now(),
  );

describe('a refund settles the points of the order', () => {
  it('gives back half the points paid for half the parts, and the rest with the last refund', async () => {
    const order = await orderPaidPartlyWithPoints(skuIds[0]!, true);
    const earned = (await ledger(order.accountId, order.orderId)).find((row) => row.reason === 'EARNED_ORDER')!.delta;
    expect(earned).toBeGreaterThan(0);
    expect(await refund(order.orderId, { lines: [{ lineNo: 1, quantity: 1 }] })).toMatchObject({ ok: true });
    const half = (await ledger(order.accountId, order.orderId)).filter((row) => row.reason === 'REFUND');
    expect(half.filter((row) => row.delta > 0).map((row) => row.delta)).toEqual([150]);
    const takenHalf = -half.filter((row) => row.delta < 0).reduce((sum, row) => sum + row.delta, 0);
    expect(takenHalf).toBe(Math.floor(earned / 2));

    const left =
      order.total -
      (await env.DB.prepare('SELECT amount_cent AS a FROM order_refund WHERE order_id = ?')
        .bind(order.orderId)
        .first<{ a: number }>())!.a;
    expect(await refund(order.orderId, { amountCent: left })).toMatchObject({ ok: true });
    const rows = (await ledger(order.accountId, order.orderId)).filter((row) => row.reason === 'REFUND');
    expect(rows.filter((row) => row.delta > 0).reduce((sum, row) => sum + row.delta, 0)).toBe(300);
    expect(rows.filter((row) => row.delta < 0).reduce((sum, row) => sum + row.delta, 0)).toBe(-earned);
    // 500 held, 300 spent and given back, everything earned taken back.
    expect(await balance(order.accountId)).toBe(500);
    expect(await orderStatus(order.orderId)).toBe('REFUND');
  });

  it('leaves the points as they were when the payment provider refuses the refund', async () => {
    const order = await orderPaidPartlyWithPoints(skuIds[1]!, false);
    const before = await balance(order.accountId);
    const refused = await refund(order.orderId, { lines: [{ lineNo: 1, quantity: 2 }] });
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(await balance(order.accountId)).toBe(before);
    const net = (await ledger(order.accountId, order.orderId))
      .filter((row) => row.reason === 'REFUND')
      .reduce((sum, row) => sum + row.delta, 0);
    expect(net).toBe(0);
  });
});
