import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import campaign from '../../kv-seed/campaign.json';
import { CAMPAIGN_PAGES } from '../../kv-seed/entries.ts';
import settings from '../../kv-seed/settings.json';
import { KV_KEY } from '../../shared/kv-keys.ts';
import { forgetCampaign, forgetShopSettings } from '../../worker/content/service.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { CA_HOST, page, shop, US_HOST } from './helpers.ts';
import { staticAsset } from '../../worker/platform/build-info.ts';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const seedOf = (slug: string) => CAMPAIGN_PAGES.find((config) => config.slug === slug)! as Record<string, unknown>;
const textOf = (html: string) => html.replace(/<!--.*?-->/g, '').replace(/<[^>]+>/g, '');

type State = 'LIVE' | 'UPCOMING' | 'ENDED';

/** A window with now inside, before or after it; the countdown the same unless told. */
function window(state: State) {
  const now = Date.now();
  const [start, end] =
    state === 'LIVE'
      ? [now - HOUR, now + 30 * HOUR]
      : state === 'UPCOMING'
        ? [now + HOUR, now + 30 * HOUR]
        : [now - 30 * HOUR, now - HOUR];
  return { startTime: iso(start), endTime: iso(end), countdownStart: iso(start), countdownEnd: iso(end) };
}

async function putPage(slug: string, state: State, change: Record<string, unknown> = {}) {
  await env.SETTINGS.put(KV_KEY.campaignPage(slug), JSON.stringify({ ...seedOf(slug), ...window(state), ...change }));
  forgetCampaign();
}

async function putRunning(state: State, change: Record<string, unknown> = {}) {
  await env.SETTINGS.put(KV_KEY.campaign, JSON.stringify({ ...campaign, ...window(state), ...change }));
  forgetCampaign();
}

async function putSettings(change: Record<string, unknown>) {
  await env.SETTINGS.put(KV_KEY.shopSettings, JSON.stringify({ ...settings, ...change }));
  forgetShopSettings();
}

beforeAll(loadCatalogFixture);

afterEach(async () => {
  for (const config of CAMPAIGN_PAGES) await env.SETTINGS.put(KV_KEY.campaignPage(config.slug), JSON.stringify(config));
  await env.SETTINGS.put(KV_KEY.campaign, JSON.stringify(campaign));
  await putSettings({});
  forgetCampaign();
});

describe('a live campaign page', () => {
  it('shows its hero banner (and mobile image), title, code and categories as priced product cards', async () => {
    await putPage('black-friday-cyber-monday-unbeatable-offer', 'LIVE');
    const { status, html } = await page(`${US_HOST}/campaign/black-friday-cyber-monday-unbeatable-offer`);
    expect(status).toBe(200);
    expect(html).toContain('data-state="LIVE"');
    expect(html).toContain('<h1>Black Friday &amp; Cyber Monday: Unbeatable Offers</h1>');
    const mobile = staticAsset('/static/campaign/black-friday-mobile.svg');
    expect(mobile).toMatch(/^\/assets\/static\//);
    expect(html).toContain(`<source media="(max-width: 768px)" srcSet="${mobile}"`);
    expect(html).toContain(
      `<img src="${staticAsset('/static/campaign/black-friday.svg')}" alt="Black Friday and Cyber Monday`,
    );
    expect(textOf(html)).toContain('Use code BF2024 in your cart');
    expect(textOf(html)).toContain('40% off brakes, lighting and floor mats, up to $100.00 off an order');
    for (const heading of ['Brakes', 'Lighting', 'Floor Mats']) expect(html).toContain(`<h2>${heading}</h2>`);
    expect(html).toMatch(/<a href="\/search\?category=\d+">See all<\/a>/);
    expect(html.match(/class="product-card" data-item-id="\d+"/g)?.length).toBeGreaterThan(3);
    expect(html).toMatch(/\$\d+\.\d\d/);
  });

  it('runs the countdown while the page is in its countdown list, between countdown start and end', async () => {
    const slug = 'black-friday-cyber-monday-unbeatable-offer';
    await putPage(slug, 'LIVE');
    const running = await page(`${US_HOST}/campaign/${slug}`);
    expect(running.html).toContain('data-island="Countdown"');
    expect(textOf(running.html)).toMatch(/Ends in (\d+d )?\d\dh \d\dm \d\ds/);
    await putPage(slug, 'LIVE', { countdownStart: iso(Date.now() + HOUR) });
    expect((await page(`${US_HOST}/campaign/${slug}`)).html).not.toContain('data-island="Countdown"');
    await putPage(slug, 'LIVE', { countdownPageList: ['/'] });
    const unlisted = await page(`${US_HOST}/campaign/${slug}`);
    expect(unlisted.html).not.toContain('data-island="Countdown"');
    expect(textOf(unlisted.html)).toContain('On now until ');
  });

  it('shows an ITEMS range as exactly its items, in order, at the market prices', async () => {
    await putPage('bf2', 'LIVE', { rangeDetails: [101, 72, 999_999] });
    const us = await page(`${US_HOST}/campaign/bf2`);
    expect([...us.html.matchAll(/data-item-id="(\d+)"/g)].map((match) => match[1])).toEqual(['101', '72']);
    const ca = await page(`${CA_HOST}/campaign/bf2`);
    expect(ca.html).toMatch(/CA\$\d+\.\d\d/);
    expect(textOf(ca.html)).toContain('up to CA$75.00 off an order');
  });

  it('keeps the Easter sale at /sale/easter-sale with its terms below, and the footer newsletter', async () => {
    await putPage('easter-sale', 'LIVE');
    const { status, html } = await page(`${US_HOST}/sale/easter-sale`);
    expect(status).toBe(200);
    expect(html).toContain('data-campaign="easter-sale"');
    expect(textOf(html)).toContain('Use code EASTER27 in your cart');
    expect(html).toContain('<h2>Sale Terms</h2>');
    expect(html).toContain('data-newsletter-form');
    expect((await page(`${US_HOST}/campaign/easter-sale`)).status).toBe(404);
  });
});

describe('campaign states', () => {
  it('says when an upcoming campaign starts and offers its codes from that date', async () => {
    await putPage('amazing-offers-rolling-in', 'UPCOMING', {
      startTime: '2030-12-01T17:00:00Z',
      endTime: '2030-12-15T17:00:00Z',
    });
    const { html } = await page(`${US_HOST}/campaign/amazing-offers-rolling-in`);
    expect(html).toContain('data-state="UPCOMING"');
    expect(textOf(html)).toContain('Starts Dec 1, 2030, 12:00 PM ET');
    expect(textOf(html)).toContain('Use code ROLLING20 in your cart from Dec 1, 2030, 12:00 PM ET');
    expect(html).not.toContain('data-island="Countdown"');
  });

  it('shows an ended campaign as ended, with no codes or products, and links to the current deals', async () => {
    await putRunning('LIVE');
    await putPage('bf2', 'ENDED');
    const { status, html } = await page(`${US_HOST}/campaign/bf2`);
    expect(status).toBe(200);
    expect(html).toContain('data-state="ENDED"');
    expect(textOf(html)).toContain('This offer has ended');
    expect(html).not.toContain('data-code=');
    expect(html).not.toContain('data-item-id=');
    expect(html).not.toContain('class="campaign-hero"');
    expect(html).toContain('<a href="/campaign/black-friday-cyber-monday-unbeatable-offer">Current deals</a>');
    expect(html).toContain('<a href="/search">Search all parts</a>');
  });

  it('reads a campaign switched off (active false) as ended', async () => {
    await putPage('bf2', 'LIVE', { active: false });
    expect((await page(`${US_HOST}/campaign/bf2`)).html).toContain('data-state="ENDED"');
  });

  it('answers 404 for an unknown slug, a bad slug and a config that does not validate, never a 500', async () => {
    expect((await page(`${US_HOST}/campaign/spring-brakes`)).status).toBe(404);
    expect((await page(`${US_HOST}/campaign/NOT_A_SLUG!`)).status).toBe(404);
    await env.SETTINGS.put(KV_KEY.campaignPage('bf2'), JSON.stringify({ ...seedOf('bf2'), heroBanners: [{}] }));
    forgetCampaign();
    expect((await page(`${US_HOST}/campaign/bf2`)).status).toBe(404);
    await env.SETTINGS.put(KV_KEY.campaignPage('bf2'), '{not json');
    forgetCampaign();
    expect((await page(`${US_HOST}/campaign/bf2`)).status).toBe(404);
  });

  it('hides a campaign from the market it is not for', async () => {
    await putPage('bf2', 'LIVE', { markets: ['us'] });
    expect((await page(`${US_HOST}/campaign/bf2`)).status).toBe(200);
    expect((await page(`${CA_HOST}/campaign/bf2`)).status).toBe(404);
  });
});

describe('Black Friday from the shop settings', () => {
  it('takes its window from an active BLACK_FRIDAY_CONFIG and its code from BLACK_FRIDAY_2024_CONFIG', async () => {
    const slug = 'black-friday-cyber-monday-unbeatable-offer';
    await putPage(slug, 'ENDED');
    const live = window('LIVE');
    await putSettings({
      BLACK_FRIDAY_CONFIG: { active: true, startTime: live.startTime, endTime: live.endTime },
      BLACK_FRIDAY_2024_CONFIG: { active: true, BF_CODE: 'BFNOW40' },
    });
    const { html } = await page(`${US_HOST}/campaign/${slug}`);
    expect(html).toContain('data-state="LIVE"');
    expect(textOf(html)).toContain('Use code BFNOW40 in your cart');
    expect(html).not.toContain('data-code="BF2024"');
    await putSettings({ BLACK_FRIDAY_CONFIG: { active: false, startTime: live.startTime, endTime: live.endTime } });
    expect((await page(`${US_HOST}/campaign/${slug}`)).html).toContain('data-state="ENDED"');
  });
});

describe('the site-wide countdown strip and the Deals link', () => {
  it('shows the running campaign strip on the pages of its countdown list, linking to its page', async () => {
    await putRunning('LIVE');
    for (const path of ['/', '/search']) {
      const { html } = await page(`${US_HOST}${path}`);
      const strip = /<a class="campaign-strip" href="([^"]+)"[^>]*>(.*?)<\/a>/s.exec(html);
      expect(strip?.[1], path).toBe('/campaign/black-friday-cyber-monday-unbeatable-offer');
      expect(textOf(strip![2]!)).toContain(
        'Black Friday: up to 40% off brakes, lighting and floor mats with code BF2024',
      );
      expect(strip![2]).toContain('data-island="Countdown"');
    }
    expect((await page(`${US_HOST}/shopCart`)).html).not.toContain('campaign-strip');
  });

  it('hides the strip outside the countdown and when the campaign is off', async () => {
    await putRunning('LIVE', { countdownEnd: iso(Date.now() - 1000), countdownStart: iso(Date.now() - HOUR) });
    expect((await page(`${US_HOST}/`)).html).not.toContain('campaign-strip');
    await putRunning('LIVE', { active: false });
    expect((await page(`${US_HOST}/`)).html).not.toContain('campaign-strip');
  });

  it('leads the header Deals link to the live campaign, else to the Easter sale', async () => {
    await putRunning('LIVE');
    expect((await page(`${US_HOST}/about`)).html).toContain(
      '<a href="/campaign/black-friday-cyber-monday-unbeatable-offer">Deals</a>',
    );
    await putRunning('ENDED');
    expect((await page(`${US_HOST}/about`)).html).toContain('<a href="/sale/easter-sale">Deals</a>');
  });
});

describe('campaign pages in the sitemap', () => {
  it('lists the live and upcoming campaign pages of the market, not an ended one', async () => {
    await putPage('black-friday-cyber-monday-unbeatable-offer', 'LIVE');
    await putPage('amazing-offers-rolling-in', 'UPCOMING');
    await putPage('bf2', 'ENDED');
    const sitemap = await (await shop(`${US_HOST}/sitemap.xml`)).text();
    expect(sitemap).toContain('/campaign/black-friday-cyber-monday-unbeatable-offer</loc>');
    expect(sitemap).toContain('/campaign/amazing-offers-rolling-in</loc>');
    expect(sitemap).not.toContain('/campaign/bf2<');
    expect(sitemap.match(/\/sale\/easter-sale</g)).toHaveLength(1);
  });
});
