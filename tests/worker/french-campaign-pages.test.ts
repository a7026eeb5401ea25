import { env } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_PAGES } from '../../kv-seed/entries.ts';
import { KV_KEY } from '../../shared/kv-keys.ts';
import { forgetCampaign } from '../../worker/content/service.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { englishIn, textOf } from './english-words.ts';
import { CA_HOST, page } from './helpers.ts';
import { staticAsset } from '../../worker/platform/build-info.ts';

/** The campaign pages in French (issue 37): the merchandiser's French twins and the page's words. */

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const seedOf = (slug: string) => CAMPAIGN_PAGES.find((config) => config.slug === slug)! as Record<string, unknown>;

/** A campaign page live now, or starting in an hour. */
async function putPage(slug: string, state: 'LIVE' | 'UPCOMING' | 'ENDED') {
  const now = Date.now();
  const [start, end] =
    state === 'LIVE'
      ? [now - HOUR, now + 30 * HOUR]
      : state === 'UPCOMING'
        ? [now + HOUR, now + 30 * HOUR]
        : [now - 30 * HOUR, now - HOUR];
  const window = { startTime: iso(start), endTime: iso(end), countdownStart: iso(start), countdownEnd: iso(end) };
  await env.SETTINGS.put(KV_KEY.campaignPage(slug), JSON.stringify({ ...seedOf(slug), ...window }));
  forgetCampaign();
}

beforeAll(loadCatalogFixture);
afterAll(async () => {
  for (const config of CAMPAIGN_PAGES) await env.SETTINGS.put(KV_KEY.campaignPage(config.slug), JSON.stringify(config));
  forgetCampaign();
});

/** Model names in product titles stay as the maker wrote them. */
const withoutModelNames = (html: string) => html.replace(/\b(?:Honda Fit|Ford Focus|Dodge Ram)\b/g, '');

describe('a campaign page in French', () => {
  it('shows the banner image text, title, introduction, code and categories in French', async () => {
    await putPage('black-friday-cyber-monday-unbeatable-offer', 'LIVE');
    const { status, html } = await page(`${CA_HOST}/fr/campaign/black-friday-cyber-monday-unbeatable-offer`);
    expect(status).toBe(200);
    expect(html).toContain('alt="Vendredi fou et Cyberlundi : jusqu&#x27;à 40 % de rabais sur les freins');
    expect(html).toContain('<h1>Vendredi fou et Cyberlundi : des offres imbattables</h1>');
    // The banner's own words are drawn in French too.
    expect(html).toContain(`srcSet="${staticAsset('/static/campaign/black-friday-mobile-fr.svg')}"`);
    expect(html).toContain(`<img src="${staticAsset('/static/campaign/black-friday-fr.svg')}"`);
    expect(staticAsset('/static/campaign/black-friday-fr.svg')).toMatch(/^\/assets\/static\//);
    const text = textOf(html);
    expect(text).toContain('Utilisez le code BF2024 dans votre panier');
    expect(text).toMatch(/40 % de rabais sur les freins, l'éclairage et les tapis, jusqu'à 100,00\s\$ de rabais/);
    expect(text).toContain('Tout voir');
    expect(text).not.toContain('Our biggest savings of the year');
    expect(await englishIn(withoutModelNames(html))).toEqual([]);
  });

  it.each(CAMPAIGN_PAGES.map((config) => config.slug))('shows %s with no English word', async (slug) => {
    await putPage(slug, 'LIVE');
    const path = slug === 'easter-sale' ? '/sale/easter-sale' : `/campaign/${slug}`;
    const { status, html } = await page(`${CA_HOST}/fr${path}`);
    expect(status).toBe(200);
    // The Easter sale's terms below the campaign (an information page of their own) are French too.
    if (slug === 'easter-sale') expect(textOf(html)).toContain('Conditions des soldes');
    expect(await englishIn(withoutModelNames(html))).toEqual([]);
  });

  it('says when a coming campaign starts, in French and Eastern time', async () => {
    await putPage('amazing-offers-rolling-in', 'UPCOMING');
    const { html } = await page(`${CA_HOST}/fr/campaign/amazing-offers-rolling-in`);
    expect(textOf(html)).toMatch(/Débute le \d{1,2} [a-zéû]+\.? \d{4}, \d{1,2} h \d\d HE/);
    expect(textOf(html)).toMatch(/Utilisez le code ROLLING20 dans votre panier à compter du \d{1,2} /);
  });

  it('keeps the English page in its words', async () => {
    await putPage('black-friday-cyber-monday-unbeatable-offer', 'LIVE');
    const { html } = await page(`${CA_HOST}/campaign/black-friday-cyber-monday-unbeatable-offer`);
    expect(html).toContain('<h1>Black Friday &amp; Cyber Monday: Unbeatable Offers</h1>');
    expect(html).toContain('alt="Black Friday and Cyber Monday: up to 40% off brakes, lighting and floor mats"');
    expect(textOf(html)).toContain('Use code BF2024 in your cart');
  });
});
