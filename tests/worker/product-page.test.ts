import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { CA_HOST, US_HOST, api, page, shop } from './helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';

const one = <T>(sql: string) => env.DB.prepare(sql).first<T>();

beforeAll(loadCatalogFixture);

describe('product page', () => {
  it('shows photos, price, stock, the fitment badge and where the part fits', async () => {
    const row = await one<{ handle: string; title: string; id: number }>(
      'SELECT s.url_handle AS handle, i.title, i.id FROM item i JOIN seo s ON s.target_id = i.id ' +
        "AND s.is_primary = 1 WHERE i.us_status = 'ON_SHELVES' AND EXISTS (SELECT 1 FROM fitment f " +
        'WHERE f.item_id = i.id) LIMIT 1',
    );
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
    const sold = await one<{ handle: string }>(
      'SELECT s.url_handle AS handle FROM item i JOIN seo s ON s.target_id = i.id ' +
        "AND s.is_primary = 1 WHERE i.ca_status = 'ON_SHELVES' LIMIT 1",
    );
    expect((await page(`${CA_HOST}/product/${sold!.handle}`)).html).toMatch(/<strong>CA\$[\d,]+\.\d\d<\/strong>/);
    const notSold = await one<{ handle: string }>(
      'SELECT s.url_handle AS handle FROM item i JOIN seo s ON s.target_id = i.id ' +
        "AND s.is_primary = 1 WHERE i.ca_status = 'OFF_SHELVES' AND i.status = 'ON_SHELVES' LIMIT 1",
    );
    expect((await page(`${CA_HOST}/product/${notSold!.handle}`)).html).toContain('Not sold in Canada');
  });

  it('redirects an old handle to the primary one with a 301', async () => {
    const old = await one<{ handle: string; target_id: number }>(
      'SELECT url_handle AS handle, target_id FROM seo WHERE is_primary = 0 LIMIT 1',
    );
    const primary = await one<{ handle: string }>(
      `SELECT url_handle AS handle FROM seo WHERE is_primary = 1 AND target_id = ${old!.target_id}`,
    );
    const response = await shop(`${US_HOST}/product/${old!.handle}`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`/product/${primary!.handle}`);
  });

  it('answers an unknown or malformed handle with the 404 page', async () => {
    expect((await page(`${US_HOST}/product/no-such-part`)).status).toBe(404);
    expect((await page(`${US_HOST}/product/${encodeURIComponent('<script>')}`)).status).toBe(404);
  });
});

describe('product videos and the fields only the product shows', () => {
  const withVideo = () =>
    one<{ handle: string; id: number; url: string; cover: string; title: string; location: string | null }>(
      `SELECT s.url_handle AS handle, i.id, v.url, v.cover_url AS cover, v.title, i.location
        FROM item_video v JOIN item i ON i.id = v.item_id
     JOIN seo s ON s.target_id = i.id AND s.type = 'ITEM' AND s.is_primary = 1 AND s.active = 1
       WHERE i.us_status IN ('ON_SHELVES', 'UNDER_STOCK') ORDER BY i.id LIMIT 1`,
    );

  it('shows each video in the gallery as a labelled poster that loads nothing until played', async () => {
    const video = (await withVideo())!;
    const { html } = await page(`${US_HOST}/product/${video.handle}`);
    const tag = html.match(/<video [^>]*>/)?.[0] ?? '';
    expect(html).toMatch(
      new RegExp(
        '<div class="product__gallery">[\\s\\S]*<ul class="product__videos" aria-label="Videos">' +
          '[\\s\\S]*</div><div class="product__summary">',
      ),
    );
    expect(tag).toContain(`src="${video.url}"`);
    expect(tag).toContain(`poster="${video.cover}"`);
    expect(tag).toContain('preload="none"');
    expect(tag).toContain(`aria-label="${video.title}"`);
    expect(tag).toContain('controls');
    expect(tag).not.toContain('autoplay');
  });

  it('shows no video list for a product without videos, and waits to load recommendations', async () => {
    const plain = await one<{
      handle: string;
    }>(`SELECT s.url_handle AS handle FROM item i JOIN seo s ON s.target_id = i.id AND s.is_primary = 1
      WHERE i.us_status = 'ON_SHELVES' AND NOT EXISTS (SELECT 1 FROM item_video v WHERE v.item_id = i.id) LIMIT 1`);
    const { html } = await page(`${US_HOST}/product/${plain!.handle}`);
    expect(html).not.toContain('<video');
    expect(html).toContain('data-island="Recommendations"');
    expect(html).toContain('data-recommendations="waiting"');
  });

  it('item/v2 carries additionalVideos, additionalVideoCoverUrl, inKind and location', async () => {
    const video = (await withVideo())!;
    await env.DB.prepare(
      `UPDATE item SET in_kind = 'Pair', additional_video_cover_url = '/static/parts/cover.svg' WHERE id = ?`,
    )
      .bind(video.id)
      .run();
    const { body } = await api<{ product: Record<string, unknown> }>(
      `${US_HOST}/item/public/buyer/item/v2/${video.handle}`,
    );
    expect(body.data.product).toMatchObject({
      inKind: 'Pair',
      location: video.location,
      additionalVideoCoverUrl: '/static/parts/cover.svg',
      additionalVideos: [{ index: 0, url: video.url, coverUrl: video.cover, title: video.title }],
    });
  });
});
