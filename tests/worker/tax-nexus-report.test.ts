import { env } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/money.ts';
import { US_NEXUS_THRESHOLDS } from '../../shared/tax-nexus.ts';
import { cancelForShop } from '../../worker/flows/cancel-order.ts';
import { refundOrderByShop } from '../../worker/flows/refund-order.ts';
import { nexusReport, type NexusReport } from '../../worker/tax/staff.ts';
import { nexusStatus } from '../../worker/tax/nexus.ts';
import { ADMIN, staffSession } from './admin-helpers.ts';
import { testAudit } from './audit-helpers.ts';
import { checkoutFixture } from './checkout-helpers.ts';
import { CA_HOST, shop, US_HOST } from './helpers.ts';
import { shipAll } from './returns-helpers.ts';
import { COLUMBUS, DENVER, deliverTaxJobs, loadTaxPlaces, patchSettings, useTaxService } from './tax-helpers.ts';
import {
  bothMarketSkus,
  loadCanadianPlaces,
  paidOrderTo,
  placedOrderTo,
  REGINA,
  VANCOUVER,
} from './tax-report-helpers.ts';

/**
 * The economic-nexus report (issue 39): per state and Canadian registration, the last 12 months'
 * paid sales net of refunds and the orders shipped there, against the state's threshold, flagged
 * registered, over, or near (80 %). Orders are placed and paid through the app.
 */

let skuIds: number[];
let service: ReturnType<typeof useTaxService>;
let restoreSettings: () => Promise<void>;
const expected = { coSales: 0, ohOrders: 0, caSales: 0, skSales: 0 };

const preTax = (quote: { total: number; tax: number }) => quote.total - quote.tax;

beforeAll(async () => {
  await checkoutFixture(1);
  await loadTaxPlaces();
  await loadCanadianPlaces();
  skuIds = await bothMarketSkus(2);
  service = useTaxService('offline');
  // The shop gave up its Saskatchewan PST registration: any sale there is over that threshold.
  const settings = JSON.parse((await env.SETTINGS.get('shop-settings', 'text'))!);
  const { 'PST-SK': _, ...ca } = settings.TAX_REGISTRATIONS.ca;
  restoreSettings = await patchSettings({ TAX_REGISTRATIONS: { ...settings.TAX_REGISTRATIONS, ca } });

  const [first, second] = skuIds as [number, number];
  for (let n = 0; n < 2; n++) await paidOrderTo(US_HOST, COLUMBUS, [{ skuId: first, quantity: 1 }]);
  const refunded = await paidOrderTo(US_HOST, DENVER, [{ skuId: first, quantity: 2 }]);
  const kept = await paidOrderTo(US_HOST, DENVER, [{ skuId: second, quantity: 1 }]);
  const cancelled = await paidOrderTo(US_HOST, DENVER, [{ skuId: second, quantity: 1 }]);
  const vancouver = await paidOrderTo(CA_HOST, VANCOUVER, [{ skuId: first, quantity: 1 }]);
  const regina = await paidOrderTo(CA_HOST, REGINA, [{ skuId: second, quantity: 1 }]);
  await deliverTaxJobs(service.jobs.splice(0));

  await shipAll(refunded.orderId);
  const oneUnit = { lines: [{ lineNo: 1, quantity: 1 }], amountCent: null, withShipping: false, reason: 'Returned' };
  const refund = await refundOrderByShop(
    env,
    refunded.orderId,
    { key: `refund-${crypto.randomUUID()}`, ...oneUnit },
    { staffId: null, audit: testAudit('orders.refund', refunded.orderId) },
    Date.now(),
  );
  expect(refund).toMatchObject({ ok: true });
  const cancel = await cancelForShop(env, cancelled.orderId, testAudit('orders.cancel', cancelled.orderId), Date.now());
  expect(cancel).toMatchObject({ ok: true });
  // Colorado charges no tax (not registered): the refund gave back its price only.
  expect(refunded.quote.tax).toBe(0);
  expected.coSales = preTax(refunded.quote) - (refund as { amountCent: number }).amountCent + preTax(kept.quote);
  expected.caSales = preTax(vancouver.quote) + preTax(regina.quote);
  expected.skSales = preTax(regina.quote);
  expected.ohOrders = 2;
  // An order placed but never paid sold nothing.
  await placedOrderTo(US_HOST, DENVER, [{ skuId: first, quantity: 1 }]);
  await deliverTaxJobs(service.jobs.splice(0));
}, 180_000);

afterAll(async () => {
  service?.restore();
  await restoreSettings?.();
});

const rowOf = (report: NexusReport, key: string) => report.rows.find((row) => row.key === key)!;
const current = async () =>
  JSON.parse((await env.SETTINGS.get('shop-settings', 'text'))!).TAX_REGISTRATIONS as Parameters<typeof nexusReport>[2];

describe('the economic-nexus report', () => {
  it("sets each state's paid sales net of refunds, and its orders, against its threshold", async () => {
    const us = await nexusReport(env.DB, 'us', await current(), Date.now());
    expect(rowOf(us, 'CO')).toMatchObject({
      salesCent: expected.coSales,
      orders: 2, // the cancelled order kept nothing; the unpaid one was never sold
      status: 'under',
      registration: null,
      threshold: US_NEXUS_THRESHOLDS.CO,
    });
    expect(rowOf(us, 'CO').salesShare).toBeCloseTo(expected.coSales / 10_000_000);
    expect(rowOf(us, 'OH')).toMatchObject({ orders: expected.ohOrders, status: 'registered' });
    expect(rowOf(us, 'OR')).toMatchObject({ salesCent: 0, orders: 0, status: 'none' });
    expect(us.rows.map((row) => row.key)).toContain('PR');
  });

  it('counts Canadian sales per registration: GST/HST everywhere, each PST in its province', async () => {
    const ca = await nexusReport(env.DB, 'ca', await current(), Date.now());
    expect(ca.currency).toBe('CAD');
    expect(rowOf(ca, 'GST/HST')).toMatchObject({ salesCent: expected.caSales, orders: 2, status: 'registered' });
    expect(rowOf(ca, 'PST-BC')).toMatchObject({ orders: 1, status: 'registered' });
    expect(rowOf(ca, 'QST')).toMatchObject({ salesCent: 0, orders: 0, status: 'registered' });
    // Saskatchewan asks out-of-province sellers to register from their first sale.
    expect(rowOf(ca, 'PST-SK')).toMatchObject({ salesCent: expected.skSales, orders: 1, status: 'over' });
  });

  it('leaves out sales paid more than 12 months ago', async () => {
    const orderId = (await env.DB.prepare(
      `SELECT order_id AS orderId FROM tax_record WHERE region = 'OH' ORDER BY created_at LIMIT 1`,
    ).first<{ orderId: string }>())!.orderId;
    await env.DB.prepare(`UPDATE tax_record SET sold_at = ? WHERE order_id = ?`)
      .bind(Date.now() - 366 * 86_400_000, orderId)
      .run();
    const us = await nexusReport(env.DB, 'us', await current(), Date.now());
    expect(rowOf(us, 'OH').orders).toBe(expected.ohOrders - 1);
  });

  it('shows owners the report with its flags and amounts, and refuses everyone else', async () => {
    const owner = await staffSession('owner');
    const response = await shop(`${ADMIN}/tax/nexus`, { headers: owner.headers });
    expect(response.status).toBe(200);
    const html = (await response.text()).replace(/<!-- -->/g, '');
    const colorado = html.slice(html.indexOf('data-nexus="us:CO"'), html.indexOf('data-nexus="us:CT"'));
    expect(colorado).toContain(formatMoney({ cent: expected.coSales, currency: 'USD' }));
    expect(colorado).toContain('$100,000<');
    expect(colorado).toContain('data-nexus-status="under"');
    expect(html).toContain('data-nexus-status="registered"');
    const summary = html.slice(html.indexOf('data-nexus-summary="ca"'));
    expect(summary).toMatch(/Over a threshold, not registered:<\/strong> PST \(Saskatchewan\)/);
    expect(html).toContain('net of');
    for (const role of ['support', 'fulfilment', 'merchandiser'] as const) {
      const other = await staffSession(role);
      expect((await shop(`${ADMIN}/tax/nexus`, { headers: other.headers })).status).toBe(403);
    }
  });
});

describe("a state's flag", () => {
  const oh = US_NEXUS_THRESHOLDS.OH!; // $100,000 or 200 orders
  const ny = US_NEXUS_THRESHOLDS.NY!; // $500,000 and 100 orders

  it('is "over" at a threshold, "near" from 80 % of one, "under" below, "registered" whatever the sales', () => {
    expect(nexusStatus(oh, 10_000_000, 1, false).status).toBe('over');
    expect(nexusStatus(oh, 100, 200, false).status).toBe('over');
    expect(nexusStatus(oh, 8_000_000, 1, false).status).toBe('near');
    expect(nexusStatus(oh, 100, 160, false).status).toBe('near');
    expect(nexusStatus(oh, 7_999_999, 159, false).status).toBe('under');
    expect(nexusStatus(oh, 10_000_000, 1, true)).toMatchObject({ status: 'registered', meets: true });
    expect(nexusStatus(US_NEXUS_THRESHOLDS.OR!, 10_000_000, 500, false).status).toBe('none');
  });

  it('needs both tests where the state counts both (New York, Connecticut)', () => {
    expect(nexusStatus(ny, 50_000_000, 99, false).status).toBe('near');
    expect(nexusStatus(ny, 50_000_000, 100, false).status).toBe('over');
    expect(nexusStatus(ny, 50_000_000, 10, false).status).toBe('under');
    expect(nexusStatus(ny, 40_000_000, 80, false).status).toBe('near');
  });
});
