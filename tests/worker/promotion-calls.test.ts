import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartAnswer } from '../../shared/cart.ts';
import seedSql from '../../worker/db/seed/promotions.sql?raw';
import { bearer, json, member } from './account-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { runSqlFile } from './checkout-helpers.ts';
import { US_HOST, api, cookiesOf } from './helpers.ts';

let skuId: number;
let itemId: number;
let price: number;
let cookie = '';
const P = '/promotion/public/promotion/calculator';

beforeAll(async () => {
  await loadCatalogFixture();
  await runSqlFile(seedSql);
  // These prices are about codes, coupons and points on their own: the seed's first-order offer
  // (first-order.test.ts) would take its $5 off every first cart here first, so it has ended.
  await env.DB.prepare('UPDATE promotion SET ends_at = starts_at + 1 WHERE first_order_only = 1').run();
  ({ skuId, itemId, price } = (await env.DB.prepare(
    `SELECT s.id AS skuId, s.item_id AS itemId, p.discount_price AS price FROM sku s JOIN item i
      ON i.id = s.item_id JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD'
     WHERE i.us_status = 'ON_SHELVES' AND s.available_total >= 20 ORDER BY s.id LIMIT 1`,
  ).first<{ skuId: number; itemId: number; price: number }>())!);
  const started = await api<CartAnswer>(
    `${US_HOST}/order/public/buyer/cart/v2`,
    json('POST', { items: [{ skuId, itemCount: 1 }] }),
  );
  cookie = Object.values(cookiesOf(started.response))
    .map((line) => line.split(';')[0])
    .join('; ');
});

const post = <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
  api<T>(`${US_HOST}${path}`, json('POST', body, { cookie, ...headers }));

describe('every promotion call of §7 answers', () => {
  it('url/discount enters a link code on the cart', async () => {
    const result = await post<CartAnswer>(`${P}/url/discount`, { code: 'freeship' });
    expect(result.body.data.detail.pricing.promotionCodes).toEqual(['FREESHIP']);
    expect(result.body.data.detail.pricing.rejected[0]?.reason).toMatch(
      /^Spend \$[\d,]+\.\d\d more to use this code\.$/,
    );
  });

  it('calculator/discount prices the cart with every discount and its reason', async () => {
    const result = await post<CartAnswer>(`${P}/discount`, {});
    expect(result.body.data.detail.pricing).toMatchObject({ subtotal: price, currency: 'USD' });
  });

  it('discount/list answers the automatic offers per product', async () => {
    const result = await post<Record<string, { promotionId: number }[]>>(`${P}/discount/list`, { itemIds: [itemId] });
    expect(result.body.data[String(itemId)]?.map((offer) => offer.promotionId)).toContain(1001);
    expect((await post(`${P}/discount/list`, { itemIds: [] })).body.msg).toBe('itemIds must list at least one item');
  });

  it('giveaway and exchange validate answer for the cart', async () => {
    expect(Array.isArray((await post(`/order/public/inner/promotion/2c/giveaway`, {})).body.data)).toBe(true);
    const validate = await post<{ valid: boolean; reason: string }>(
      `/promotion/public/exchange-purchase/item/validate`,
      { skuId },
    );
    expect(validate.body.data).toMatchObject({ valid: false });
    expect(validate.body.data.reason.length).toBeGreaterThan(0);
  });

  it('coupons is empty for a visitor; the member calls need sign-in and answer for a member', async () => {
    expect((await api(`${US_HOST}${P}/coupons`)).body.data).toEqual([]);
    for (const [method, path] of [
      ['POST', `${P}/discount/used`],
      ['GET', `${P}/discount/member`],
      ['GET', `${P}/discount/redeem`],
    ] as const) {
      expect((await api(`${US_HOST}${path}`, { method })).status).toBe(401);
    }
    const token = await member(`promo-calls-${Date.now()}@example.com`);
    const redeemable = await api<{ points: number; coupons: { promotionId: number }[] }>(
      `${US_HOST}${P}/discount/redeem`,
      { headers: bearer(token) },
    );
    expect(redeemable.body.data.points).toBe(0);
    expect(redeemable.body.data.coupons.map((coupon) => coupon.promotionId)).toContain(1005);
    expect((await api(`${US_HOST}${P}/discount/used`, { method: 'POST', headers: bearer(token) })).body.data).toEqual(
      [],
    );
  });

  it('subscribe/cancel/tip answers a tip or null', async () => {
    const result = await api<{ tip: string | null }>(`${US_HOST}${P}/subscribe/cancel/tip`);
    expect(result.body.success).toBe(true);
    expect(result.body.data).toHaveProperty('tip');
  });

  it('buy-now/integral tells a member how many of their points the order can take', async () => {
    const token = await member(`promo-integral-${Date.now()}@example.com`);
    const accountId = (
      await api<{ accountId: number }>(`${US_HOST}/account/buyer/account/current`, { headers: bearer(token) })
    ).body.data.accountId;
    await env.DB.prepare(
      `INSERT INTO points_ledger (account_id, delta, reason, created_at) VALUES (?, 100000000, 'ADJUSTMENT', 0)`,
    )
      .bind(accountId)
      .run();
    const bought = await api<CartAnswer>(
      `${US_HOST}/order/public/buyer/buy-now/order`,
      json('POST', { skuId, itemCount: 1 }, bearer(token)),
    );
    const { cartUUID, cartToken } = bought.body.data;
    const integral = await api<{ balance: number; usablePoints: number; usableCent: number }>(
      `${US_HOST}/order/public/buyer/buy-now/integral`,
      json('POST', { cartUUID, cartToken }, bearer(token)),
    );
    // Points pay for the item at one cent each, never for shipping.
    expect(integral.body.data).toEqual({ balance: 100000000, usablePoints: price, usableCent: price });
    const stranger = await api(
      `${US_HOST}/order/public/buyer/buy-now/integral`,
      json('POST', { cartUUID, cartToken: 'wrong' }, bearer(token)),
    );
    expect(stranger.status).toBe(404);
  });
});
