import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { CA_HOST, US_HOST, page } from './helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';

beforeAll(loadCatalogFixture);

describe('search page', () => {
  it('shows cards with price, fitment island and facets for a keyword', async () => {
    const { status, html } = await page(`${US_HOST}/search?keyword=brake`);
    expect(status).toBe(200);
    expect(html).toMatch(/<p data-total="\d+">/);
    expect(html).toContain('class="product-card"');
    expect(html).toContain('data-island="CardFitment"');
    expect(html).toMatch(/<span class="product-card__price">\$[\d,]+\.\d\d/);
    expect(html).toContain('<h2>Category</h2>');
    expect(html).toContain('<meta name="page-type" content="search results"/>');
  });

  it('prices in CA$ on the Canadian site', async () => {
    expect((await page(`${CA_HOST}/search?keyword=brake`)).html).toMatch(
      /<span class="product-card__price">CA\$[\d,]+\.\d\d/,
    );
  });

  it('puts parts that fit the chosen vehicle first', async () => {
    const row = await env.DB.prepare(
      'SELECT f.node_id, f.item_id FROM fitment f JOIN item i ON i.id = f.item_id ' +
        "WHERE f.node_level = 3 AND i.us_status = 'ON_SHELVES' LIMIT 1",
    ).first<{ node_id: number; item_id: number }>();
    const { html } = await page(`${US_HOST}/search?attributeValueId=${row!.node_id}&sort=discountMinPrice+asc`);
    const first = html.match(/data-item-id="(\d+)"/g)!.map((m) => Number(m.match(/\d+/)![0]));
    expect(first).toContain(row!.item_id);
  });

  it('suggests what to try when nothing matches, and survives any query', async () => {
    const empty = await page(`${US_HOST}/search?keyword=zzzzqqqq`);
    expect(empty.html).toContain('data-search-empty');
    for (const query of [
      'keyword=%22%2A%28NEAR',
      `keyword=${'x'.repeat(5000)}`,
      'page=0&sort=bogus&category=abc&brand=-1',
      'page=99999',
      'keyword=%F0%9F%9A%97',
    ]) {
      const { status } = await page(`${US_HOST}/search?${query}`);
      expect(status, query).toBe(200);
    }
  });
});
