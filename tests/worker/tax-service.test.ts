import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderConfirmationEmail } from '../../worker/orders/email.ts';
import { orderView } from '../../worker/orders/service.ts';
import { bearer, freshIp, member } from './account-helpers.ts';
import { checkoutFixture, shopper, type Quote } from './checkout-helpers.ts';
import { shop, US_HOST } from './helpers.ts';
import { PLACES } from './tax-fakes.ts';
import { COLUMBUS, loadTaxPlaces, SAN_FRANCISCO, SEATTLE, useTaxService } from './tax-helpers.ts';

const QUOTE = '/order/public/buyer/checkout/quote';
const PLACE = '/order/public/buyer/order/place';

interface TaxQuote extends Omit<Quote, 'taxes'> {
  taxes: { name: string; rateLabel: string; rate: number; amountCent: number }[];
  taxNote: string | null;
  taxSummary: { combinedRateLabel: string | null; partsTaxed: boolean; shippingTaxed: boolean; estimated: boolean };
}

let skuIds: number[];
let service: ReturnType<typeof useTaxService> | null = null;

beforeAll(async () => {
  skuIds = await checkoutFixture(4);
  await loadTaxPlaces();
});
afterEach(() => {
  service?.restore();
  service = null;
});

/** A quote for two parts shipped to the address, from a new shopper's cart. */
async function quoteTo(address: Record<string, string>) {
  const buyer = shopper(US_HOST, { 'cf-connecting-ip': freshIp() });
  await buyer.add(skuIds[0]!, 2);
  await buyer.add(skuIds[1]!, 1);
  const answer = await buyer.call<TaxQuote>('POST', QUOTE, { address });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { buyer, quote: answer.body.data };
}

/** The combined rate of a place in the fakes' table, as the quote labels it. */
const combined = (zip: string) =>
  `${Number(PLACES[zip]!.jurisdictions.reduce((sum, place) => sum + Number(place.percent), 0).toFixed(3))}%`;

describe.each(['stripe', 'avalara'] as const)('the quote with %s as the tax service', (provider) => {
  it("charges Columbus, Ohio the service's 8% in its state, county and transit district, shipping too", async () => {
    service = useTaxService(provider);
    const { quote } = await quoteTo(COLUMBUS);
    expect(quote.taxes.map((tax) => `${tax.name} ${tax.rateLabel}`)).toEqual([
      'Ohio state tax 5.75%',
      'Franklin County tax 1.25%',
      'Central Ohio Transit Authority tax 1%',
    ]);
    expect(quote.taxSummary).toEqual({
      combinedRateLabel: combined('43215'),
      partsTaxed: true,
      shippingTaxed: quote.pricing.shipping > 0,
      estimated: false,
    });
    expect(combined('43215')).toBe('8%');
    expect(quote.tax).toBe(quote.taxes.reduce((sum, tax) => sum + tax.amountCent, 0));
    expect(quote.total).toBe(quote.pricing.subtotal - quote.pricing.discount + quote.pricing.shipping + quote.tax);
    expect(
      service.calls.some((call) => call.path.includes(provider === 'stripe' ? '/v1/tax/calculations' : '/create')),
    ).toBe(true);
  });

  it("charges San Francisco the service's 8.625% in seven jurisdictions, and no tax on the shipping", async () => {
    service = useTaxService(provider);
    const { quote } = await quoteTo(SAN_FRANCISCO);
    expect(quote.taxes.map((tax) => tax.name)).toEqual([
      'California state tax',
      'San Francisco County tax',
      'San Francisco city tax',
      'San Francisco County Transportation Authority tax',
      'Bay Area Rapid Transit District tax',
      'San Francisco Public Financing Authority tax',
      'Peninsula Corridor Joint Powers Board tax',
    ]);
    expect(quote.taxSummary).toMatchObject({ combinedRateLabel: '8.625%', partsTaxed: true, shippingTaxed: false });
    // Every jurisdiction taxes the parts alone: each line is its rate on the goods, to the cent.
    const goods = quote.pricing.subtotal - quote.pricing.discount - quote.pricing.points;
    for (const tax of quote.taxes)
      expect(Math.abs(tax.amountCent - (goods * tax.rate) / 100_000)).toBeLessThanOrEqual(2);
  });

  it("charges Seattle the service's 10.35% in its state, city and transit district", async () => {
    service = useTaxService(provider);
    const { quote } = await quoteTo(SEATTLE);
    expect(quote.taxes.map((tax) => `${tax.name} ${tax.rateLabel}`)).toEqual([
      'Washington state tax 6.5%',
      'Seattle city tax 2.45%',
      'Regional Transit Authority tax 1.4%',
    ]);
    expect(quote.taxSummary.combinedRateLabel).toBe(combined('98101'));
    expect(quote.taxSummary.shippingTaxed).toBe(quote.pricing.shipping > 0);
  });
});

describe('an order taxed by the service', () => {
  it('keeps the jurisdictions on the order, its invoice and its email, and its tax line by line', async () => {
    const token = await member(`oh-${crypto.randomUUID().slice(0, 8)}@example.com`);
    service = useTaxService('stripe');
    const buyer = shopper(US_HOST, { ...bearer(token), 'cf-connecting-ip': freshIp() });
    await buyer.add(skuIds[2]!, 2);
    await buyer.add(skuIds[3]!, 1);
    const quote = (await buyer.call<TaxQuote>('POST', QUOTE, { address: COLUMBUS })).body.data;
    const placed = await buyer.call<{ order: { orderId: string } }>('POST', PLACE, {
      idempotencyKey: `order-${crypto.randomUUID()}`,
      address: COLUMBUS,
      paymentMethod: 'CARD',
      expectedTotal: quote.total,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.data.order.orderId;
    const order = (await orderView(env.DB, orderId))!;
    const named = quote.taxes.map((tax) => ({ name: tax.name, rateLabel: tax.rateLabel, amount: tax.amountCent }));
    expect(order.taxes).toEqual(named);
    expect(order.tax).toBe(quote.tax);

    const invoice = await shop(`${US_HOST}/printInvoice?orderId=${orderId}`, {
      headers: { cookie: `token=${token}`, 'cf-connecting-ip': freshIp() },
    });
    const html = (await invoice.text()).replace(/<!-- -->/g, '');
    for (const tax of quote.taxes) expect(html).toContain(`${tax.name} (${tax.rateLabel})`);
    const email = orderConfirmationEmail(order, { name: 'AutoHaven', origin: US_HOST }, `${US_HOST}/o`);
    for (const tax of quote.taxes) expect(email.text).toContain(`${tax.name} (${tax.rateLabel})`);

    // The ledger: Stripe's calculation, each line's tax and its jurisdictions, adding up to the order's tax.
    const record = await env.DB.prepare(`SELECT provider, calculation_ref AS ref, tax_cent AS tax, status
      FROM tax_record WHERE order_id = ?`)
      .bind(orderId)
      .first<{ provider: string; ref: string; tax: number; status: string }>();
    expect(record).toMatchObject({ provider: 'stripe', tax: quote.tax, status: 'PENDING' });
    expect(record!.ref).toMatch(/^taxcalc_/);
    const lines = await env.DB.prepare(`SELECT line_no AS lineNo, tax_cent AS tax FROM tax_line WHERE order_id = ?
      ORDER BY line_no`)
      .bind(orderId)
      .all<{ lineNo: number; tax: number }>();
    expect(lines.results.map((line) => line.lineNo)).toEqual(quote.pricing.shipping > 0 ? [0, 1, 2] : [1, 2]);
    const details = await env.DB.prepare(`SELECT sum(tax_cent) AS tax, count(DISTINCT code) AS places FROM tax_detail
      WHERE order_id = ?`)
      .bind(orderId)
      .first<{ tax: number; places: number }>();
    expect(details).toEqual({ tax: quote.tax, places: 3 });
  });
});
