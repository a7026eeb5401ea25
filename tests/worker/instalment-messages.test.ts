import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Bindings } from '../../worker/env.ts';
import { createApp } from '../../worker/app.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { checkoutFixture, shopper } from './checkout-helpers.ts';
import { CA_HOST, US_HOST } from './helpers.ts';

/**
 * The instalment message under a product's price and the cart's total (issue 38): shown where a
 * payment method offered here lets the shopper pay over time, naming the providers that take the
 * amount, in the page's language; never in a shop whose only methods are the sandbox's.
 */

const prodEnv = {
  ...env,
  DEV_TOOLS: undefined,
  CARD_PROVIDER_SECRET_KEY: 'sk_test_instalments',
  CARD_PROVIDER_PUBLISHABLE_KEY: 'pk_test_instalments',
  CARD_PROVIDER_WEBHOOK_SECRET: 'whsec_instalments',
  PAYPAL_CLIENT_ID: 'paypal-client',
  PAYPAL_CLIENT_SECRET: 'paypal-secret',
  PAYPAL_WEBHOOK_ID: 'WH-1',
} as unknown as Bindings;
const context = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const app = createApp();
const get = async (url: string, bindings: Bindings = prodEnv, cookie = '') =>
  (await app.request(url, { headers: { accept: 'text/html', cookie } }, bindings, context)).text();

const one = <T>(sql: string) => env.DB.prepare(sql).first<T>();
let handle = '';
let price = 0;
beforeAll(async () => {
  await loadCatalogFixture();
  const row = await one<{ handle: string; price: number }>(
    `SELECT s.url_handle AS handle, p.discount_price AS price FROM item i
       JOIN seo s ON s.target_id = i.id AND s.is_primary = 1 AND s.type = 'ITEM'
       JOIN sku k ON k.item_id = i.id AND k.sort = 0 JOIN sku_price p ON p.sku_id = k.id AND p.currency = 'USD'
      WHERE i.us_status = 'ON_SHELVES' AND i.ca_status = 'ON_SHELVES'
       AND p.discount_price BETWEEN 5000 AND 100000 LIMIT 1`,
  );
  handle = row!.handle;
  price = row!.price;
});

const text = (html: string) => html.match(/data-instalments="">([^<]+)</)?.[1] ?? null;

describe('the instalment message under a price', () => {
  it('names four payments and the providers that take the price on a production shop', async () => {
    const html = await get(`${US_HOST}/product/${handle}`);
    const quarter = (Math.ceil(price / 4) / 100).toFixed(2);
    expect(text(html)).toBe(`or 4 interest-free payments of $${quarter} with PayPal or Afterpay`);
  });

  it('speaks French on the French Canadian page, with the French amount', async () => {
    const html = await get(`${CA_HOST}/fr/product/${handle}`);
    expect(text(html)).toMatch(
      /^ou 4 versements sans intérêt de [\d\s\u00a0\u202f]+,\d\d[\s\u00a0\u202f]\$ avec PayPal ou Afterpay$/,
    );
  });

  it('says nothing where the shop only has the sandbox (no money moves there)', async () => {
    expect(text(await get(`${US_HOST}/product/${handle}`, env as unknown as Bindings))).toBeNull();
  });
});

describe('the instalment message under the cart total', () => {
  it("names the four payments of the cart's total and who takes them", async () => {
    const [skuId] = await checkoutFixture();
    const buyer = shopper(US_HOST);
    const added = await buyer.add(skuId!, 2);
    const total = added.body.data.detail.pricing.total;
    const cookie = Object.entries(buyer.jar)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const html = await get(`${US_HOST}/shopCart`, prodEnv, cookie);
    expect(total).toBeGreaterThan(3_000);
    const quarter = (Math.ceil(total / 4) / 100).toFixed(2);
    expect(text(html)).toBe(`or 4 interest-free payments of $${quarter} with PayPal or Afterpay`);
  });
});
