import { moveOrderTo } from './order-status-setup.ts';
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { markOrderPaid } from '../../worker/flows/settle-payment.ts';
import { ADDRESS_CHANGE_MSG } from '../../worker/orders/address.ts';
import { addressChangeInto, MOVED_GUARD } from '../../worker/orders/writers.ts';
import { unitOfWork } from '../../worker/platform/unit-of-work.ts';
import { bearer, member } from './account-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { NEW_YORK, loadPostalCodes, shopper, type Quote } from './checkout-helpers.ts';
import { US_HOST } from './helpers.ts';

interface Order {
  orderId: string;
  total: number;
  tax: number;
  taxes: unknown[];
  address: { regionCode: string };
}
const PORTLAND = {
  ...NEW_YORK,
  addressLine1: '1120 SW 5th Ave',
  city: 'Portland',
  regionCode: 'OR',
  postalCode: '97201',
};
const BROOKLYN = { ...NEW_YORK, addressLine1: '1 Main St', city: 'New York', postalCode: '10001' };
let skuId: number;

async function place(buyer: ReturnType<typeof shopper>, email?: string): Promise<Order & { orderToken: string }> {
  await buyer.add(skuId, 2);
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })).body
    .data;
  const placed = await buyer.call<{ order: Order; orderToken: string }>('POST', '/order/public/buyer/order/place', {
    idempotencyKey: `order-${crypto.randomUUID()}`,
    email,
    address: NEW_YORK,
    paymentMethod: 'CARD',
    expectedTotal: quote.total,
  });
  return { ...placed.body.data.order, orderToken: placed.body.data.orderToken };
}

beforeAll(async () => {
  await loadCatalogFixture();
  await loadPostalCodes();
  skuId = (await env.DB.prepare(
    `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id WHERE i.us_status = 'ON_SHELVES' ` +
      `AND s.available_total >= 50 ORDER BY s.id LIMIT 1`,
  ).first<{ id: number }>())!.id;
});

describe("changing an order's address", () => {
  it('re-taxes an unpaid guest order for the new state from the wallet sheet, by its token (Oregon)', async () => {
    const buyer = shopper();
    const order = await place(buyer, 'sheet@example.com');
    expect(order.tax).toBeGreaterThan(0);
    const moved = (
      await buyer.call<Order>('PATCH', '/order/public/quick/card/order', {
        orderId: order.orderId,
        orderToken: order.orderToken,
        address: PORTLAND,
      })
    ).body.data;
    expect(moved).toMatchObject({ tax: 0, total: order.total - order.tax, taxes: [], address: { regionCode: 'OR' } });
    const remote = (
      await buyer.call<{ options: { name: string; cost: number }[] }>('PATCH', '/order/public/quick/card/options', {
        orderId: order.orderId,
        orderToken: order.orderToken,
        postCode: '99501',
      })
    ).body.data;
    const near = (
      await buyer.call<{ options: { name: string; cost: number }[] }>('PATCH', '/order/public/quick/card/options', {
        orderId: order.orderId,
        orderToken: order.orderToken,
        postCode: '10001',
      })
    ).body.data;
    expect(remote.options[0]!.cost).toBeGreaterThan(near.options[0]!.cost);
    expect(
      (
        await buyer.call('PATCH', '/order/public/quick/card/options', {
          orderId: order.orderId,
          orderToken: order.orderToken,
          postCode: 'K1A',
        })
      ).status,
    ).toBe(400);
  });

  it("moves a member's paid order only where its tax stays the same, never after it ships", async () => {
    const token = await member(`address-${Date.now()}@example.com`);
    const buyer = shopper(US_HOST, bearer(token));
    const order = await place(buyer);
    await markOrderPaid(env.DB, order.orderId, Date.now());
    const same = await buyer.call<Order>('PUT', '/order/public/buyer/auth/order/address', {
      orderId: order.orderId,
      address: BROOKLYN,
    });
    expect(same.body.data.total).toBe(order.total);
    const taxed = await buyer.call('PUT', '/order/public/buyer/auth/order/address', {
      orderId: order.orderId,
      address: PORTLAND,
    });
    expect(taxed.status).toBe(409);
    expect(taxed.body.msg).toBe(ADDRESS_CHANGE_MSG.taxChanges);
    await moveOrderTo(order.orderId, 'SHIPPED');
    expect(
      (await buyer.call('PUT', '/order/public/buyer/auth/order/address', { orderId: order.orderId, address: BROOKLYN }))
        .body.msg,
    ).toBe(ADDRESS_CHANGE_MSG.shipped);
    expect(
      (
        await shopper().call('PUT', '/order/public/buyer/auth/order/address', {
          orderId: order.orderId,
          address: BROOKLYN,
        })
      ).status,
    ).toBe(401);
  });

  it('writes nothing, tax lines included, when the order shipped between the read and the change', async () => {
    const buyer = shopper();
    const order = await place(buyer, 'race@example.com');
    await markOrderPaid(env.DB, order.orderId, Date.now());
    const taxLines = () =>
      env.DB.prepare('SELECT count(*) AS n, sum(amount_cent) AS cents FROM order_tax WHERE order_id = ?')
        .bind(order.orderId)
        .first();
    const before = await taxLines();
    await moveOrderTo(order.orderId, 'SHIPPED');
    const work = unitOfWork(env.DB);
    const change = { address: JSON.stringify(PORTLAND), taxCent: 0, totalCent: 1, taxes: [] };
    addressChangeInto(work, { id: order.orderId, status: 'PROCESSING' }, change, Date.now(), 'moved');
    expect(await work.commit()).toMatchObject({ ok: false, guard: MOVED_GUARD });
    expect(await taxLines()).toEqual(before);
    const row = await env.DB.prepare('SELECT address, total_cent FROM orders WHERE id = ?').bind(order.orderId).first();
    expect(JSON.parse(String(row?.address)).regionCode).toBe('NY');
    expect(row?.total_cent).toBe(order.total);
  });
});
