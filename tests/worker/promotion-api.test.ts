import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartAnswer } from '../../shared/cart.ts';
import { PROMOTION_MSG } from '../../shared/promotion-words.ts';
import seedSql from '../../worker/db/seed/promotions.sql?raw';
import { bearer, json, member } from './account-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { runSqlFile } from './checkout-helpers.ts';
import { CA_HOST, US_HOST, api, cookiesOf } from './helpers.ts';

const CART = '/order/public/buyer/cart/v2';
const APPLY = '/order/public/promotion/v2/apply';

/** A visitor with a cookie jar, like a browser. */
function visitor(host = US_HOST, headers: Record<string, string> = {}) {
  const jar: Record<string, string> = {};
  const call = async (method: string, path: string, body?: unknown) => {
    const cookie = Object.entries(jar)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const init =
      body === undefined ? { method, headers: { cookie, ...headers } } : json(method, body, { cookie, ...headers });
    const result = await api<CartAnswer>(`${host}${path}`, init);
    for (const [name, line] of Object.entries(cookiesOf(result.response)))
      jar[name] = line.slice(name.length + 1).split(';')[0]!;
    return result;
  };
  return {
    call,
    add: (skuId: number, itemCount: number, postCode?: string) =>
      call('POST', CART, { items: [{ skuId, itemCount }], postCode }),
    apply: (code: string, remove = false) => call('POST', APPLY, { code, remove }),
  };
}

const skuWhere = async (where: string) =>
  (await env.DB.prepare(
    `SELECT s.id, p.discount_price AS price FROM sku s JOIN item i ON i.id = s.item_id
      JOIN category c ON c.id = i.back_category_id
   JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD'
   WHERE i.us_status = 'ON_SHELVES' AND i.ca_status = 'ON_SHELVES' AND s.available_total >= 20
     AND ${where} ORDER BY p.discount_price LIMIT 1`,
  ).first<{ id: number; price: number }>())!;

let brake: { id: number; price: number };
let other: { id: number; price: number };
beforeAll(async () => {
  await loadCatalogFixture();
  await runSqlFile(seedSql);
  // These prices are about codes, coupons and points on their own: the seed's first-order offer
  // (first-order.test.ts) would take its $5 off every first cart here first, so it has ended.
  await env.DB.prepare('UPDATE promotion SET ends_at = starts_at + 1 WHERE first_order_only = 1').run();
  brake = await skuWhere(
    `(c.handle = 'brakes' OR c.parent_id = (SELECT id FROM category WHERE kind = 'BACK' AND handle = 'brakes'))`,
  );
  other = await skuWhere(
    `c.handle <> 'brakes' AND coalesce(c.parent_id, 0) <> (SELECT id FROM category ` +
      `WHERE kind = 'BACK' AND handle = 'brakes')`,
  );
});

describe('promotion codes on the cart', () => {
  it('applies a category code to the lines it covers, with its reason; taking it off restores the total', async () => {
    const shopper = visitor();
    const before = (await shopper.add(brake.id, 1)).body.data.detail.pricing;
    await shopper.add(other.id, 1);
    const without = (await shopper.call('GET', CART)).body.data.detail.pricing;
    const applied = (await shopper.apply('brakes15')).body.data.detail.pricing;
    expect(applied.promotionCodes).toEqual(['BRAKES15']);
    const discount = applied.discounts.find((entry) => entry.source === 'PROMOTION_CODE')!;
    expect(discount).toMatchObject({ code: 'BRAKES15', amount: Math.round(brake.price * 0.15) });
    expect(discount.reason).toMatch(/15%/);
    expect(applied.total).toBe(without.total - discount.amount);
    expect(applied.lineDiscounts.find((line) => line.key === `${other.id}:NORMAL:`)?.discount).toBe(0);
    const removed = (await shopper.apply('BRAKES15', true)).body.data.detail.pricing;
    expect(removed.total).toBe(without.total);
    expect(before.subtotal).toBe(brake.price);
  });

  it.each([
    ['NOPE-123', PROMOTION_MSG.unknownCode],
    ['SPRING10', PROMOTION_MSG.expired('code')],
    ['CANADA15', PROMOTION_MSG.wrongMarket('code')],
    ['WELCOME5', PROMOTION_MSG.membersOnly('code')],
  ])('refuses %s with a clear reason and leaves the cart as it was', async (code, reason) => {
    const shopper = visitor();
    await shopper.add(other.id, 1);
    const refused = await shopper.apply(code);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(reason);
    expect((await shopper.call('GET', CART)).body.data.detail.pricing.promotionCodes).toEqual([]);
  });

  it('refuses a code the member has already used', async () => {
    const token = await member(`promo-used-${Date.now()}@example.com`);
    const accountId = (
      await api<{ accountId: number }>(`${US_HOST}/account/buyer/account/current`, { headers: bearer(token) })
    ).body.data.accountId;
    await env.DB.prepare(`INSERT INTO promotion_usage (promotion_id, account_id, order_id) VALUES (1010, ?, ?)`)
      .bind(accountId, `order-${accountId}`)
      .run();
    const shopper = visitor(US_HOST, bearer(token));
    await shopper.add(other.id, 1);
    const refused = await shopper.apply('WELCOME5');
    expect(refused.body.msg).toBe(PROMOTION_MSG.alreadyUsed('code'));
  });

  it('keeps a code the cart falls short of and says how much more to spend', async () => {
    const shopper = visitor(CA_HOST);
    await shopper.add(other.id, 1);
    const pricing = (await shopper.apply('CANADA15')).body.data.detail.pricing;
    expect(pricing.promotionCodes).toEqual(['CANADA15']);
    expect(pricing.rejected[0]?.reason).toMatch(/^Spend CA\$[\d,]+\.\d\d more to use this code\.$/);
  });

  it('prices shipping by postal code (first fee plus each additional), free Standard Shipping over $99', async () => {
    const shopper = visitor();
    const below = Math.ceil(9_900 / other.price) - 1;
    const paid = (await shopper.add(other.id, below, '10001')).body.data.detail.pricing;
    expect(paid.shippingName).toBe('Standard Shipping');
    expect(paid.shipping).toBe(799 + (below - 1) * 199);
    expect(paid.shippingDiscount).toBe(0);
    const quantity = Math.ceil(10_000 / other.price) + 1;
    const pricing = (await shopper.add(other.id, quantity - below, '10001')).body.data.detail.pricing;
    expect(pricing.shipping).toBe(799 + (quantity - 1) * 199);
    expect(pricing.shippingDiscount).toBe(pricing.shipping);
    expect(pricing.total).toBe(pricing.subtotal - pricing.discount);
    // FREESHIP adds nothing to the automatic one on Standard Shipping: the automatic one wins the tie.
    const free = (await shopper.call('POST', APPLY, { code: 'FREESHIP', postCode: '10001' })).body.data.detail.pricing;
    expect(free.shippingDiscount).toBe(free.shipping);
    expect(free.shippingPromotionId).toBe(1011);
  });

  it('applies the automatic 10% at $150 or more without a code', async () => {
    const shopper = visitor();
    const pricing = (await shopper.add(other.id, Math.ceil(15_000 / other.price))).body.data.detail.pricing;
    expect(pricing.discounts.find((entry) => entry.source === 'AUTO_DISCOUNT')?.amount).toBe(
      Math.round(pricing.subtotal * 0.1),
    );
    expect(pricing.total).toBeGreaterThanOrEqual(0);
  });
});

describe('offers and coupons', () => {
  it('lists the automatic offers and those covering a product', async () => {
    const notice = await api<{ promotionId: number }[]>(`${US_HOST}/promotion/public/promotion/notice/discount-info`);
    expect(notice.body.data.map((offer) => offer.promotionId)).toContain(1001);
    const itemId = (await env.DB.prepare(`SELECT item_id AS id FROM sku WHERE id = ?`)
      .bind(other.id)
      .first<{ id: number }>())!.id;
    const covering = await api<{ promotionId: number }[]>(
      `${US_HOST}/promotion/public/promotion/calculator/item-detail/discount/list`,
      json('POST', { itemId }),
    );
    expect(covering.body.data.map((offer) => offer.promotionId)).toContain(1001);
  });

  it('says what a code would take off without entering it', async () => {
    const shopper = visitor();
    await shopper.add(brake.id, 2);
    const result = await shopper.call('GET', '/infra/public/buyer/dynamic-promotion-code/calculate?code=BRAKES15');
    expect(result.body.data).toMatchObject({
      code: 'BRAKES15',
      valid: true,
      discount: Math.round(brake.price * 2 * 0.15),
    });
  });

  it('redeems a coupon with points only while the balance covers it', async () => {
    const token = await member(`promo-redeem-${Date.now()}@example.com`);
    const accountId = (
      await api<{ accountId: number }>(`${US_HOST}/account/buyer/account/current`, { headers: bearer(token) })
    ).body.data.accountId;
    const redeem = () =>
      api<{ points: number }>(
        `${US_HOST}/promotion/public/promotion/redeem`,
        json('POST', { promotionId: 1005 }, bearer(token)),
      );
    const poor = await redeem();
    expect(poor.status).toBe(400);
    expect(poor.body.msg).toBe(PROMOTION_MSG.notEnoughPoints(1000));
    await env.DB.prepare(
      `INSERT INTO points_ledger (account_id, delta, reason, created_at) VALUES (?, 1500, 'ADJUSTMENT', 0)`,
    )
      .bind(accountId)
      .run();
    const rich = await redeem();
    expect(rich.body.data.points).toBe(500);
    const wallet = await api<{ promotionId: number; state: string }[]>(
      `${US_HOST}/promotion/public/promotion/calculator/discount/member`,
      { headers: bearer(token) },
    );
    expect(wallet.body.data.map((coupon) => coupon.promotionId)).toContain(1005);
  });

  it("refuses another account's global coupons and the member-only calls without a token", async () => {
    const token = await member(`promo-global-${Date.now()}@example.com`);
    expect(
      (await api(`${US_HOST}/promotion/public/promotion/global-coupons?accountId=999999`, { headers: bearer(token) }))
        .status,
    ).toBe(403);
    expect((await api(`${US_HOST}/promotion/public/promotion/calculator/discount/member`)).status).toBe(401);
  });
});

describe('add-on items (exchange purchase)', () => {
  it('offers no add-ons to a cart without a part the offer is about', async () => {
    const pricing = (await visitor().add(other.id, 1)).body.data.detail.pricing;
    expect(pricing.addOnItems).toEqual([]);
  });

  it('offers add-on parts once the cart qualifies; an added one gets its add-on price, at most 60 % off', async () => {
    const shopper = visitor();
    const quantity = Math.ceil(10_000 / brake.price);
    const pricing = (await shopper.add(brake.id, quantity)).body.data.detail.pricing;
    const offered = pricing.addOnItems.find((item) => item.qualifies);
    expect(offered).toBeDefined();
    expect(offered!.price).toBeLessThan(offered!.originalPrice);
    expect(offered!.price).toBeGreaterThanOrEqual(Math.ceil(offered!.originalPrice * 0.4) - 1);
    const withAddOn = (
      await shopper.call('POST', CART, { items: [{ skuId: offered!.skuId, itemCount: 1, itemType: 'TRADE_IN' }] })
    ).body.data;
    const line = withAddOn.detail.items.find((item) => item.itemType === 'TRADE_IN')!;
    expect(withAddOn.detail.groups.tradeIn).toEqual([line.key]);
    const share = withAddOn.detail.pricing.lineDiscounts.find((entry) => entry.key === line.key)!;
    expect(share.total).toBe(offered!.price);
    expect(withAddOn.detail.pricing.addOnItems.find((item) => item.skuId === offered!.skuId)?.inCart).toBe(true);
  });
});
