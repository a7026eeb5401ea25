import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { json, member } from './account-helpers.ts';
import { CA_HOST, cookiesOf, page, shop, withCookies } from './helpers.ts';

/** Which language a Canadian visitor gets before choosing one (issue 37): Quebec's default, a member's saved one. */

const QUEBEC = { country: 'CA', regionCode: 'QC' };
const ONTARIO = { country: 'CA', regionCode: 'ON' };
const BOT = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
const ENGLISH_BROWSER = { 'accept-language': 'en-CA,en;q=0.9' };

/** A page opened from a province, as Cloudflare tells the Worker where a request comes from. */
const from = (cf: Record<string, string>, url: string, headers: Record<string, string> = {}) =>
  shop(url, { redirect: 'manual', headers, cf } as RequestInit);

describe('a first visit from Quebec', () => {
  it('is sent to the French page, even with an English browser, and the guess is remembered', async () => {
    const response = await from(QUEBEC, `${CA_HOST}/`, ENGLISH_BROWSER);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/fr/');
    expect(cookiesOf(response).shop_lang).toMatch(/^shop_lang=fr;/);
    const deeper = await from(QUEBEC, `${CA_HOST}/help/faq?x=1`, ENGLISH_BROWSER);
    expect(deeper.headers.get('location')).toBe('/fr/help/faq?x=1');
    // The French page itself is served, not sent on again (no loop).
    const cookie = withCookies(undefined, response);
    const landed = await from(QUEBEC, `${CA_HOST}/fr/`, { ...ENGLISH_BROWSER, cookie });
    expect(landed.status).toBe(200);
    expect(await landed.text()).toContain('<html lang="fr-CA"');
  });

  it('keeps English for a first visit from another province with an English browser', async () => {
    const response = await from(ONTARIO, `${CA_HOST}/`, ENGLISH_BROWSER);
    expect(response.status).toBe(200);
    expect(cookiesOf(response).shop_lang).toMatch(/^shop_lang=en;/);
    expect(await response.text()).toContain('<html lang="en-CA"');
  });

  it('keeps the shopper choice of English in Quebec: the switch wins over the default', async () => {
    const toEnglish = await from(QUEBEC, `${CA_HOST}/fr/about?lang=en`, ENGLISH_BROWSER);
    expect(toEnglish.headers.get('location')).toBe('/about');
    const cookie = withCookies(undefined, toEnglish);
    const english = await from(QUEBEC, `${CA_HOST}/about`, { ...ENGLISH_BROWSER, cookie });
    expect(english.status).toBe(200);
    expect(await english.text()).toContain('<html lang="en-CA"');
  });

  it('never sends a crawler from Quebec elsewhere: each address is one page in one language', async () => {
    const response = await from(QUEBEC, `${CA_HOST}/about`, BOT);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<html lang="en-CA"');
    expect(cookiesOf(response).shop_lang).toBeUndefined();
  });
});

describe('a member signing in on a new browser', () => {
  async function frenchMember() {
    const email = `fr-lang-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await member(email);
    await env.DB.prepare(`UPDATE account SET market = 'ca', locale = 'fr' WHERE email = ?`).bind(email).run();
    return email;
  }
  const signIn = (email: string, cookie?: string) =>
    shop(
      `${CA_HOST}/account/public/buyer/login`,
      json('POST', { email, password: 'correct horse battery' }, { origin: CA_HOST, ...(cookie ? { cookie } : {}) }),
    );

  it('gets the French pages their profile keeps, over the shop guess of English on that browser', async () => {
    const email = await frenchMember();
    const firstVisit = await from(ONTARIO, `${CA_HOST}/login`, ENGLISH_BROWSER);
    expect(firstVisit.status).toBe(200);
    const guessed = withCookies(undefined, firstVisit);
    expect(guessed).toContain('shop_lang=en');
    const signedIn = await signIn(email, guessed);
    expect(signedIn.status).toBe(200);
    expect(cookiesOf(signedIn).shop_lang).toMatch(/^shop_lang=fr;/);
    const body = (await signedIn.json()) as { data: Record<string, unknown> };
    expect(body.data).not.toHaveProperty('locale');
    const cookie = withCookies(guessed, signedIn);
    const account = await shop(`${CA_HOST}/myAccount`, { redirect: 'manual', headers: { ...ENGLISH_BROWSER, cookie } });
    expect(account.status).toBe(302);
    expect(account.headers.get('location')).toBe('/fr/myAccount');
    const french = await page(`${CA_HOST}/fr/myAccount`, { headers: { ...ENGLISH_BROWSER, cookie } });
    expect(french.html).toContain('<html lang="fr-CA"');
    const saved = await env.DB.prepare('SELECT locale FROM account WHERE email = ?').bind(email).first();
    expect(saved?.locale).toBe('fr');
  });

  it('keeps an English choice made on that browser, and the profile follows the choice', async () => {
    const email = await frenchMember();
    const chose = await shop(`${CA_HOST}/fr/login?lang=en`, { redirect: 'manual' });
    const cookie = withCookies(undefined, chose);
    const signedIn = await signIn(email, cookie);
    expect(cookiesOf(signedIn).shop_lang).toBeUndefined();
    const account = await page(`${CA_HOST}/myAccount`, { headers: { cookie: withCookies(cookie, signedIn) } });
    expect(account.status).toBe(200);
    expect(account.html).toContain('<html lang="en-CA"');
    const saved = await env.DB.prepare('SELECT locale FROM account WHERE email = ?').bind(email).first();
    expect(saved?.locale).toBe('en');
  });

  it('gets French with no language cookie at all on a new browser', async () => {
    const email = await frenchMember();
    const signedIn = await signIn(email);
    expect(cookiesOf(signedIn).shop_lang).toMatch(/^shop_lang=fr;/);
  });
});
