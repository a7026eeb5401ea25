import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkoutFixture, shopper, type Quote } from './checkout-helpers.ts';
import { CA_HOST, arrive, page, shop } from './helpers.ts';
import { json, member } from './account-helpers.ts';

const FUTURE = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
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

beforeAll(async () => {
  skuIds = await checkoutFixture(3);
  await env.DB.prepare(`UPDATE item SET ca_status = 'ON_SHELVES'`).run();
});

/** A guest's order on the Canadian site, placed and paid in a language; answers its id and email. */
async function paidOrder(language: string): Promise<{ orderId: string; email: string }> {
  const email = `lang-${crypto.randomUUID()}@example.com`;
  const buyer = shopper(CA_HOST, { 'accept-language': language });
  await buyer.add(skuIds[0]!, 1);
  const quote = (await buyer.call<Quote>('POST', '/order/public/buyer/checkout/quote', { address: MONTREAL })).body;
  expect(quote.data, JSON.stringify(quote)).toBeTruthy();
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
  const orderToken = placed.body.data.orderToken;
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
  return { orderId, email };
}

async function confirmationTo(email: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mail = await env.DB.prepare(
      `SELECT subject, text_body AS text, html_body AS html FROM email_outbox ` +
        `WHERE to_address = ? AND kind = 'order-confirmation'`,
    )
      .bind(email)
      .first<{ subject: string; text: string; html: string }>();
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no confirmation to ${email}`);
}

describe('the order email speaks the language the order was placed in', () => {
  it('sends a French order its confirmation in French, with French prices and a link to the French page', async () => {
    const { orderId, email } = await paidOrder('fr-CA,fr;q=0.9');
    const row = await env.DB.prepare(`SELECT locale FROM orders WHERE id = ?`)
      .bind(orderId)
      .first<{ locale: string }>();
    expect(row?.locale).toBe('fr');
    const mail = await confirmationTo(email);
    expect(mail.subject).toBe(`Votre commande ${orderId} est confirmée`);
    const lines = mail.text.split('\n');
    expect(lines[0]).toMatch(/^Merci de votre commande chez /);
    expect(lines[1]).toMatch(
      new RegExp(`^La commande ${orderId}, passée le \\d{1,2} [a-zé]+\\.? \\d{4}, est confirmée`),
    );
    expect(
      lines.some((line) => /^Sous-total : [\d\u202f\u00a0]+,\d\d\s\$$/.test(line)),
      mail.text,
    ).toBe(true);
    expect(
      lines.some((line) => /^TVQ \(9,975\s%\) : /.test(line)),
      mail.text,
    ).toBe(true);
    expect(mail.text).toMatch(
      new RegExp(`Suivre votre commande : ${CA_HOST}:8787/fr/order/track\\?orderNo=${orderId}&token=`),
    );
    expect(mail.html).toContain('<html lang="fr-CA">');
    expect(mail.text).not.toMatch(/\b(Subtotal|Shipping|Track your order|Thank you)\b/);
  });

  it("shows a French order's tracking page and invoice in French, with none of the English words", async () => {
    const { orderId, email } = await paidOrder('fr-CA,fr;q=0.9');
    const link = new URL((await confirmationTo(email)).text.match(/https?:\/\/\S+\/fr\/order\/track\?\S+/)![0]);
    const tracking = await arrive(`${CA_HOST}${link.pathname}${link.search}`);
    for (const text of ['<h1>Suivre votre commande</h1>', `Commande ${orderId}`, 'Passée le', 'Imprimer la facture'])
      expect(tracking.html, text).toContain(text);
    expect(tracking.html).not.toMatch(/>\s*(Track your order|Print invoice|Placed|Order number|Processing)\b/);
    const invoiceHref = tracking.html.match(/href="(\/fr\/printInvoice[^"]+)"/)![1]!.replace(/&amp;/g, '&');
    const invoice = await page(`${CA_HOST}${invoiceHref}`, { headers: { cookie: tracking.cookie } });
    expect(invoice.status).toBe(200);
    for (const text of ['Facture de la commande', 'Facturer à', 'Expédier à', 'Prix unitaire', 'dollars canadiens'])
      expect(invoice.html, text).toContain(text);
    expect(invoice.html).not.toMatch(/>\s*(Bill to|Ship to|Unit price|Line total|Order date|All amounts|Print)\b/);
  });

  it('says in French, on the French tracking page, that no order has that number and email', async () => {
    const french = await page(`${CA_HOST}/fr/order/track?orderNo=AH000000&email=nobody%40example.com`);
    expect(french.html).toContain('Nous n&#x27;avons trouvé aucune commande avec ce numéro et ce courriel.');
    const english = await page(`${CA_HOST}/order/track?orderNo=AH000000&email=nobody%40example.com`);
    expect(english.html).toContain('We could not find an order with that number and email.');
  });

  it('sends an English order on the same site its confirmation in English', async () => {
    const { orderId, email } = await paidOrder('en-CA,en;q=0.9');
    const mail = await confirmationTo(email);
    expect(mail.subject).toBe(`Your order ${orderId} is confirmed`);
    expect(mail.text).toContain('Subtotal: CA$');
    expect(mail.text).toMatch(new RegExp(`Track your order: ${CA_HOST}:8787/order/track\\?orderNo=${orderId}&token=`));
  });
});

describe('the error pages in French', () => {
  it('answers a missing French page with a French 404 that links to French pages', async () => {
    const { status, html } = await page(`${CA_HOST}/fr/no-such-page`);
    expect(status).toBe(404);
    expect(html).toContain('<html lang="fr-CA"');
    expect(html).toContain('<h1>Page introuvable</h1>');
    expect(html).toContain('href="/fr/search"');
    expect(html).not.toContain('Page not found');
    expect((await page(`${CA_HOST}/no-such-page`)).html).toContain('<h1>Page not found</h1>');
  });
});

describe('the account pages in French', () => {
  it('shows sign-in, sign-up and password reset in French, their links to French pages', async () => {
    const login = await page(`${CA_HOST}/fr/login`);
    expect(login.html).toContain('<html lang="fr-CA"');
    for (const text of ['<h1>Connexion</h1>', 'Mot de passe oublié?', 'href="/fr/createAccount"', '>Courriel<'])
      expect(login.html, text).toContain(text);
    expect(login.html).not.toMatch(/>(Sign in|Password|Create an account)</);
    const create = await page(`${CA_HOST}/fr/createAccount`);
    expect(create.html).toContain('Mot de passe (8 à 128 caractères)');
    expect(create.html).toContain('inscrire avec mon courriel seulement');
    const reset = await page(`${CA_HOST}/fr/retrievePassword`);
    expect(reset.html).toContain('Réinitialiser votre mot de passe');
    expect((await page(`${CA_HOST}/login`)).html).toContain('<h1>Sign in</h1>');
  });

  it("shows a member's profile, addresses and order history in French", async () => {
    const credentials = { cookie: `token=${await member(`fr-acc-${crypto.randomUUID().slice(0, 8)}@example.com`)}` };
    const profile = await page(`${CA_HOST}/fr/myAccount`, { headers: credentials });
    expect(profile.status).toBe(200);
    for (const text of ['<h1>Mon compte</h1>', 'Profil et adresses', 'Enregistrer le profil', 'Adresses', 'janvier'])
      expect(profile.html, text).toContain(text);
    expect(profile.html).not.toMatch(/>(Save profile|Change password|Sign out|January)</);
    const history = await page(`${CA_HOST}/fr/myAccount?type=orderHistory`, { headers: credentials });
    expect(history.html).toContain('<h1>Historique des commandes</h1>');
  });

  it('answers a French sign-in with a wrong password in French, the English one in the spec words', async () => {
    const email = `fr-login-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await member(email);
    const attempt = (language: string) =>
      shop(
        `${CA_HOST}/account/public/buyer/login`,
        json('POST', { email, password: 'not the password' }, { 'accept-language': language }),
      ).then((response) => response.json() as Promise<{ msg: string }>);
    expect((await attempt('fr-CA')).msg).toBe('Le courriel ou le mot de passe est incorrect.');
    expect((await attempt('en-CA')).msg).toBe('Email or password is incorrect.');
  });
});
