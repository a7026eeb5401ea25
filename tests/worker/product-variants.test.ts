import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { CA_HOST, US_HOST, api, cookiesOf, page } from './helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';

/** A product of two SKUs (the second "Black") sold in both markets, with its SKUs' part numbers and prices. */
interface TwoSkus {
  itemId: number;
  handle: string;
  first: number;
  second: number;
  firstPart: string;
  secondPart: string;
  firstUsd: number;
  secondUsd: number;
  secondCad: number;
  secondImage: string;
}

async function twoSkuProduct(offset = 0): Promise<TwoSkus> {
  const row = await env.DB.prepare(
    `SELECT i.id AS itemId, h.url_handle AS handle, a.id AS first, b.id AS second, a.part_number AS firstPart,
        b.part_number AS secondPart, pa.discount_price AS firstUsd, pb.discount_price AS secondUsd,
        cb.discount_price AS secondCad, b.image_url AS secondImage
       FROM item i JOIN seo h ON h.target_id = i.id AND h.type = 'ITEM' AND h.is_primary = 1 AND h.active = 1
       JOIN sku a ON a.item_id = i.id AND a.sort = 0 JOIN sku b ON b.item_id = i.id AND b.sort = 1
       JOIN sku_price pa ON pa.sku_id = a.id AND pa.currency = 'USD'
       JOIN sku_price pb ON pb.sku_id = b.id AND pb.currency = 'USD'
       JOIN sku_price cb ON cb.sku_id = b.id AND cb.currency = 'CAD'
      WHERE i.us_status = 'ON_SHELVES' AND i.ca_status = 'ON_SHELVES' AND b.color = 'Black'
        AND a.available_total > 5 AND i.non_vehicle = 0
      ORDER BY i.id LIMIT 1 OFFSET ?`,
  )
    .bind(offset)
    .first<TwoSkus>();
  return row!;
}

const usd = (cent: number) => `$${(cent / 100).toFixed(2)}`;
/** The part number the page names (its line carries it as data-part-number, for scripts and tests). */
const partNumberShown = (html: string) => {
  const line = html.match(/<p data-part-number="([^"]+)">.*?<\/p>/);
  return line?.[0].includes(`<strong translate="no">${line[1]}</strong>`) ? line[1] : undefined;
};
const priceShown = (html: string) => Number(html.match(/<p class="product-price" data-price="(\d+)"/)?.[1]);
const choiceOf = (html: string, sku: number) =>
  html.match(new RegExp(`<a class="variant[^"]*"[^>]*data-sku="${sku}"[^>]*>.*?</a>`))?.[0] ?? '';
const jsonLd = (html: string) =>
  JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!) as Record<string, unknown>;

beforeAll(loadCatalogFixture);

describe('a product of several SKUs', () => {
  it('offers each SKU as a choice with its own name, price and availability; the first is the default', async () => {
    const product = await twoSkuProduct();
    const { status, html } = await page(`${US_HOST}/product/${product.handle}`);
    expect(status).toBe(200);
    expect(html).toContain('Choose: Colour');
    const first = choiceOf(html, product.first);
    const second = choiceOf(html, product.second);
    expect(first).toContain(`href="?sku=${product.first}"`);
    expect(first).toContain('aria-current="true"');
    expect(first).toContain('Standard');
    expect(first).toContain(usd(product.firstUsd));
    expect(second).toContain('<span class="variant__name">Black</span>');
    expect(second).toContain(usd(product.secondUsd));
    expect(second).toContain('In stock');
    expect(second).not.toContain('aria-current');
    expect(partNumberShown(html)).toBe(product.firstPart);
    expect(priceShown(html)).toBe(product.firstUsd);
    expect(html).toContain(`data-add-to-cart="${product.first}"`);
  });

  it('shows the SKU ?sku= names: its price, part number, picture, add to cart; canonical is the product', async () => {
    const product = await twoSkuProduct();
    const { status, html } = await page(`${US_HOST}/product/${product.handle}?sku=${product.second}`);
    expect(status).toBe(200);
    expect(partNumberShown(html)).toBe(product.secondPart);
    expect(priceShown(html)).toBe(product.secondUsd);
    expect(choiceOf(html, product.second)).toContain('aria-current="true"');
    expect(choiceOf(html, product.first)).not.toContain('aria-current');
    expect(html).toContain(`data-add-to-cart="${product.second}"`);
    // The variant's own picture leads the gallery.
    const gallery = html.slice(html.indexOf('product__gallery'));
    expect(gallery.match(/<img [^>]*src="([^"]+)"/)?.[1]).toContain(product.secondImage.replace('.svg', ''));
    expect(html).toContain(`<link rel="canonical" href="${US_HOST}/product/${product.handle}"/>`);
    // Recently viewed keeps the variant viewed: its address and its picture.
    const viewed = html.match(/data-island="RecentlyViewed" data-props="([^"]+)"/)![1]!.replaceAll('&quot;', '"');
    const current = (JSON.parse(viewed) as { current: { urlHandle: string; imageUrl: string } }).current;
    expect(current.urlHandle).toBe(`${product.handle}?sku=${product.second}`);
    expect(current.imageUrl).toContain(product.secondImage.replace('.svg', '').replace('/static/', ''));
  });

  it('prices the chosen SKU in CA$ on the Canadian site, and names its colour in French on French pages', async () => {
    const product = await twoSkuProduct();
    const english = await page(`${CA_HOST}/product/${product.handle}?sku=${product.second}`);
    expect(priceShown(english.html)).toBe(product.secondCad);
    expect(choiceOf(english.html, product.second)).toContain(`CA$${(product.secondCad / 100).toFixed(2)}`);
    const french = await page(`${CA_HOST}/fr/product/${product.handle}?sku=${product.second}`);
    expect(french.status).toBe(200);
    expect(french.html).toContain('Choisir : Couleur');
    expect(choiceOf(french.html, product.second)).toContain('<span class="variant__name">Noir</span>');
    expect(choiceOf(french.html, product.first)).toContain('Standard');
    expect(partNumberShown(french.html)).toBe(product.secondPart);
    expect(french.html).toContain(`<link rel="canonical" href="${CA_HOST}/fr/product/${product.handle}"/>`);
  });

  it('falls back to the first SKU for a ?sku= that is not a number, too long, or another product’s', async () => {
    const product = await twoSkuProduct();
    const other = await twoSkuProduct(1);
    for (const bad of ['abc', '-1', '1e3', '99999999999999999999', String(other.second), '%3Cscript%3E', '']) {
      const { status, html } = await page(`${US_HOST}/product/${product.handle}?sku=${bad}`);
      expect(status, bad).toBe(200);
      expect(partNumberShown(html), bad).toBe(product.firstPart);
      expect(choiceOf(html, product.first), bad).toContain('aria-current="true"');
    }
  });

  it('shows a variant sold out or not sold in the market as such, not hidden, and will not sell it', async () => {
    const product = await twoSkuProduct(2);
    await env.DB.prepare('UPDATE sku SET available_total = 0 WHERE id = ?').bind(product.second).run();
    await env.DB.prepare("DELETE FROM sku_price WHERE sku_id = ? AND currency = 'CAD'").bind(product.first).run();
    const us = (await page(`${US_HOST}/product/${product.handle}?sku=${product.second}`)).html;
    const soldOut = choiceOf(us, product.second);
    expect(soldOut).toContain('variant--unavailable');
    expect(soldOut).toContain('data-state="SOLD_OUT"');
    expect(soldOut).toContain('Sold out');
    expect(us).toContain('data-stock="SOLD_OUT"');
    expect(us).toContain('This part cannot be added to the cart.');
    const ca = (await page(`${CA_HOST}/product/${product.handle}`)).html;
    expect(choiceOf(ca, product.first)).toContain('Not sold in Canada');
    expect(choiceOf(ca, product.first)).toContain('data-state="NOT_SOLD"');
    expect(ca).toContain('This part cannot be added to the cart.');
  });

  it('puts the chosen SKU in the cart: the page’s add to cart adds the SKU ?sku= names', async () => {
    const product = await twoSkuProduct();
    const { html } = await page(`${US_HOST}/product/${product.handle}?sku=${product.second}`);
    const skuId = Number(html.match(/data-add-to-cart="(\d+)"/)?.[1]);
    expect(skuId).toBe(product.second);
    const added = await api<{ detail: { items: { skuId: number; itemId: number }[] } }>(
      `${US_HOST}/order/public/buyer/cart/v2`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: US_HOST },
        body: JSON.stringify({ items: [{ skuId, itemCount: 1 }] }),
      },
    );
    expect(added.status).toBe(200);
    expect(Object.keys(cookiesOf(added.response)).length).toBeGreaterThan(0);
    expect(added.body.data.detail.items.map((line) => line.skuId)).toEqual([product.second]);
  });

  it('describes itself as a schema.org ProductGroup with one Product and Offer per SKU', async () => {
    const product = await twoSkuProduct();
    const data = jsonLd((await page(`${US_HOST}/product/${product.handle}?sku=${product.second}`)).html);
    expect(data['@type']).toBe('ProductGroup');
    expect(data.productGroupID).toBe(String(product.itemId));
    expect(data.variesBy).toEqual(['https://schema.org/color']);
    const variants = data.hasVariant as {
      '@type': string;
      sku: string;
      color?: string;
      offers: Record<string, string>;
    }[];
    expect(variants.map((variant) => variant['@type'])).toEqual(['Product', 'Product']);
    expect(variants.map((variant) => variant.sku)).toEqual([product.firstPart, product.secondPart]);
    expect(variants[1]!.color).toBe('Black');
    expect(variants.map((variant) => variant.offers.price)).toEqual([
      (product.firstUsd / 100).toFixed(2),
      (product.secondUsd / 100).toFixed(2),
    ]);
    expect(variants[1]!.offers.url).toBe(`${US_HOST}/product/${product.handle}?sku=${product.second}`);
    expect(variants[1]!.offers.priceCurrency).toBe('USD');
    const single = await env.DB.prepare(
      `SELECT h.url_handle AS handle FROM item i JOIN seo h ON h.target_id = i.id AND h.type = 'ITEM'
         AND h.is_primary = 1 AND h.active = 1 WHERE i.us_status = 'ON_SHELVES'
         AND (SELECT count(*) FROM sku s WHERE s.item_id = i.id) = 1 ORDER BY i.id LIMIT 1`,
    ).first<{ handle: string }>();
    const one = jsonLd((await page(`${US_HOST}/product/${single!.handle}`)).html);
    expect(one['@type']).toBe('Product');
    expect(one.hasVariant).toBeUndefined();
  });

  it('shows the range of its SKUs’ prices on a search result card', async () => {
    const product = await twoSkuProduct();
    const { html } = await page(`${US_HOST}/search?keyword=${product.firstPart}`);
    const card = html.match(new RegExp(`data-item-id="${product.itemId}"[\\s\\S]*?</li>`))?.[0] ?? '';
    expect(card).toContain(`${usd(product.firstUsd)} – ${usd(product.secondUsd)}`);
  });
});
