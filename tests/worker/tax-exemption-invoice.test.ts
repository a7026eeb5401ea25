import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, freshIp, member } from './account-helpers.ts';
import { checkoutFixture, shopper, TORONTO } from './checkout-helpers.ts';
import { orderStatus, payInSandbox } from './fulfilment-helpers.ts';
import { CA_HOST, shop, US_HOST } from './helpers.ts';
import { approvedMember } from './tax-exemption-helpers.ts';
import { COLUMBUS, loadTaxPlaces } from './tax-helpers.ts';

/**
 * An exempt order says so on paper (issue 39 item 3): its invoice and its confirmation email name
 * the certificate it was sold under ("Tax exempt: resale certificate …", in Canada "PST exempt"),
 * in the order's language; an order sold with tax says nothing of the kind.
 */

const VANCOUVER = { ...TORONTO, city: 'Vancouver', regionCode: 'BC', postalCode: 'V6B 4Y8' };

let usSkuId: number;
let caSkuId: number;

beforeAll(async () => {
  [usSkuId] = (await checkoutFixture(1)) as [number];
  await loadTaxPlaces();
  caSkuId = (await env.DB.prepare(
    `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id WHERE i.ca_status = 'ON_SHELVES' AND s.available_total >= 20
      AND EXISTS (SELECT 1 FROM sku_price p WHERE p.sku_id = s.id AND p.currency = 'CAD') ORDER BY s.id LIMIT 1`,
  ).first<{ id: number }>())!.id;
});

/** A member's order of one part to the address, placed and paid in the language asked for. */
async function paidOrder(host: string, token: string, address: Record<string, string>, language = 'en') {
  const headers = { ...bearer(token), 'cf-connecting-ip': freshIp(), 'accept-language': language };
  const buyer = shopper(host, headers);
  await buyer.add(host === CA_HOST ? caSkuId : usSkuId, 1);
  const quote = (await buyer.call<{ total: number }>('POST', '/order/public/buyer/checkout/quote', { address })).body;
  const placed = await buyer.call<{ order: { orderId: string } }>('POST', '/order/public/buyer/order/place', {
    idempotencyKey: `order-${crypto.randomUUID()}`,
    address,
    paymentMethod: 'HOSTED_CARD',
    expectedTotal: quote.data.total,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const orderId = placed.body.data.order.orderId;
  await payInSandbox(buyer, orderId);
  expect(await orderStatus(orderId)).toBe('PROCESSING');
  return orderId;
}

/** The order's invoice as its member prints it (`path` is /printInvoice or its French twin). */
async function invoice(host: string, token: string, orderId: string, path = '/printInvoice') {
  const response = await shop(`${host}${path}?orderId=${orderId}`, {
    headers: { cookie: `token=${token}`, 'cf-connecting-ip': freshIp() },
  });
  expect(response.status).toBe(200);
  return (await response.text()).replace(/<!-- -->/g, '');
}

/** The order confirmation sent to the address (the payment sends it). */
async function confirmation(email: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mail = await env.DB.prepare(
      `SELECT text_body AS text, html_body AS html FROM email_outbox
       WHERE to_address = ? AND kind = 'order-confirmation'`,
    )
      .bind(email)
      .first<{ text: string; html: string }>();
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no confirmation to ${email}`);
}

describe('an order sold under a resale certificate', () => {
  it('names the certificate on its invoice and in its confirmation email', async () => {
    const buyer = await approvedMember(['US-OH']);
    const orderId = await paidOrder(US_HOST, buyer.token, COLUMBUS);
    const said = `Tax exempt: resale certificate ${buyer.certificate.number} (Ohio)`;
    const html = await invoice(US_HOST, buyer.token, orderId);
    // The number is kept on one line.
    const kept = said.replace(buyer.certificate.number, `<span>${buyer.certificate.number}</span>`);
    expect(html).toContain(
      `<p class="invoice__note invoice__exemption" data-tax-exemption=""><strong>${kept}</strong>`,
    );
    const mail = await confirmation(buyer.email);
    expect(mail.text).toContain(said);
    expect(mail.html).toContain(said);
  });

  it('says nothing of an exemption on an order sold with tax', async () => {
    const email = `taxed-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const token = await member(email);
    const orderId = await paidOrder(US_HOST, token, COLUMBUS);
    expect(await invoice(US_HOST, token, orderId)).not.toContain('data-tax-exemption');
    const mail = await confirmation(email);
    expect(mail.text).not.toContain('exempt');
  });

  it('says so in French for a French order in Canada: the PST is what the certificate exempts', async () => {
    const buyer = await approvedMember(['CA-BC'], CA_HOST);
    const orderId = await paidOrder(CA_HOST, buyer.token, VANCOUVER, 'fr-CA');
    const french = `Exonération de la TVP : certificat de revente ${buyer.certificate.number} (Colombie-Britannique)`;
    const mail = await confirmation(buyer.email);
    expect(mail.text).toContain(french);
    const shown = (html: string) => html.replace(/<\/?span>/g, '');
    expect(shown(await invoice(CA_HOST, buyer.token, orderId, '/fr/printInvoice'))).toContain(french);
    const english = `PST exempt: resale certificate ${buyer.certificate.number} (British Columbia)`;
    expect(shown(await invoice(CA_HOST, buyer.token, orderId))).toContain(english);
  });
});
