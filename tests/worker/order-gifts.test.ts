import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import seedSql from '../../worker/db/seed/promotions.sql?raw';
import { NEW_YORK, checkoutFixture, runSqlFile, shopper, type Quote } from './checkout-helpers.ts';

interface Placed {
  order: { orderId: string; lines: { skuId: number; itemType: string; quantity: number; total: number }[] };
}
let brake: { id: number; price: number };
let giftSku: number;
const stockOf = async (skuId: number) =>
  (await env.DB.prepare(`SELECT available_total AS n FROM sku WHERE id = ?`).bind(skuId).first<{ n: number }>())!.n;

async function orderBrakes(): Promise<Placed['order']> {
  const buyer = shopper();
  await buyer.add(brake.id, Math.ceil(20_000 / brake.price));
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })).body
    .data;
  const placed = await buyer.call<Placed>('POST', '/order/public/buyer/order/place', {
    idempotencyKey: `order-${crypto.randomUUID()}`,
    email: 'gift@example.com',
    address: NEW_YORK,
    paymentMethod: 'CARD',
    expectedTotal: quote.total,
  });
  if (!placed.body.success) throw new Error((placed.body as unknown as { msg: string }).msg);
  return placed.body.data.order;
}

beforeAll(async () => {
  await checkoutFixture();
  await runSqlFile(seedSql);
  brake = (await env.DB.prepare(
    `SELECT s.id, p.discount_price AS price FROM sku s JOIN item i ON i.id = s.item_id
      JOIN category c ON c.id = i.back_category_id JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD'
     WHERE i.us_status = 'ON_SHELVES' AND s.available_total >= 60 AND c.handle <> 'brake-fluid'
       AND (c.handle = 'brakes' OR c.parent_id = (SELECT id FROM category WHERE kind = 'BACK'
         AND handle = 'brakes')) ORDER BY p.discount_price DESC LIMIT 1`,
  ).first<{ id: number; price: number }>())!;
  giftSku = (await env.DB.prepare(`SELECT gift_sku_id AS id FROM promotion WHERE id = 1007`).first<{ id: number }>())!
    .id;
});

describe('gifts with an order (giveaway)', () => {
  it('ships the gift as a free line and takes its stock', async () => {
    await env.DB.prepare(`UPDATE sku SET available_total = 5 WHERE id = ?`).bind(giftSku).run();
    const order = await orderBrakes();
    expect(order.lines.find((line) => line.itemType === 'GIFT')).toMatchObject({
      skuId: giftSku,
      quantity: 1,
      total: 0,
    });
    expect(await stockOf(giftSku)).toBe(4);
  });

  it('still places the order when the gift has run out, without the gift', async () => {
    await env.DB.prepare(`UPDATE sku SET available_total = 0 WHERE id = ?`).bind(giftSku).run();
    const order = await orderBrakes();
    expect(order.lines.some((line) => line.itemType === 'GIFT')).toBe(false);
    expect(await stockOf(giftSku)).toBe(0);
  });
});
