import { beforeAll, describe, expect, it } from 'vitest';
import { US_HOST, page } from './helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';

beforeAll(loadCatalogFixture);

describe('shop by make', () => {
  it('lists every make on /makes with links to each', async () => {
    const { status, html } = await page(`${US_HOST}/makes`);
    expect(status).toBe(200);
    for (const slug of ['ford', 'honda', 'toyota']) expect(html).toContain(`data-make="${slug}"`);
  });

  it('lists a make’s models, the years of the model asked for, and the part categories of a model year', async () => {
    const { html } = await page(`${US_HOST}/makes/honda`);
    expect(html).toContain('<h1>Honda parts</h1>');
    expect(html).toContain('data-model="civic"');
    expect(html).toContain('href="/makes/honda?model=civic"');
    expect(html).not.toContain('href="/makes/honda?model=civic&amp;year=2015"');
    const model = await page(`${US_HOST}/makes/honda?model=civic`);
    expect(model.html).toContain('href="/makes/honda?model=civic&amp;year=2015"');
    expect(model.html).not.toContain('data-model-year');
    const chosen = await page(`${US_HOST}/makes/honda?model=civic&year=2015`);
    expect(chosen.html).toContain('data-model-year="2015 Civic"');
    expect(chosen.html).toMatch(/href="\/search\?category=\d+&amp;attributeValueId=\d+"/);
  });

  it('offers only the years a model has: a gap in its years shows, and each year leads on', async () => {
    // The Colorado was not sold for 2013 and 2014 (as the Bronco was not from 1997 to 2020).
    const { html } = await page(`${US_HOST}/makes/chevrolet?model=colorado`);
    const years = [...html.matchAll(/href="\/makes\/chevrolet\?model=colorado&amp;year=(\d+)"/g)].map((m) => m[1]);
    expect(years).toEqual(['2018', '2017', '2016', '2015', '2012']);
    expect(html).toMatch(/data-model="colorado"[^>]*>.*?<span>2012, 2015-2018<\/span>/);
    for (const year of years) {
      const chosen = await page(`${US_HOST}/makes/chevrolet?model=colorado&year=${year}`);
      expect(chosen.html, year).toContain(`data-model-year="${year} Colorado"`);
    }
    const gap = await page(`${US_HOST}/makes/chevrolet?model=colorado&year=2013`);
    expect(gap.html).not.toContain('data-model-year');
  });

  it('answers an unknown make with the 404 page and ignores an impossible year', async () => {
    expect((await page(`${US_HOST}/makes/no-such-make`)).status).toBe(404);
    expect((await page(`${US_HOST}/makes/${encodeURIComponent('<b>')}`)).status).toBe(404);
    const odd = await page(`${US_HOST}/makes/honda?model=civic&year=1850`);
    expect(odd.status).toBe(200);
    expect(odd.html).not.toContain('data-model-year');
  });

  it('keeps a make page small for a phone: one model’s years at a time', async () => {
    const elements = (html: string) => html.match(/<[a-z][a-z0-9-]*[\s>/]/g)?.length ?? 0;
    const whole = await page(`${US_HOST}/makes/ford`);
    const yearLinks = (html: string) => html.match(/href="\/makes\/ford\?model=[\w-]+&amp;year=\d+"/g)?.length ?? 0;
    expect(yearLinks(whole.html)).toBe(0);
    expect(elements(whole.html)).toBeLessThan(1500);
    const slug = /data-model="([\w-]+)"/.exec(whole.html)?.[1];
    const open = await page(`${US_HOST}/makes/ford?model=${slug}`);
    expect(yearLinks(open.html)).toBeGreaterThan(0);
  });
});
