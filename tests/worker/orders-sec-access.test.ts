import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { markOrderPaid } from '../../worker/flows/settle-payment.ts';
import { signOrderToken, verifyOrderToken } from '../../worker/orders/access-token.ts';
import { bearer, freshIp, member } from './account-helpers.ts';
import { NEW_YORK, checkoutFixture, shopper, type Quote } from './checkout-helpers.ts';
import { US_HOST, arrive, shop } from './helpers.ts';

/** Who may act on a placed order: its member's session or its guest's order token, never its number and email. */

interface Placed {
  created: boolean;
  orderToken: string | null;
  order: { orderId: string; email: string; status: string };
}
const PORTLAND = { ...NEW_YORK, city: 'Portland', regionCode: 'OR', postalCode: '97201', phone: '5035550100' };
let skuId: number;

async function place(
  buyer: ReturnType<typeof shopper>,
  email?: string,
  idempotencyKey = `order-${crypto.randomUUID()}`,
) {
  await buyer.add(skuId, 1);
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })).body
    .data;
  return buyer.call<Placed>('POST', '/order/public/buyer/order/place', {
    idempotencyKey,
    email,
    address: NEW_YORK,
    paymentMethod: 'CARD',
    expectedTotal: quote.total,
  });
}
const stranger = () => shopper(US_HOST, { 'cf-connecting-ip': freshIp() });
const visitor = () => shopper(US_HOST, { 'cf-connecting-ip': freshIp() });

/** Every call that acts on an order, as a stranger holding only its number and email would try it. */
function withEmail(orderId: string, email: string) {
  const who = stranger();
  const query = `orderId=${encodeURIComponent(orderId)}&email=${encodeURIComponent(email)}`;
  return Promise.all([
    who.call('PATCH', '/order/public/quick/card/order', { orderId, email, address: PORTLAND }),
    who.call('POST', '/order/public/requisition/order/cancel', { orderId, email }),
    who.call('POST', '/order/public/payment/', { orderId, email, paymentType: 'CARD' }),
    who.call('POST', '/order/public/payment/lock', { orderId, email }),
    who.call('PUT', '/order/public/payment/unlock', { orderId, email }),
    who.call('GET', `/order/public/buyer/order/paid/result?${query}`),
    who.call('GET', `/order/public/payment/st/check?${query}`),
  ]);
}

beforeAll(async () => {
  skuId = (await checkoutFixture(1))[0]!;
  await env.DB.prepare(`UPDATE sku SET available_total = 500 WHERE id = ?`).bind(skuId).run();
});

describe('acting on an order', () => {
  it("opens a guest's order to its order token only: number + email cannot move, cancel, pay or read it", async () => {
    const placed = (await place(visitor(), 'sec-guest@example.com')).body.data;
    expect(placed.orderToken).toMatch(/^\d+\.[\w-]{43}$/);
    const { orderId } = placed.order;
    const tries = await withEmail(orderId, 'sec-guest@example.com');
    expect(tries.map((result) => result.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    const token = { orderId, orderToken: placed.orderToken! };
    const moved = await stranger().call('PATCH', '/order/public/quick/card/order', { ...token, address: PORTLAND });
    expect(moved.body).toMatchObject({ success: true, data: { address: { city: 'Portland' } } });
    const forged = { orderId, orderToken: `${placed.orderToken!.slice(0, -3)}AAA` };
    expect((await stranger().call('POST', '/order/public/requisition/order/cancel', forged)).status).toBe(404);
    expect((await stranger().call('POST', '/order/public/requisition/order/cancel', token)).body.success).toBe(true);
  });

  it("never lets number + email move or cancel a member's paid order, or show its address and phone", async () => {
    const email = `sec-member-${Date.now()}@example.com`;
    const session = bearer(await member(email));
    const placed = (await place(shopper(US_HOST, { ...session, 'cf-connecting-ip': freshIp() }))).body.data;
    expect(placed.orderToken).toBeNull();
    const { orderId } = placed.order;
    expect(await markOrderPaid(env.DB, orderId, Date.now())).toBe(true);
    const tries = await withEmail(orderId, email);
    expect(tries.slice(0, 2).map((result) => result.status)).toEqual([404, 404]);
    expect(JSON.stringify(tries.map((result) => result.body))).not.toContain(NEW_YORK.phone);
    const invoice = await shop(`${US_HOST}/printInvoice?orderId=${orderId}&email=${encodeURIComponent(email)}`, {
      redirect: 'manual',
    });
    expect(await invoice.text()).not.toContain(NEW_YORK.phone);
    const track = await stranger().call<Record<string, unknown>>(
      'GET',
      `/order/public/track/order/info?orderNo=${orderId}&email=${encodeURIComponent(email)}`,
    );
    expect(track.body.data).toMatchObject({ orderId, status: 'PROCESSING' });
    expect(JSON.stringify(track.body.data)).not.toMatch(new RegExp(`${NEW_YORK.phone}|${NEW_YORK.addressLine1}`));
    const own = await shopper(US_HOST, session).call('POST', '/order/public/requisition/order/cancel', { orderId });
    expect(own.body).toMatchObject({ success: true, data: { status: 'CANCELLED' } });
  });

  it("prints a guest's invoice with the token from the confirmation link, not with the email", async () => {
    const placed = (await place(visitor(), 'sec-invoice@example.com')).body.data;
    const url = `${US_HOST}/printInvoice?orderId=${placed.order.orderId}`;
    const byEmail = await shop(`${url}&email=sec-invoice%40example.com`, { redirect: 'manual' });
    expect(await byEmail.text()).not.toContain(NEW_YORK.phone);
    const byToken = await arrive(`${url}&token=${placed.orderToken}`, { headers: { 'cf-connecting-ip': freshIp() } });
    expect(byToken.landed).toBe(url);
    expect(byToken.status).toBe(200);
    expect(byToken.html).toContain(NEW_YORK.addressLine1);
  });

  it('signs tokens that open one order until they expire, 30 days on', async () => {
    const now = Date.UTC(2025, 5, 12);
    const token = await signOrderToken('k'.repeat(64), 'US250612-AAAA-BBBB-CCCC-DDDD', now);
    expect(await verifyOrderToken('k'.repeat(64), 'US250612-AAAA-BBBB-CCCC-DDDD', token, now + 29 * 86_400_000)).toBe(
      true,
    );
    expect(await verifyOrderToken('k'.repeat(64), 'US250612-AAAA-BBBB-CCCC-DDDD', token, now + 31 * 86_400_000)).toBe(
      false,
    );
    expect(await verifyOrderToken('k'.repeat(64), 'US250612-AAAA-BBBB-CCCC-DDDE', token, now)).toBe(false);
    expect(await verifyOrderToken('j'.repeat(64), 'US250612-AAAA-BBBB-CCCC-DDDD', token, now)).toBe(false);
  });

  it('limits the status ping per IP and per order number, so numbers cannot be probed at speed', async () => {
    const ip = freshIp();
    const fromOneIp = await Promise.all(
      Array.from({ length: 130 }, (_, index) =>
        shop(`${US_HOST}/order/public/buyer/public/order/ping/US250101-PROB-E${String(index).padStart(3, '0')}`, {
          headers: { 'cf-connecting-ip': ip },
        }),
      ),
    );
    expect(fromOneIp.filter((response) => response.status === 429).length).toBeGreaterThan(0);
    const oneOrder = await Promise.all(
      Array.from({ length: 130 }, () =>
        shop(`${US_HOST}/order/public/buyer/public/order/ping/US250101-SAME-ORDR`, {
          headers: { 'cf-connecting-ip': freshIp() },
        }),
      ),
    );
    expect(oneOrder.filter((response) => response.status === 429).length).toBeGreaterThan(0);
  });
});

describe('idempotency keys', () => {
  it("answers the same key from another visitor with that visitor's own new order, not the first one's", async () => {
    const key = `shared-key-${crypto.randomUUID()}`;
    const first = (await place(visitor(), 'sec-first-key@example.com', key)).body.data;
    const second = (await place(visitor(), 'sec-second-key@example.com', key)).body.data;
    expect(second).toMatchObject({ created: true, order: { email: 'sec-second-key@example.com' } });
    expect(second.order.orderId).not.toBe(first.order.orderId);
  });
});
