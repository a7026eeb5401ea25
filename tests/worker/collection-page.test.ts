import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { CA_HOST, US_HOST, page } from './helpers.ts';

beforeAll(loadCatalogFixture);

describe('a collection page', () => {
  it('lists the parts of the collection sold in the market, in its order, each with a fitment badge', async () => {
    const { results } = await env.DB.prepare(
      `SELECT ci.item_id AS id FROM collection_item ci JOIN collection c ON c.id = ci.collection_id
        JOIN item i ON i.id = ci.item_id
       WHERE c.handle = 'winter-ready' AND i.us_status IN ('ON_SHELVES', 'UNDER_STOCK', 'SOLD_OUT')
         ORDER BY ci.sort, ci.item_id LIMIT 20`,
    ).all<{ id: number }>();
    expect(results.length).toBeGreaterThan(0);
    const { status, html } = await page(`${US_HOST}/collection/winter-ready`);
    expect(status).toBe(200);
    expect(html).toContain('<h1>Winter Ready</h1>');
    const shown = [...html.matchAll(/class="product-card" data-item-id="(\d+)"/g)].map((match) => Number(match[1]));
    expect(shown).toEqual(results.map((row) => row.id));
    expect(html).toContain('data-island="CardFitment"');
  });

  it('prices the Canadian page in CA$', async () => {
    const { html } = await page(`${CA_HOST}/collection/winter-ready`);
    expect(html).toMatch(/CA\$[\d,]+\.\d\d/);
  });

  it('answers 404 for an unknown or malformed handle, and page 1 for a nonsense page number', async () => {
    expect((await page(`${US_HOST}/collection/no-such-collection`)).status).toBe(404);
    expect((await page(`${US_HOST}/collection/${'x'.repeat(300)}`)).status).toBe(404);
    for (const bad of ['0', '-3', 'abc', '1e9'])
      expect((await page(`${US_HOST}/collection/winter-ready?page=${bad}`)).status).toBe(200);
    const beyond = await page(`${US_HOST}/collection/winter-ready?page=500`);
    expect(beyond.html).toContain('No parts on this page.');
  });
});
