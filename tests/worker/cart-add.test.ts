import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { CART_MSG, MAX_CART_LINES } from '../../shared/cart.ts';
import { bearer, json, member } from './account-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { US_HOST, api, cookiesOf } from './helpers.ts';

const CART = '/order/public/buyer/cart/v2';
interface Cart {
  cartUUID: string | null;
  detail: {
    items: { skuId: number; itemCount: number; bundleId: string | null; discountPrice: number }[];
    groups: { bundles: { bundleId: string; items: string[] }[] };
    pricing: { discount: number; discounts: { code: string | null }[] };
  };
  errors: { skuId: number; error: string }[];
}

/** A browser's cart cookies, kept across calls. */
function browser() {
  const jar: Record<string, string> = {};
  const cookie = () =>
    Object.entries(jar)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const result = await api<Cart>(
      `${US_HOST}${path}`,
      body === undefined
        ? { method, headers: { cookie: cookie(), ...headers } }
        : json(method, body, { cookie: cookie(), ...headers }),
    );
    for (const [name, line] of Object.entries(cookiesOf(result.response)))
      jar[name] = line.slice(name.length + 1).split(';')[0]!;
    return result;
  };
  return {
    jar,
    cookie,
    add: (items: unknown[], headers?: Record<string, string>) => call('POST', CART, { items }, headers),
    get: () => call('GET', CART),
    call,
  };
}

const onSale = async (limit: number) =>
  (
    await env.DB.prepare(
      `SELECT s.id FROM sku s JOIN item i ON i.id = s.item_id WHERE i.us_status = 'ON_SHELVES'
        AND s.available_total >= 5
     AND EXISTS (SELECT 1 FROM sku_price p WHERE p.sku_id = s.id AND p.currency = 'USD'
       AND p.discount_price IS NOT NULL) ORDER BY s.id LIMIT ?`,
    )
      .bind(limit)
      .all<{ id: number }>()
  ).results.map((row) => row.id);

beforeAll(loadCatalogFixture);

describe('adding to the cart in one round trip', () => {
  it(`holds at most ${MAX_CART_LINES} different parts: a new one is refused, more of one there is not`, async () => {
    const skus = await onSale(MAX_CART_LINES + 1);
    expect(skus).toHaveLength(MAX_CART_LINES + 1);
    const shopper = browser();
    const full = await shopper.add(skus.slice(0, MAX_CART_LINES).map((skuId) => ({ skuId, itemCount: 1 })));
    expect(full.body.data.errors).toEqual([]);
    expect(full.body.data.detail.items).toHaveLength(MAX_CART_LINES);
    const more = await shopper.add([
      { skuId: skus[MAX_CART_LINES]!, itemCount: 1 },
      { skuId: skus[0]!, itemCount: 1 },
    ]);
    expect(more.body.data.errors).toEqual([{ skuId: skus[MAX_CART_LINES], error: CART_MSG.lineLimit }]);
    expect(more.body.data.detail.items).toHaveLength(MAX_CART_LINES);
    expect(more.body.data.detail.items.find((line) => line.skuId === skus[0])?.itemCount).toBe(2);
  });

  it('adds a part to a live bundle; refuses it for a bundle that ended or does not hold it', async () => {
    const [member1, member2] = (
      await env.DB.prepare('SELECT sku_id AS id FROM bundle_item WHERE bundle_id = 1 ORDER BY sku_id').all<{
        id: number;
      }>()
    ).results.map((row) => row.id);
    const shopper = browser();
    const added = await shopper.add([
      { skuId: member1, itemCount: 1, bundleId: 1 },
      { skuId: member2, itemCount: 1, bundleId: 1 },
      { skuId: member1, itemCount: 1, bundleId: 2 },
    ]);
    expect(added.body.data.errors).toEqual([{ skuId: member1, error: CART_MSG.bundleGone }]);
    expect(added.body.data.detail.groups.bundles).toEqual([
      { bundleId: '1', items: expect.arrayContaining([`${member1}:NORMAL:1`, `${member2}:NORMAL:1`]) },
    ]);
    await env.DB.prepare('UPDATE bundle SET active = 0 WHERE id = 1').run();
    try {
      const ended = await shopper.add([{ skuId: member1, itemCount: 1, bundleId: 1 }]);
      expect(ended.body.data.errors).toEqual([{ skuId: member1, error: CART_MSG.bundleGone }]);
      expect(
        ended.body.data.detail.items.find((line) => line.skuId === member1 && line.bundleId === '1')?.itemCount,
      ).toBe(1);
    } finally {
      await env.DB.prepare('UPDATE bundle SET active = 1 WHERE id = 1').run();
    }
  });

  it('answers the lines already in the cart with their titles and prices when another part is added', async () => {
    const [first, second] = await onSale(2);
    const shopper = browser();
    const alone = (await shopper.add([{ skuId: first, itemCount: 2 }])).body.data.detail.items[0]!;
    const both = (await shopper.add([{ skuId: second, itemCount: 1 }])).body.data.detail.items;
    const earlier = both.find((line) => line.skuId === first)!;
    expect(both).toHaveLength(2);
    expect({ ...earlier, itemCount: 2 }).toEqual(alone);
    expect(earlier.discountPrice).toBeGreaterThan(0);
    expect(both.find((line) => line.skuId === second)?.discountPrice).toBeGreaterThan(0);
  });

  it("refuses to add to another shopper's cart, writing nothing to it", async () => {
    const [skuId, other] = await onSale(2);
    const owner = browser();
    const { cartUUID } = (await owner.add([{ skuId, itemCount: 1 }])).body.data;
    const stranger = browser();
    stranger.jar.cartId = cartUUID!;
    stranger.jar.cart = 'not-the-token';
    const refused = await stranger.add([{ skuId: other, itemCount: 3 }]);
    expect(refused.status).toBe(404);
    expect(refused.body.msg).toBe(CART_MSG.notFound);
    expect((await owner.get()).body.data.detail.items.map((line) => [line.skuId, line.itemCount])).toEqual([
      [skuId, 1],
    ]);
  });

  it("starts a new cart for a signed-out browser whose cart became a member's, leaving that one alone", async () => {
    const [skuId, other] = await onSale(2);
    const token = await member(`cart-add-adopted-${Date.now()}@example.com`);
    const shopper = browser();
    const { cartUUID } = (await shopper.add([{ skuId, itemCount: 1 }])).body.data;
    await shopper
      .get()
      .then(() => api(`${US_HOST}${CART}`, { headers: { cookie: shopper.cookie(), ...bearer(token) } }));
    const signedOut = await shopper.add([{ skuId: other, itemCount: 2 }]);
    expect(signedOut.body.data.cartUUID).not.toBe(cartUUID);
    expect(signedOut.body.data.detail.items.map((line) => [line.skuId, line.itemCount])).toEqual([[other, 2]]);
    const own = (await api<Cart>(`${US_HOST}${CART}`, { headers: bearer(token) })).body.data;
    expect(own.cartUUID).toBe(cartUUID);
    expect(own.detail.items.map((line) => [line.skuId, line.itemCount])).toEqual([[skuId, 1]]);
  });

  it("prices the answer with the cart's entered codes", async () => {
    const [skuId] = await onSale(1);
    const shopper = browser();
    await shopper.add([{ skuId, itemCount: 1 }]);
    const code = 'ONETRIP7';
    await env.DB.batch([
      env.DB.prepare(`INSERT OR IGNORE INTO promotion (id, name, code, source, promotion_type,
        discount_type, discount_value, threshold_type, threshold_value, applies_to, market, starts_at, ends_at)
        VALUES (7707, 'Seven off everything', ?1, 'PROMOTION_CODE', 'DISCOUNT', 'PERCENT', 7,
          'NO_THRESHOLD', 0, 'ALL', NULL, unixepoch() - 60, NULL)`).bind(code),
      env.DB.prepare(`INSERT OR IGNORE INTO promotion_code (code, market, promotion_id) VALUES (?1, 'us', 7707)`).bind(
        code,
      ),
    ]);
    await shopper.call('POST', '/order/public/promotion/v2/apply', { code });
    const added = await shopper.add([{ skuId, itemCount: 1 }]);
    expect(added.body.data.detail.pricing.discounts.map((discount) => discount.code)).toContain(code);
    expect(added.body.data.detail.pricing.discount).toBeGreaterThan(0);
  });
});
