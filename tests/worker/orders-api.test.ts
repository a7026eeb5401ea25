import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.ts';
import type { OrderView } from '../../shared/orders.ts';
import type { OrderStatus } from '../../shared/order-status.ts';
import { placementRepository } from '../../worker/orders/placement-repository.ts';
import { orderRepository } from '../../worker/orders/repository.ts';
import { TRACK_RULES } from '../../worker/orders/history.ts';
import { ORDER_MSG, type TrackedOrder } from '../../worker/orders/schemas.ts';
import { bearer, freshIp, json, member } from './account-helpers.ts';
import { US_HOST, api, shop } from './helpers.ts';

const DAY = 86_400_000;
const NOW = Date.now();
const LIST = `${US_HOST}/order/signed/order/list`;
const DETAIL = `${US_HOST}/order/signed/order/detail`;
const TRACK = `${US_HOST}/order/public/track/order/info`;

const accountIdOf = async (email: string) =>
  (await env.DB.prepare('SELECT id FROM account WHERE email = ?').bind(email).first<{ id: number }>())!.id;

/** Writes an order straight through the repository, as placement would, with one line and one event. */
async function insertOrder(id: string, accountId: number | null, email: string, status: OrderStatus, daysAgo: number) {
  const orders = orderRepository(env.DB);
  const createdAt = NOW - daysAgo * DAY;
  await orders.run(
    placementRepository(env.DB).insertStatements(
      {
        id,
        idempotencyKey: `key-${id}`,
        accountId,
        email,
        market: 'us',
        currency: 'USD',
        status,
        subtotalCent: 5000,
        discountCent: 500,
        shippingCent: 999,
        shippingDiscountCent: 0,
        taxCent: 360,
        pointsUsed: 0,
        pointsCent: 0,
        totalCent: 5859,
        shippingName: 'Standard Shipping',
        address: JSON.stringify({
          market: 'us',
          firstName: 'Dana',
          lastName: 'Reyes',
          phone: '6145550100',
          addressLine1: '12 Elm St',
          addressLine2: null,
          city: 'Columbus',
          regionCode: 'OH',
          postalCode: '43215',
        }),
        paymentMethod: 'CARD',
        cartUuid: null,
        holdExpiresAt: null,
        createdAt,
      },
      [
        {
          lineNo: 1,
          skuId: 11,
          itemId: 7,
          title: 'Front brake pads',
          partNumber: 'BP-100',
          imageUrl: '/img/bp.jpg',
          urlHandle: 'front-brake-pads',
          itemType: 'NORMAL',
          bundleId: null,
          quantity: 2,
          unitCent: 2500,
          discountCent: 500,
          totalCent: 4500,
        },
      ],
      [
        {
          promotionId: null,
          source: 'AUTO_DISCOUNT',
          kind: 'DISCOUNT',
          name: 'Brake week',
          reason: '10% off brake parts',
          amountCent: 500,
        },
      ],
      [{ name: 'Sales tax', rateLabel: 'OH 7.25%', amountCent: 360 }],
    ),
  );
}

const ids = (list: { orderId: string }[]) => list.map((order) => order.orderId);
const listOf = async (token: string, query = '') =>
  api<{ total: number; list: OrderView[] }>(`${LIST}${query}`, { headers: bearer(token) });
const track = (query: Record<string, string>) =>
  api<TrackedOrder>(`${TRACK}?${new URLSearchParams(query)}`, { headers: { 'cf-connecting-ip': freshIp() } });

let ann: string;
let bob: string;

beforeAll(async () => {
  ann = await member('orders-ann@example.com');
  bob = await member('orders-bob@example.com');
  const annId = await accountIdOf('orders-ann@example.com');
  await insertOrder('US-A1', annId, 'orders-ann@example.com', 'PROCESSING', 1);
  await insertOrder('US-A2', annId, 'orders-ann@example.com', 'SHIPPED', 40);
  await insertOrder('US-A3', annId, 'orders-ann@example.com', 'CANCELLED', 100);
  await insertOrder('US-A4', annId, 'orders-ann@example.com', 'REFUND', 300);
  await insertOrder('US-B1', await accountIdOf('orders-bob@example.com'), 'orders-bob@example.com', 'PROCESSING', 2);
  await insertOrder('US-G1', null, 'Guest.Buyer@example.com', 'SHIPPED', 3);
});

describe('GET /order/signed/order/list', () => {
  it("lists only the member's own orders, newest first, with REFUND shown as Refunded", async () => {
    const { body } = await listOf(ann);
    expect(body.data.total).toBe(4);
    expect(ids(body.data.list)).toEqual(['US-A1', 'US-A2', 'US-A3', 'US-A4']);
    expect(body.data.list[3]).toMatchObject({
      status: 'REFUND',
      statusLabel: 'Refunded',
      total: 5859,
      currency: 'USD',
    });
    expect(body.data.list[0]!.lines).toEqual([{ title: 'Front brake pads', imageUrl: '/img/bp.jpg', quantity: 2 }]);
  });

  it('filters by status and by time: last 30 days (1) and last 6 months (6) by created_at', async () => {
    expect(ids((await listOf(ann, '?status=SHIPPED')).body.data.list)).toEqual(['US-A2']);
    expect(ids((await listOf(ann, '?time=1')).body.data.list)).toEqual(['US-A1']);
    expect(ids((await listOf(ann, '?time=6')).body.data.list)).toEqual(['US-A1', 'US-A2', 'US-A3']);
    expect(ids((await listOf(ann, '?status=CANCELLED&time=1')).body.data.list)).toEqual([]);
    expect((await listOf(ann, '?status=&time=')).body.data.total).toBe(4);
  });

  it('pages with size, and counts every match in total', async () => {
    const second = await listOf(ann, '?page=2&size=1');
    expect(second.body.data).toMatchObject({ total: 4 });
    expect(ids(second.body.data.list)).toEqual(['US-A2']);
    expect(ids((await listOf(ann, '?page=3&size=2')).body.data.list)).toEqual([]);
  });

  it('refuses page 0, size 1000, an unknown status or time with a 400 naming the field', async () => {
    for (const [query, message] of [
      ['?page=0', 'page must be a whole number from 1'],
      ['?size=1000', 'size must be a whole number from 1 to 50'],
      ['?size=abc', 'size must be a whole number from 1 to 50'],
      ['?status=SHIPPING', 'status must be one of'],
      ['?time=3', 'time must be 1 (last 30 days) or 6 (last 6 months)'],
    ] as const) {
      const { status, body } = await listOf(ann, query);
      expect(status, query).toBe(400);
      expect(body.msg, query).toContain(message);
    }
  });

  it('needs a signed-in member', async () => {
    const { status, body } = await api(LIST);
    expect(status).toBe(401);
    expect(body.msg).toBe(MSG.loginInvalid);
  });
});

describe('GET /order/signed/order/detail/{orderId}', () => {
  it('answers the member’s own order with its lines, discount reasons, tax lines and events', async () => {
    const { status, body } = await api<OrderView>(`${DETAIL}/US-A1`, { headers: bearer(ann) });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      orderId: 'US-A1',
      status: 'PROCESSING',
      cancellable: true,
      address: { city: 'Columbus' },
    });
    expect(body.data.adjustments.map((a) => a.reason)).toEqual(['10% off brake parts']);
    expect(body.data.taxes).toEqual([{ name: 'Sales tax', rateLabel: 'OH 7.25%', amount: 360 }]);
    expect(body.data.events).toEqual([{ status: 'PROCESSING', note: 'Order placed', createdAt: NOW - DAY }]);
  });

  it("answers another member's order exactly like an unknown one: 404, never its content", async () => {
    for (const id of ['US-B1', 'US-NOPE', 'US-G1']) {
      const { status, body } = await api(`${DETAIL}/${id}`, { headers: bearer(ann) });
      expect(status, id).toBe(404);
      expect(body).toMatchObject({ success: false, msg: ORDER_MSG.notFound, data: null });
    }
  });

  it('refuses a malformed order number with a 400', async () => {
    const { status, body } = await api(`${DETAIL}/${encodeURIComponent('1 OR 1=1')}`, { headers: bearer(ann) });
    expect(status).toBe(400);
    expect(body.msg).toBe('orderId must be an order number');
  });
});

describe('POST /order/signed/order/detail/check', () => {
  const check = (token: string, body: unknown) =>
    api<{ orderId: string; exists: boolean; cancellable: boolean }>(
      `${DETAIL}/check`,
      json('POST', body, bearer(token)),
    );

  it('says whether the member may open an order and whether it can still be cancelled', async () => {
    expect((await check(ann, { orderId: 'US-A1' })).body.data).toEqual({
      orderId: 'US-A1',
      exists: true,
      cancellable: true,
    });
    expect((await check(ann, { orderId: 'US-A2' })).body.data).toEqual({
      orderId: 'US-A2',
      exists: true,
      cancellable: false,
    });
    expect((await check(ann, { orderId: 'US-B1' })).body.data).toEqual({
      orderId: 'US-B1',
      exists: false,
      cancellable: false,
    });
    expect((await check(bob, { orderId: 'US-B1' })).body.data).toEqual({
      orderId: 'US-B1',
      exists: true,
      cancellable: true,
    });
  });

  it('refuses a body without an order number', async () => {
    const { status, body } = await check(ann, {});
    expect(status).toBe(400);
    expect(body.msg).toBe('orderId must be an order number');
  });
});

describe('DELETE /order/signed/order/{orderId}', () => {
  const remove = (token: string, id: string) =>
    api(`${US_HOST}/order/signed/order/${id}`, { method: 'DELETE', headers: bearer(token) });

  it('takes a cancelled order out of the history but keeps the order', async () => {
    expect((await remove(ann, 'US-A3')).body.success).toBe(true);
    expect(ids((await listOf(ann)).body.data.list)).not.toContain('US-A3');
    expect(await orderRepository(env.DB).byId('US-A3')).toMatchObject({ status: 'CANCELLED' });
  });

  it('refuses an order still being processed, with a clear message', async () => {
    const { status, body } = await remove(ann, 'US-A1');
    expect(status).toBe(400);
    expect(body.msg).toBe(ORDER_MSG.notRemovable);
    expect(ids((await listOf(ann)).body.data.list)).toContain('US-A1');
  });

  it("cannot touch another member's order", async () => {
    const { status, body } = await remove(bob, 'US-A4');
    expect(status).toBe(404);
    expect(body.msg).toBe(ORDER_MSG.notFound);
    expect(ids((await listOf(ann)).body.data.list)).toContain('US-A4');
  });
});

describe('GET /order/public/track/order/info', () => {
  it('answers status, events, lines and shipping name for the right number and email, in any case', async () => {
    const { status, body } = await track({ orderNo: ' us-g1 ', email: 'guest.buyer@EXAMPLE.com' });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      orderId: 'US-G1',
      status: 'SHIPPED',
      statusLabel: 'Shipped',
      createdAt: NOW - 3 * DAY,
      shippingName: 'Standard Shipping',
      lines: [
        {
          lineNo: 1,
          title: 'Front brake pads',
          partNumber: 'BP-100',
          imageUrl: '/img/bp.jpg',
          urlHandle: 'front-brake-pads',
          quantity: 2,
        },
      ],
      events: [{ status: 'SHIPPED', note: 'Order placed', createdAt: NOW - 3 * DAY }],
      shipments: [],
      holdExpiresAt: null,
    });
    expect(JSON.stringify(body.data)).not.toContain('Elm St');
  });

  it('answers the same 404 for a wrong email and an unknown number', async () => {
    for (const query of [
      { orderNo: 'US-G1', email: 'someone.else@example.com' },
      { orderNo: 'US-NOPE', email: 'guest.buyer@example.com' },
    ]) {
      const { status, body } = await track(query);
      expect(status).toBe(404);
      expect(body.msg).toBe(ORDER_MSG.trackNotFound);
    }
  });

  it('refuses a missing or malformed email or number with a 400', async () => {
    expect((await track({ orderNo: 'US-G1', email: 'not-an-email' })).body.msg).toBe(`email ${MSG.emailInvalid}`);
    expect((await track({ email: 'guest.buyer@example.com' })).status).toBe(400);
  });

  it('limits guesses at one order number like sign-in attempts, from any IP', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < TRACK_RULES.perOrder.limit; attempt++)
      statuses.push((await track({ orderNo: 'US-A4', email: `guess${attempt}@example.com` })).status);
    expect(statuses).toEqual(Array(TRACK_RULES.perOrder.limit).fill(404));
    const blocked = await track({ orderNo: 'US-A4', email: 'orders-ann@example.com' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });
});

describe('the order calls in /openapi.json', () => {
  it('documents each call with its method, and the signed ones as needing a token', async () => {
    const doc = (await (await shop(`${US_HOST}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { security?: unknown[]; parameters?: { name: string }[] }>>;
    };
    expect(doc.paths['/order/signed/order/list']!.get!.parameters!.map((p) => p.name)).toEqual([
      'status',
      'time',
      'page',
      'size',
    ]);
    expect(doc.paths['/order/signed/order/detail/{orderId}']!.get!.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(doc.paths['/order/signed/order/detail/check']!)).toEqual(['post']);
    expect(Object.keys(doc.paths['/order/signed/order/{orderId}']!)).toEqual(['delete']);
    expect(doc.paths['/order/public/track/order/info']!.get!.security).toBeUndefined();
  });
});

describe('bad input to every order call', () => {
  it('answers a clear 4xx envelope and never a 500', async () => {
    const nasty = [null, 42, 'text', [], {}, { orderId: { $ne: 1 } }, { orderId: 'x'.repeat(10_000) }];
    const paths = [
      `${LIST}?page=-1&size=1e9&status=%00`,
      `${DETAIL}/${'x'.repeat(300)}`,
      `${TRACK}?orderNo=${'9'.repeat(500)}&email=%3Cscript%3E`,
    ];
    for (const url of paths)
      expect((await shop(url, { headers: { ...bearer(ann), 'cf-connecting-ip': freshIp() } })).status, url).toBe(400);
    for (const body of nasty) {
      const response = await shop(`${DETAIL}/check`, json('POST', body, bearer(ann)));
      expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    const broken = await shop(`${DETAIL}/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(ann) },
      body: '{',
    });
    expect(broken.status).toBe(400);
  });
});
