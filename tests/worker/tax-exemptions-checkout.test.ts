import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXEMPTION_NOTE } from '../../shared/tax-exemptions.ts';
import { refundOrderByShop } from '../../worker/flows/refund-order.ts';
import { TAX_NOTE } from '../../shared/tax-registrations.ts';
import { bearer, freshIp } from './account-helpers.ts';
import { testAudit } from './audit-helpers.ts';
import { orderStatus } from './fulfilment-helpers.ts';
import { checkoutFixture, NEW_YORK, shopper, TORONTO } from './checkout-helpers.ts';
import { CA_HOST, shop, US_HOST } from './helpers.ts';
import { approvedMember, dayFromNow, exemptMember, sentCertificate, supportAgent } from './tax-exemption-helpers.ts';
import { COLUMBUS, loadTaxPlaces, SEATTLE, useTaxService } from './tax-helpers.ts';

/**
 * Exempt buyers at checkout (issue 39 item 3): an approved, unexpired certificate makes the quote
 * charge no tax in the states it covers and full tax elsewhere, with the offline table and with the
 * tax services (told of the certificate in their own fields); the placed order keeps the certificate
 * and its exempt sales per jurisdiction for the filing report.
 */

const QUOTE = '/order/public/buyer/checkout/quote';
const PLACE = '/order/public/buyer/order/place';
const VANCOUVER = { ...TORONTO, city: 'Vancouver', regionCode: 'BC', postalCode: 'V6B 4Y8' };

interface TaxQuote {
  total: number;
  tax: number;
  taxes: { name: string; rateLabel: string; amountCent: number }[];
  taxNote: string | null;
  taxSummary: { combinedRateLabel: string | null; estimated: boolean };
  pricing: { subtotal: number; discount: number; points: number; shipping: number; shippingDiscount: number };
}

let skuIds: number[];
let caSkuId: number;
let service: ReturnType<typeof useTaxService> | null = null;

beforeAll(async () => {
  skuIds = await checkoutFixture(3);
  await loadTaxPlaces();
  caSkuId = (await env.DB.prepare(
    `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id WHERE i.ca_status = 'ON_SHELVES' AND s.available_total >= 20
      AND EXISTS (SELECT 1 FROM sku_price p WHERE p.sku_id = s.id AND p.currency = 'CAD') ORDER BY s.id LIMIT 1`,
  ).first<{ id: number }>())!.id;
});
afterEach(() => {
  service?.restore();
  service = null;
});

/** The member's cart of two parts, quoted to each address in turn. */
async function quotes(token: string, addresses: Record<string, string>[], host = US_HOST) {
  const buyer = shopper(host, { ...bearer(token), 'cf-connecting-ip': freshIp() });
  await buyer.add(host === CA_HOST ? caSkuId : skuIds[0]!, 2);
  if (host === US_HOST) await buyer.add(skuIds[1]!, 1);
  const answers: TaxQuote[] = [];
  for (const address of addresses) {
    const answer = await buyer.call<TaxQuote>('POST', QUOTE, { address });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    answers.push(answer.body.data);
  }
  return { buyer, answers };
}

/** Places the member's order to the address, as quoted. */
async function place(buyer: Awaited<ReturnType<typeof quotes>>['buyer'], address: Record<string, string>) {
  const quote = (await buyer.call<TaxQuote>('POST', QUOTE, { address })).body.data;
  const placed = await buyer.call<{ order: { orderId: string } }>('POST', PLACE, {
    idempotencyKey: `order-${crypto.randomUUID()}`,
    address,
    paymentMethod: 'CARD',
    expectedTotal: quote.total,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return { orderId: placed.body.data.order.orderId, quote };
}

/** The order's exempt sales by jurisdiction, as the filing report reads them. */
async function exemptByJurisdiction(orderId: string) {
  const { results } = await env.DB.prepare(
    `SELECT code, sum(exempt_cent) AS exempt, sum(tax_cent) AS tax FROM tax_detail WHERE order_id = ?
     GROUP BY code ORDER BY code`,
  )
    .bind(orderId)
    .all<{ code: string; exempt: number; tax: number }>();
  return results;
}

const goodsOf = (quote: TaxQuote) => quote.pricing.subtotal - quote.pricing.discount - quote.pricing.points;
const shippingOf = (quote: TaxQuote) => quote.pricing.shipping - quote.pricing.shippingDiscount;

describe('an approved certificate with the offline table', () => {
  it('charges no tax in the state it covers, with a note naming it, and full tax elsewhere', async () => {
    const buyer = await approvedMember(['US-OH']);
    const { answers } = await quotes(buyer.token, [COLUMBUS, NEW_YORK]);
    const [ohio, newYork] = answers;
    expect(ohio!.tax).toBe(0);
    expect(ohio!.taxes).toEqual([]);
    expect(ohio!.taxNote).toBe(TAX_NOTE.exempt('Ohio', buyer.certificate.number));
    expect(ohio!.total).toBe(goodsOf(ohio!) + shippingOf(ohio!));
    expect(newYork!.tax).toBeGreaterThan(0);
    expect(newYork!.taxNote).toBeNull();
  });

  it('does nothing while it waits for review or once rejected', async () => {
    const buyer = await exemptMember();
    await sentCertificate(buyer.token, buyer.accountId, { regions: ['US-OH'] });
    const { answers } = await quotes(buyer.token, [COLUMBUS]);
    expect(answers[0]!.tax).toBeGreaterThan(0);
    expect(answers[0]!.taxNote).toBeNull();
  });

  it('stops applying once it has expired: yesterday charges tax again, today still does not', async () => {
    const buyer = await approvedMember(['US-OH']);
    const expire = (day: string) =>
      env.DB.prepare(`UPDATE tax_exemption SET expires_on = ? WHERE id = ?`).bind(day, buyer.certificate.id).run();
    await expire(dayFromNow(0));
    expect((await quotes(buyer.token, [COLUMBUS])).answers[0]!.tax).toBe(0);
    await expire(dayFromNow(-1));
    const [expired] = (await quotes(buyer.token, [COLUMBUS])).answers;
    expect(expired!.tax).toBeGreaterThan(0);
    expect(expired!.taxNote).toBeNull();
    const page = await fetchPage(buyer.token);
    expect(page).toContain(`Expired on ${dayFromNow(-1)}: it no longer applies.`);
  });

  it('puts the certificate on the placed order and its exempt sales per jurisdiction for filing', async () => {
    const buyer = await approvedMember(['US-OH']);
    const { buyer: cart } = await quotes(buyer.token, []);
    const { orderId, quote } = await place(cart, COLUMBUS);
    expect(quote.tax).toBe(0);
    const record = await env.DB.prepare(
      `SELECT certificate_id AS certificateId, exempt_cent AS exempt, tax_cent AS tax FROM tax_record
       WHERE order_id = ?`,
    )
      .bind(orderId)
      .first<{ certificateId: number; exempt: number; tax: number }>();
    // Ohio taxes a delivery charge with the parts: the shipping is exempt sales too.
    const exempt = goodsOf(quote) + shippingOf(quote);
    expect(record).toEqual({ certificateId: buyer.certificate.id, exempt, tax: 0 });
    expect(await exemptByJurisdiction(orderId)).toEqual([{ code: 'US-OH', exempt, tax: 0 }]);
    const order = await env.DB.prepare(`SELECT tax_cent AS tax FROM orders WHERE id = ?`)
      .bind(orderId)
      .first<{ tax: number }>();
    expect(order!.tax).toBe(0);
    // Staff read on the order page that it was sold exempt, and under which certificate.
    const staff = await supportAgent();
    const orderPage = await (await shop(`${US_HOST}/admin/orders/${orderId}`, { headers: staff.headers })).text();
    expect(orderPage).toContain(`href="/admin/tax-exemptions/${buyer.certificate.id}"`);
  });
});

describe('a refund of an exempt order', () => {
  it("gives back its share of each jurisdiction's exempt sales, and no tax", async () => {
    const buyer = await approvedMember(['US-OH']);
    const { buyer: cart } = await quotes(buyer.token, []);
    const quote = (await cart.call<TaxQuote>('POST', QUOTE, { address: COLUMBUS })).body.data;
    const placed = await cart.call<{ order: { orderId: string } }>('POST', PLACE, {
      idempotencyKey: `order-${crypto.randomUUID()}`,
      address: COLUMBUS,
      paymentMethod: 'HOSTED_CARD',
      expectedTotal: quote.total,
    });
    const orderId = placed.body.data.order.orderId;
    const started = await cart.call<{ url: string }>('POST', '/order/public/payment/', {
      orderId,
      paymentType: 'HOSTED_CARD',
    });
    const expiry = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
    await shop(`${started.body.data.url}/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
      body: new URLSearchParams({ cardNumber: '4242424242424242', expiry, cvc: '123' }).toString(),
    });
    for (let attempt = 0; attempt < 200 && (await orderStatus(orderId)) !== 'PROCESSING'; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await orderStatus(orderId)).toBe('PROCESSING');
    const line = await env.DB.prepare(`SELECT exempt_cent AS exempt FROM tax_detail WHERE order_id = ? AND line_no = 1`)
      .bind(orderId)
      .first<{ exempt: number }>();
    const refunded = await refundOrderByShop(
      env,
      orderId,
      {
        key: `refund-${crypto.randomUUID()}`,
        lines: [{ lineNo: 1, quantity: 1 }],
        amountCent: null,
        withShipping: false,
        reason: 'Returned',
      },
      { staffId: null, audit: testAudit('orders.refund', orderId) },
      Date.now(),
    );
    expect(refunded).toMatchObject({ ok: true });
    const back = await env.DB.prepare(
      `SELECT sum(d.exempt_cent) AS exempt, sum(d.tax_cent) AS tax FROM tax_reversal_detail d
       JOIN tax_reversal r ON r.id = d.reversal_id WHERE r.order_id = ?`,
    )
      .bind(orderId)
      .first<{ exempt: number; tax: number }>();
    // One of the line's two units: half its exempt sales in Ohio go back.
    expect(back).toEqual({ exempt: Math.round(line!.exempt / 2), tax: 0 });
  });
});

describe.each(['stripe', 'avalara'] as const)('an approved certificate with %s', (provider) => {
  it('is sent to the service for its state only, and the order records the exemption per jurisdiction', async () => {
    const buyer = await approvedMember(['US-OH']);
    service = useTaxService(provider);
    const { buyer: cart, answers } = await quotes(buyer.token, [SEATTLE, COLUMBUS]);
    const [seattle, columbus] = answers;
    expect(seattle!.tax).toBeGreaterThan(0);
    expect(columbus!.tax).toBe(0);
    expect(columbus!.taxNote).toBe(TAX_NOTE.exempt('Ohio', buyer.certificate.number));
    const asked = service.calls.filter((call) => call.method === 'POST').map((call) => call.body as never);
    const told = (body: Record<string, Record<string, unknown>>) =>
      provider === 'stripe'
        ? body.customer_details!.taxability_override
        : `${String(body.exemptionNo)} ${String(body.entityUseCode)}`;
    expect(asked.map(told)).toEqual(
      provider === 'stripe' ? [undefined, 'customer_exempt'] : ['undefined undefined', `${buyer.certificate.number} G`],
    );
    const { orderId } = await place(cart, COLUMBUS);
    const places = await exemptByJurisdiction(orderId);
    // The state, Franklin County and the transit district: each records the sale as exempt, none taxes it.
    expect(places).toHaveLength(3);
    const goods = goodsOf(columbus!);
    for (const place of places) {
      expect(place.tax).toBe(0);
      expect(place.exempt).toBeGreaterThanOrEqual(goods);
    }
  });

  it('still applies when the service is down and the offline table estimates the tax', async () => {
    const buyer = await approvedMember(['US-OH']);
    service = useTaxService(provider);
    service.down = 'http-503';
    const [columbus] = (await quotes(buyer.token, [COLUMBUS])).answers;
    expect(columbus!.tax).toBe(0);
    expect(columbus!.taxNote).toBe(TAX_NOTE.exempt('Ohio', buyer.certificate.number));
  });
});

describe('a Canadian certificate', () => {
  it("takes British Columbia's PST off and keeps the GST, with a note saying so", async () => {
    const exempt = await approvedMember(['CA-BC'], CA_HOST);
    const plain = await exemptMember('plain');
    const [withCertificate] = (await quotes(exempt.token, [VANCOUVER], CA_HOST)).answers;
    const [without] = (await quotes(plain.token, [VANCOUVER], CA_HOST)).answers;
    expect(without!.taxes.map((tax) => tax.name)).toEqual(['GST', 'PST']);
    expect(withCertificate!.taxes.map((tax) => tax.name)).toEqual(['GST']);
    expect(withCertificate!.taxes[0]).toEqual(without!.taxes[0]);
    expect(withCertificate!.tax).toBe(without!.taxes[0]!.amountCent);
    expect(withCertificate!.taxNote).toBe(EXEMPTION_NOTE.provincial('British Columbia', exempt.certificate.number));
    expect(withCertificate!.taxSummary.combinedRateLabel).toBe('5%');
  });
});

/** The member's tax exemption page, as text. */
async function fetchPage(token: string) {
  const response = await shop(`${US_HOST}/myAccount/taxExemption`, { headers: bearer(token) });
  return (await response.text()).replace(/<!-- -->/g, '');
}
