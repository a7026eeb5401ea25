import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { US } from '../../shared/markets.ts';
import { CHECKOUT_MSG } from '../../worker/checkout/service.ts';
import { markOrderPaid } from '../../worker/flows/settle-payment.ts';
import { bearer, freshIp, member } from './account-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { NEW_YORK, TORONTO, loadPostalCodes, shopper, type Quote } from './checkout-helpers.ts';
import { CA_HOST } from './helpers.ts';

const QUOTE = '/order/public/buyer/checkout/quote';
const PLACE = '/order/public/buyer/order/place';
const CART = '/order/public/buyer/cart/v2';
interface Placed {
  created: boolean;
  order: { orderId: string; status: string; total: number; tax: number; lines: { skuId: number; quantity: number }[] };
}

const stockOf = async (skuId: number) =>
  (await env.DB.prepare(`SELECT available_total AS n FROM sku WHERE id = ?`).bind(skuId).first<{ n: number }>())!.n;
const setStock = (skuId: number, n: number) =>
  env.DB.prepare(`UPDATE sku SET available_total = ? WHERE id = ?`).bind(n, skuId).run();
const key = () => `order-${crypto.randomUUID()}`;
let skuIds: number[];

beforeAll(async () => {
  await loadCatalogFixture();
  await loadPostalCodes();
  skuIds = (
    await env.DB.prepare(
      `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id WHERE i.us_status = 'ON_SHELVES'
        AND i.ca_status = 'ON_SHELVES' AND s.available_total >= 20
     AND EXISTS (SELECT 1 FROM sku_price p WHERE p.sku_id = s.id AND p.currency = 'CAD') ORDER BY s.id LIMIT 8`,
    ).all<{ id: number }>()
  ).results.map((row) => row.id);
});

describe('the checkout quote', () => {
  it('adds the ship-to state tax as its own line (New York 4%) and Canadian GST + HST by province', async () => {
    const us = shopper();
    await us.add(skuIds[0]!, 2);
    const quote = (await us.call<Quote>('POST', QUOTE, { address: NEW_YORK })).body.data;
    expect(quote.taxes.map((tax) => tax.rateLabel)).toEqual(['4%']);
    expect(quote.total).toBe(quote.pricing.subtotal - quote.pricing.discount + quote.pricing.shipping + quote.tax);
    const ca = shopper(CA_HOST);
    await ca.add(skuIds[0]!, 1);
    const canadian = (await ca.call<Quote>('POST', QUOTE, { address: TORONTO })).body.data;
    expect(canadian.taxes.map((tax) => `${tax.name} ${tax.rateLabel}`)).toEqual(['HST 13%']);
  });

  it('refuses an address in the other market and a postal code of another state', async () => {
    const us = shopper();
    await us.add(skuIds[0]!, 1);
    expect((await us.call('POST', QUOTE, { address: TORONTO })).body.msg).toBe(CHECKOUT_MSG.wrongMarket(US));
    const wrongState = await us.call('POST', QUOTE, { address: { ...NEW_YORK, regionCode: 'OR' } });
    expect(wrongState.status).toBe(400);
    // The field's path and its bare message apart, so the form shows the message at the ZIP code field.
    expect(wrongState.body.data).toEqual({
      errors: [{ field: 'address.postalCode', message: 'This ZIP code does not belong to the selected state.' }],
    });
    const badZip = await us.call('POST', QUOTE, { address: { ...NEW_YORK, postalCode: 'ABCDE' } });
    expect(badZip.body.msg).toBe('address.postalCode Please enter a valid ZIP code.');
    expect(badZip.body.data).toEqual({
      errors: [{ field: 'address.postalCode', message: 'Please enter a valid ZIP code.' }],
    });
  });

  it('charges Quebec GST and QST each on the goods plus the shipping', async () => {
    const ca = shopper(CA_HOST);
    await ca.add(skuIds[0]!, 1);
    const montreal = { ...TORONTO, city: 'Montréal', regionCode: 'QC', postalCode: 'H2X 1Y4' };
    const quote = (await ca.call<Quote>('POST', QUOTE, { address: montreal })).body.data;
    const pricing = quote.pricing as Quote['pricing'] & { shippingDiscount: number };
    const { subtotal, discount, points, shipping, shippingDiscount } = pricing;
    const base = subtotal - discount - points + shipping - shippingDiscount;
    expect(shipping - shippingDiscount).toBeGreaterThan(0);
    const taxOf = (rate: number) => Math.floor((base * rate + 50_000) / 100_000);
    expect(quote.taxes.map((tax) => [tax.name, tax.amountCent])).toEqual([
      ['GST', taxOf(5000)],
      ['QST', taxOf(9975)],
    ]);
  });
});

describe('placing an order', () => {
  it('takes the stock, records the prices it was priced with and keeps the parts in the cart until paid', async () => {
    const buyer = shopper();
    const before = await stockOf(skuIds[1]!);
    await buyer.add(skuIds[1]!, 3);
    const quote = (await buyer.call<Quote>('POST', QUOTE, { address: NEW_YORK })).body.data;
    const placed = await buyer.call<Placed>('POST', PLACE, {
      idempotencyKey: key(),
      email: 'buyer@example.com',
      address: NEW_YORK,
      paymentMethod: 'CARD',
      expectedTotal: quote.total,
    });
    expect(placed.body.data).toMatchObject({
      created: true,
      order: {
        status: 'PAYMENT_PENDING',
        total: quote.total,
        tax: quote.tax,
        lines: [{ skuId: skuIds[1], quantity: 3 }],
      },
    });
    expect(await stockOf(skuIds[1]!)).toBe(before - 3);
    // A declined card or an abandoned payment window must lose nothing: the parts stay in the cart.
    const cartItems = async () =>
      (await buyer.call<{ detail: { items: { skuId: number; itemCount: number }[] } }>('GET', CART)).body.data.detail
        .items;
    expect(await cartItems()).toMatchObject([{ skuId: skuIds[1], itemCount: 3 }]);
    expect(await markOrderPaid(env.DB, placed.body.data.order.orderId, Date.now())).toBe(true);
    expect(await cartItems()).toEqual([]);
  });

  it('makes one order of a double-submitted request', async () => {
    const buyer = shopper();
    const before = await stockOf(skuIds[2]!);
    await buyer.add(skuIds[2]!, 1);
    const quote = (await buyer.call<Quote>('POST', QUOTE, { address: NEW_YORK })).body.data;
    const body = {
      idempotencyKey: key(),
      email: 'double@example.com',
      address: NEW_YORK,
      paymentMethod: 'CARD',
      expectedTotal: quote.total,
    };
    const [first, second] = await Promise.all([
      buyer.call<Placed>('POST', PLACE, body),
      buyer.call<Placed>('POST', PLACE, body),
    ]);
    expect(first.body.data.order.orderId).toBe(second.body.data.order.orderId);
    expect([first.body.data.created, second.body.data.created].sort()).toEqual([false, true]);
    expect(await stockOf(skuIds[2]!)).toBe(before - 1);
    const again = await buyer.call<Placed>('POST', PLACE, body);
    expect(again.body.data).toMatchObject({ created: false, order: { orderId: first.body.data.order.orderId } });
  });

  it('refuses a tampered or stale total with the new one, writing nothing', async () => {
    const buyer = shopper();
    const before = await stockOf(skuIds[3]!);
    await buyer.add(skuIds[3]!, 1);
    const quote = (await buyer.call<Quote>('POST', QUOTE, { address: NEW_YORK })).body.data;
    const refused = await buyer.call('POST', PLACE, {
      idempotencyKey: key(),
      email: 'cheap@example.com',
      address: NEW_YORK,
      paymentMethod: 'CARD',
      expectedTotal: 1,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ msg: CHECKOUT_MSG.changed, data: { total: quote.total } });
    expect(await stockOf(skuIds[3]!)).toBe(before);
  });

  it('sells the last 10 units to exactly 10 of 50 buyers at once', async () => {
    const sku = skuIds[4]!;
    await setStock(sku, 60);
    const buyers = Array.from({ length: 50 }, () => shopper(undefined, { 'cf-connecting-ip': freshIp() }));
    for (const buyer of buyers) await buyer.add(sku, 1);
    const quote = (await buyers[0]!.call<Quote>('POST', QUOTE, { address: NEW_YORK })).body.data;
    await setStock(sku, 10);
    const results = await Promise.all(
      buyers.map((buyer, index) =>
        buyer.call<Placed>('POST', PLACE, {
          idempotencyKey: key(),
          email: `racer${index}@example.com`,
          address: NEW_YORK,
          paymentMethod: 'CARD',
          expectedTotal: quote.total,
        }),
      ),
    );
    const sold = results.filter((result) => result.body.success);
    expect(sold).toHaveLength(10);
    // The losers are told the part sold out: during their write, or already when their cart was re-priced.
    const refusals = new Set(
      results
        .filter((result) => !result.body.success)
        .map((result) => `${result.status} ${result.body.msg.replace(/Sorry, .* sold out/, 'Sorry, PART sold out')}`),
    );
    expect(
      [...refusals].every(
        (refusal) =>
          refusal === `409 ${CHECKOUT_MSG.unusable}` ||
          refusal === '409 Sorry, PART sold out while you were checking out. Please review your cart.',
      ),
    ).toBe(true);
    expect(await stockOf(sku)).toBe(0);
    const orders = await env.DB.prepare(`SELECT count(*) AS n FROM order_line WHERE sku_id = ?`)
      .bind(sku)
      .first<{ n: number }>();
    expect(orders!.n).toBe(10);
  });

  it('spends points set aside with lock/integral, never more than the balance', async () => {
    const token = await member(`checkout-points-${Date.now()}@example.com`);
    const accountId = (
      await shopper(undefined, bearer(token)).call<{ accountId: number }>('GET', '/account/buyer/account/current')
    ).body.data.accountId;
    await env.DB.prepare(
      `INSERT INTO points_ledger (account_id, delta, reason, created_at) VALUES (?, 500, 'ADJUSTMENT', 0)`,
    )
      .bind(accountId)
      .run();
    const buyer = shopper(undefined, bearer(token));
    await buyer.add(skuIds[5]!, 1);
    const locked = (await buyer.call<Quote>('POST', '/order/public/buyer/lock/integral', { points: 300 })).body.data;
    expect(locked.pointsLocked).toBe(300);
    const quote = (await buyer.call<Quote>('POST', QUOTE, { address: NEW_YORK })).body.data;
    expect(quote.pricing.points).toBe(300);
    const placed = await buyer.call<Placed>('POST', PLACE, {
      idempotencyKey: key(),
      address: NEW_YORK,
      paymentMethod: 'CARD',
      expectedTotal: quote.total,
    });
    expect(placed.body.success).toBe(true);
    const balance = await env.DB.prepare(`SELECT sum(delta) AS n FROM points_ledger WHERE account_id = ?`)
      .bind(accountId)
      .first<{ n: number }>();
    expect(balance!.n).toBe(200);
    expect((await buyer.call('POST', '/order/public/buyer/lock/integral', { points: -5 })).body.msg).toBe(
      'points must be at least 1',
    );
  });

  it('refuses an empty cart and a cart with a part that sold out since', async () => {
    const empty = shopper();
    expect(
      (
        await empty.call('POST', PLACE, {
          idempotencyKey: key(),
          email: 'e@example.com',
          address: NEW_YORK,
          paymentMethod: 'CARD',
          expectedTotal: 0,
        })
      ).body.msg,
    ).toBe(CHECKOUT_MSG.empty);
    const buyer = shopper();
    await buyer.add(skuIds[6]!, 1);
    await setStock(skuIds[6]!, 0);
    const refused = await buyer.call('POST', PLACE, {
      idempotencyKey: key(),
      email: 'e@example.com',
      address: NEW_YORK,
      paymentMethod: 'CARD',
      expectedTotal: 0,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(CHECKOUT_MSG.unusable);
    await setStock(skuIds[6]!, 50);
  });
});

describe('the ship-to address', () => {
  it('takes a missing, null or empty second address line as none', async () => {
    const buyer = shopper();
    await buyer.add(skuIds[7]!, 1);
    for (const addressLine2 of [undefined, null, '', '  ']) {
      const quote = await buyer.call<Quote>('POST', QUOTE, { address: { ...NEW_YORK, addressLine2 } });
      expect(quote.body.success).toBe(true);
    }
  });
});
