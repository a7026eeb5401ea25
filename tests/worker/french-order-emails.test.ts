import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { cancelForShop } from '../../worker/flows/cancel-order.ts';
import { approveReturn, askForEvidence, markReturnReceived, rejectReturn } from '../../worker/flows/decide-return.ts';
import { refundOrderByShop } from '../../worker/flows/refund-order.ts';
import { refundReturn } from '../../worker/flows/refund-return.ts';
import { shipOrder } from '../../worker/flows/ship-order.ts';
import { markDelivered } from '../../worker/orders/staff.ts';
import { outboxSender } from '../../worker/platform/email.ts';
import { rejectReview } from '../../worker/reviews/staff.ts';
import { emailReturnLink } from '../../worker/returns/link.ts';
import { sendExpiryReminders } from '../../worker/members/service.ts';
import { bearer, freshIp, member } from './account-helpers.ts';
import { testAudit } from './audit-helpers.ts';
import { checkoutFixture, shopper, type Quote } from './checkout-helpers.ts';
import { englishIn, englishWordsOf } from './english-words.ts';
import { CA_HOST, US_HOST, api, arrive, shop } from './helpers.ts';
import { fileOf, uploadIds } from './returns-helpers.ts';
import { actorOf, supportStaff, type Staff } from './returns-staff-helpers.ts';

/**
 * The emails of an order after its confirmation, in the language it was placed in (issue 37): shipped, the review
 * invitation, refunded, cancelled, and a return's (requested, its link, approved, rejected, more evidence,
 * received, refunded). A French order's are French, with French prices and links to the French pages on the
 * configured origin; an English order's keep their English words. A member's points reminder, tied to no order,
 * speaks the language kept in their profile.
 */

const FUTURE = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
const ORIGIN = `${CA_HOST}:8787`;
const MONTREAL = {
  market: 'ca',
  firstName: 'Élodie',
  lastName: 'Tremblay',
  phone: '5145550100',
  addressLine1: '1000 rue Sherbrooke Ouest',
  city: 'Montréal',
  regionCode: 'QC',
  postalCode: 'H2X 1Y4',
};
let skuIds: number[];
let staff: Staff;

beforeAll(async () => {
  skuIds = await checkoutFixture(3);
  await env.DB.prepare(`UPDATE item SET ca_status = 'ON_SHELVES'`).run();
  staff = await supportStaff();
});

interface PaidOrder {
  orderId: string;
  email: string;
  orderToken: string;
}

/** A guest's Canadian order of one unit of each part, placed and paid in a language (an Accept-Language). */
async function paidOrder(language: string, parts: number[] = [0]): Promise<PaidOrder> {
  const email = `mail-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const buyer = shopper(CA_HOST, { 'accept-language': language });
  for (const part of parts) await buyer.add(skuIds[part]!, 1);
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: MONTREAL })).body;
  const placed = await buyer.call<{ order: { orderId: string }; orderToken: string }>(
    'POST',
    '/order/public/buyer/order/place',
    {
      idempotencyKey: `order-${crypto.randomUUID()}`,
      email,
      address: MONTREAL,
      paymentMethod: 'HOSTED_CARD',
      expectedTotal: quote.data.total,
    },
  );
  const { orderId } = placed.body.data.order;
  const { orderToken } = placed.body.data;
  const started = await buyer.call<{ url: string }>('POST', '/order/public/payment/', {
    orderId,
    email,
    orderToken,
    paymentType: 'HOSTED_CARD',
  });
  await shop(`${started.body.data.url}/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
    body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: FUTURE, cvc: '123' }).toString(),
  });
  for (let attempt = 0; attempt < 200; attempt++) {
    const row = await env.DB.prepare(`SELECT status FROM orders WHERE id = ?`)
      .bind(orderId)
      .first<{ status: string }>();
    if (row?.status === 'PROCESSING') break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { orderId, email, orderToken };
}

/** Ships units of the order's lines as the back office does; answers the shipment's id. */
async function ship(orderId: string, lines: { lineNo: number; quantity: number }[]): Promise<number> {
  const input = { key: `ship-${crypto.randomUUID()}`, carrier: 'ups', trackingNumber: '1Z999AA10123456784', lines };
  const actor = { staffId: null, audit: testAudit('orders.ship', orderId) };
  const shipped = await shipOrder(env, orderId, input, actor, Date.now());
  if (!shipped.ok) throw new Error(shipped.message);
  return shipped.shipmentId;
}

interface Mail {
  kind: string;
  subject: string;
  text: string;
  html: string;
}

/** The emails sent to an address of a kind, oldest first. */
async function mailsOf(email: string, kind: string): Promise<Mail[]> {
  const { results } = await env.DB.prepare(
    `SELECT kind, subject, text_body AS text, html_body AS html FROM email_outbox
     WHERE to_address = ? AND kind = ? ORDER BY id`,
  )
    .bind(email, kind)
    .all<Mail>();
  return results;
}

async function mailOf(email: string, kind: string): Promise<Mail> {
  const [mail] = await mailsOf(email, kind);
  if (!mail) throw new Error(`no ${kind} email to ${email}`);
  return mail;
}

/** A French email: French in its subject, text and HTML (links aside), every shop link to a French page. */
async function expectFrench(mail: Mail): Promise<void> {
  const text = mail.text.replace(/https?:\/\/\S+/g, '');
  expect([...englishWordsOf(mail.subject, 'subject'), ...englishWordsOf(text)], `${mail.kind}: ${mail.text}`).toEqual(
    [],
  );
  expect(await englishIn(mail.html), mail.kind).toEqual([]);
  expect(mail.html, mail.kind).toContain('<html lang="fr-CA">');
  const links = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
  const shopLinks = links.filter((link) => link.startsWith(ORIGIN));
  expect(shopLinks.length, mail.kind).toBeGreaterThan(0);
  for (const link of shopLinks) expect(link, mail.kind).toMatch(new RegExp(`^${ORIGIN}/fr/`));
}

const PRICE = /\d+,\d\d\u00a0\$/;

describe("a French order's emails after its confirmation", () => {
  it('tells of each shipment, then invites a review once delivered, in French with links to French pages', async () => {
    const order = await paidOrder('fr-CA,fr;q=0.9', [0, 1]);
    const first = await ship(order.orderId, [{ lineNo: 1, quantity: 1 }]);
    const second = await ship(order.orderId, [{ lineNo: 2, quantity: 1 }]);
    const [partial, all] = await mailsOf(order.email, 'order-shipped');
    await expectFrench(partial!);
    await expectFrench(all!);
    expect(partial!.subject).toBe(`Votre commande ${order.orderId} a été expédiée`);
    expect(partial!.text).toContain(`une partie de votre commande ${order.orderId} est en route.`);
    expect(partial!.text).toContain('Transporteur : UPS. Numéro de suivi : 1Z999AA10123456784.');
    expect(all!.text).toContain(`votre commande ${order.orderId} est en route.`);
    expect(all!.text).toMatch(new RegExp(`Voir votre commande : ${ORIGIN}/fr/order/track\\?orderNo=${order.orderId}&`));
    for (const shipmentId of [first, second])
      await markDelivered(env, order.orderId, shipmentId, testAudit('orders.deliver', order.orderId), Date.now());
    const invitation = await mailOf(order.email, 'review-invitation');
    await expectFrench(invitation);
    expect(invitation.subject).toBe(`Que pensez-vous des pièces de la commande ${order.orderId}?`);
    expect(invitation.text).toMatch(new RegExp(`${ORIGIN}/fr/product/[^\\s?]+\\?invitation=\\S+#write-review`));
    // The link opens the French product page, its invitation moved into a cookie.
    const link = new URL(invitation.text.match(/https?:\/\/\S+\/fr\/product\/\S+/)![0]);
    const opened = await arrive(`${CA_HOST}${link.pathname}${link.search}`);
    expect(opened.landed).toMatch(new RegExp(`^${CA_HOST}/fr/product/[^?]+$`));
    expect(opened.html).toContain('<html lang="fr-CA"');

    // A review written from it and not published: the reviewer is told why in French.
    const invitationToken = link.searchParams.get('invitation')!;
    const line = await env.DB.prepare(
      `SELECT s.item_id AS itemId FROM order_line l JOIN sku s ON s.id = l.sku_id
       WHERE l.order_id = ? AND l.line_no = 1`,
    )
      .bind(order.orderId)
      .first<{ itemId: number }>();
    const written = await api<{ id: number }>(`${CA_HOST}/item/public/buyer/review`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr-CA' },
      body: JSON.stringify({
        itemId: line!.itemId,
        rating: 2,
        title: 'Achetez chez nous',
        content: 'Visitez notre boutique pour des pièces moins chères, samedi matin.',
        name: 'Élodie',
        vehicle: '2016 Acura MDX',
        invitation: invitationToken,
      }),
    });
    expect(written.status).toBe(200);
    const deps = {
      db: env.DB,
      moderator: 'moderator@staff.test',
      mailer: outboxSender(env.DB),
      shopName: 'AutoHaven',
      origins: { us: env.US_ORIGIN, ca: env.CA_ORIGIN },
    };
    const reviewId = written.body.data.id;
    const audit = () => ({ ...testAudit('review.decide', String(reviewId)), recordType: 'review' });
    const rejected = await rejectReview(deps, reviewId, { choice: 'Advertising or spam', note: '' }, audit);
    expect(rejected).toMatchObject({ ok: true, emailed: true });
    const refusal = await mailOf(order.email, 'review-rejected');
    await expectFrench(refusal);
    expect(refusal.text).toContain('Motif : Publicité ou pourriel');
  });

  it('tells of a refund in French, its amount as French writes it and the reason in French', async () => {
    const order = await paidOrder('fr-CA');
    await ship(order.orderId, [{ lineNo: 1, quantity: 1 }]);
    const refunded = await refundOrderByShop(
      env,
      order.orderId,
      {
        key: `refund-${crypto.randomUUID()}`,
        lines: [{ lineNo: 1, quantity: 1 }],
        amountCent: null,
        withShipping: false,
        reason: 'Part no longer needed',
        feeCent: 0,
      },
      { staffId: null, audit: testAudit('orders.refund', order.orderId) },
      Date.now(),
    );
    expect(refunded.ok).toBe(true);
    const mail = await mailOf(order.email, 'order-refunded');
    await expectFrench(mail);
    expect(mail.subject).toBe(`Remboursement de votre commande ${order.orderId}`);
    expect(mail.text).toMatch(new RegExp(`vous a remboursé ${PRICE.source} pour la commande ${order.orderId}`));
    expect(mail.text).toContain('Motif : Pièce plus nécessaire');
  });

  it('tells in French that the shop cancelled the order and refunded it', async () => {
    const order = await paidOrder('fr-CA');
    const cancelled = await cancelForShop(env, order.orderId, testAudit('orders.cancel', order.orderId), Date.now());
    expect(cancelled.ok).toBe(true);
    const mail = await mailOf(order.email, 'order-cancelled');
    await expectFrench(mail);
    expect(mail.subject).toBe(`Votre commande ${order.orderId} a été annulée`);
    expect(mail.text).toMatch(new RegExp(`Le montant de ${PRICE.source} que vous avez payé a été remboursé`));
  });
});

/** Asks for a return of a line from the French page (its API call in French), with one photo. */
async function askReturnInFrench(order: PaidOrder, lineNo: number): Promise<string> {
  const caller = { orderId: order.orderId, orderToken: order.orderToken, headers: {} };
  const asked = await api<{ rma: string }>(`${CA_HOST}/order/public/returns`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'fr-CA' },
    body: JSON.stringify({
      orderId: order.orderId,
      orderToken: order.orderToken,
      idempotencyKey: `return-${crypto.randomUUID()}`,
      lines: [{ lineNo, quantity: 1 }],
      reason: 'Part no longer needed',
      uploadIds: await uploadIds(caller, [fileOf('jpeg')]),
    }),
  });
  if (asked.status !== 201) throw new Error(`return refused: ${asked.status} ${asked.body.msg}`);
  return asked.body.data.rma;
}

describe("a French order's return emails", () => {
  it('sends the return link, then each step of the return, in French with links to the French pages', async () => {
    const order = await paidOrder('fr-CA', [0, 1]);
    await ship(order.orderId, [
      { lineNo: 1, quantity: 1 },
      { lineNo: 2, quantity: 1 },
    ]);
    expect(await emailReturnLink(env, freshIp(), { orderNo: order.orderId, email: order.email }, Date.now())).toEqual({
      sent: true,
    });
    const link = await mailOf(order.email, 'return-link');
    await expectFrench(link);
    expect(link.text).toContain(`${ORIGIN}/fr/order/returns/new?`);

    const rma = await askReturnInFrench(order, 1);
    const requested = await mailOf(order.email, 'return-requested');
    await expectFrench(requested);
    expect(requested.subject).toBe(`Votre demande de retour ${rma}`);
    expect(requested.text).toContain('Motif : Pièce plus nécessaire');
    expect(requested.text).toContain(`${ORIGIN}/fr/order/returns/${rma}?orderToken=`);

    const act = (action: string) => actorOf(staff, action, rma);
    expect(
      await askForEvidence(env, rma, { message: "Une photo de l'étiquette" }, act('return.ask'), Date.now()),
    ).toEqual({
      ok: true,
    });
    await expectFrench(await mailOf(order.email, 'return-evidence-needed'));
    const how = { instructions: 'Envoyez-les au 1 chemin du Quai, Montréal', labelNumber: 'LBL123456' };
    expect((await approveReturn(env, rma, how, act('return.approve'), Date.now())).ok).toBe(true);
    const approved = await mailOf(order.email, 'return-approved');
    await expectFrench(approved);
    expect(approved.subject).toBe(`Votre retour ${rma} est approuvé`);
    expect((await markReturnReceived(env, rma, { note: '' }, act('return.receive'), Date.now())).ok).toBe(true);
    await expectFrench(await mailOf(order.email, 'return-received'));
    const refund = {
      key: `rr-${crypto.randomUUID()}`,
      lines: [{ lineNo: 1, quantity: 1 }],
      feeCent: 100,
      restock: true,
    };
    expect((await refundReturn(env, rma, refund, act('return.refund'), Date.now())).ok).toBe(true);
    const refunded = await mailOf(order.email, 'return-refunded');
    await expectFrench(refunded);
    expect(refunded.text).toContain('Des frais de remise en stock de 1,00\u00a0$ ont été retenus.');
    await expectFrench(await mailOf(order.email, 'order-refunded'));

    const other = await askReturnInFrench(order, 2);
    const reason = 'La pièce a été installée';
    expect((await rejectReturn(env, other, { reason }, actorOf(staff, 'return.reject', other), Date.now())).ok).toBe(
      true,
    );
    const rejected = await mailOf(order.email, 'return-rejected');
    await expectFrench(rejected);
    expect(rejected.text).toContain(`Motif : ${reason}`);
  });
});

describe("an English order's emails stay as they were", () => {
  it('sends the shipped, refund and cancel emails of an English order on the Canadian site in English', async () => {
    const order = await paidOrder('en-CA,en;q=0.9');
    await ship(order.orderId, [{ lineNo: 1, quantity: 1 }]);
    const shipped = await mailOf(order.email, 'order-shipped');
    expect(shipped.subject).toBe(`Your order ${order.orderId} has shipped`);
    expect(shipped.text).toContain(`Good news from AutoHaven: your order ${order.orderId} is on its way.`);
    expect(shipped.text).toContain('Carrier: UPS. Tracking number: 1Z999AA10123456784.');
    expect(shipped.text).toMatch(new RegExp(`View your order: ${ORIGIN}/order/track\\?orderNo=${order.orderId}&`));
    expect(shipped.html).toContain('<html lang="en">');
    await refundOrderByShop(
      env,
      order.orderId,
      {
        key: `refund-${crypto.randomUUID()}`,
        lines: [{ lineNo: 1, quantity: 1 }],
        amountCent: null,
        withShipping: false,
        reason: 'Part no longer needed',
        feeCent: 0,
      },
      { staffId: null, audit: testAudit('orders.refund', order.orderId) },
      Date.now(),
    );
    const refunded = await mailOf(order.email, 'order-refunded');
    expect(refunded.subject).toBe(`Refund for your order ${order.orderId}`);
    expect(refunded.text).toMatch(
      new RegExp(
        `AutoHaven has refunded CA\\$\\d+\\.\\d\\d for order ${order.orderId} to your original payment method.`,
      ),
    );
    expect(refunded.text).toContain('It can take 5 to 10 business days to show on your statement.');
    expect(refunded.text).toContain('Reason: Part no longer needed');
  });
});

/** A member of the Canadian site (signed in with the cookie a browser keeps) and their account id. */
async function canadianMember() {
  const email = `lang-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const token = await member(email);
  const current = await api<{ accountId: number }>(`${US_HOST}/account/buyer/account/current`, {
    headers: bearer(token),
  });
  const accountId = current.body.data.accountId;
  await env.DB.prepare(`UPDATE account SET market = 'ca' WHERE id = ?`).bind(accountId).run();
  return { email, accountId, cookie: `token=${token}` };
}

const localeOf = async (accountId: number) =>
  (await env.DB.prepare('SELECT locale FROM account WHERE id = ?').bind(accountId).first<{ locale: string | null }>())
    ?.locale;

describe("the member's language, kept in their profile", () => {
  it('keeps the language a signed-in member last opened the shop in', async () => {
    const { accountId, cookie } = await canadianMember();
    expect(await localeOf(accountId)).toBeNull();
    expect((await shop(`${CA_HOST}/fr/myAccount`, { headers: { cookie } })).status).toBe(200);
    expect(await localeOf(accountId)).toBe('fr');
    const english = await shop(`${CA_HOST}/myAccount`, { headers: { cookie: `${cookie}; shop_lang=en` } });
    expect(english.status).toBe(200);
    expect(await localeOf(accountId)).toBe('en');
  });

  it('sends a member who reads the shop in French (or lives in Quebec) their points reminder in French', async () => {
    const NOW = Date.parse('2026-03-01T03:00:00Z');
    const french = await canadianMember();
    await shop(`${CA_HOST}/fr/myAccount?type=member`, { headers: { cookie: french.cookie } });
    const english = await canadianMember();
    // A member who never opened a page signed in, whose default address is in Quebec, reads French too.
    const quebec = await canadianMember();
    await env.DB.prepare(
      `INSERT INTO address (account_id, market, first_name, last_name, phone, address_line1, city, region_code,
         postal_code, is_default)
       VALUES (?, 'ca', 'Élodie', 'Tremblay', '5145550100', '1000 rue Sherbrooke Ouest', 'Montréal', 'QC',
         'H2X 1Y4', 1)`,
    )
      .bind(quebec.accountId)
      .run();
    for (const { accountId } of [french, english, quebec])
      await env.DB.prepare(
        `INSERT INTO points_ledger (account_id, delta, reason, reference, created_at)
         VALUES (?, 1250, 'EARNED_ORDER', 'CA-EXPIRY', ?)`,
      )
        .bind(accountId, Date.parse('2025-03-14T15:00:00Z'))
        .run();
    await sendExpiryReminders(env, 12, NOW);
    const mail = await mailOf(french.email, 'points-expiring');
    await expectFrench(mail);
    expect(mail.subject).toBe('Vos 1\u00a0250 points expirent le 14 mars 2026');
    expect(mail.text).toContain('1\u00a0250 points de votre compte AutoHaven expirent le 14 mars 2026.');
    expect(mail.text).toContain(`Voir vos points : ${ORIGIN}/fr/myAccount?type=member`);
    await expectFrench(await mailOf(quebec.email, 'points-expiring'));
    const other = await mailOf(english.email, 'points-expiring');
    expect(other.subject).toBe('Your 1,250 points expire on March 14, 2026');
    expect(other.text).toContain(`See your points: ${ORIGIN}/myAccount?type=member`);
  });
});

describe('the account emails in the language of the page that asked', () => {
  const ask = (method: string, path: string, body: unknown, language: string) =>
    shop(`${CA_HOST}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'accept-language': language, 'cf-connecting-ip': freshIp() },
      body: JSON.stringify(body),
    });

  it('confirms a sign-up and resets a password in French from French pages, in English from English', async () => {
    const french = `fr-signup-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await ask('POST', '/account/public/buyer/register', { email: french, password: 'correct horse battery' }, 'fr-CA');
    const verify = await mailOf(french, 'verify-email');
    await expectFrench(verify);
    expect(verify.subject).toBe('Confirmez votre courriel pour AutoHaven');
    expect(verify.text).toContain(`Confirmer mon courriel : ${ORIGIN}/fr/signUpResult?token=`);
    await ask('PUT', '/account/public/buyer/forget-password/init', { email: french }, 'fr-CA');
    const reset = await mailOf(french, 'reset-password');
    await expectFrench(reset);
    expect(reset.text).toContain(`${ORIGIN}/fr/retrievePassword?token=`);

    const english = `en-signup-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await ask('POST', '/account/public/buyer/register', { email: english, password: 'correct horse battery' }, 'en-CA');
    const welcome = await mailOf(english, 'verify-email');
    expect(welcome.subject).toBe('Confirm your email for AutoHaven');
    expect(welcome.text).toContain('Welcome to AutoHaven.');
    expect(welcome.text).toContain(`Confirm email: ${ORIGIN}/signUpResult?token=`);
  });
});
