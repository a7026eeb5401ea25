import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, freshIp, member } from './account-helpers.ts';
import { checkoutFixture, shopper } from './checkout-helpers.ts';
import { US_HOST } from './helpers.ts';
import { COLUMBUS, loadTaxPlaces, SEATTLE, useTaxService } from './tax-helpers.ts';

/**
 * An order's address changed before it is paid is taxed as checkout taxes (issue 39): the tax
 * service's jurisdictions for the new address on the order and in its ledger, which its commit and
 * refunds read, never the offline table's state base rate.
 */

let skuIds: number[];
let service: ReturnType<typeof useTaxService> | null = null;

beforeAll(async () => {
  skuIds = await checkoutFixture(2);
  await loadTaxPlaces();
});
afterEach(() => {
  service?.restore();
  service = null;
});

interface Order {
  orderId: string;
  tax: number;
  total: number;
  taxes: { name: string; rateLabel: string; amount: number }[];
}

describe('moving an unpaid order taxed by the service', () => {
  it("charges the new address's jurisdictions from the service and keeps the ledger with them", async () => {
    service = useTaxService('avalara');
    const buyer = shopper(US_HOST, {
      ...bearer(await member(`tax-move-${crypto.randomUUID().slice(0, 8)}@example.com`)),
      'cf-connecting-ip': freshIp(),
    });
    await buyer.add(skuIds[0]!, 2);
    const quote = (
      await buyer.call<{ total: number }>('POST', '/order/public/buyer/checkout/quote', { address: COLUMBUS })
    ).body.data;
    const placed = await buyer.call<{ order: Order }>('POST', '/order/public/buyer/order/place', {
      idempotencyKey: `order-${crypto.randomUUID()}`,
      address: COLUMBUS,
      paymentMethod: 'HOSTED_CARD',
      expectedTotal: quote.total,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.data.order.orderId;
    const moved = await buyer.call<Order>('PUT', '/order/public/buyer/auth/order/address', {
      orderId,
      address: SEATTLE,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const order = moved.body.data;
    expect(order.taxes.map((tax) => `${tax.name} ${tax.rateLabel}`)).toEqual([
      'Washington state tax 6.5%',
      'Seattle city tax 2.45%',
      'Regional Transit Authority tax 1.4%',
    ]);
    const ledger = await env.DB.prepare(
      `SELECT r.region, r.tax_cent AS tax, r.status,
         (SELECT sum(tax_cent) FROM tax_detail d WHERE d.order_id = r.order_id) AS details
       FROM tax_record r WHERE r.order_id = ?`,
    )
      .bind(orderId)
      .first<{ region: string; tax: number; status: string; details: number }>();
    expect(ledger).toEqual({ region: 'WA', tax: order.tax, status: 'PENDING', details: order.tax });
  });
});
