import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MSG } from '../../worker/checkout/service.ts';
import { UNPAID_LIMITS } from '../../worker/orders/placement.ts';
import { HOLD_MINUTES } from '../../shared/holds.ts';
import { freshIp } from './account-helpers.ts';
import { NEW_YORK, checkoutFixture, shopper, type Quote } from './checkout-helpers.ts';
import { US_HOST } from './helpers.ts';

/** Stock hoarding: how many unpaid orders one shopper may hold, and how long an unpaid order holds its parts. */

interface Placed {
  orderToken: string | null;
  order: { orderId: string };
}
const MINUTE = 60_000;
let skuId: number;

/** A shopper ready to place: one part in the cart, priced for New York. */
async function ready(headers: Record<string, string>) {
  const buyer = shopper(US_HOST, headers);
  await buyer.add(skuId, 1);
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })).body
    .data;
  return (email: string) =>
    buyer.call<Placed>('POST', '/order/public/buyer/order/place', {
      idempotencyKey: `order-${crypto.randomUUID()}`,
      email,
      address: NEW_YORK,
      paymentMethod: 'CARD',
      expectedTotal: quote.total,
    });
}

beforeAll(async () => {
  skuId = (await checkoutFixture(1))[0]!;
  await env.DB.prepare(`UPDATE sku SET available_total = 500 WHERE id = ?`).bind(skuId).run();
});

describe('unpaid orders per shopper', () => {
  it(`lets one IP hold ${UNPAID_LIMITS.perIp} unpaid orders: 25 guests placing at once, the rest get 429`, async () => {
    const ip = freshIp();
    const places = await Promise.all(Array.from({ length: 25 }, () => ready({ 'cf-connecting-ip': ip })));
    const results = await Promise.all(places.map((placeAs, index) => placeAs(`sec-hoard-${index}@example.com`)));
    expect(results.filter((result) => result.body.success)).toHaveLength(UNPAID_LIMITS.perIp);
    const refused = results.filter((result) => !result.body.success);
    expect(new Set(refused.map((result) => `${result.status} ${result.body.msg}`))).toEqual(
      new Set([`429 ${CHECKOUT_MSG.tooManyUnpaid}`]),
    );
  });

  it(`lets one email hold ${UNPAID_LIMITS.perEmail} unpaid orders, from any IP`, async () => {
    const places = await Promise.all(Array.from({ length: 6 }, () => ready({ 'cf-connecting-ip': freshIp() })));
    const results = await Promise.all(places.map((placeAs) => placeAs('sec-hoarder@example.com')));
    expect(results.filter((result) => result.body.success)).toHaveLength(UNPAID_LIMITS.perEmail);
    expect(results.filter((result) => result.status === 429)).toHaveLength(6 - UNPAID_LIMITS.perEmail);
  });

  it(`lets one visitor hold ${UNPAID_LIMITS.perVisitor} unpaid orders, whatever emails they give`, async () => {
    const buyer = shopper(US_HOST, { 'cf-connecting-ip': freshIp() });
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++) {
      await buyer.add(skuId, 1);
      const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })).body
        .data;
      const placed = await buyer.call('POST', '/order/public/buyer/order/place', {
        idempotencyKey: `order-${crypto.randomUUID()}`,
        email: `sec-visitor-${index}@example.com`,
        address: NEW_YORK,
        paymentMethod: 'CARD',
        expectedTotal: quote.total,
      });
      statuses.push(placed.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('the stock hold of an unpaid order', () => {
  it("is extended by payment/lock once, and never past two holds after it was placed (a guest's: 15 min)", async () => {
    const placed = (await (await ready({ 'cf-connecting-ip': freshIp() }))('sec-hold@example.com')).body.data;
    const { orderId } = placed.order;
    const lock = () =>
      shopper(US_HOST, { 'cf-connecting-ip': freshIp() }).call<{ holdExpiresAt: number }>(
        'POST',
        '/order/public/payment/lock',
        { orderId, orderToken: placed.orderToken },
      );
    const age = async (minutes: number) =>
      env.DB.prepare(
        `UPDATE orders SET created_at = created_at - ?1, hold_expires_at = hold_expires_at - ?1 WHERE id = ?2`,
      )
        .bind(minutes * MINUTE, orderId)
        .run();
    const row = () =>
      env.DB.prepare(`SELECT created_at AS createdAt, hold_expires_at AS holdExpiresAt FROM orders WHERE id = ?`)
        .bind(orderId)
        .first<{ createdAt: number; holdExpiresAt: number }>();
    const hold = HOLD_MINUTES.guestOrLarge;
    await age(hold - 5); // the shopper opens the payment window 5 minutes before the hold ends
    const first = (await lock()).body.data.holdExpiresAt;
    expect(first).toBeGreaterThan(Date.now() + (hold - 1) * MINUTE);
    await age(hold - 3); // and asks again later, and again
    const second = (await lock()).body.data.holdExpiresAt;
    await lock();
    const after = (await row())!;
    expect(after.holdExpiresAt).toBe(second);
    expect(after.holdExpiresAt).toBeLessThanOrEqual(after.createdAt + 2 * hold * MINUTE);
  });
});
