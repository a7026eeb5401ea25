import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshIp } from './account-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { NEW_YORK, loadPostalCodes, shopper } from './checkout-helpers.ts';
import { US_HOST, page } from './helpers.ts';

interface QuoteLines {
  lines: { title: string; quantity: number; fit: string | null; fitText: string }[];
}

beforeAll(async () => {
  await loadCatalogFixture();
  await loadPostalCodes();
});

/** A part fitted to whole model years, a model year it fits and one of another make it does not. */
async function fitCase() {
  const row = await env.DB.prepare(
    `SELECT s.id AS skuId, f.model_node_id AS fits,
       (SELECT m2.id FROM vehicle_node m2 WHERE m2.level = 3 AND m2.make_id <> m.make_id
          AND NOT EXISTS (SELECT 1 FROM fitment g WHERE g.item_id = i.id AND g.model_node_id = m2.id) LIMIT 1) AS other
     FROM fitment f JOIN item i ON i.id = f.item_id JOIN vehicle_node m ON m.id = f.model_node_id
       JOIN sku s ON s.item_id = i.id
     WHERE f.node_level = 3 AND i.us_status = 'ON_SHELVES' AND i.vehicle_universal = 0 AND s.available_total > 5
     ORDER BY i.id LIMIT 1`,
  ).first<{ skuId: number; fits: number; other: number }>();
  expect(row).not.toBeNull();
  return row!;
}

describe('checkout lists each part with its fit for the shopper’s vehicle', () => {
  it('says fits, does not fit, or nothing without a vehicle', async () => {
    const { skuId, fits, other } = await fitCase();
    const buyer = shopper(US_HOST, { 'cf-connecting-ip': freshIp() });
    await buyer.add(skuId, 1);
    const quote = async (attributeValueId?: number) =>
      (
        await buyer.call<QuoteLines>('POST', '/order/public/buyer/checkout/quote', {
          address: NEW_YORK,
          ...(attributeValueId && { attributeValueId }),
        })
      ).body.data.lines;
    expect((await quote(fits))[0]).toMatchObject({ quantity: 1, fit: 'FIT' });
    const notFit = (await quote(other))[0]!;
    expect(notFit.fit).toBe('NOT_FIT');
    expect(notFit.fitText).toMatch(/^Does not fit your /);
    expect((await quote())[0]!.fit).toBe('EMPTY');
  });

  it('refuses a vehicle id that is not a number', async () => {
    const buyer = shopper(US_HOST, { 'cf-connecting-ip': freshIp() });
    const answer = await buyer.call('POST', '/order/public/buyer/checkout/quote', { attributeValueId: 'x' });
    expect(answer.status).toBe(400);
  });
});

describe('the checkout form offers only the regions the shop ships to', () => {
  it('lists the states and DC but not Puerto Rico or the other territories', async () => {
    const { html } = await page(`${US_HOST}/checkout`);
    const props = /data-island="CheckoutPage" data-props="([^"]*)"/.exec(html)?.[1] ?? '';
    const regions = JSON.parse(props.replaceAll('&quot;', '"').replaceAll('&amp;', '&')).regions as { code: string }[];
    const codes = regions.map((region) => region.code);
    expect(codes).toContain('NY');
    expect(codes).toContain('DC');
    for (const territory of ['PR', 'GU', 'VI', 'AS', 'MP']) expect(codes).not.toContain(territory);
  });
});
