import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/money.ts';
import { markOrderPaid } from '../../worker/flows/settle-payment.ts';
import { ADMIN, staffSession } from './admin-helpers.ts';
import { json } from './account-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { loadPostalCodes, NEW_YORK, type Quote, shopper, TORONTO } from './checkout-helpers.ts';
import { CA_HOST, US_HOST, api, shop } from './helpers.ts';

const DAY_MS = 86_400_000;
type Placed = { orderId: string; total: number };

/** A guest's order of one part in a market, awaiting payment. */
async function guestOrder(host: string, address: typeof NEW_YORK, skuId: number): Promise<Placed> {
  const buyer = shopper(host);
  await buyer.add(skuId, 1);
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address })).body.data;
  const placed = await buyer.call<{ order: Placed }>('POST', '/order/public/buyer/order/place', {
    idempotencyKey: `order-${crypto.randomUUID()}`,
    email: `dash-${crypto.randomUUID().slice(0, 8)}@example.com`,
    address,
    paymentMethod: 'CARD',
    expectedTotal: quote.total,
  });
  return { orderId: placed.body.data.order.orderId, total: quote.total };
}
const placedAt = (orderId: string, at: number) =>
  env.DB.prepare('UPDATE orders SET created_at = ? WHERE id = ?').bind(at, orderId).run();
const paid = (order: Placed) => markOrderPaid(env.DB, order.orderId, Date.now());

let html = '';
const expected = { usToday: [] as Placed[], usWeek: [] as Placed[], usPaidToday: [] as Placed[] };
let usPaidWeek: Placed[] = [];
let ca: Placed;
const today = new Date().toISOString().slice(0, 10);
const dayStart = Date.parse(`${today}T00:00:00Z`);
const weekStart = dayStart - ((new Date(dayStart).getUTCDay() + 6) % 7) * DAY_MS;
const monday = new Date(weekStart).toISOString().slice(0, 10);

/** One figure of the dashboard: a period's market row's orders or revenue, as text. */
const cell = (period: string, market: string, field: string) => {
  const table = html.slice(html.indexOf(`data-period="${period}"`));
  const row = table.slice(table.indexOf(`data-market="${market}"`));
  const figure = row.match(new RegExp(`data-field="${field}">(.*?)</td>`))?.[1] ?? '';
  return figure.replace(/<[^>]+>/g, '');
};

beforeAll(async () => {
  await loadCatalogFixture();
  await loadPostalCodes();
  const skus = (
    await env.DB.prepare(
      `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id WHERE i.us_status = 'ON_SHELVES'
        AND i.ca_status = 'ON_SHELVES' AND s.available_total >= 20
        AND EXISTS (SELECT 1 FROM sku_price p WHERE p.sku_id = s.id AND p.currency = 'CAD') ORDER BY s.id LIMIT 2`,
    ).all<{ id: number }>()
  ).results.map((row) => row.id);
  const [paidToday, unpaidToday, paidLastWeek, paidEarlierThisWeek] = [
    await guestOrder(US_HOST, NEW_YORK, skus[0]!),
    await guestOrder(US_HOST, NEW_YORK, skus[1]!),
    await guestOrder(US_HOST, NEW_YORK, skus[0]!),
    await guestOrder(US_HOST, NEW_YORK, skus[1]!),
  ];
  ca = await guestOrder(CA_HOST, TORONTO, skus[0]!);
  for (const order of [paidToday, paidLastWeek, paidEarlierThisWeek, ca]) await paid(order);
  await placedAt(paidLastWeek.orderId, weekStart - DAY_MS);
  // The week's first minute: before today unless today is Monday.
  await placedAt(paidEarlierThisWeek.orderId, weekStart + 60_000);
  const earlierIsToday = weekStart === dayStart;
  expected.usToday = [paidToday, unpaidToday, ...(earlierIsToday ? [paidEarlierThisWeek] : [])];
  expected.usPaidToday = [paidToday, ...(earlierIsToday ? [paidEarlierThisWeek] : [])];
  expected.usWeek = [paidToday, unpaidToday, paidEarlierThisWeek];
  usPaidWeek = [paidToday, paidEarlierThisWeek];
  const [item] = (await env.DB.prepare('SELECT id FROM item ORDER BY id LIMIT 2').all<{ id: number }>()).results;
  for (const title of ['Fits well', 'Quiet brakes']) {
    const review = { itemId: item!.id, rating: 5, title, content: 'Went on in an hour, no noise.', name: 'Sam K.' };
    const answer = await api(`${US_HOST}/item/public/buyer/review`, json('POST', review));
    expect(answer.body.success).toBe(true);
  }
  const owner = await staffSession('owner');
  html = await (await shop(ADMIN, { headers: owner.headers })).text();
});

const sum = (orders: Placed[]) => orders.reduce((total, order) => total + order.total, 0);

describe('the console dashboard', () => {
  it("counts today's and this week's orders per market, with the paid revenue in the market's currency", () => {
    expect(cell('today', 'us', 'orders')).toBe(String(expected.usToday.length));
    expect(cell('today', 'us', 'revenue')).toBe(formatMoney({ cent: sum(expected.usPaidToday), currency: 'USD' }));
    expect(cell('week', 'us', 'orders')).toBe(String(expected.usWeek.length));
    expect(cell('week', 'us', 'revenue')).toBe(formatMoney({ cent: sum(usPaidWeek), currency: 'USD' }));
    for (const period of ['today', 'week']) {
      expect(cell(period, 'ca', 'orders')).toBe('1');
      expect(cell(period, 'ca', 'revenue')).toBe(formatMoney({ cent: ca.total, currency: 'CAD' }));
      expect(cell(period, 'ca', 'revenue')).toMatch(/^CA\$/);
    }
  });

  it('counts the paid orders waiting to ship and the reviews waiting for a decision, each linking to its list', () => {
    expect(html).toMatch(/href="\/admin\/orders\?status=PROCESSING">Processing: 4</);
    expect(html).toMatch(/href="\/admin\/orders\?status=PARTIAL_SHIPMENT">Partially shipped: 0</);
    expect(html).toMatch(/href="\/admin\/reviews">Pending: 2</);
  });

  it('says which days it counts, and its order counts open the matching orders list', async () => {
    expect(html).toContain(`Today (${today})`);
    expect(html).toContain(`This week (from Monday ${monday})`);
    expect(html).toContain('Days are UTC days and weeks start on Monday');
    const link = `/admin/orders?market=us&amp;from=${monday}&amp;to=${today}`;
    expect(html).toContain(`href="${link}"`);
    const owner = await staffSession('owner');
    const list = await (await shop(`${US_HOST}${link.replace(/&amp;/g, '&')}`, { headers: owner.headers })).text();
    expect(list).toContain(`>${expected.usWeek.length} orders · ${expected.usWeek.length} in USD: `);
  });

  it('shows a role the figures without links to lists it may not open', async () => {
    const merchandiser = await staffSession('merchandiser');
    const page = await (await shop(ADMIN, { headers: merchandiser.headers })).text();
    expect(page).toContain('Processing: 4');
    expect(page).not.toContain('href="/admin/orders?');
    expect(page).toContain('href="/admin/reviews"');
  });
});
