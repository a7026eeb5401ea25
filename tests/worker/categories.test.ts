import { beforeAll, describe, expect, it } from 'vitest';
import { US_HOST, api, page } from './helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';

beforeAll(loadCatalogFixture);

describe('categories and questions', () => {
  it('lists every part category on /categories, each linking to its parts', async () => {
    const { status, html } = await page(`${US_HOST}/categories`);
    expect(status).toBe(200);
    for (const handle of [
      'brakes',
      'lighting',
      'body',
      'suspension-steering',
      'engine-cooling',
      'exhaust',
      'electrical',
      'interior',
      'wheels-tires',
      'accessories',
    ]) {
      expect(html).toContain(`data-category="${handle}"`);
    }
    expect(html).toMatch(/href="\/search\?category=\d+">Brake Pads</);
  });

  it('serves the category tree and a product’s questions', async () => {
    const tree = await api<{ name: string; children: { name: string }[] }[]>(
      `${US_HOST}/search/public/buyer/search/category/list`,
    );
    expect(tree.body.data).toHaveLength(10);
    expect(tree.body.data[0]!.children.map((c) => c.name)).toContain('Brake Pads');
    const faqs = await api<{ question: string }[]>(`${US_HOST}/infra/public/item/faq/list?itemId=1`);
    expect(Array.isArray(faqs.body.data)).toBe(true);
    expect((await api(`${US_HOST}/infra/public/item/faq/list?itemId=abc`)).status).toBe(400);
  });
});
