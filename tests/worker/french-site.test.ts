import { describe, expect, it } from 'vitest';
import { pageScripts } from '../../worker/platform/build-info.ts';
import { CA_HOST, US_HOST, cookiesOf, page, shop } from './helpers.ts';

const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]*)"/)?.[1]?.replace(/&amp;/g, '&');
const alternatesOf = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => `${m[1]} ${m[2]}`);
const BOT = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };

describe('the French Canadian site', () => {
  it('serves /fr pages on the Canadian host in French, with the French bundle and lang fr-CA', async () => {
    const { status, html } = await page(`${CA_HOST}/fr/`);
    expect(status).toBe(200);
    expect(html).toContain('<html lang="fr-CA"');
    expect(html).toContain('Abonnez-vous à notre infolettre');
    expect(html).toContain(pageScripts('fr').entry);
    expect(html).not.toContain(pageScripts('en').entry);
    expect(pageScripts('fr').entry).not.toBe(pageScripts('en').entry);
  });

  it('keeps the English Canadian pages in English, with lang en-CA and the English bundle', async () => {
    const { html } = await page(`${CA_HOST}/about`);
    expect(html).toContain('<html lang="en-CA"');
    expect(html).toContain('Join our newsletter');
    expect(html).toContain(pageScripts('en').entry);
  });

  it('links every shop page of a French page to its French twin, and API calls and files unchanged', async () => {
    const { html } = await page(`${CA_HOST}/fr/about`);
    expect(html).toContain('href="/fr/shopCart"');
    expect(html).toContain('href="/fr/page/return-policy"');
    expect(html).not.toMatch(/<a [^>]*href="\/shopCart"/);
    expect(html).toMatch(/href="\/assets\//);
  });

  it('gives each version its own canonical and names all three in hreflang', async () => {
    const french = await page(`${CA_HOST}/fr/search?keyword=frein&utm_source=x`);
    expect(canonicalOf(french.html)).toBe(`${CA_HOST}/fr/search?keyword=frein`);
    expect(alternatesOf(french.html)).toEqual([
      'x-default http://us.shop.localhost:8787/search?keyword=frein',
      'en-us http://us.shop.localhost:8787/search?keyword=frein',
      'en-ca http://ca.shop.localhost:8787/search?keyword=frein',
      'fr-ca http://ca.shop.localhost:8787/fr/search?keyword=frein',
    ]);
    const english = await page(`${CA_HOST}/search?keyword=frein`);
    expect(canonicalOf(english.html)).toBe(`${CA_HOST}/search?keyword=frein`);
    expect(alternatesOf(english.html)).toEqual(alternatesOf(french.html));
  });

  it('keeps the US site English: a /fr address there goes to its English page', async () => {
    const response = await shop(`${US_HOST}/fr/shopCart?x=1`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/shopCart?x=1');
    const { html } = await page(`${US_HOST}/`, { headers: { 'accept-language': 'fr-CA,fr;q=0.9' } });
    expect(html).toContain('<html lang="en-US"');
    expect(html).not.toContain('data-language-switch');
  });

  it('sends a first visit whose browser prefers French to the French page, and remembers it', async () => {
    const response = await shop(`${CA_HOST}/shopCart?from=ad`, {
      redirect: 'manual',
      headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/fr/shopCart?from=ad');
    expect(cookiesOf(response).shop_lang).toMatch(/^shop_lang=fr;/);
    const english = await shop(`${CA_HOST}/shopCart`, { redirect: 'manual', headers: { 'accept-language': 'en-CA' } });
    expect(english.status).toBe(200);
    expect(cookiesOf(english).shop_lang).toMatch(/^shop_lang=en;/);
  });

  it('follows the remembered choice over the browser language, and never redirects a crawler', async () => {
    const chosen = await shop(`${CA_HOST}/about`, {
      redirect: 'manual',
      headers: { cookie: 'shop_lang=fr', 'accept-language': 'en' },
    });
    expect(chosen.headers.get('location')).toBe('/fr/about');
    const english = await shop(`${CA_HOST}/about`, {
      redirect: 'manual',
      headers: { cookie: 'shop_lang=en', 'accept-language': 'fr' },
    });
    expect(english.status).toBe(200);
    const bot = await shop(`${CA_HOST}/about`, { redirect: 'manual', headers: { ...BOT, 'accept-language': 'fr' } });
    expect(bot.status).toBe(200);
  });

  it('switches language from the header link and remembers the switch', async () => {
    const { html } = await page(`${CA_HOST}/fr/about`);
    expect(html).toMatch(/<a class="language-switch" href="\?lang=en"[^>]*>English<\/a>/);
    const toEnglish = await shop(`${CA_HOST}/fr/search?keyword=frein&lang=en`, { redirect: 'manual' });
    expect(toEnglish.status).toBe(302);
    expect(toEnglish.headers.get('location')).toBe('/search?keyword=frein');
    expect(cookiesOf(toEnglish).shop_lang).toMatch(/^shop_lang=en;/);
    const toFrench = await shop(`${CA_HOST}/search?lang=fr`, { redirect: 'manual' });
    expect(toFrench.headers.get('location')).toBe('/fr/search');
    expect(cookiesOf(toFrench).shop_lang).toMatch(/^shop_lang=fr;/);
  });

  it('answers API errors in the language the page asked in, and in the spec words in English', async () => {
    const body = JSON.stringify({ email: 'not-an-email', type: 'SUBSCRIBE', source: 'DASHBOARD', position: 'footer' });
    const call = (language: string) =>
      shop(`${CA_HOST}/account/public/buyer/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': language, origin: CA_HOST },
        body,
      }).then((r) => r.json() as Promise<{ msg: string }>);
    expect((await call('en-CA')).msg).toContain('Please enter a valid email address');
    expect((await call('fr-CA')).msg).toContain('Veuillez entrer une adresse courriel valide');
  });
});
