import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { englishIn } from './english-words.ts';
import { CA_HOST, page } from './helpers.ts';

/** Shop by make and shop by category in French (issue 37), the English pages word for word as before. */

beforeAll(loadCatalogFixture);

const CAMRY_2018 = '/makes/toyota?model=camry&year=2018';

describe('the make and category pages in French', () => {
  it.each(['/makes', '/makes/ford', CAMRY_2018, '/categories'])(
    'shows %s in French, with no English word',
    async (path) => {
      const { status, html } = await page(`${CA_HOST}/fr${path}`);
      expect(status).toBe(200);
      expect(await englishIn(html)).toEqual([]);
    },
  );

  it("names a model year's parts and its categories in French", async () => {
    const { html } = await page(`${CA_HOST}/fr${CAMRY_2018}`);
    expect(html).toContain('Pièces pour Toyota Camry 2018');
    expect(html).toContain('Voir toutes les pièces pour Toyota Camry 2018');
    expect(html).toContain('<h1>Pièces Toyota</h1>');
  });

  it('keeps the English pages in their words', async () => {
    expect((await page(`${CA_HOST}/makes`)).html).toContain('<h1>Shop by make</h1>');
    const camry = (await page(`${CA_HOST}${CAMRY_2018}`)).html;
    expect(camry).toContain('<h1>Toyota parts</h1>');
    expect(camry).toContain('See all parts for the 2018 Toyota Camry');
    expect((await page(`${CA_HOST}/categories`)).html).toContain('<h1>Shop by category</h1>');
  });
});
