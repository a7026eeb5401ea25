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

  it('lists a make’s models and years, and the part categories of a chosen model year', async () => {
    const { html } = await page(`${US_HOST}/makes/honda`);
    expect(html).toContain('<h1>Honda parts</h1>');
    expect(html).toContain('data-model="civic"');
    expect(html).toContain('href="/makes/honda?model=civic&amp;year=2015"');
    const chosen = await page(`${US_HOST}/makes/honda?model=civic&year=2015`);
    expect(chosen.html).toContain('data-model-year="2015 Civic"');
    expect(chosen.html).toMatch(/href="\/search\?category=\d+&amp;attributeValueId=\d+"/);
  });

  it('answers an unknown make with the 404 page and ignores an impossible year', async () => {
    expect((await page(`${US_HOST}/makes/no-such-make`)).status).toBe(404);
    expect((await page(`${US_HOST}/makes/${encodeURIComponent('<b>')}`)).status).toBe(404);
    const odd = await page(`${US_HOST}/makes/honda?model=civic&year=1850`);
    expect(odd.status).toBe(200);
    expect(odd.html).not.toContain('data-model-year');
  });
});
