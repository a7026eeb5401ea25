import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { CA_HOST, US_HOST, page, shop } from './helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';

const one = <T>(sql: string) => env.DB.prepare(sql).first<T>();

beforeAll(loadCatalogFixture);

describe('product page', () => {
  it('shows photos, price, stock, the fitment badge and where the part fits', async () => {
    const row = await one<{ handle: string; title: string; id: number }>(
      "SELECT s.url_handle AS handle, i.title, i.id FROM item i JOIN seo s ON s.target_id = i.id AND s.is_primary = 1 WHERE i.us_status = 'ON_SHELVES' AND EXISTS (SELECT 1 FROM fitment f WHERE f.item_id = i.id) LIMIT 1");
    const { status, html } = await page(`${US_HOST}/product/${row!.handle}`);
    expect(status).toBe(200);
    expect(html).toContain(`data-item-id="${row!.id}"`);
    expect(html).toMatch(/<p class="product-price" data-price="\d+"><strong>\$[\d,]+\.\d\d<\/strong>/);
    expect(html).toContain('data-island="FitmentBadge"');
    expect(html).toContain('data-fit="EMPTY"');
    expect(html).toContain('Add vehicle');
    expect(html).toMatch(/<h2 id="fitment-table">Fits \d+ vehicle application/);
    expect(html).toContain('<meta name="page-type" content="product detail"/>');
  });

  it('prices in CA$ on the Canadian site and says when a part is not sold there', async () => {
    const sold = await one<{ handle: string }>("SELECT s.url_handle AS handle FROM item i JOIN seo s ON s.target_id = i.id AND s.is_primary = 1 WHERE i.ca_status = 'ON_SHELVES' LIMIT 1");
    expect((await page(`${CA_HOST}/product/${sold!.handle}`)).html).toMatch(/<strong>CA\$[\d,]+\.\d\d<\/strong>/);
    const notSold = await one<{ handle: string }>("SELECT s.url_handle AS handle FROM item i JOIN seo s ON s.target_id = i.id AND s.is_primary = 1 WHERE i.ca_status = 'OFF_SHELVES' AND i.status = 'ON_SHELVES' LIMIT 1");
    expect((await page(`${CA_HOST}/product/${notSold!.handle}`)).html).toContain('Not sold in Canada');
  });

  it('redirects an old handle to the primary one with a 301', async () => {
    const old = await one<{ handle: string; target_id: number }>("SELECT url_handle AS handle, target_id FROM seo WHERE is_primary = 0 LIMIT 1");
    const primary = await one<{ handle: string }>(`SELECT url_handle AS handle FROM seo WHERE is_primary = 1 AND target_id = ${old!.target_id}`);
    const response = await shop(`${US_HOST}/product/${old!.handle}`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`/product/${primary!.handle}`);
  });

  it('answers an unknown or malformed handle with the 404 page', async () => {
    expect((await page(`${US_HOST}/product/no-such-part`)).status).toBe(404);
    expect((await page(`${US_HOST}/product/${encodeURIComponent('<script>')}`)).status).toBe(404);
  });
});
