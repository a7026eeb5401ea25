import { moveOrderTo } from './order-status-setup.ts';
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MSG } from '../../shared/orders.ts';
import { releaseExpiredHolds } from '../../worker/flows/cancel-order.ts';
import { markOrderPaid } from '../../worker/flows/settle-payment.ts';
import { bearer, member } from './account-helpers.ts';
import { NEW_YORK, checkoutFixture, shopper, type Quote } from './checkout-helpers.ts';

interface Placed {
  created: boolean;
  order: { orderId: string; status: string; total: number };
}
const stockOf = async (skuId: number) =>
  (await env.DB.prepare(`SELECT available_total AS n FROM sku WHERE id = ?`).bind(skuId).first<{ n: number }>())!.n;
const statusOf = async (orderId: string) =>
  (await env.DB.prepare(`SELECT status FROM orders WHERE id = ?`).bind(orderId).first<{ status: string }>())!.status;
const pointsOf = async (accountId: number) =>
  (await env.DB.prepare(`SELECT coalesce(sum(delta), 0) AS n FROM points_ledger WHERE account_id = ?`)
    .bind(accountId)
    .first<{ n: number }>())!.n;
let skuIds: number[];

async function placeFor(
  buyer: ReturnType<typeof shopper>,
  skuId: number,
  quantity: number,
  email?: string,
): Promise<string> {
  await buyer.add(skuId, quantity);
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })).body
    .data;
  const placed = await buyer.call<Placed>('POST', '/order/public/buyer/order/place', {
    idempotencyKey: `order-${crypto.randomUUID()}`,
    email,
    address: NEW_YORK,
    paymentMethod: 'CARD',
    expectedTotal: quote.total,
  });
  if (!placed.body.success) throw new Error(placed.body.msg);
  return placed.body.data.order.orderId;
}

/** Places a guest order; answers its number and the order token the result page keeps. */
async function placeWithToken(buyer: ReturnType<typeof shopper>, skuId: number, email: string) {
  await buyer.add(skuId, 1);
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })).body
    .data;
  const placed = await buyer.call<Placed & { orderToken: string }>('POST', '/order/public/buyer/order/place', {
    idempotencyKey: `order-${crypto.randomUUID()}`,
    email,
    address: NEW_YORK,
    paymentMethod: 'CARD',
    expectedTotal: quote.total,
  });
  return { orderId: placed.body.data.order.orderId, orderToken: placed.body.data.orderToken };
}

beforeAll(async () => {
  skuIds = await checkoutFixture();
});

describe('an order after it is placed', () => {
  it('paid: moves to PROCESSING once, and the member earns a point per dollar of parts', async () => {
    const token = await member(`lifecycle-paid-${Date.now()}@example.com`);
    const buyer = shopper(undefined, bearer(token));
    const accountId = (await buyer.call<{ accountId: number }>('GET', '/account/buyer/account/current')).body.data
      .accountId;
    const orderId = await placeFor(buyer, skuIds[0]!, 2);
    expect(await markOrderPaid(env.DB, orderId, Date.now())).toBe(true);
    expect(await markOrderPaid(env.DB, orderId, Date.now())).toBe(false);
    expect(await statusOf(orderId)).toBe('PROCESSING');
    const order = (await env.DB.prepare(
      `SELECT subtotal_cent - discount_cent AS paid, points_earned AS earned FROM orders WHERE id = ?`,
    )
      .bind(orderId)
      .first<{ paid: number; earned: number }>())!;
    expect(order.earned).toBe(Math.floor(order.paid / 100));
    expect(await pointsOf(accountId)).toBe(order.earned);
  });

  it('cancelled by its owner while processing: stock and earned points go back; a stranger cannot', async () => {
    const token = await member(`lifecycle-cancel-${Date.now()}@example.com`);
    const buyer = shopper(undefined, bearer(token));
    const accountId = (await buyer.call<{ accountId: number }>('GET', '/account/buyer/account/current')).body.data
      .accountId;
    const before = await stockOf(skuIds[1]!);
    const orderId = await placeFor(buyer, skuIds[1]!, 3);
    await markOrderPaid(env.DB, orderId, Date.now());
    const stranger = shopper(undefined, bearer(await member(`lifecycle-stranger-${Date.now()}@example.com`)));
    const refused = await stranger.call('POST', '/order/public/requisition/order/cancel', { orderId });
    expect(refused.status).toBe(404);
    expect(refused.body.msg).toBe(ORDER_MSG.notFound);
    const cancelled = await buyer.call('POST', '/order/public/requisition/order/cancel', { orderId });
    expect(cancelled.body.data).toMatchObject({ orderId, status: 'CANCELLED' });
    expect(await stockOf(skuIds[1]!)).toBe(before);
    expect(await pointsOf(accountId)).toBe(0);
    // Cancelling twice changes nothing.
    await buyer.call('POST', '/order/public/requisition/order/cancel', { orderId });
    expect(await stockOf(skuIds[1]!)).toBe(before);
  });

  it('a visitor cancels with the order token from placement, never with the email; a shipped order stays', async () => {
    const buyer = shopper();
    const { orderId, orderToken } = await placeWithToken(buyer, skuIds[2]!, 'visitor-cancel@example.com');
    const cancel = (body: Record<string, string>) =>
      shopper().call('POST', '/order/public/requisition/order/cancel', { orderId, ...body });
    expect((await cancel({ email: 'Visitor-Cancel@example.com' })).status).toBe(404);
    expect((await cancel({ orderToken: `${orderToken.slice(0, -2)}xx` })).status).toBe(404);
    expect((await cancel({ orderToken })).body.success).toBe(true);
    const shipped = await placeWithToken(shopper(), skuIds[2]!, 'shipped@example.com');
    await moveOrderTo(shipped.orderId, 'SHIPPED');
    const refused = await shopper().call('POST', '/order/public/requisition/order/cancel', shipped);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(ORDER_MSG.notCancellable);
  });

  it('unpaid past its hold: the cron cancels it, the stock goes back; paying later changes nothing', async () => {
    const before = await stockOf(skuIds[3]!);
    const orderId = await placeFor(shopper(), skuIds[3]!, 2, 'late@example.com');
    expect(await stockOf(skuIds[3]!)).toBe(before - 2);
    await env.DB.prepare(`UPDATE orders SET hold_expires_at = 1 WHERE id = ?`).bind(orderId).run();
    const context = createExecutionContext();
    await worker.scheduled(
      createScheduledController({ scheduledTime: Date.now(), cron: '*/5 * * * *' }),
      env as never,
      context,
    );
    await waitOnExecutionContext(context);
    expect(await statusOf(orderId)).toBe('CANCELLED');
    expect(await stockOf(skuIds[3]!)).toBe(before);
    expect(await markOrderPaid(env.DB, orderId, Date.now())).toBe(false);
    expect(await releaseExpiredHolds(env.DB, Date.now())).toBe(0);
  });
});
