import { env } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jurisdictionLabel } from '../../shared/tax.ts';
import { cancelForShop } from '../../worker/flows/cancel-order.ts';
import { refundOrderByShop } from '../../worker/flows/refund-order.ts';
import { csvCell } from '../../worker/tax/filing.ts';
import { FILING_MSG, type FilingReport, filingReport } from '../../worker/tax/staff.ts';
import { ADMIN, staffSession } from './admin-helpers.ts';
import { testAudit } from './audit-helpers.ts';
import { checkoutFixture, TORONTO } from './checkout-helpers.ts';
import { CA_HOST, shop, US_HOST } from './helpers.ts';
import { shipAll } from './returns-helpers.ts';
import { approvedMember } from './tax-exemption-helpers.ts';
import { COLUMBUS, DENVER, deliverTaxJobs, loadTaxPlaces, SEATTLE, useTaxService } from './tax-helpers.ts';
import {
  bothMarketSkus,
  loadCanadianPlaces,
  MONTREAL,
  paidOrderTo,
  type ReportQuote,
  VANCOUVER,
} from './tax-report-helpers.ts';

/**
 * The filing report (issue 39) on a month of orders placed and paid through the app, with the US
 * taxed by the Stripe Tax fake (state, county, city and district lines) and Canada by the offline
 * table: per jurisdiction, the tax collected is the orders' tax lines, the reversals what refunds
 * and cancellations gave back, the net the difference; the CSV says the same and is safe to open.
 */

let service: ReturnType<typeof useTaxService>;
const THIS_MONTH = new Date().toISOString().slice(0, 7);
const LAST_MONTH = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 10)).getTime();
const LAST_MONTH_TEXT = new Date(LAST_MONTH).toISOString().slice(0, 7);

/** Per jurisdiction (by its name as orders show it), the tax the orders' lines charged. */
const charged = { thisMonth: new Map<string, number>(), lastMonth: new Map<string, number>() };
const cancelled = new Map<string, number>();
const canada = new Map<string, number>();
const canadaCancelled = new Map<string, number>();
let refundedOrders: string[] = [];
let exemptOrder = '';

function addTaxes(into: Map<string, number>, quote: ReportQuote, name: (tax: string) => string = (tax) => tax) {
  for (const tax of quote.taxes) into.set(name(tax.name), (into.get(name(tax.name)) ?? 0) + tax.amountCent);
}

const oneUnitOfLine = (lineNo: number) => ({
  key: `refund-${crypto.randomUUID()}`,
  lines: [{ lineNo, quantity: 1 }],
  amountCent: null,
  withShipping: false,
  reason: 'Returned',
});

async function refundOneUnit(orderId: string, lineNo: number) {
  await shipAll(orderId);
  const audit = { staffId: null, audit: testAudit('orders.refund', orderId) };
  expect(await refundOrderByShop(env, orderId, oneUnitOfLine(lineNo), audit, Date.now())).toMatchObject({ ok: true });
}

/** Canada's registration a tax line of an order to `region` is filed under. */
const caRegistration = (region: string) => (name: string) =>
  name === 'GST' || name === 'HST' ? 'GST/HST' : name === 'QST' ? 'QST' : `PST-${region}`;

beforeAll(async () => {
  await checkoutFixture(1);
  await loadTaxPlaces();
  await loadCanadianPlaces();
  const [first, second] = (await bothMarketSkus(2)) as [number, number];
  service = useTaxService('stripe');
  const two = [
    { skuId: first, quantity: 2 },
    { skuId: second, quantity: 1 },
  ];
  const soldLastMonth = await paidOrderTo(US_HOST, COLUMBUS, two);
  const columbus = await paidOrderTo(US_HOST, COLUMBUS, two);
  const seattle = await paidOrderTo(US_HOST, SEATTLE, [{ skuId: first, quantity: 1 }]);
  const denver = await paidOrderTo(US_HOST, DENVER, [{ skuId: first, quantity: 1 }]);
  const fleet = await approvedMember(['US-OH']);
  const exempt = await paidOrderTo(US_HOST, COLUMBUS, [{ skuId: second, quantity: 1 }], fleet.token);
  const vancouver = await paidOrderTo(CA_HOST, VANCOUVER, two);
  const montreal = await paidOrderTo(CA_HOST, MONTREAL, [{ skuId: first, quantity: 1 }]);
  const toronto = await paidOrderTo(CA_HOST, TORONTO, [{ skuId: second, quantity: 1 }]);
  await deliverTaxJobs(service.jobs.splice(0));
  expect(denver.quote.tax).toBe(0); // not registered in Colorado: nothing to file there
  expect(columbus.quote.taxes.length).toBeGreaterThan(1); // the state and its local jurisdictions
  expect(exempt.quote.tax).toBe(0); // a fleet's resale certificate for Ohio
  exemptOrder = exempt.orderId;
  // The first order was paid last month; its refund is recorded this month.
  await env.DB.prepare(`UPDATE tax_record SET sold_at = ? WHERE order_id = ?`)
    .bind(LAST_MONTH, soldLastMonth.orderId)
    .run();
  addTaxes(charged.lastMonth, soldLastMonth.quote);
  for (const order of [columbus, seattle]) addTaxes(charged.thisMonth, order.quote);
  await refundOneUnit(soldLastMonth.orderId, 1);
  await refundOneUnit(columbus.orderId, 2);
  expect(
    await cancelForShop(env, seattle.orderId, testAudit('orders.cancel', seattle.orderId), Date.now()),
  ).toMatchObject({ ok: true });
  addTaxes(cancelled, seattle.quote);
  refundedOrders = [soldLastMonth.orderId, columbus.orderId, vancouver.orderId];

  for (const [order, region] of [
    [vancouver, 'BC'],
    [montreal, 'QC'],
    [toronto, 'ON'],
  ] as const)
    addTaxes(canada, order.quote, caRegistration(region));
  await refundOneUnit(vancouver.orderId, 1);
  expect(
    await cancelForShop(env, toronto.orderId, testAudit('orders.cancel', toronto.orderId), Date.now()),
  ).toMatchObject({ ok: true });
  addTaxes(canadaCancelled, toronto.quote, caRegistration('ON'));
}, 240_000);

afterAll(() => service?.restore());

/** What the line refunds gave back, per jurisdiction as the report names it (the refunds' own ledger rows). */
async function refundedByJurisdiction(market: 'us' | 'ca') {
  const { results } = await env.DB.prepare(
    `SELECT d.name, d.level, d.region, d.tax_name AS taxName, x.tax_cent AS tax FROM tax_reversal v
       JOIN tax_record r ON r.order_id = v.order_id
       JOIN tax_reversal_detail x ON x.reversal_id = v.id
       JOIN tax_detail d ON d.order_id = v.order_id AND d.line_no = x.line_no AND d.seq = x.seq
     WHERE v.is_full = 0 AND r.market = ? AND v.order_id IN (?, ?, ?)`,
  )
    .bind(market, ...refundedOrders)
    .all<{ name: string; level: string; region: string; taxName: string; tax: number }>();
  const byName = new Map<string, number>();
  for (const row of results) {
    const name =
      market === 'ca' ? caRegistration(row.region)(row.taxName) : jurisdictionLabel(row.name, row.level as 'state');
    byName.set(name, (byName.get(name) ?? 0) + row.tax);
  }
  return byName;
}

const totalsByName = (report: FilingReport) => new Map(report.totals.map((row) => [row.name, row]));

describe('the filing report', () => {
  it("files a US jurisdiction's tax in the month less what refunds and cancellations gave back", async () => {
    const report = await filingReport(env.DB, { market: 'us', from: THIS_MONTH, to: THIS_MONTH });
    const refunded = await refundedByJurisdiction('us');
    const totals = totalsByName(report);
    expect([...totals.keys()].sort()).toEqual([...new Set([...charged.thisMonth.keys(), ...refunded.keys()])].sort());
    for (const [name, row] of totals) {
      const reversed = (cancelled.get(name) ?? 0) + (refunded.get(name) ?? 0);
      expect(row, name).toMatchObject({
        taxCent: charged.thisMonth.get(name) ?? 0,
        reversedCent: reversed,
        netCent: (charged.thisMonth.get(name) ?? 0) - reversed,
      });
    }
    // Seattle's order was cancelled whole: nothing taxable is left to file there.
    for (const row of report.totals.filter((total) => total.region === 'WA'))
      expect(row, row.name).toMatchObject({ taxableCent: 0, netCent: 0 });
    expect(totals.get('Ohio state tax')!.taxableCent).toBeGreaterThan(0);
    // The fleet's exempt sale is Ohio's exempt sales, as the order's tax record holds it.
    const record = await env.DB.prepare(`SELECT exempt_cent AS exempt FROM tax_record WHERE order_id = ?`)
      .bind(exemptOrder)
      .first<{ exempt: number }>();
    expect(record!.exempt).toBeGreaterThan(0);
    expect(totals.get('Ohio state tax')!.exemptCent).toBe(record!.exempt);
    expect(totals.get('Colorado state tax')).toBeUndefined();
    expect(report.total.netCent).toBe(
      [...charged.thisMonth.values(), ...[...cancelled.values(), ...refunded.values()].map((cents) => -cents)].reduce(
        (sum, cents) => sum + cents,
        0,
      ),
    );
    expect(report.rows.every((row) => row.month === THIS_MONTH)).toBe(true);
  });

  it('files a sale in the month it was paid and its refund in the month it was recorded', async () => {
    const last = await filingReport(env.DB, { market: 'us', from: LAST_MONTH_TEXT, to: LAST_MONTH_TEXT });
    for (const [name, row] of totalsByName(last))
      expect(row, name).toMatchObject({ taxCent: charged.lastMonth.get(name), reversedCent: 0 });
    const both = await filingReport(env.DB, { market: 'us', from: LAST_MONTH_TEXT, to: THIS_MONTH });
    expect(new Set(both.rows.map((row) => row.month))).toEqual(new Set([LAST_MONTH_TEXT, THIS_MONTH]));
    const ohio = totalsByName(both).get('Ohio state tax')!;
    expect(ohio.taxCent).toBe(
      (charged.lastMonth.get('Ohio state tax') ?? 0) + charged.thisMonth.get('Ohio state tax')!,
    );
  });

  it('shows Canada by registration: GST/HST, QST and each PST apart', async () => {
    const report = await filingReport(env.DB, { market: 'ca', from: THIS_MONTH, to: THIS_MONTH });
    expect(report.currency).toBe('CAD');
    expect(report.totals.map((row) => row.jurisdiction)).toEqual(['GST/HST', 'QST', 'PST-BC']);
    const refunded = await refundedByJurisdiction('ca');
    for (const row of report.totals) {
      const reversed = (canadaCancelled.get(row.jurisdiction) ?? 0) + (refunded.get(row.jurisdiction) ?? 0);
      expect(row, row.jurisdiction).toMatchObject({
        taxCent: canada.get(row.jurisdiction),
        reversedCent: reversed,
        netCent: canada.get(row.jurisdiction)! - reversed,
      });
    }
  });
});

describe('the filing report page and its CSV', () => {
  it('shows owners the totals and downloads the same figures as an attachment', async () => {
    const owner = await staffSession('owner');
    const query = `market=us&from=${LAST_MONTH_TEXT}&to=${THIS_MONTH}`;
    const page = await shop(`${ADMIN}/tax/filing?${query}`, { headers: owner.headers });
    expect(page.status).toBe(200);
    const html = (await page.text()).replace(/<!-- -->/g, '');
    expect(html).toContain('data-filing="totals"');
    expect(html).toContain(`href="/admin/tax/filing.csv?${query.replaceAll('&', '&amp;')}"`);
    const csv = await shop(`${ADMIN}/tax/filing.csv?${query}`, { headers: owner.headers });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="sales-tax-us-${LAST_MONTH_TEXT}-to-${THIS_MONTH}.csv"`,
    );
    const [header, ...lines] = (await csv.text()).trimEnd().split('\r\n');
    expect(header).toBe(
      'Month,Market,Currency,Jurisdiction code,Jurisdiction,Region,Taxable sales,Exempt sales,Tax collected,' +
        'Tax given back by refunds,Net tax',
    );
    const report = await filingReport(env.DB, { market: 'us', from: LAST_MONTH_TEXT, to: THIS_MONTH });
    expect(lines).toHaveLength(report.rows.length);
    const net = lines.reduce((sum, line) => sum + Math.round(Number(line.split(',').at(-1)) * 100), 0);
    expect(net).toBe(report.total.netCent);
  });

  it('writes text a spreadsheet would run as a formula as plain text', async () => {
    expect(csvCell('=SUM(A1:A9)')).toBe('"\'=SUM(A1:A9)"');
    expect(csvCell('+1 800 555')).toBe('"\'+1 800 555"');
    expect(csvCell('-2+3')).toBe('"\'-2+3"');
    expect(csvCell('@cmd')).toBe('"\'@cmd"');
    expect(csvCell('Franklin County tax')).toBe('Franklin County tax');
    expect(csvCell(-1234)).toBe('-12.34');
    // A jurisdiction's name comes from the tax service: one that reads as a formula stays text in the file.
    await env.DB.prepare(
      `UPDATE tax_detail SET name = '=HYPERLINK("http://x.test","Refund")' WHERE level = 'city'`,
    ).run();
    const owner = await staffSession('owner');
    const text = await (
      await shop(`${ADMIN}/tax/filing.csv?market=us&from=${THIS_MONTH}&to=${THIS_MONTH}`, {
        headers: owner.headers,
      })
    ).text();
    expect(text).toContain(`"'=HYPERLINK(""http://x.test"",""Refund"") city tax"`);
    expect(text.split('\r\n').some((line) => /(^|,)=/.test(line))).toBe(false);
  });

  it('refuses filters that are not months, run backwards or span too long, saying why', async () => {
    const owner = await staffSession('owner');
    const cases = [
      { query: 'market=us&from=2025-13&to=2026-01', message: FILING_MSG.month },
      { query: 'market=us&from=2026-03&to=2026-01', message: FILING_MSG.order },
      { query: 'market=us&from=2020-01&to=2026-01', message: FILING_MSG.range(36) },
      { query: 'market=mx&from=2026-01&to=2026-01', message: FILING_MSG.market },
    ];
    for (const { query, message } of cases) {
      const page = await shop(`${ADMIN}/tax/filing?${query}`, { headers: owner.headers });
      expect(page.status, query).toBe(400);
      expect(await page.text()).toContain(message);
      const csv = await shop(`${ADMIN}/tax/filing.csv?${query}`, { headers: owner.headers });
      expect(csv.status).toBe(400);
      expect(await csv.text()).toBe(message);
    }
  });

  it('is for owners alone', async () => {
    for (const role of ['support', 'fulfilment', 'merchandiser'] as const) {
      const other = await staffSession(role);
      expect((await shop(`${ADMIN}/tax/filing`, { headers: other.headers })).status).toBe(403);
      expect((await shop(`${ADMIN}/tax/filing.csv`, { headers: other.headers })).status).toBe(403);
    }
  });
});
