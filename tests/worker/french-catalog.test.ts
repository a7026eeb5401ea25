import { beforeAll, describe, expect, it } from 'vitest';
import { frenchTitle, frenchWords } from '../../worker/catalog/french.ts';
import { CA_HOST, page } from './helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';

beforeAll(loadCatalogFixture);

const totalOf = (html: string) => Number(html.match(/data-total="(\d+)"/)?.[1] ?? -1);
const firstProduct = (html: string) => html.match(/href="(\/fr\/product\/[^"]+)"/)?.[1];

describe('the catalog in French', () => {
  it('writes titles in French word order, keeping brand, vehicle and part words it does not know', () => {
    expect(frenchTitle('DuraStop Ceramic Brake Pad Set, Front for 2015-2018 Toyota Camry')).toBe(
      'DuraStop Jeu de plaquettes de frein en céramique, avant pour 2015-2018 Toyota Camry',
    );
    expect(frenchTitle('AutoHaven Pro Winter Wiper Blade, 20 in.')).toBe(
      "AutoHaven Pro Balai d'essuie-glace d'hiver, 20 po",
    );
    expect(frenchTitle('Voltline Electric New Alternator for Acura 3.0L-3.7L 6-Cyl Engines')).toBe(
      'Voltline Electric Alternateur neuf pour moteurs Acura 3.0L-3.7L 6-Cyl',
    );
    expect(frenchTitle('Perfect fit for my truck')).toBe('Perfect fit for my truck');
    expect(frenchWords('Friction Material')).toBe('Matériau de friction');
    expect(frenchWords('Rear')).toBe('arrière');
  });

  it('finds brake pads for "plaquettes de frein", with or without accents and small words, as in English', async () => {
    const english = totalOf((await page(`${CA_HOST}/search?keyword=brake+pads`)).html);
    expect(english).toBeGreaterThan(0);
    for (const words of ['plaquettes de frein', 'plaquette frein', 'PLAQUETTES DE FREIN']) {
      const { html } = await page(`${CA_HOST}/fr/search?keyword=${encodeURIComponent(words)}`);
      expect(totalOf(html), words).toBe(english);
      expect(html).toContain(`Résultats pour « ${words} »`);
    }
  });

  it('finds oil filters for "filtre a huile" and "filtre à huile"', async () => {
    const english = totalOf((await page(`${CA_HOST}/search?keyword=oil+filter`)).html);
    expect(english).toBeGreaterThan(0);
    for (const words of ['filtre a huile', 'filtre à huile', "filtres à l'huile"]) {
      const { html } = await page(`${CA_HOST}/fr/search?keyword=${encodeURIComponent(words)}`);
      expect(totalOf(html), words).toBe(english);
    }
  });

  it('shows a product in French from a French search and finds it by its English part number', async () => {
    const search = await page(`${CA_HOST}/fr/search?keyword=${encodeURIComponent('plaquettes de frein')}`);
    const path = firstProduct(search.html)!;
    expect(path).toBeTruthy();
    const { html } = await page(`${CA_HOST}${path}`);
    expect(html).toMatch(/<h1>[^<]*Plaquettes de frein|<h1>[^<]*plaquettes de frein/);
    expect(html).toContain('Matériau de friction');
    expect(html).toContain('Caractéristiques');
    const partNumber = html.match(/Numéro de pièce :(?:<!-- -->)?\s*<strong translate="no">([^<]+)<\/strong>/)?.[1];
    expect(partNumber).toBeTruthy();
    const byNumber = await page(`${CA_HOST}/fr/search?keyword=${encodeURIComponent(partNumber!)}`);
    expect(byNumber.html).toContain(`href="${path}"`);
  });
});
