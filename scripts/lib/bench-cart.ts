// Cart budgets (issue 7): pricing a 50-line cart with 20 active promotions under 5 ms of CPU,
// and add to cart p95 under 20 ms against the local shop.
import { priceCart } from '../../shared/promotions/engine.ts';
import type { PricingLine, Promotion } from '../../shared/promotions/types.ts';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

function promotion(id: number): Promotion {
  const kinds = ['PERCENT', 'FIXED_AMOUNT', 'FREE_SHIPPING'] as const;
  const sources = ['AUTO_DISCOUNT', 'PROMOTION_CODE', 'COUPON'] as const;
  const thresholds = ['NO_THRESHOLD', 'QUANTITY', 'AMOUNT'] as const;
  return {
    id,
    name: `promotion ${id}`,
    code: sources[id % 3] === 'PROMOTION_CODE' ? `CODE${id}` : null,
    source: sources[id % 3]!,
    promotionType: 'DISCOUNT',
    discountType: kinds[id % 3]!,
    discountValue: id % 3 === 1 ? 500 + id * 10 : 5 + (id % 20),
    thresholdType: thresholds[id % 3]!,
    thresholdValue: id % 3 === 2 ? 10_000 : 2,
    scope: id % 2 ? { itemIds: [], categoryIds: [id % 7], brandIds: [id % 5] } : null,
    market: null,
    startsAt: null,
    endsAt: null,
    usageLimit: 1000,
    perCustomerLimit: 3,
    memberOnly: false,
    integralScore: null,
    limitScene: null,
    maxDiscountCent: null,
    addOns: [],
    gift: null,
  };
}

/** Mean and p95 CPU milliseconds of pricing one 50-line cart against 20 promotions. */
export function benchPricing(runs = 2000): { mean: number; p95: number } {
  const lines: PricingLine[] = Array.from({ length: 50 }, (_, index) => ({
    key: `${index + 1}:NORMAL:`,
    skuId: index + 1,
    itemId: index + 1,
    brandId: index % 5,
    categoryIds: [index % 7, 100 + (index % 3)],
    quantity: 1 + (index % 4),
    unitCent: 999 + index * 137,
    itemType: 'NORMAL',
    bundleId: null,
  }));
  const promotions = Array.from({ length: 20 }, (_, index) => promotion(index + 1));
  const input = {
    lines,
    market: 'us' as const,
    now: Date.now(),
    accountId: 1,
    promotions,
    enteredCodes: promotions.flatMap((entry) => (entry.code ? [entry.code] : [])),
    selectedCouponIds: promotions.filter((entry) => entry.source === 'COUPON').map((entry) => entry.id),
    shippingCent: 1299,
    pointsToRedeem: 500,
    pointsBalance: 800,
    usage: {},
  };
  for (let warm = 0; warm < 200; warm++) priceCart(input);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = process.cpuUsage();
    priceCart(input);
    const used = process.cpuUsage(started);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return { mean: times.reduce((sum, time) => sum + time, 0) / times.length, p95: percentile(times, 0.95) };
}

/** p95 milliseconds of adding a part to a visitor's cart, one request at a time. */
export async function benchAddToCart(
  origin: string,
  skuId: number,
  requests = 200,
): Promise<{ p50: number; p95: number }> {
  let cookie = '';
  const times: number[] = [];
  for (let index = 0; index < requests; index++) {
    const started = performance.now();
    const response = await fetch(`${origin}/order/public/buyer/cart/v2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ items: [{ skuId, itemCount: 1 }] }),
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!cookie)
      cookie = response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
    // A new cart every 50 adds, so the line never reaches the 99 limit or the stock.
    if (index % 50 === 49) cookie = '';
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

/** The ship-to address the benches' orders use: a New York one, in the US market. */
export const BENCH_ADDRESS = {
  market: 'us',
  firstName: 'Bench',
  lastName: 'Buyer',
  phone: '2125550100',
  addressLine1: '350 5th Ave',
  city: 'New York',
  regionCode: 'NY',
  postalCode: '10001',
};

/**
 * p95 milliseconds of placing an order (payment excluded), each from a fresh visitor cart of one part.
 * Each order is cancelled once timed, as the shop limits the unpaid orders one IP or email may hold.
 */
export async function benchPlaceOrder(
  origin: string,
  skuId: number,
  orders = 40,
): Promise<{ p50: number; p95: number }> {
  const address = BENCH_ADDRESS;
  const times: number[] = [];
  for (let index = 0; index < orders; index++) {
    const added = await fetch(`${origin}/order/public/buyer/cart/v2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ skuId, itemCount: 1 }] }),
    });
    const cookie = added.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    await added.arrayBuffer();
    const post = (path: string, body: unknown) =>
      fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
    const quote = (await (await post('/order/public/buyer/checkout/quote', { address })).json()) as {
      data: { total: number };
    };
    const started = performance.now();
    const placed = await post('/order/public/buyer/order/place', {
      idempotencyKey: `bench-${crypto.randomUUID()}`,
      email: 'bench@example.com',
      address,
      paymentMethod: 'CARD',
      expectedTotal: quote.data.total,
    });
    const answer = (await placed.json()) as {
      success: boolean;
      msg: string;
      data: { order: { orderId: string }; orderToken: string | null };
    };
    times.push(performance.now() - started);
    if (!answer.success) throw new Error(`placing an order failed: ${answer.msg}`);
    const cancelled = await post('/order/public/requisition/order/cancel', {
      orderId: answer.data.order.orderId,
      orderToken: answer.data.orderToken,
    });
    if (!cancelled.ok) throw new Error(`cancelling the bench order failed: ${await cancelled.text()}`);
    await cancelled.arrayBuffer().catch(() => undefined);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

/** p50 and p95 milliseconds of the bare route, one request at a time: the floor every timed call above stands on. */
export async function benchBareLatency(origin: string, requests = 200): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let index = 0; index < requests; index++) {
    const started = performance.now();
    await (await fetch(`${origin}/__bare`)).arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}
