import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bindings } from '../../worker/env.ts';
import { receivePaymentEvent } from '../../worker/payments/webhook-intake.ts';
import { applyPaymentEvent } from '../../worker/flows/settle-payment.ts';
import type { StoredEvent } from '../../worker/tracking/events.ts';
import { trackingRepository } from '../../worker/tracking/repository.ts';
import type { TrackingEventRecord } from '../../worker/tracking/records.ts';
import { analyticsReport } from '../../worker/tracking/service.ts';
import { checkoutFixture, placedMemberOrder } from './checkout-helpers.ts';

/** Issue 25: a paid order and its revenue are written by the server when the payment succeeds, once. */

let skuIds: number[];
beforeAll(async () => {
  skuIds = await checkoutFixture(3);
});

/** The bindings with an EVENTS queue that records what it is sent (and sends nothing on). */
function recordingEnv() {
  const queued: Record<string, unknown>[] = [];
  const send = async (message: Record<string, unknown>) => void queued.push(message);
  return { queued, env: { ...env, EVENTS: { send } } as unknown as Bindings };
}

/** A member's placed order whose browser started checkout with these §7 ids and a saved affiliate click id. */
async function orderAfterCheckout(skuId: number) {
  const placed = await placedMemberOrder(skuId, 'paid');
  placed.buyer.jar.irclickid = 'click-paid';
  // The browser's address at checkout (the helpers' made-up ones are not addresses).
  (placed.credentials as Record<string, string>)['cf-connecting-ip'] = '203.0.113.9';
  const { response } = await placed.buyer.call('POST', '/data-service/public/event/track', {
    event: 'checkout_started',
    data: { items: 1 },
    page_url: 'http://us.shop.localhost/checkout',
    referrer: 'http://us.shop.localhost/shopCart',
    client_id: 'client-paid',
    session_id: `session-${placed.orderId}`,
    alb_group: 'alb-2',
    ab_test_group: 'A2',
    netWork: '4g',
    downlinkSpeed: 10,
  });
  expect(response.status).toBe(200);
  return placed;
}

/** The provider's word that a payment of the order succeeded: a captured sandbox payment and its event. */
async function succeededPayment(orderId: string, cent: number) {
  const id = `pay_tracked_${crypto.randomUUID().replaceAll('-', '')}`;
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO payment (id, order_id, method, provider, provider_ref, amount_cent, currency, status, captured_cent,
     created_at, updated_at, expires_at)
     VALUES (?1, ?2, 'HOSTED_CARD', 'sandbox', ?1, ?3, 'USD', 'SUCCEEDED', ?3, ?4, ?4, ?5)`,
  )
    .bind(id, orderId, cent, now, now + 60_000)
    .run();
  return () => ({
    provider: 'sandbox' as const,
    eventId: `evt_${crypto.randomUUID()}`,
    type: 'payment.succeeded',
    paymentId: id,
    orderId,
    status: 'SUCCEEDED' as const,
    declineCode: null,
    capturedCent: cent,
    amountCent: cent,
    currency: 'USD',
    payload: '{}',
  });
}

async function storedPaidEvents(orderId: string): Promise<TrackingEventRecord[]> {
  return vi.waitFor(
    async () => {
      const rows = await trackingRepository(env.DB).eventsByIds([`order_paid:${orderId}`, `conversion:${orderId}`]);
      if (rows.length < 2) throw new Error('not stored yet');
      return rows;
    },
    { timeout: 20_000, interval: 250 },
  );
}

describe('paid orders reported by the server (issue 25)', () => {
  it('writes exactly one order_paid with the order total and the ids of its checkout, and its conversion', async () => {
    const { orderId, total } = await orderAfterCheckout(skuIds[0]!);
    const paid = await succeededPayment(orderId, total);
    await receivePaymentEvent(env as unknown as Bindings, paid(), Date.now(), applyPaymentEvent);
    const rows = await storedPaidEvents(orderId);
    const orderPaid = rows.find((row) => row.event === 'order_paid');
    expect(orderPaid).toMatchObject({
      id: `order_paid:${orderId}`,
      client_id: 'client-paid',
      session_id: `session-${orderId}`,
      alb_group: 'alb-2',
      ab_test_group: 'A2',
      network: '4g',
      downlink_speed: '10',
      page_url: 'http://us.shop.localhost/checkout',
      referrer: 'http://us.shop.localhost/shopCart',
      market: 'us',
    });
    expect(orderPaid?.ip).toBe('203.0.113.0');
    expect(JSON.parse(orderPaid?.data ?? '{}')).toEqual({
      orderId,
      totalCent: total,
      currency: 'USD',
      source: 'server',
    });
    const conversion = rows.find((row) => row.event === 'marketing_conversion');
    expect(JSON.parse(conversion?.data ?? '{}')).toMatchObject({ orderId, clickId: 'click-paid', source: 'server' });
  });

  it('reports nothing more for a repeated or a second webhook of the paid order', async () => {
    const { orderId, total } = await orderAfterCheckout(skuIds[1]!);
    const paid = await succeededPayment(orderId, total);
    const first = recordingEnv();
    const event = paid();
    await receivePaymentEvent(first.env, event, Date.now(), applyPaymentEvent);
    expect(first.queued.map((message) => message.id)).toEqual([`order_paid:${orderId}`, `conversion:${orderId}`]);
    const again = recordingEnv();
    await receivePaymentEvent(again.env, event, Date.now(), applyPaymentEvent);
    await receivePaymentEvent(again.env, paid(), Date.now(), applyPaymentEvent);
    expect(again.queued).toEqual([]);
  });

  it('counts the order but sends no conversion when privacy choices refuse marketing', async () => {
    const placed = await placedMemberOrder(skuIds[2]!, 'optout');
    placed.buyer.jar.privacy_opt_out = '1';
    await placed.buyer.call('POST', '/data-service/public/event/track', { event: 'checkout_started', data: {} });
    const paid = await succeededPayment(placed.orderId, placed.total);
    const recorded = recordingEnv();
    await receivePaymentEvent(recorded.env, paid(), Date.now(), applyPaymentEvent);
    expect(recorded.queued.map((message) => message.event)).toEqual(['order_paid']);
  });
});

describe("the browser's order_paid (issue 25)", () => {
  const at = Date.UTC(2020, 0, 1, 12);
  const stored = (id: string, data: Record<string, unknown>) =>
    ({
      id,
      event: 'order_paid',
      data,
      pageUrl: '',
      referrer: '',
      ts: at,
      clientId: 'c',
      sessionId: 's',
      albGroup: '',
      abTestGroup: 'A1',
      ip: '',
      network: '',
      downlinkSpeed: '',
      visitorKey: 'v',
      market: 'us',
      at,
    }) as StoredEvent;

  it('is refused by the track call', async () => {
    const recorded = recordingEnv();
    const { createApp } = await import('../../worker/app.ts');
    const response = await createApp().request(
      'http://us.shop.localhost/data-service/public/event/track',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event: 'order_paid', data: { orderId: 'X1', totalCent: 999_999, source: 'server' } }),
      },
      recorded.env,
    );
    expect(await response.json()).toMatchObject({ success: true, data: { accepted: false } });
    expect(recorded.queued).toEqual([]);
  });

  it("counts only the server's order_paid in the dashboard's paid orders and revenue", async () => {
    await trackingRepository(env.DB).insertEvents([
      stored('order_paid:B1', { orderId: 'B1', totalCent: 999_999 }),
      stored('browser-paid-2', { orderId: 'B2', totalCent: 888_888, source: 'browser' }),
      stored('order_paid:S1', { orderId: 'S1', totalCent: 4200, currency: 'USD', source: 'server' }),
    ]);
    const report = await analyticsReport(env.DB, '2020-01-01', '2020-01-01');
    expect(report.funnel).toEqual([expect.objectContaining({ paidOrders: 1, revenueCent: 4200 })]);
  });
});
