import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, staffSession } from './admin-helpers.ts';
import { checkoutFixture, placedMemberOrder } from './checkout-helpers.ts';
import { shop } from './helpers.ts';

let headers: Record<string, string> = {};
let orderId = '';
let partNumber = '';
let email = '';

const ordersPage = async (query: string) => {
  const response = await shop(`${ADMIN}/orders${query}`, { headers });
  return { status: response.status, html: await response.text() };
};

beforeAll(async () => {
  const [first, second] = await checkoutFixture(2);
  const placed = await placedMemberOrder(first!, 'ao');
  await placedMemberOrder(second!, 'ax');
  orderId = placed.orderId;
  const order = await env.DB.prepare(
    'SELECT o.email, l.part_number AS partNumber FROM orders o JOIN order_line l ON l.order_id = o.id WHERE o.id = ?',
  )
    .bind(orderId)
    .first<{ email: string; partNumber: string }>();
  email = order!.email;
  partNumber = order!.partNumber;
  headers = (await staffSession('fulfilment')).headers;
});

describe('the staff orders list', () => {
  it('lists orders newest first with their totals in the market currency', async () => {
    const { status, html } = await ordersPage('');
    expect(status).toBe(200);
    expect(html).toContain(`data-order="${orderId}"`);
    expect(html).toMatch(/\d+ orders? · \d+ in USD: \$[\d,]+\.\d\d/);
  });

  it('finds an order by number, email, name and part number, and filters by status, market and date', async () => {
    for (const q of [orderId, email, 'jane driver', partNumber.toLowerCase()]) {
      const { html } = await ordersPage(`?q=${encodeURIComponent(q)}`);
      expect(html, q).toContain(`data-order="${orderId}"`);
    }
    expect((await ordersPage(`?q=${encodeURIComponent(email)}`)).html).toMatch(/>1 order · 1 in USD: /);
    expect((await ordersPage(`?q=${orderId}&status=SHIPPED`)).html).not.toContain(`data-order="${orderId}"`);
    expect((await ordersPage(`?q=${orderId}&status=PAYMENT_PENDING`)).html).toContain(`data-order="${orderId}"`);
    expect((await ordersPage(`?q=${orderId}&market=ca`)).html).not.toContain(`data-order="${orderId}"`);
    expect((await ordersPage(`?q=${orderId}&from=2000-01-01&to=2000-12-31`)).html).not.toContain(
      `data-order="${orderId}"`,
    );
    const today = new Date().toISOString().slice(0, 10);
    expect((await ordersPage(`?q=${orderId}&from=${today}&to=${today}`)).html).toContain(`data-order="${orderId}"`);
  });

  it('treats unknown filters and pages as "any", never an error', async () => {
    const { status } = await ordersPage('?status=NOPE&market=xx&from=yesterday&page=-4&q=%25_');
    expect(status).toBe(200);
  });
});

describe('the staff order page', () => {
  it('shows lines, amounts, payment, address and the status timeline', async () => {
    const response = await shop(`${ADMIN}/orders/${orderId}`, { headers });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain(`Order ${orderId}`);
    expect(html).toContain(partNumber);
    expect(html).toContain('aria-label="Amounts"');
    expect(html).toContain('aria-label="Timeline"');
    expect(html).toContain('Awaiting payment');
    expect(html).toContain('New York');
    const amounts = html.slice(html.indexOf('aria-label="Amounts"'), html.indexOf('<h2>Payment'));
    const cents = [...amounts.matchAll(/>(-?)\$([\d,]+)\.(\d\d)</g)].map(([, sign, whole, fraction]) =>
      Number(`${sign}${whole!.replace(/,/g, '')}${fraction}`),
    );
    expect(cents.slice(0, -1).reduce((sum, cent) => sum + cent, 0)).toBe(cents.at(-1)); // the rows add up to the total
  });

  it('answers 404 for an order that does not exist', async () => {
    expect((await shop(`${ADMIN}/orders/NO-SUCH-ORDER`, { headers })).status).toBe(404);
    expect((await shop(`${ADMIN}/orders/${'x'.repeat(200)}`, { headers })).status).toBe(404);
  });
});
