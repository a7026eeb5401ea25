import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { CA, US } from '../../shared/markets.ts';
import { escapeXml, sitemapXml } from '../../worker/content/sitemap.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { CA_HOST, US_HOST, shop } from './helpers.ts';

beforeAll(async () => {
  await loadCatalogFixture();
  await env.DB.prepare(
    `INSERT INTO collection (id, parent_id, name, handle, sort) VALUES (900, NULL, 'Odd', 'o''reilly-&-sons', 99)`,
  ).run();
});

/** The primary handle of the first item with these statuses in the US and Canada. */
async function handleOf(us: string, ca: string): Promise<string> {
  const row = await env.DB.prepare(
    `SELECT s.url_handle AS handle FROM item i JOIN seo s ON s.type = 'ITEM' AND s.target_id = i.id AND s.is_primary = 1
     WHERE i.us_status = ?1 AND i.ca_status = ?2 ORDER BY i.id LIMIT 1`,
  )
    .bind(us, ca)
    .first<{ handle: string }>();
  return row!.handle;
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

describe('robots.txt', () => {
  it('answers each market with its configured origin as the sitemap, never the request host', async () => {
    for (const [host, origin] of [
      [US_HOST, env.US_ORIGIN],
      [CA_HOST, env.CA_ORIGIN],
      ['http://ca.attacker.example', env.CA_ORIGIN],
    ] as const) {
      const response = await shop(`${host}/robots.txt`);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/);
      expect(response.headers.get('Cache-Control')).toMatch(/public, max-age=\d+/);
      const text = await response.text();
      expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
      expect(text).not.toContain('attacker');
    }
    expect(env.US_ORIGIN).not.toBe(US_HOST);
  });

  it('allows the shop and disallows private pages and the JSON API', async () => {
    const text = await (await shop(`${US_HOST}/robots.txt`)).text();
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const path of ['/admin', '/myAccount', '/checkout', '/order/', '/shopCart', '/dev/', '/infra/', '/api/'])
      expect(text.split('\n')).toContain(`Disallow: ${path}`);
    expect(text.split('\n')).not.toContain('Disallow: /');
  });
});

describe('sitemap.xml', () => {
  it('lists the products on sale in the market only, with when they changed', async () => {
    const us = await shop(`${US_HOST}/sitemap.xml`);
    expect(us.status).toBe(200);
    expect(us.headers.get('Content-Type')).toMatch(/^application\/xml/);
    expect(us.headers.get('Cache-Control')).toMatch(/^public, max-age=\d+/);
    const usXml = await us.text();
    expect(usXml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/);
    const [onSaleBoth, caOnly, soldOut] = [
      await handleOf('ON_SHELVES', 'ON_SHELVES'),
      await handleOf('OFF_SHELVES', 'ON_SHELVES'),
      await handleOf('SOLD_OUT', 'SOLD_OUT'),
    ];
    expect(usXml).toMatch(new RegExp(`<loc>${env.US_ORIGIN}/product/${onSaleBoth}</loc><lastmod>\\d{4}-`));
    expect(usXml).not.toContain(caOnly);
    expect(usXml).not.toContain(`/product/${soldOut}<`);
    const caXml = await (await shop(`${CA_HOST}/sitemap.xml`)).text();
    expect(caXml).toContain(`<loc>${env.CA_ORIGIN}/product/${caOnly}</loc>`);
    expect(caXml).not.toContain(env.US_ORIGIN);
  });

  it('lists the category pages, the makes and the content pages the market has', async () => {
    const usUrls = locs(await (await shop(`${US_HOST}/sitemap.xml`)).text());
    for (const path of ['/', '/categories', '/collection/winter-ready', '/makes', '/makes/chevrolet', '/makes/toyota'])
      expect(usUrls).toContain(`${env.US_ORIGIN}${path}`);
    for (const path of ['/about', '/reviews', '/page/return-policy', '/help/faq', '/blogs'])
      expect(usUrls).toContain(`${env.US_ORIGIN}${path}`);
    const caUrls = locs(await (await shop(`${CA_HOST}/sitemap.xml`)).text());
    expect(caUrls).toContain(`${env.CA_ORIGIN}/about`);
    expect(caUrls).not.toContain(`${env.CA_ORIGIN}/blogs`);
    expect(new Set(usUrls).size).toBe(usUrls.length);
  });

  it('escapes what XML does not allow inside a URL', async () => {
    const xml = await (await shop(`${US_HOST}/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>${env.US_ORIGIN}/collection/o&apos;reilly-%26-sons</loc>`);
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });

  it('becomes an index of parts of at most the limit once the pages pass it', async () => {
    const origin = 'https://shop.example';
    const whole = locs((await sitemapXml(env.DB, US, origin, null))!);
    expect(whole.length).toBeGreaterThan(30);
    const index = (await sitemapXml(env.DB, US, origin, null, 10))!;
    const parts = Math.ceil(whole.length / 10);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index)).toEqual(Array.from({ length: parts }, (_, i) => `${origin}/sitemap-${i + 1}.xml`));
    const listed: string[] = [];
    for (let part = 1; part <= parts; part++) {
      const urls = locs((await sitemapXml(env.DB, US, origin, part, 10))!);
      expect(urls.length).toBeLessThanOrEqual(10);
      listed.push(...urls);
    }
    expect(listed).toEqual(whole);
    expect(await sitemapXml(env.DB, US, origin, parts + 1, 10)).toBeNull();
    expect(await sitemapXml(env.DB, CA, origin, 0, 10)).toBeNull();
  });

  it('lists each Canadian page in English and in French, each naming both versions', async () => {
    const xml = await (await shop(`${CA_HOST}/sitemap.xml`)).text();
    const urls = locs(xml);
    expect(urls).toContain(`${env.CA_ORIGIN}/about`);
    expect(urls).toContain(`${env.CA_ORIGIN}/fr/about`);
    expect(urls).toContain(`${env.CA_ORIGIN}/fr/`);
    expect(urls.filter((url) => url.includes('/fr/')).length).toBe(urls.length / 2);
    const about = xml.split('\n').find((line) => line.includes(`<loc>${env.CA_ORIGIN}/fr/about</loc>`));
    expect(about).toContain(`<xhtml:link rel="alternate" hreflang="en-ca" href="${env.CA_ORIGIN}/about"/>`);
    expect(about).toContain(`<xhtml:link rel="alternate" hreflang="fr-ca" href="${env.CA_ORIGIN}/fr/about"/>`);
    const usXml = await (await shop(`${US_HOST}/sitemap.xml`)).text();
    expect(usXml).not.toContain('/fr/');
    for (let part = 1; part <= 3; part++) {
      const partXml = await sitemapXml(env.DB, CA, 'https://shop.example', part, 10);
      if (partXml) expect(locs(partXml).length).toBeLessThanOrEqual(10);
    }
  });

  it('has no parts while one sitemap holds every page', async () => {
    expect((await shop(`${US_HOST}/sitemap-1.xml`)).status).toBe(404);
  });
});
