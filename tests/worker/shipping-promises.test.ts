import { env } from 'cloudflare:test';
import { catalogChanged } from '../../worker/platform/recent-reads.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/money.ts';
import { NO_DELIVERY_MESSAGE, deliverableRegions, noDeliveryAreas } from '../../shared/regions.ts';
import seedSql from '../../worker/db/seed/promotions.sql?raw';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { NEW_YORK, loadPostalCodes, runSqlFile, shopper, type Quote } from './checkout-helpers.ts';
import { CA_HOST, US_HOST, page } from './helpers.ts';

const QUOTE = '/order/public/buyer/checkout/quote';
const CART = '/order/public/buyer/cart/v2';

interface Priced {
  subtotal: number;
  shipping: number;
  shippingDiscount: number;
  shippingName: string | null;
  total: number;
  discount: number;
  hints: string[];
  postCode: string | null;
  shippingOptions: { name: string; cost: number }[];
}
type PricedQuote = Quote & { pricing: Priced };

/** The automatic free-shipping promotion of a market, as the database holds it. */
const freeShippingRow = (market: 'us' | 'ca') =>
  env.DB.prepare(
    `SELECT id, threshold_value AS threshold, shipping_option AS shippingOption FROM promotion
     WHERE source = 'AUTO_DISCOUNT' AND discount_type = 'FREE_SHIPPING' AND market = ?`,
  )
    .bind(market)
    .first<{ id: number; threshold: number; shippingOption: string }>();

/** An in-stock part sold in both markets, and how many of it reach a price in the market's currency. */
let part: { id: number; usd: number; cad: number };
const unitsOver = (cent: number, unit: number) => Math.ceil(cent / unit);

/** The text of every list item of a page's section, tags stripped. */
function sectionItems(html: string, id: string): string[] {
  const section = html.match(new RegExp(`<section id="${id}"[^>]*>([\\s\\S]*?)</section>`))?.[1] ?? '';
  return [...section.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ''));
}
const usd = (cent: number) => formatMoney({ cent, currency: 'USD' });
const decodeEntities = (text: string) => text.replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'");

beforeAll(async () => {
  await loadCatalogFixture();
  await loadPostalCodes();
  await runSqlFile(seedSql);
  await env.DB.prepare(`INSERT OR IGNORE INTO postal_code (market, post_code, city, state_code) VALUES
    ('us', '00901', 'San Juan', 'PR'), ('us', '09001', 'Apo', 'AE')`).run();
  // A part under $50 that is not a brake part, so no category offer muddies the totals.
  part = (await env.DB.prepare(
    `SELECT s.id, u.discount_price AS usd, c.discount_price AS cad FROM sku s JOIN item i ON i.id = s.item_id
       JOIN sku_price u ON u.sku_id = s.id AND u.currency = 'USD'
       JOIN sku_price c ON c.sku_id = s.id AND c.currency = 'CAD'
     WHERE i.us_status = 'ON_SHELVES' AND i.ca_status = 'ON_SHELVES' AND s.available_total >= 40
       AND u.discount_price BETWEEN 1500 AND 5000 ORDER BY s.id LIMIT 1`,
  ).first<{ id: number; usd: number; cad: number }>())!;
});

describe('free shipping as the banner promises it', () => {
  it('takes Standard Shipping off a US cart over the threshold with no code, in the cart and at checkout', async () => {
    const promotion = (await freeShippingRow('us'))!;
    const buyer = shopper();
    const quantity = unitsOver(promotion.threshold, part.usd);
    const cart = await buyer.call<{ detail: { pricing: Priced } }>('POST', CART, {
      items: [{ skuId: part.id, itemCount: quantity }],
      postCode: '10001',
    });
    const inCart = cart.body.data.detail.pricing;
    expect(inCart.subtotal).toBeGreaterThanOrEqual(promotion.threshold);
    expect(inCart.shippingName).toBe('Standard Shipping');
    expect(inCart.shipping).toBeGreaterThan(0);
    expect(inCart.shippingDiscount).toBe(inCart.shipping);
    const quote = (await buyer.call<PricedQuote>('POST', QUOTE, { address: NEW_YORK })).body.data;
    expect(quote.pricing.shippingDiscount).toBe(quote.pricing.shipping);
    expect(quote.pricing.total).toBe(quote.pricing.subtotal - quote.pricing.discount);
    // The promise is Standard Shipping: a faster option stays paid.
    const expedited = await buyer.call<PricedQuote>('POST', QUOTE, {
      address: NEW_YORK,
      shippingName: 'Expedited Shipping',
    });
    expect(expedited.body.data.pricing.shippingDiscount).toBe(0);
    expect(expedited.body.data.pricing.shipping).toBeGreaterThan(0);
  });

  it('charges shipping below the threshold and says how much more to spend', async () => {
    const promotion = (await freeShippingRow('us'))!;
    const buyer = shopper();
    const quantity = unitsOver(promotion.threshold, part.usd) - 1;
    const cart = await buyer.call<{ detail: { pricing: Priced } }>('POST', CART, {
      items: [{ skuId: part.id, itemCount: quantity }],
      postCode: '10001',
    });
    const pricing = cart.body.data.detail.pricing;
    expect(pricing.shippingDiscount).toBe(0);
    const gap = formatMoney({ cent: promotion.threshold - pricing.subtotal, currency: 'USD' });
    expect(pricing.hints).toContain(
      `Spend ${gap} more to get free Standard Shipping on orders of ${usd(promotion.threshold)} or more.`,
    );
  });

  it("writes the US home page's banner from the live promotion, and drops it when the promotion ends", async () => {
    const promotion = (await freeShippingRow('us'))!;
    const text = `Free Standard Shipping on orders of ${usd(promotion.threshold)} or more`;
    const home = await page(`${US_HOST}/`);
    expect(home.html).toContain(`data-promotion-id="${promotion.id}"`);
    expect(home.html).toContain(text);
    await env.DB.prepare('UPDATE promotion SET ends_at = unixepoch() - 1 WHERE id = ?').bind(promotion.id).run();
    // The home page shares its reads for a second; a direct write drops them as the shop's own writes do.
    catalogChanged();
    try {
      expect((await page(`${US_HOST}/`)).html).not.toContain('Free Standard Shipping');
    } finally {
      await env.DB.prepare('UPDATE promotion SET ends_at = unixepoch() + 86400 WHERE id = ?').bind(promotion.id).run();
    }
  });

  it("shows the Canadian site the Canadian promotion's banner in CA$, and honours it in a Canadian cart", async () => {
    const promotion = (await freeShippingRow('ca'))!;
    const threshold = formatMoney({ cent: promotion.threshold, currency: 'CAD' });
    expect(threshold).toMatch(/^CA\$/);
    const home = await page(`${CA_HOST}/`);
    expect(home.html).toContain(`Free Standard Shipping on orders of ${threshold} or more`);
    expect(home.html).not.toMatch(/orders (of|over) \$\d/);
    const buyer = shopper(CA_HOST);
    const cart = await buyer.call<{ detail: { pricing: Priced } }>('POST', CART, {
      items: [{ skuId: part.id, itemCount: unitsOver(promotion.threshold, part.cad) }],
      postCode: 'M5V 3L9',
    });
    const pricing = cart.body.data.detail.pricing;
    expect(pricing.shipping).toBeGreaterThan(0);
    expect(pricing.shippingDiscount).toBe(pricing.shipping);
  });
});

describe('where the shop delivers', () => {
  it('refuses a Puerto Rico address at checkout with the reason, at the postal code field', async () => {
    const buyer = shopper();
    await buyer.add(part.id, 1);
    const sanJuan = { ...NEW_YORK, city: 'San Juan', regionCode: 'PR', postalCode: '00901' };
    const refused = await buyer.call('POST', QUOTE, { address: sanJuan });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual({
      errors: [{ field: 'address.postalCode', message: NO_DELIVERY_MESSAGE('us', 'Puerto Rico') }],
    });
    expect(NO_DELIVERY_MESSAGE('us', 'Puerto Rico')).toBe(
      'We do not ship to Puerto Rico. We ship to the 50 states and the District of Columbia only.',
    );
    // A Puerto Rico ZIP code under a state is still Puerto Rico; one the postal data lacks too.
    for (const postalCode of ['00901', '00725']) {
      const disguised = await buyer.call('POST', QUOTE, { address: { ...NEW_YORK, postalCode } });
      expect(disguised.body.data).toEqual({
        errors: [{ field: 'address.postalCode', message: NO_DELIVERY_MESSAGE('us', 'Puerto Rico') }],
      });
    }
  });

  it('refuses APO/FPO military mail, as the policy says', async () => {
    const buyer = shopper();
    await buyer.add(part.id, 1);
    const apo = await buyer.call('POST', QUOTE, { address: { ...NEW_YORK, postalCode: '09001' } });
    expect(apo.status).toBe(400);
    expect(apo.body.msg).toContain('We do not ship to Armed Forces Europe (APO/FPO/DPO).');
  });

  it('offers no shipping option to a postal code it does not deliver to, and says why', async () => {
    const buyer = shopper();
    const cart = await buyer.call<{ detail: { pricing: Priced } }>('POST', CART, {
      items: [{ skuId: part.id, itemCount: 1 }],
      postCode: '00901',
    });
    expect(cart.body.data.detail.pricing.shippingOptions).toEqual([]);
    expect(cart.body.data.detail.pricing.shippingName).toBeNull();
  });

  it('lists on the shipping policy page the same regions checkout accepts and refuses', async () => {
    const us = decodeEntities((await page(`${US_HOST}/page/shipping-policy`)).html);
    expect(sectionItems(us, 'where-we-ship')).toEqual(deliverableRegions('us').map((region) => region.name));
    expect(sectionItems(us, 'where-we-ship')).not.toContain('Puerto Rico');
    const refused = sectionItems(us, 'where-we-do-not-ship');
    expect(refused).toHaveLength(noDeliveryAreas('us').length);
    expect(refused).toContain('Puerto Rico (US territory)');
    expect(refused).toContain('Armed Forces Europe (APO/FPO/DPO) (military mail)');
    const promotion = (await freeShippingRow('us'))!;
    expect(us).toContain(
      `Free Standard Shipping on orders of ${usd(promotion.threshold)} or more, applied automatically`,
    );
    const ca = decodeEntities((await page(`${CA_HOST}/page/shipping-policy`)).html);
    expect(sectionItems(ca, 'where-we-ship')).toEqual(deliverableRegions('ca').map((region) => region.name));
    expect(sectionItems(ca, 'where-we-ship')).toContain('Nunavut');
    expect(sectionItems(ca, 'where-we-do-not-ship')).toEqual([]);
  });
});
