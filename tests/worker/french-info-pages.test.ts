import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import about from '../../kv-seed/pages/about.json';
import affiliate from '../../kv-seed/pages/affiliate-program.json';
import faq from '../../kv-seed/pages/help-faq.json';
import help from '../../kv-seed/pages/help.json';
import feedback from '../../kv-seed/pages/help-feedback.json';
import california from '../../kv-seed/pages/page-california-supply-chain.json';
import payment from '../../kv-seed/pages/page-payment-method.json';
import privacy from '../../kv-seed/pages/page-privacy-policy.json';
import returns from '../../kv-seed/pages/page-return-policy.json';
import shipping from '../../kv-seed/pages/page-shipping-policy.json';
import terms from '../../kv-seed/pages/page-terms-of-use.json';
import warranty from '../../kv-seed/pages/page-warranty-policy.json';
import partnership from '../../kv-seed/pages/partnership.json';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { englishIn, textOf } from './english-words.ts';
import { CA_HOST, page } from './helpers.ts';

/**
 * The help centre, the FAQ, the about page, the return and privacy policies and the reviews page in French
 * (issue 37): their written content has a French twin of each text, and the page's own words come from the
 * message catalogue; the English pages keep their words.
 */

type Texts = { [key: string]: unknown };

/** Every text of a page's content in one language: `Fr` twins for French, the English fields otherwise. */
function textsOf(content: unknown, french: boolean): string[] {
  if (typeof content === 'string') return [content];
  if (Array.isArray(content)) return content.flatMap((item) => textsOf(item, french));
  if (!content || typeof content !== 'object') return [];
  return Object.entries(content as Texts).flatMap(([key, value]) => {
    if (['route', 'id', 'href', 'updated', 'fill'].includes(key)) return [];
    const twin = key.endsWith('Fr');
    if (typeof value === 'string' || (Array.isArray(value) && typeof value[0] === 'string'))
      return twin === french ? textsOf(value, french) : [];
    return textsOf(value, french);
  });
}

/**
 * Names kept as they are in French: payment services, laws and signals known by their English names, and a
 * car's model name in a product's title.
 */
const PROPER_NAMES = [
  'Apple Pay',
  'Google Pay',
  'Global Privacy Control',
  'California Consumer Privacy Act',
  'California Privacy Rights Act',
  'California Transparency in Supply Chains Act',
  'Executive Order',
  'New York',
  'CAN-SPAM',
  'Honda Fit',
];
const englishBesideNames = (html: string) =>
  englishIn(PROPER_NAMES.reduce((text, name) => text.replaceAll(name, ''), html));

/** A text as the page shows it, up to its first placeholder (filled with the shop's facts), at most 60 characters. */
const shown = (text: string) => text.split('{')[0]!.slice(0, 60).trim();

const PAGES = [
  ['/help', help, "Centre d'aide"],
  ['/help/faq', faq, 'Foire aux questions'],
  ['/help/feedback', feedback, 'Envoyez-nous vos commentaires'],
  ['/about', about, 'À propos de'],
  ['/page/return-policy', returns, 'Politique de retour'],
  ['/page/privacy-policy', privacy, 'Politique de confidentialité'],
  ['/page/warranty-policy', warranty, 'Politique de garantie'],
  ['/page/terms-of-use', terms, "Conditions d'utilisation"],
  ['/page/shipping-policy', shipping, 'Politique de livraison'],
  ['/page/payment-method', payment, 'Modes de paiement'],
  ['/page/california-supply-chain', california, 'Déclaration en vertu de la California'],
  ['/affiliate-program', affiliate, "Programme d'affiliation"],
  ['/partnership', partnership, 'Devenez partenaire de'],
] as const;

describe('the written pages in French', () => {
  it.each(PAGES)('shows %s in French, every text of it, with no English word', async (path, content, heading) => {
    const { status, html } = await page(`${CA_HOST}/fr${path}`);
    expect(status).toBe(200);
    expect(html).toContain(`<h1>${heading.replaceAll("'", '&#x27;')}`);
    const text = textOf(html);
    const missing = textsOf(content, true)
      .map(shown)
      .filter((french) => french && !text.includes(french));
    expect(missing).toEqual([]);
    const english = textsOf(content, false)
      .map(shown)
      .filter((words) => words.length > 20 && text.includes(words));
    expect(english).toEqual([]);
    expect(await englishBesideNames(html)).toEqual([]);
    expect(text).toContain(`Dernière mise à jour : ${content.updated}`);
  });

  it.each(PAGES)('keeps %s in English on the English site', async (path, content) => {
    const { html } = await page(`${CA_HOST}${path}`);
    const text = textOf(html);
    const missing = textsOf(content, false)
      .map(shown)
      .filter((english) => english && !text.includes(english));
    expect(missing).toEqual([]);
    expect(text).toContain(`Last updated ${content.updated}`);
  });
});

describe('the reviews page in French', () => {
  beforeAll(async () => {
    await loadCatalogFixture();
    await env.DB.prepare(
      `INSERT INTO review (id, item_id, rating, title, content, name, vehicle, status, verified_purchase, created_at)
       VALUES (9101, 2, 1, 'Squeaks a lot', 'Noisy from day one.', 'Sam', '2013 Chevrolet Avalanche', 'PUBLISHED', 1,
         2000000000)`,
    ).run();
  });

  it("shows the page's words, date and product name in French, the shopper's words as written", async () => {
    const { status, html } = await page(`${CA_HOST}/fr/reviews`);
    expect(status).toBe(200);
    expect(html).toContain('<h1>Avis des clients</h1>');
    expect(html).toMatch(/★ \d,\d selon [\d\u00a0\u202f]+ avis/);
    expect(html).toContain('aria-label="1 étoile sur 5"');
    expect(html).toContain('Achat vérifié');
    expect(html).toContain('18 mai 2033');
    expect(html).toContain('Plaquettes de frein');
    expect(html).toContain('Squeaks a lot');
    expect(await englishBesideNames(html)).toEqual([]);
  });

  it('keeps the English page in its words', async () => {
    const { html } = await page(`${CA_HOST}/reviews`);
    expect(html).toContain('<h1>Customer Reviews</h1>');
    expect(html).toContain('aria-label="1 out of 5 stars"');
    expect(html).toContain('Verified purchase');
    expect(html).toContain('May 18, 2033');
  });
});
