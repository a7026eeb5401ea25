import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { US } from '../../shared/markets.ts';
import { CHECKOUT_MSG } from '../../worker/checkout/service.ts';
import { placeOrder } from '../../worker/flows/place-order.ts';
import { ApiError } from '../../worker/platform/api-error.ts';
import type { CartRecord } from '../../worker/cart/service.ts';
import { markOrderPaid } from '../../worker/flows/settle-payment.ts';
import { NEW_ORDER_NUMBER } from '../../worker/orders/schemas.ts';
import { newOrderNumber } from '../../worker/orders/writers.ts';
import { bearer, freshIp, member } from './account-helpers.ts';
import { NEW_YORK, checkoutFixture, shopper, type Quote } from './checkout-helpers.ts';

/** Placing orders under load: numbers that never collide into a 500, guards told by their effect. */

const QUOTE = '/order/public/buyer/checkout/quote';
const PLACE = '/order/public/buyer/order/place';
interface Placed {
  created: boolean;
  orderToken: string | null;
  order: { orderId: string; status: string; total: number };
}
const key = () => `order-${crypto.randomUUID()}`;
const balanceOf = async (accountId: number) =>
  (await env.DB.prepare(`SELECT coalesce(sum(delta), 0) AS n FROM points_ledger WHERE account_id = ?`)
    .bind(accountId)
    .first<{ n: number }>())!.n;
let skuIds: number[];
const cartOf = (uuid: string): CartRecord => ({
  uuid,
  tokenHash: '',
  accountId: null,
  promotionCodes: [],
  couponIds: [],
  kind: 'CART',
  pointsLocked: 0,
});
const ADDRESS = { ...NEW_YORK, market: 'us', addressLine2: null } as const;

beforeAll(async () => {
  skuIds = await checkoutFixture(6);
});

describe('placing orders under load', () => {
  it('30 orders at once spending the same points: the affordable 2 succeed, 28 get 409, none fail', async () => {
    const email = `sec-points-${Date.now()}@example.com`;
    const token = await member(email);
    const buyer = shopper(undefined, { ...bearer(token), 'cf-connecting-ip': freshIp() });
    const { accountId } = (await buyer.call<{ accountId: number }>('GET', '/account/buyer/account/current')).body.data;
    await env.DB.prepare(
      `INSERT INTO points_ledger (account_id, delta, reason, created_at) VALUES (?, 600, 'ADJUSTMENT', 0)`,
    )
      .bind(accountId)
      .run();
    // Thirty checkouts of their own (buy now), each with 300 of the 600 points set aside.
    const checkouts = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const bought = await buyer.call<{ cartUUID: string; cartToken: string }>(
          'POST',
          '/order/public/buyer/buy-now/order',
          { skuId: skuIds[0]!, itemCount: 1 },
        );
        const buyNow = { cartUUID: bought.body.data.cartUUID, cartToken: bought.body.data.cartToken };
        await buyer.call('POST', '/order/public/buyer/lock/integral', { buyNow, points: 300 });
        const quote = (await buyer.call<Quote>('POST', QUOTE, { buyNow, address: NEW_YORK })).body.data;
        expect(quote.pricing.points).toBe(300);
        return { buyNow, total: quote.total };
      }),
    );
    // Straight to placement, all at once, so every one is priced before any of them writes.
    const results = await Promise.allSettled(
      checkouts.map(({ buyNow, total }) =>
        placeOrder(env, {
          idempotencyKey: key(),
          cart: { ...cartOf(buyNow.cartUUID), accountId, kind: 'BUY_NOW', pointsLocked: 300 },
          market: US,
          accountId,
          email,
          address: ADDRESS,
          shippingName: null,
          paymentMethod: 'CARD',
          pointsToRedeem: 300,
          expectedTotal: total,
          placer: { ip: null, visitorKey: null },
          now: Date.now(),
        }),
      ),
    );
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as ApiError] : []));
    expect(refusals.filter((error) => !(error instanceof ApiError))).toEqual([]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    expect(new Set(refusals.map((error) => `${error.httpCode} ${error.message}`))).toEqual(
      new Set([`409 ${CHECKOUT_MSG.pointsChanged}`]),
    );
    expect(await balanceOf(accountId)).toBe(0);
  });

  it('retries an order number another order took first, and places the order under a new one', async () => {
    const first = shopper(US_ORIGIN, { 'cf-connecting-ip': freshIp() });
    await first.add(skuIds[1]!, 1);
    const quote = (await first.call<Quote>('POST', QUOTE, { address: NEW_YORK })).body.data;
    const taken = await first.call<Placed>('POST', PLACE, {
      idempotencyKey: key(),
      email: 'sec-first@example.com',
      address: NEW_YORK,
      paymentMethod: 'CARD',
      expectedTotal: quote.total,
    });
    expect(taken.body.data.order.orderId).toMatch(NEW_ORDER_NUMBER);
    const second = shopper(US_ORIGIN, { 'cf-connecting-ip': freshIp() });
    const cartUUID = (await second.add(skuIds[1]!, 1)).body.data.cartUUID!;
    const numbers: string[] = [];
    const placed = await placeOrder(env, {
      idempotencyKey: key(),
      cart: cartOf(cartUUID),
      market: US,
      accountId: null,
      email: 'sec-second@example.com',
      address: ADDRESS,
      shippingName: null,
      paymentMethod: 'CARD',
      pointsToRedeem: 0,
      expectedTotal: quote.total,
      placer: { ip: freshIp(), visitorKey: null },
      now: Date.now(),
      orderNumbers: (market, now) => {
        numbers.push(numbers.length === 0 ? taken.body.data.order.orderId : newOrderNumber(market, now));
        return numbers.at(-1)!;
      },
    });
    expect(numbers).toHaveLength(2);
    expect(placed).toMatchObject({ created: true, order: { orderId: numbers[1], email: 'sec-second@example.com' } });
  });

  it('pays an order paid twice at once only once; the other is told it was not, never thrown', async () => {
    const buyer = shopper(US_ORIGIN, { 'cf-connecting-ip': freshIp() });
    await buyer.add(skuIds[2]!, 1);
    const quote = (await buyer.call<Quote>('POST', QUOTE, { address: NEW_YORK })).body.data;
    const placed = await buyer.call<Placed>('POST', PLACE, {
      idempotencyKey: key(),
      email: 'sec-twice@example.com',
      address: NEW_YORK,
      paymentMethod: 'CARD',
      expectedTotal: quote.total,
    });
    const orderId = placed.body.data.order.orderId;
    const paid = await Promise.allSettled(Array.from({ length: 5 }, () => markOrderPaid(env.DB, orderId, Date.now())));
    expect(paid.map((result) => (result.status === 'fulfilled' ? result.value : 'thrown')).sort()).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('issues long random order numbers: market, day and 80 random bits, never two alike', () => {
    const numbers = Array.from({ length: 1000 }, () => newOrderNumber(US, Date.UTC(2025, 5, 12)));
    expect(numbers.every((number) => NEW_ORDER_NUMBER.test(number) && number.startsWith('US250612-'))).toBe(true);
    expect(new Set(numbers).size).toBe(1000);
  });
});

const US_ORIGIN = 'http://us.shop.localhost';
