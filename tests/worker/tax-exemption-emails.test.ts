import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, freshIp } from './account-helpers.ts';
import { staffSession } from './admin-helpers.ts';
import { checkoutFixture, shopper, TORONTO } from './checkout-helpers.ts';
import { CA_HOST, shop, US_HOST } from './helpers.ts';
import { approve, dayFromNow, exemptMember, reject, sentCertificate } from './tax-exemption-helpers.ts';

/**
 * The member hears of the staff's decision on their certificate (issue 39 item 3): approved, with
 * the states or provinces it covers and its last day; rejected, with the reason and how to send it
 * again. Once, from the decision that won, however many staff decide at once; in the member's
 * language; linked to their tax exemption page on the market's configured origin, never the host
 * the staff's request came in on.
 */

const VANCOUVER = { ...TORONTO, city: 'Vancouver', regionCode: 'BC', postalCode: 'V6B 4Y8' };
const bindings = env as unknown as { US_ORIGIN: string; CA_ORIGIN: string };

let caSkuId: number;

beforeAll(async () => {
  await checkoutFixture(1);
  caSkuId = (await env.DB.prepare(
    `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id WHERE i.ca_status = 'ON_SHELVES' AND s.available_total >= 20
      AND EXISTS (SELECT 1 FROM sku_price p WHERE p.sku_id = s.id AND p.currency = 'CAD') ORDER BY s.id LIMIT 1`,
  ).first<{ id: number }>())!.id;
});

interface Mail {
  kind: string;
  subject: string;
  text: string;
  html: string;
}

/** The certificate emails sent to an address, oldest first. */
async function certificateMail(email: string): Promise<Mail[]> {
  const { results } = await env.DB.prepare(
    `SELECT kind, subject, text_body AS text, html_body AS html FROM email_outbox
     WHERE to_address = ? AND kind LIKE 'tax-exemption-%' ORDER BY id`,
  )
    .bind(email)
    .all<Mail>();
  return results;
}

/** A day as the English emails write it: "December 31, 2027". */
const longDay = (day: string, tag = 'en-US') =>
  new Date(Date.parse(day)).toLocaleDateString(tag, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

describe("staff's decision on a certificate", () => {
  it('emails the member once it is approved: the states it covers, its last day, their page', async () => {
    const buyer = await exemptMember();
    const certificate = await sentCertificate(buyer.token, buyer.accountId, { regions: ['US-OH', 'US-TX'] });
    const expiresOn = dayFromNow(400);
    expect((await approve(certificate.id, ['US-OH', 'US-TX'], expiresOn)).status).toBe(303);
    const mail = await certificateMail(buyer.email);
    expect(mail.map((one) => one.kind)).toEqual(['tax-exemption-approved']);
    const [approved] = mail;
    expect(approved!.subject).toBe(`Your resale certificate ${certificate.number} is approved`);
    expect(approved!.text).toContain('It covers: Ohio, Texas. Orders shipped there are charged no sales tax.');
    expect(approved!.text).toContain(`It applies until ${longDay(expiresOn)}, the expiry date on the certificate.`);
    // The configured origin, not the host the staff's request came in on.
    expect(approved!.text).toContain(`${bindings.US_ORIGIN}/myAccount/taxExemption`);
    expect(approved!.html).toContain(`href="${bindings.US_ORIGIN}/myAccount/taxExemption"`);
    expect(approved!.text).not.toContain(`${US_HOST}/`);
  });

  it('emails the member once it is rejected: the reason, and how to upload it again', async () => {
    const buyer = await exemptMember();
    const certificate = await sentCertificate(buyer.token, buyer.accountId);
    expect((await reject(certificate.id, 'The certificate is not signed.')).status).toBe(303);
    const [rejected, ...more] = await certificateMail(buyer.email);
    expect(more).toEqual([]);
    expect(rejected!.kind).toBe('tax-exemption-rejected');
    expect(rejected!.subject).toBe(`Your resale certificate ${certificate.number} was not accepted`);
    expect(rejected!.text).toContain('Reason: The certificate is not signed.');
    expect(rejected!.text).toContain('upload a new scan or photo of the certificate on the Tax exemption page');
    expect(rejected!.text).toContain(`Upload a certificate: ${bindings.US_ORIGIN}/myAccount/taxExemption`);
  });

  it('sends one email when two staff decide at once: the decision that won', async () => {
    const buyer = await exemptMember();
    const certificate = await sentCertificate(buyer.token, buyer.accountId);
    const owner = await staffSession('owner');
    const body = new URLSearchParams({ _csrf: owner.csrf, expiresOn: dayFromNow(30), regions: 'US-OH' });
    const answers = await Promise.all([
      shop(`${US_HOST}/admin/tax-exemptions/${certificate.id}/approve`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...owner.headers },
        body,
      }),
      reject(certificate.id, 'Expired certificate.'),
      reject(certificate.id, 'Unreadable scan.'),
    ]);
    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(1);
    const status = (await env.DB.prepare(`SELECT status FROM tax_exemption WHERE id = ?`)
      .bind(certificate.id)
      .first<{ status: string }>())!.status;
    const mail = await certificateMail(buyer.email);
    expect(mail.map((one) => one.kind)).toEqual([`tax-exemption-${status.toLowerCase()}`]);
  });

  it("speaks French to a Canadian member who orders in French, linked to the Canadian site's French page", async () => {
    const buyer = await exemptMember('garage');
    // Sent from the English page, but the member's orders are in French.
    const certificate = await sentCertificate(buyer.token, buyer.accountId, { regions: ['CA-BC'] }, CA_HOST);
    const french = shopper(CA_HOST, { ...bearer(buyer.token), 'cf-connecting-ip': freshIp(), 'accept-language': 'fr' });
    await french.add(caSkuId, 1);
    const quote = (
      await french.call<{ total: number }>('POST', '/order/public/buyer/checkout/quote', {
        address: VANCOUVER,
      })
    ).body.data;
    const placed = await french.call('POST', '/order/public/buyer/order/place', {
      idempotencyKey: `order-${crypto.randomUUID()}`,
      address: VANCOUVER,
      paymentMethod: 'CARD',
      expectedTotal: quote.total,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const expiresOn = dayFromNow(200, 'CA-BC');
    expect((await approve(certificate.id, ['CA-BC'], expiresOn)).status).toBe(303);
    const [approved] = await certificateMail(buyer.email);
    expect(approved!.subject).toBe(`Votre certificat de revente ${certificate.number} est approuvé`);
    expect(approved!.text).toContain('Il couvre : Colombie-Britannique.');
    expect(approved!.text).toContain('ne sont pas assujetties à la TVP');
    expect(approved!.text).toContain(`Il s'applique jusqu'au ${longDay(expiresOn, 'fr-CA')}`);
    expect(approved!.text).toContain(`${bindings.CA_ORIGIN}/fr/myAccount/taxExemption`);
    expect(approved!.html).toContain('lang="fr-CA"');
  });

  it('speaks the language of the page the certificate was sent from to a member who has not ordered', async () => {
    const buyer = await exemptMember('atelier');
    const certificate = await sentCertificate(buyer.token, buyer.accountId, { regions: ['CA-SK'] }, `${CA_HOST}/fr`);
    expect((await reject(certificate.id, 'Le certificat est illisible.')).status).toBe(303);
    const [rejected] = await certificateMail(buyer.email);
    expect(rejected!.subject).toBe(`Votre certificat de revente ${certificate.number} n'a pas été accepté`);
    expect(rejected!.text).toContain('Motif : Le certificat est illisible.');
    expect(rejected!.text).toContain(`${bindings.CA_ORIGIN}/fr/myAccount/taxExemption`);
  });
});
