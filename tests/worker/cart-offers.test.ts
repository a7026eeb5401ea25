import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartAnswer } from '../../shared/cart.ts';
import seedSql from '../../worker/db/seed/promotions.sql?raw';
import { json } from './account-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { runSqlFile } from './checkout-helpers.ts';
import { CA_HOST, US_HOST, api, cookiesOf } from './helpers.ts';

/**
 * The cart's offers say one thing at a time (issue 36 item 7): a part is offered once, at one price,
 * and not for money while the cart earns it free; a refused free-shipping code names the offer that
 * already makes shipping free; a name written in dollars reads CA$ on the Canadian site.
 */

const CART = '/order/public/buyer/cart/v2';
const APPLY = '/order/public/promotion/v2/apply';

function visitor(host = US_HOST) {
  const jar: Record<string, string> = {};
  const call = async (method: string, path: string, body: unknown) => {
    const cookie = Object.entries(jar)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const result = await api<CartAnswer>(`${host}${path}`, json(method, body, { cookie }));
    for (const [name, line] of Object.entries(cookiesOf(result.response)))
      jar[name] = line.slice(name.length + 1).split(';')[0]!;
    return result.body.data.detail.pricing;
  };
  return {
    add: (skuId: number, itemCount: number, itemType?: string) =>
      call('POST', CART, { items: [{ skuId, itemCount, ...(itemType && { itemType }) }] }),
    apply: (code: string) => call('POST', APPLY, { code }),
  };
}

const BRAKES = `(c.handle = 'brakes'
  OR c.parent_id = (SELECT id FROM category WHERE kind = 'BACK' AND handle = 'brakes'))`;
let brake: { id: number; price: number };
let fluid: number;

beforeAll(async () => {
  await loadCatalogFixture();
  await runSqlFile(seedSql);
  brake = (await env.DB.prepare(
    `SELECT s.id, p.discount_price AS price FROM sku s JOIN item i ON i.id = s.item_id
     JOIN category c ON c.id = i.back_category_id JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD'
     WHERE i.us_status = 'ON_SHELVES' AND s.available_total >= 20 AND ${BRAKES}
     ORDER BY p.discount_price DESC LIMIT 1`,
  ).first<{ id: number; price: number }>())!;
  fluid = (await env.DB.prepare(`SELECT sku_id AS id FROM promotion_add_on WHERE promotion_id = 1006 LIMIT 1`).first<{
    id: number;
  }>())!.id;
});

const units = (cents: number) => Math.ceil(cents / brake.price);

describe("the cart's add-on offers", () => {
  it('offers a part once, at its best price, when two offers list it', async () => {
    await runSqlFile(`INSERT INTO promotion (id, name, source, promotion_type, discount_value, threshold_type,
        threshold_value, applies_to, market, starts_at, ends_at)
      VALUES (1098, 'Fluid for any brake job', 'AUTO_DISCOUNT', 'EXCHANGE_PURCHASE', 0, 'AMOUNT', 1, 'SELECTED', NULL,
        unixepoch() - 60, unixepoch() + 3600);
      INSERT INTO promotion_scope (promotion_id, target_type, target_id)
        SELECT 1098, target_type, target_id FROM promotion_scope WHERE promotion_id = 1006;
      INSERT INTO promotion_add_on (promotion_id, sku_id, percent_off, max_quantity) VALUES (1098, ${fluid}, 10, 1)`);
    try {
      const pricing = await visitor().add(brake.id, units(10_000));
      const offered = pricing.addOnItems.filter((item) => item.skuId === fluid);
      expect(offered).toHaveLength(1);
      // 40 % off with 'Brake job add-ons' beats 10 % off with the other offer.
      expect(offered[0]!.promotionId).toBe(1006);
    } finally {
      await env.DB.prepare(`UPDATE promotion SET ends_at = starts_at + 1 WHERE id = 1098`).run();
    }
  });

  it('does not sell for money the part a gift the cart earned brings free', async () => {
    const pricing = await visitor().add(brake.id, units(20_000));
    expect(pricing.giveaways.map((gift) => gift.skuId)).toContain(fluid);
    expect(pricing.addOnItems.filter((item) => item.skuId === fluid && !item.inCart)).toEqual([]);
  });

  it('does not offer again a part the cart holds as a regular line', async () => {
    const shopper = visitor();
    await shopper.add(brake.id, units(10_000));
    const pricing = await shopper.add(fluid, 1);
    expect(pricing.addOnItems.filter((item) => item.skuId === fluid && !item.inCart)).toEqual([]);
  });
});

describe("the cart's codes and names", () => {
  it('names the offer that already makes shipping free when FREESHIP is entered', async () => {
    const shopper = visitor();
    await shopper.add(brake.id, units(10_000));
    const pricing = await shopper.apply('FREESHIP');
    expect(pricing.shipping - pricing.shippingDiscount).toBe(0);
    expect(pricing.rejected).toEqual([
      {
        code: 'FREESHIP',
        reason: 'Your shipping is already free with \u201cFree Standard Shipping\u201d, so this code is not needed.',
      },
    ]);
  });

  it("reads a promotion's dollars as CA$ on the Canadian site", async () => {
    // One part of CA$30.00-CA$100.00: over the first order's minimum, under the 10 % off orders of $150.00.
    const { id } = (await env.DB.prepare(
      `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id JOIN sku_price p ON p.sku_id = s.id
       WHERE i.us_status = 'ON_SHELVES' AND i.ca_status = 'ON_SHELVES' AND s.available_total >= 5
       GROUP BY s.id HAVING min(p.discount_price) >= 3000 AND max(p.discount_price) <= 10000 ORDER BY s.id LIMIT 1`,
    ).first<{ id: number }>())!;
    const pricing = await visitor(CA_HOST).add(id, 1);
    expect(pricing.discounts.map((discount) => discount.name)).toContain('First order CA$5 off');
    const us = await visitor().add(id, 1);
    expect(us.discounts.map((discount) => discount.name)).toContain('First order $5 off');
  });
});
