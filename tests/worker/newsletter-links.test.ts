import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { json } from './account-helpers.ts';
import { CA_HOST, US_HOST, api, arrive, page } from './helpers.ts';

/**
 * The newsletter email's two links (issue 35, finding 1, and the double opt-in of §4): each opens a page of
 * the shop that takes the token out of the address at once, keeps it in an HttpOnly cookie, and acts only
 * when the shopper presses its button, so a mail scanner's visit changes nothing.
 */

const freshEmail = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Subscribes from the footer's form; the shop's client sends the page's language with its calls. */
async function subscribe(host: string, email: string, language = 'en-US') {
  const body = { email, type: 'SUBSCRIBE', source: 'DASHBOARD', position: 'footer' };
  await api(`${host}/account/public/buyer/subscribe`, json('POST', body, { 'accept-language': language }));
}

/** The newsletter email's links to an address, as full addresses: [confirm, leave]. */
async function emailedLinks(to: string) {
  const row = await env.DB.prepare(
    "SELECT subject, text_body FROM email_outbox WHERE to_address = ? AND kind = 'newsletter-confirm' ORDER BY id DESC",
  )
    .bind(to)
    .first<{ subject: string; text_body: string }>();
  const links = [...row!.text_body.matchAll(/https?:\/\/\S+\?token=[^\s)]+/g)].map(([link]) => link);
  const linkTo = (path: string) => links.find((link) => new URL(link).pathname.endsWith(path));
  return { subject: row!.subject, links: [linkTo('/newsletter/confirm'), linkTo('/newsletter/unsubscribe')] };
}

const status = async (email: string) =>
  (
    await env.DB.prepare('SELECT status FROM newsletter_subscription WHERE email = ?')
      .bind(email)
      .first<{ status: string }>()
  )?.status;

/** Presses the page's button: a post to the page with the cookie the arrival left. */
const press = (url: string, cookie: string) =>
  page(url, {
    method: 'POST',
    headers: { cookie, origin: new URL(url).origin, 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('the newsletter email’s links', () => {
  it('confirms the subscription only when the button is pressed, with no token left in the address', async () => {
    const email = freshEmail('confirm');
    await subscribe(US_HOST, email);
    const [confirm] = (await emailedLinks(email)).links;
    expect(confirm).toMatch(new RegExp(`^${env.US_ORIGIN}/newsletter/confirm\\?token=`));
    const token = new URL(confirm!).searchParams.get('token')!;
    const arrived = await arrive(`${US_HOST}/newsletter/confirm?token=${encodeURIComponent(token)}`);
    expect(arrived.exchange.headers.get('location')).toBe('/newsletter/confirm');
    expect(arrived.exchange.headers.get('referrer-policy')).toBe('no-referrer');
    expect(arrived.exchange.headers.getSetCookie().join()).toMatch(/link_news_confirm=[^;]+;.*HttpOnly/i);
    expect(arrived.html).not.toContain(token);
    expect(arrived.html).toContain('Confirm subscription');
    expect(await status(email)).toBe('PENDING');

    const pressed = await press(`${US_HOST}/newsletter/confirm`, arrived.cookie);
    expect(pressed.status).toBe(200);
    expect(pressed.html).toContain('You are subscribed. Thank you!');
    expect(pressed.response.headers.getSetCookie().join()).toMatch(/link_news_confirm=;/);
    expect(await status(email)).toBe('SUBSCRIBED');
  });

  it('unsubscribes from the leave link when the button is pressed', async () => {
    const email = freshEmail('leave');
    await subscribe(US_HOST, email);
    const [, leave] = (await emailedLinks(email)).links;
    expect(leave).toMatch(new RegExp(`^${env.US_ORIGIN}/newsletter/unsubscribe\\?token=`));
    const arrived = await arrive(`${US_HOST}${new URL(leave!).pathname}${new URL(leave!).search}`);
    expect(arrived.landed).toBe(`${US_HOST}/newsletter/unsubscribe`);
    expect(arrived.html).toContain('>Unsubscribe</button>');
    const pressed = await press(`${US_HOST}/newsletter/unsubscribe`, arrived.cookie);
    expect(pressed.html).toContain('You are unsubscribed.');
    expect(await status(email)).toBe('UNSUBSCRIBED');
  });

  it('says the link is invalid, with a 400 and no change, for a forged token or none at all', async () => {
    const email = freshEmail('forged');
    await subscribe(US_HOST, email);
    const arrived = await arrive(`${US_HOST}/newsletter/confirm?token=${'x'.repeat(40)}`);
    const forged = await press(`${US_HOST}/newsletter/confirm`, arrived.cookie);
    expect(forged.status).toBe(400);
    expect(forged.html).toContain('This link is invalid or has expired. Please subscribe again.');
    const none = await press(`${US_HOST}/newsletter/unsubscribe`, '');
    expect(none.status).toBe(400);
    expect(none.html).toContain('This link is invalid. Sign in to manage your subscription.');
    const bare = await page(`${US_HOST}/newsletter/confirm`);
    expect(bare.status).toBe(200);
    expect(bare.html).toContain('Open the link in the email we sent you.');
    expect(await status(email)).toBe('PENDING');
  });

  it('writes to a shopper who subscribed on the French site in French, linking to the French pages', async () => {
    const email = freshEmail('french');
    await subscribe(CA_HOST, email, 'fr-CA');
    const mail = await emailedLinks(email);
    expect(mail.subject).toContain('Confirmez votre abonnement');
    expect(mail.links[0]).toMatch(new RegExp(`^${env.CA_ORIGIN}/fr/newsletter/confirm\\?token=`));
    const arrived = await arrive(`${CA_HOST}${new URL(mail.links[0]!).pathname}${new URL(mail.links[0]!).search}`);
    expect(arrived.landed).toBe(`${CA_HOST}/fr/newsletter/confirm`);
    expect(arrived.html).toContain('Confirmer l&#x27;abonnement');
    const pressed = await press(`${CA_HOST}/fr/newsletter/confirm`, arrived.cookie);
    expect(pressed.html).toContain('Vous êtes abonné. Merci!');
  });
});
