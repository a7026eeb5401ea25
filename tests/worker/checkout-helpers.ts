import { env } from 'cloudflare:test';
import type { CartAnswer } from '../../shared/cart.ts';
import { bearer, json, member } from './account-helpers.ts';
import { US_HOST, api, cookiesOf } from './helpers.ts';

/** A few real postal codes, enough to verify checkout addresses in both markets. */
export async function loadPostalCodes(): Promise<void> {
  await env.DB.prepare(`INSERT OR IGNORE INTO postal_code (market, post_code, city, state_code) VALUES
    ('us', '10001', 'New York', 'NY'), ('us', '97201', 'Portland', 'OR'), ('us', '99501', 'Anchorage', 'AK'),
    ('ca', 'M5V', 'Toronto', 'ON'), ('ca', 'H2X', 'Montreal', 'QC'), ('ca', 'V6B', 'Vancouver', 'BC')`).run();
}

export const NEW_YORK = {
  market: 'us',
  firstName: 'Jane',
  lastName: 'Driver',
  phone: '2125550100',
  addressLine1: '350 5th Ave',
  city: 'New York',
  regionCode: 'NY',
  postalCode: '10001',
};
export const TORONTO = {
  market: 'ca',
  firstName: 'Jean',
  lastName: 'Driver',
  phone: '4165550100',
  addressLine1: '290 Bremner Blvd',
  city: 'Toronto',
  regionCode: 'ON',
  postalCode: 'M5V 3L9',
};

/** A shopper with a cookie jar (a browser), optionally signed in. */
export function shopper(host = US_HOST, headers: Record<string, string> = {}) {
  const jar: Record<string, string> = {};
  const call = async <T = CartAnswer>(method: string, path: string, body?: unknown) => {
    const cookie = Object.entries(jar)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const init =
      body === undefined ? { method, headers: { cookie, ...headers } } : json(method, body, { cookie, ...headers });
    const result = await api<T>(`${host}${path}`, init);
    for (const [name, line] of Object.entries(cookiesOf(result.response)))
      jar[name] = line.slice(name.length + 1).split(';')[0]!;
    return result;
  };
  return {
    jar,
    call,
    add: (skuId: number, itemCount: number) =>
      call('POST', '/order/public/buyer/cart/v2', { items: [{ skuId, itemCount }] }),
  };
}

export interface Quote {
  total: number;
  tax: number;
  taxes: { name: string; rateLabel: string; amountCent: number }[];
  pricing: { subtotal: number; shipping: number; discount: number; points: number; shippingName: string };
  pointsBalance: number;
  pointsLocked: number;
}

/** Loads the catalog fixture and the postal codes; answers the ids of in-stock US SKUs. */
export async function checkoutFixture(count = 5): Promise<number[]> {
  const { loadCatalogFixture } = await import('./catalog-fixture.ts');
  await loadCatalogFixture();
  await loadPostalCodes();
  return (
    await env.DB.prepare(
      `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id WHERE i.us_status = 'ON_SHELVES' ` +
        `AND s.available_total >= 20 ORDER BY s.id LIMIT ?`,
    )
      .bind(count)
      .all<{ id: number }>()
  ).results.map((row) => row.id);
}

/** Runs a SQL file of statements separated by `;` at line ends (comments skipped), as one batch. */
export async function runSqlFile(sql: string): Promise<void> {
  const statements = sql
    .split('\n')
    .filter((text) => !text.trimStart().startsWith('--'))
    .join('\n')
    .split(/;\s*\n/)
    .map((text) => text.trim())
    .filter(Boolean);
  await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));
}

/**
 * A new member's order of one part, placed to be paid in a hosted window: the order id, its total,
 * the member's credentials and the member as a shopper making further calls.
 */
export async function placedMemberOrder(skuId: number, emailPrefix = 'buyer') {
  const credentials = bearer(await member(`${emailPrefix}-${crypto.randomUUID()}@example.com`));
  const buyer = shopper(US_HOST, credentials);
  await buyer.add(skuId, 1);
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: NEW_YORK })).body
    .data;
  const placed = await buyer.call<{ order: { orderId: string } }>('POST', '/order/public/buyer/order/place', {
    idempotencyKey: `order-${crypto.randomUUID()}`,
    address: NEW_YORK,
    paymentMethod: 'HOSTED_CARD',
    expectedTotal: quote.total,
  });
  return { orderId: placed.body.data.order.orderId, total: quote.total, credentials, buyer };
}
