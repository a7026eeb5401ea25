import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { bearer, freshIp, member } from './account-helpers.ts';
import { shopper } from './checkout-helpers.ts';
import { orderStatus } from './fulfilment-helpers.ts';
import { shop } from './helpers.ts';

/** What the tax reports' tests read of a quote: its tax lines, tax and total. */
export interface ReportQuote {
  total: number;
  tax: number;
  taxes: { name: string; rateLabel: string; amountCent: number }[];
}

const FUTURE = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/** Canadian places the reports' tests ship to, besides Toronto (checkout-helpers.ts). */
export const VANCOUVER = {
  market: 'ca',
  firstName: 'Mira',
  lastName: 'Coast',
  phone: '6045550100',
  addressLine1: '800 Robson St',
  city: 'Vancouver',
  regionCode: 'BC',
  postalCode: 'V6B 4Y8',
};
export const MONTREAL = {
  ...VANCOUVER,
  addressLine1: '275 Rue Notre-Dame E',
  city: 'Montréal',
  regionCode: 'QC',
  postalCode: 'H2X 1Y4',
};
export const REGINA = {
  ...VANCOUVER,
  addressLine1: '2405 Legislative Dr',
  city: 'Regina',
  regionCode: 'SK',
  postalCode: 'S4S 0B3',
};

/** Their postal codes (and Regina's), so checkout verifies the addresses. */
export async function loadCanadianPlaces(): Promise<void> {
  await env.DB.prepare(`INSERT OR IGNORE INTO postal_code (market, post_code, city, state_code) VALUES
    ('ca', 'V6B', 'Vancouver', 'BC'), ('ca', 'H2X', 'Montreal', 'QC'), ('ca', 'S4S', 'Regina', 'SK'),
    ('ca', 'M5V', 'Toronto', 'ON')`).run();
}

/** SKUs on sale in both markets, with a Canadian price and stock to spare. */
export async function bothMarketSkus(count: number): Promise<number[]> {
  const { results } = await env.DB.prepare(
    `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id WHERE i.us_status = 'ON_SHELVES'
      AND i.ca_status = 'ON_SHELVES' AND s.available_total >= 20
      AND EXISTS (SELECT 1 FROM sku_price p WHERE p.sku_id = s.id AND p.currency = 'CAD') ORDER BY s.id LIMIT ?`,
  )
    .bind(count)
    .all<{ id: number }>();
  return results.map((row) => row.id);
}

/**
 * A member's order of the parts to the address, placed through the app: its number, the quote, the
 * buyer. A new member unless `token` names one.
 */
export async function placedOrderTo(
  host: string,
  address: Record<string, string>,
  parts: { skuId: number; quantity: number }[],
  token?: string,
) {
  const buyer = shopper(host, {
    ...bearer(token ?? (await member(`report-${crypto.randomUUID().slice(0, 8)}@example.com`))),
    'cf-connecting-ip': freshIp(),
  });
  for (const part of parts) await buyer.add(part.skuId, part.quantity);
  const quoted = await buyer.call<ReportQuote>('POST', '/order/public/buyer/checkout/quote', { address });
  expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
  const quote = quoted.body.data;
  const placed = await buyer.call<{ order: { orderId: string } }>('POST', '/order/public/buyer/order/place', {
    idempotencyKey: `order-${crypto.randomUUID()}`,
    address,
    paymentMethod: 'HOSTED_CARD',
    expectedTotal: quote.total,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return { orderId: placed.body.data.order.orderId, quote, buyer };
}

/**
 * A new member's order of the parts to the address, placed through the app and paid in the sandbox
 * window with a test card (the order is PROCESSING): its number and the quote checkout showed.
 */
export async function paidOrderTo(
  host: string,
  address: Record<string, string>,
  parts: { skuId: number; quantity: number }[],
  token?: string,
) {
  const { orderId, quote, buyer } = await placedOrderTo(host, address, parts, token);
  const started = await buyer.call<{ url: string }>('POST', '/order/public/payment/', {
    orderId,
    paymentType: 'HOSTED_CARD',
  });
  await shop(`${started.body.data.url}/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
    body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: FUTURE, cvc: '123' }).toString(),
  });
  for (let attempt = 0; attempt < 200 && (await orderStatus(orderId)) !== 'PROCESSING'; attempt++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await orderStatus(orderId)).toBe('PROCESSING');
  return { orderId, quote };
}

/** The order's line (line_no) as the tax ledger charged it: its price and tax. */
export async function chargedLine(orderId: string, lineNo: number) {
  return (await env.DB.prepare(
    `SELECT amount_cent AS amount, tax_cent AS tax FROM tax_line WHERE order_id = ? AND line_no = ?`,
  )
    .bind(orderId, lineNo)
    .first<{ amount: number; tax: number }>())!;
}
