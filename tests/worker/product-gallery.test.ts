import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { PART_VIEWS, itemImages } from '../../scripts/data/part-images.ts';
import { US_HOST, page } from './helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { staticAsset } from '../../worker/platform/build-info.ts';

interface Product {
  id: number;
  handle: string;
  title: string;
  partType: string;
}

const escaped = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** An item on sale in the US, given the gallery the catalog generator writes for its part type. */
async function productWithGallery(): Promise<Product> {
  const product = (await env.DB.prepare(
    'SELECT i.id, s.url_handle AS handle, i.title, c.handle AS partType FROM item i ' +
      "JOIN seo s ON s.target_id = i.id AND s.type = 'ITEM' AND s.is_primary = 1 AND s.active = 1 " +
      "JOIN category c ON c.id = i.back_category_id WHERE i.us_status = 'ON_SHELVES' ORDER BY i.id DESC LIMIT 1",
  ).first<Product>())!;
  const insert = env.DB.prepare(
    "INSERT INTO item_image (item_id, idx, is_main, media_type, url, title) VALUES (?, ?, ?, 'IMAGE', ?, ?)",
  );
  await env.DB.batch([
    env.DB.prepare('DELETE FROM item_image WHERE item_id = ?').bind(product.id),
    ...itemImages(product.partType, product.title).map((image, idx) =>
      insert.bind(product.id, idx, image.isMain ? 1 : 0, image.url, image.title),
    ),
  ]);
  return product;
}

let product: Product;
beforeAll(async () => {
  await loadCatalogFixture();
  product = await productWithGallery();
});

describe('product gallery', () => {
  it('gives every part type its own drawing in each view, main (front) first, titled for alt text', () => {
    const images = itemImages('brake-rotors', 'DuraStop Vented Brake Rotor');
    expect(images.map((image) => image.url)).toEqual(
      PART_VIEWS.map((view) => `/static/parts/brake-rotors-${view}.svg`),
    );
    expect(images.map((image) => image.isMain)).toEqual([true, false, false, false]);
    expect(images[0]!.title).toBe('DuraStop Vented Brake Rotor, front view');
    expect(new Set(images.map((image) => image.title)).size).toBe(images.length);
  });

  it('renders the main view first with fetchpriority high, and a labelled, lazy thumbnail per view', async () => {
    const { status, html } = await page(`${US_HOST}/product/${product.handle}`);
    expect(status).toBe(200);
    const gallery = html.slice(html.indexOf('<div class="product__gallery">'), html.indexOf('product__summary'));
    expect(gallery).toContain('data-island="ProductGallery"');
    const images = itemImages(product.partType, product.title);

    const main = gallery.match(/<button[^>]*class="product__main"[^>]*>\s*<img [^>]*>/)?.[0] ?? '';
    expect(main).toContain(`aria-label="Zoom: ${escaped(images[0]!.title)}"`);
    expect(main).toContain(`src="${staticAsset(images[0]!.url)}"`);
    expect(main).toContain(`alt="${escaped(images[0]!.title)}"`);
    // HTML attribute names are case-insensitive: React writes the prop's own spelling, fetchPriority.
    expect(main).toMatch(/ fetchpriority="high"/i);
    expect(main).toMatch(/width="400" height="400"/);
    expect(main).toContain('data-retry=""');

    const thumbs = [
      ...gallery.matchAll(/<button type="button" aria-label="Show ([^"]*)" aria-pressed="(\w+)">\s*<img ([^>]*)>/g),
    ];
    expect(thumbs.map((thumb) => thumb[1])).toEqual(images.map((image) => escaped(image.title)));
    expect(thumbs.map((thumb) => thumb[2])).toEqual(['true', 'false', 'false', 'false']);
    for (const [n, thumb] of thumbs.entries()) {
      expect(thumb[3]).toContain(`src="${staticAsset(images[n]!.url)}"`);
      expect(thumb[3]).toContain('loading="lazy"');
      expect(thumb[3]).not.toMatch(/fetchpriority/i);
    }
    expect(gallery).toMatch(/<dialog class="product__zoom" aria-label="Zoomed: [^"]+">/);
  });

  it('carries every view in the structured data, in gallery order', async () => {
    const { html } = await page(`${US_HOST}/product/${product.handle}`);
    const json = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)?.[1] ?? '{}';
    const urls = (JSON.parse(json) as { image: string[] }).image.map((url) => new URL(url).pathname);
    expect(urls).toEqual(itemImages(product.partType, product.title).map((image) => image.url));
  });
});
