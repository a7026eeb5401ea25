import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import settings from '../../kv-seed/settings.json';
import { bearer, freshIp, member } from './account-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { NEW_YORK, TORONTO, loadPostalCodes, shopper, type Quote } from './checkout-helpers.ts';
import { CA_HOST, US_HOST, shop } from './helpers.ts';

const QUOTE = '/order/public/buyer/checkout/quote';
const PLACE = '/order/public/buyer/order/place';
const MONTREAL = { ...TORONTO, firstName: 'Émilie', city: 'Montréal', regionCode: 'QC', postalCode: 'H2X 1Y4' };
const VANCOUVER = { ...TORONTO, firstName: 'Mira', city: 'Vancouver', regionCode: 'BC', postalCode: 'V6B 4Y8' };
const BC_PST = settings.TAX_REGISTRATIONS.ca['PST-BC'].number;

let skuId: number;

beforeAll(async () => {
  await loadCatalogFixture();
  await loadPostalCodes();
  skuId = (await env.DB.prepare(
    `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id WHERE i.us_status = 'ON_SHELVES'
      AND i.ca_status = 'ON_SHELVES' AND s.available_total >= 20
      AND EXISTS (SELECT 1 FROM sku_price p WHERE p.sku_id = s.id AND p.currency = 'CAD') ORDER BY s.id LIMIT 1`,
  ).first<{ id: number }>())!.id;
});

/** A member's order placed through the app; answers its invoice page as the member sees it. */
async function invoiceOf(host: string, email: string, address: Record<string, string>) {
  const token = await member(email);
  const buyer = shopper(host, bearer(token));
  await buyer.add(skuId, 1);
  const quote = (await buyer.call<Quote>('POST', QUOTE, { address })).body.data;
  const placed = await buyer.call<{ order: { orderId: string } }>('POST', PLACE, {
    idempotencyKey: `order-${crypto.randomUUID()}`,
    address,
    paymentMethod: 'CARD',
    expectedTotal: quote.total,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const orderId = placed.body.data.order.orderId;
  const response = await shop(`${host}/printInvoice?orderId=${orderId}`, {
    headers: { cookie: `token=${token}`, 'cf-connecting-ip': freshIp() },
  });
  expect(response.status).toBe(200);
  return { quote, html: (await response.text()).replace(/<!-- -->/g, '') };
}

describe('Canadian invoices', () => {
  it("show the seller's GST/HST and QST registration numbers from the shop settings", async () => {
    expect(settings.GST_HST_REGISTRATION_NUMBER).toMatch(/^\d{9} RT\d{4}$/);
    expect(settings.QST_REGISTRATION_NUMBER).toMatch(/^\d{10} TQ\d{4}$/);
    const { quote, html } = await invoiceOf(CA_HOST, 'invoice-quebec@example.com', MONTREAL);
    expect(html).toContain(`<dt>GST/HST registration no.</dt><dd>${settings.GST_HST_REGISTRATION_NUMBER}</dd>`);
    expect(html).toContain(`<dt>QST registration no.</dt><dd>${settings.QST_REGISTRATION_NUMBER}</dd>`);
    // The invoice charges QST on the goods plus the shipping, as the quote did.
    const qst = quote.taxes.find((tax) => tax.name === 'QST')!;
    expect(qst.amountCent).toBeGreaterThan(0);
    expect(html).toContain(`<dt>QST (9.975%)</dt><dd>CA$${(qst.amountCent / 100).toFixed(2)}</dd>`);
  });

  it("show the shop's BC PST number where BC PST was charged, and only there", async () => {
    const { quote, html } = await invoiceOf(CA_HOST, 'invoice-vancouver@example.com', VANCOUVER);
    expect(quote.taxes.find((tax) => tax.name === 'PST')!.amountCent).toBeGreaterThan(0);
    expect(html).toContain(`<dt>BC PST registration no.</dt><dd>${BC_PST}</dd>`);
    expect(html).toContain(`<dt>GST/HST registration no.</dt><dd>${settings.GST_HST_REGISTRATION_NUMBER}</dd>`);
    const ontario = await invoiceOf(CA_HOST, 'invoice-toronto@example.com', TORONTO);
    expect(ontario.html).toContain('GST/HST registration no.');
    expect(ontario.html).not.toContain('PST registration no.');
    expect(ontario.html).not.toContain(BC_PST);
  });

  it('are the only ones: a US invoice shows no Canadian registration numbers', async () => {
    const { html } = await invoiceOf(US_HOST, 'invoice-new-york@example.com', NEW_YORK);
    expect(html).toContain('Print');
    expect(html).not.toContain('registration no.');
    expect(html).not.toContain(settings.QST_REGISTRATION_NUMBER);
    expect(html).not.toContain(BC_PST);
  });
});
