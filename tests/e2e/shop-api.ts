import type { BrowserContext } from 'playwright-core';
import { API } from '../../shared/api-routes.ts';
import { shopQuery as query } from './shop-db.ts';
import { theShop } from './shop.ts';

/** Orders placed and tracking events read the way the browser tests need them, through the shop's API. */

const us = theShop().us;

/** Node cannot resolve *.localhost as Chromium does: call loopback with the market's Host header. */
export async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const target = new URL(us);
  const response = await fetch(`http://127.0.0.1:${target.port}${path}`, {
    method,
    headers: { host: target.host, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { success: boolean; data: T; msg: string };
  if (!answer.success) throw new Error(`${method} ${path}: ${answer.msg}`);
  return answer.data;
}

/**
 * A member's unpaid order of one part, placed through the API as checkout does: quote, then place with
 * an idempotency key.
 */
export async function placeOrder(token: string): Promise<string> {
  const [sku] = await query<{
    id: number;
  }>(`SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD'
    WHERE i.us_status = 'ON_SHELVES' AND s.available_total >= 20 ORDER BY s.id DESC LIMIT 1`);
  await call('POST', '/order/public/buyer/cart/v2', token, { items: [{ skuId: sku!.id, itemCount: 1 }] });
  const address = {
    market: 'us',
    firstName: 'Jane',
    lastName: 'Driver',
    phone: '2125550100',
    addressLine1: '350 5th Ave',
    city: 'New York',
    regionCode: 'NY',
    postalCode: '10001',
  };
  const quote = await call<{ total: number }>('POST', '/order/public/buyer/checkout/quote', token, { address });
  const placed = await call<{ order: { orderId: string } }>('POST', '/order/public/buyer/order/place', token, {
    idempotencyKey: `order-${crypto.randomUUID()}`,
    address,
    paymentMethod: 'CARD',
    expectedTotal: quote.total,
  });
  return placed.order.orderId;
}

/** Every tracking event the context's pages send (fetch with keepalive, or a beacon), as the shop receives it. */
export function keepBeacons(context: BrowserContext): { event: string; data: unknown }[] {
  const kept: { event: string; data: unknown }[] = [];
  context.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().includes(API.track.path)) return;
    try {
      kept.push(JSON.parse(request.postData() ?? ''));
    } catch {
      // Not a tracking event body.
    }
  });
  return kept;
}

/** The data of the tracking events of one name sent so far. */
export function beacons<T>(kept: { event: string; data: unknown }[], event: string): T[] {
  return kept.filter((beacon) => beacon.event === event).map((beacon) => beacon.data as T);
}
