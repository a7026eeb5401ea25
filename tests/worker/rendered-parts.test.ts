import { pageScripts } from '../../worker/platform/build-info.ts';
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderedCards } from '../../worker/catalog/views/ProductCard.tsx';
import { renderedProducts } from '../../worker/catalog/views/ProductPage.tsx';
import { catalogChanged } from '../../worker/platform/recent-reads.ts';
import { US_HOST, page } from './helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';

beforeAll(loadCatalogFixture);

const head = (html: string) => html.slice(0, html.indexOf('</head>'));

async function productWithFitment() {
  return (await env.DB.prepare(
    `SELECT s.url_handle AS handle, i.id, k.id AS skuId FROM item i JOIN seo s
      ON s.target_id = i.id AND s.is_primary = 1 JOIN sku k ON k.item_id = i.id
     WHERE i.us_status = 'ON_SHELVES' AND EXISTS (SELECT 1 FROM fitment f WHERE f.item_id = i.id)
       ORDER BY i.id DESC LIMIT 1`,
  ).first<{ handle: string; id: number; skuId: number }>())!;
}

describe('rendered page parts are reused only while their data is unchanged', () => {
  it('renders a product page once for repeated views, and afresh on the next view after a price change', async () => {
    const product = await productWithFitment();
    const url = `${US_HOST}/product/${product.handle}`;
    const first = await page(url);
    const renders = renderedProducts.renders;
    const again = await page(url);
    expect(renderedProducts.renders).toBe(renders);
    expect(again.html.slice(again.html.indexOf('<main'))).toBe(first.html.slice(first.html.indexOf('<main')));
    await env.DB.prepare("UPDATE sku_price SET discount_price = 101 WHERE sku_id = ? AND currency = 'USD'")
      .bind(product.skuId)
      .run();
    catalogChanged(); // a catalog import shows within a second (recent-reads.ts); the test does not wait it out
    const changed = await page(url);
    expect(renderedProducts.renders).toBe(renders + 1);
    expect(changed.html).toContain('$1.01');
  });

  it('keeps preloads of reused parts (product, header, footer) in the head: main photo, island scripts', async () => {
    const product = await productWithFitment();
    const url = `${US_HOST}/product/${product.handle}`;
    await page(url);
    const { html } = await page(url);
    const main = /<img src="([^"]+)" alt="[^"]*" width="400"/.exec(html)![1]!;
    const imagePreloads = (head(html).match(/<link rel="preload"[^>]*>/g) ?? []).filter((tag) =>
      tag.includes('as="image"'),
    );
    expect(
      imagePreloads.some((tag) => tag.includes(`href="${main}"`)),
      `${main} in ${imagePreloads}`,
    ).toBe(true);
    const modules = [...head(html).matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]);
    // The product page's islands (inside the reused product markup) and the entry's chunk.
    for (const script of [...pageScripts('en').islands.AddToCart!, ...pageScripts('en').entryChunks])
      expect(modules).toContain(script);
    const body = html.slice(html.indexOf('</head>'));
    expect(body).not.toContain('rel="modulepreload"');
    expect(body).not.toContain('rel="preload"');
  });

  it('reuses a card across searches, and shows a card with its new price on the next search', async () => {
    const { html } = await page(`${US_HOST}/search?keyword=brake`);
    const itemId = Number(/<li class="product-card" data-item-id="(\d+)"/.exec(html)![1]);
    const renders = renderedCards.renders;
    const again = await page(`${US_HOST}/search?keyword=brake&sort=discountMinPrice%20asc`);
    expect(again.html).toContain(`data-item-id="${itemId}"`);
    expect(renderedCards.renders).toBeLessThan(renders + 20);
    // A search card is priced from the item's lowest price in the market.
    await env.DB.prepare('UPDATE item SET min_price_usd = 102 WHERE id = ?').bind(itemId).run();
    catalogChanged();
    const repriced = await page(`${US_HOST}/search?keyword=brake`);
    const card =
      new RegExp(`<li class="product-card" data-item-id="${itemId}">(.*?)</li>`).exec(repriced.html)?.[1] ?? '';
    expect(card).toContain('$1.02');
  });
});
