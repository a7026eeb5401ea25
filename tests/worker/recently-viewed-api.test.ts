import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATING, RECENTLY_VIEWED_LIMIT } from '../../shared/constants.ts';
import { MSG } from '../../shared/messages.ts';
import { bearer, json, member } from './account-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { CA_HOST, US_HOST, api } from './helpers.ts';
import { staticAsset } from '../../worker/platform/build-info.ts';

const SCAN = `${US_HOST}/item/recommend/personal-scan-item`;
type Entry = {
  itemId: number;
  title: string;
  urlHandle: string | null;
  imageUrl: string | null;
  reviewRating: number;
  reviewCount: number;
  currency: string;
};
type Card = { itemId: number; fits: boolean | null; vehicleUniversal: boolean; nonVehicle: boolean };

const rows = async <T>(sql: string, ...values: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...values)
      .all<T>()
  ).results;
const view = (token: string, itemId: number | string) =>
  api(`${SCAN}/${itemId}`, { method: 'POST', headers: bearer(token) });
const list = async (token: string, host = US_HOST) =>
  (await api<Entry[]>(`${host}/item/recommend/personal-scan-item/list`, { headers: bearer(token) })).body.data;
const batch = (token: string, body: unknown) => api<Entry[]>(`${SCAN}/batch`, json('POST', body, bearer(token)));
const scene = (name: string, body: unknown, headers: Record<string, string> = {}, base = '/search/public') =>
  api<Card[]>(`${US_HOST}${base}/recommend/scene/items?scene=${name}`, json('POST', body, headers));

let sold: number[];

beforeAll(async () => {
  await loadCatalogFixture();
  sold = (
    await rows<{ id: number }>(
      "SELECT id FROM item WHERE us_status IN ('ON_SHELVES', 'UNDER_STOCK') ORDER BY id LIMIT 14",
    )
  ).map((row) => row.id);
});

describe("a member's recently viewed products (§4)", () => {
  it('needs a signed-in member', async () => {
    for (const response of [
      await api(`${SCAN}/list`),
      await api(`${SCAN}/1`, { method: 'POST' }),
      await api(`${SCAN}/batch`, json('POST', { itemIds: [1] })),
    ]) {
      expect([response.status, response.body.msg]).toEqual([401, MSG.loginInvalid]);
    }
  });

  it('keeps the newest 10 views, newest first, a product viewed again moving to the front', async () => {
    const token = await member('viewed-order@example.com');
    for (const id of sold.slice(0, 12)) expect((await view(token, id)).body.success).toBe(true);
    expect((await list(token)).map((entry) => entry.itemId)).toEqual(sold.slice(2, 12).reverse());
    await view(token, sold[5]!);
    const again = (await list(token)).map((entry) => entry.itemId);
    expect(again).toHaveLength(RECENTLY_VIEWED_LIMIT);
    expect(again[0]).toBe(sold[5]);
    expect(new Set(again).size).toBe(again.length);
    const { n } = (await env.DB.prepare(
      'SELECT count(*) AS n FROM recently_viewed WHERE account_id = (SELECT id FROM account WHERE email = ?)',
    )
      .bind('viewed-order@example.com')
      .first<{ n: number }>())!;
    expect(n).toBe(RECENTLY_VIEWED_LIMIT);
  });

  it('adds imageUrl and reviewRating to each entry, 4.6 where there are no reviews, priced in the market', async () => {
    const token = await member('viewed-fields@example.com');
    const [reviewed] = await rows<{
      id: number;
      rating: number;
      url: string;
    }>(`SELECT i.id, i.review_rating AS rating, m.url FROM item i JOIN item_image m
      ON m.item_id = i.id AND m.is_main = 1
      WHERE i.review_count > 0 AND i.us_status = 'ON_SHELVES' LIMIT 1`);
    const [unreviewed] = await rows<{ id: number }>(
      "SELECT id FROM item WHERE review_count = 0 AND us_status = 'ON_SHELVES' AND ca_status = 'ON_SHELVES' LIMIT 1",
    );
    await view(token, reviewed!.id);
    await view(token, unreviewed!.id);
    const entries = await list(token);
    expect(entries[1]).toMatchObject({
      itemId: reviewed!.id,
      imageUrl: staticAsset(reviewed!.url),
      reviewRating: reviewed!.rating,
      currency: 'USD',
    });
    expect(entries[0]).toMatchObject({ itemId: unreviewed!.id, reviewRating: DEFAULT_RATING, reviewCount: 0 });
    expect((await list(token, CA_HOST))[0]!.currency).toBe('CAD');
  });

  it('refuses an unknown product with a 404 and a malformed id with a 400', async () => {
    const token = await member('viewed-bad@example.com');
    expect((await view(token, 99999)).status).toBe(404);
    expect((await view(token, 'abc')).status).toBe(400);
    expect(await list(token)).toEqual([]);
  });

  it('merges the visitor list sent at sign-in as the newest views, once each, skipping unknown items', async () => {
    const token = await member('viewed-batch@example.com');
    await view(token, sold[0]!);
    await view(token, sold[1]!);
    const merged = await batch(token, { itemIds: [sold[2], 99999, sold[0], sold[2], sold[3]] });
    expect(merged.body.data.map((entry) => entry.itemId)).toEqual([sold[2], sold[0], sold[3], sold[1]]);
    expect(await list(token)).toEqual(merged.body.data);
    const member2 = await member('viewed-other@example.com');
    expect(await list(member2)).toEqual([]);
  });

  it('refuses a malformed batch with a clear 400', async () => {
    const token = await member('viewed-batch-bad@example.com');
    expect((await batch(token, { itemIds: 'nope' })).status).toBe(400);
    const tooMany = await batch(token, { itemIds: Array.from({ length: 51 }, (_, i) => i + 1) });
    expect([tooMany.status, tooMany.body.msg]).toEqual([400, 'itemIds must hold at most 50 ids']);
  });
});

describe('recommendation scenes', () => {
  it("RECENTLY_VIEWED: the member's list without the product shown, or the visitor's own list", async () => {
    const token = await member('viewed-scene@example.com');
    for (const id of sold.slice(0, 4)) await view(token, id);
    const mine = await scene('RECENTLY_VIEWED', { itemId: sold[3] }, bearer(token));
    expect(mine.body.data.map((card) => card.itemId)).toEqual([sold[2], sold[1], sold[0]]);
    const visitor = await scene('RECENTLY_VIEWED', { itemIds: [sold[7], sold[6], 99999], size: 1 });
    expect(visitor.body.data.map((card) => card.itemId)).toEqual([sold[7]]);
  });

  it('HOME: the best sellers sold here, on both the search and search-pro paths', async () => {
    const best = await rows<{ id: number }>(
      "SELECT id FROM item WHERE us_status IN ('ON_SHELVES', 'UNDER_STOCK') ORDER BY sales DESC, id LIMIT 5",
    );
    for (const base of ['/search/public', '/search-pro/public']) {
      expect((await scene('HOME', { size: 5 }, {}, base)).body.data.map((card) => card.itemId)).toEqual(
        best.map((row) => row.id),
      );
    }
  });

  it('PRODUCT_DETAIL: same category first, then the same brand, only fitting ones for a vehicle', async () => {
    const target = (
      await rows<{ id: number; category: number; brand: number }>(
        'SELECT id, back_category_id AS category, brand_id AS brand FROM item WHERE id = 1',
      )
    )[0]!;
    const cards = (await scene('PRODUCT_DETAIL', { itemId: 1, size: 50 })).body.data;
    const facts = new Map(
      (
        await rows<{ id: number; category: number; brand: number }>(
          'SELECT id, back_category_id AS category, brand_id AS brand FROM item',
        )
      ).map((row) => [row.id, row]),
    );
    const sameCategory = cards.map((card) => facts.get(card.itemId)!.category === target.category);
    expect(cards.length).toBeGreaterThan(2);
    expect(cards.some((card) => card.itemId === 1)).toBe(false);
    expect(sameCategory.indexOf(false)).toBeGreaterThan(0);
    expect(sameCategory.slice(sameCategory.indexOf(false))).not.toContain(true);
    expect(
      cards.every(
        (card) =>
          facts.get(card.itemId)!.category === target.category || facts.get(card.itemId)!.brand === target.brand,
      ),
    ).toBe(true);

    // The model year the most of these cards fit: some fit it, others do not.
    const [fit] = await rows<{ node: number }>(
      'SELECT node_id AS node FROM fitment WHERE node_level = 3 AND item_id IN (SELECT value FROM json_each(?1)) ' +
        'GROUP BY node_id ORDER BY count(*) DESC, node_id LIMIT 1',
      JSON.stringify(cards.map((card) => card.itemId)),
    );
    const fitting = (await scene('PRODUCT_DETAIL', { itemId: 1, attributeValueId: fit!.node, size: 50 })).body.data;
    expect(fitting.length).toBeGreaterThan(0);
    expect(fitting.length).toBeLessThan(cards.length);
    expect(fitting.every((card) => card.fits === true || card.nonVehicle)).toBe(true);
  });

  it("CART: parts bundled with the cart's first, and clear 400s for a missing item or unknown scene", async () => {
    const sold = "('ON_SHELVES', 'UNDER_STOCK')";
    const [pair] = await rows<{ item: number }>(
      `SELECT min(k.item_id) AS item FROM bundle_item b JOIN sku k ON k.id = b.sku_id JOIN item i ON i.id = k.item_id
        JOIN bundle bu ON bu.id = b.bundle_id WHERE bu.active = 1 AND i.us_status IN ${sold}
        GROUP BY b.bundle_id HAVING count(DISTINCT k.item_id) = 2 ORDER BY b.bundle_id LIMIT 1`,
    );
    const partners = (
      await rows<{ id: number }>(
        `SELECT DISTINCT k2.item_id AS id FROM sku k1 JOIN bundle_item b1 ON b1.sku_id = k1.id
          JOIN bundle_item b2 ON b2.bundle_id = b1.bundle_id JOIN sku k2 ON k2.id = b2.sku_id
          WHERE k1.item_id = ?1 AND k2.item_id <> ?1`,
        pair!.item,
      )
    ).map((row) => row.id);
    const cart = (await scene('CART', { itemIds: [pair!.item] })).body.data;
    expect(partners).toContain(cart[0]!.itemId);
    expect(cart.some((card) => card.itemId === pair!.item)).toBe(false);
    const missing = await scene('PRODUCT_DETAIL', {});
    expect([missing.status, missing.body.msg]).toEqual([400, 'itemId is required for the PRODUCT_DETAIL scene']);
    const unknown = await scene('NOWHERE', {});
    expect([unknown.status, unknown.body.msg]).toEqual([
      400,
      'scene must be one of RECENTLY_VIEWED, PRODUCT_DETAIL, CART, HOME',
    ]);
  });
});
