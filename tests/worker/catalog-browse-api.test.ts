import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../shared/messages.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { CA_HOST, US_HOST, api, shop } from './helpers.ts';

const rows = async <T>(sql: string, ...values: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...values)
      .all<T>()
  ).results;
const one = async <T>(sql: string, ...values: unknown[]) => (await rows<T>(sql, ...values))[0]!;
const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

type Named = { id: number; name: string; count: number };

const SOLD = "('ON_SHELVES', 'UNDER_STOCK')";
/** Items with two SKUs in stock (the second one black), picked from the fixture. */
let twoSkus: { id: number; first: number; second: number; partNumber: string }[] = [];

beforeAll(async () => {
  await loadCatalogFixture();
  twoSkus = await rows(
    `SELECT s.item_id AS id, min(s.id) AS first, max(s.id) AS second, min(s.part_number) AS partNumber FROM sku s
      JOIN item i ON i.id = s.item_id WHERE i.us_status IN ${SOLD} AND i.ca_status IN ${SOLD}
      GROUP BY s.item_id HAVING count(*) = 2 AND min(s.available_total) > 0 ORDER BY s.item_id LIMIT 2`,
  );
});

describe('the brand list', () => {
  it("lists the shop's brands by name with the §3 fields, logoUrl kept as the icon", async () => {
    const { body } = await api<Record<string, unknown>[]>(`${US_HOST}/item/public/buyer/brand/all`);
    const names = (await rows<{ name: string }>('SELECT name FROM brand ORDER BY name')).map((row) => row.name);
    expect(body.data.map((brand) => brand.name)).toEqual(names);
    const own = body.data.find((brand) => brand.selfBrand === true)!;
    expect(own).toEqual({
      id: 1,
      name: 'AutoHaven Pro',
      logoUrl: '/static/brands/autohaven-pro.svg',
      icon: '/static/brands/autohaven-pro.svg',
      abbreviation: 'AHP',
      active: true,
      brandLogoUrl: '/static/brands/autohaven-pro.svg',
      shopId: 1,
      showOnBrandAggPage: true,
      showOnHomePage: true,
      sortOnHomePage: 1,
      landingPageUrl: '/search?brand=1',
      selfBrand: true,
    });
  });

  it('is cached for five minutes: a renamed brand shows only after the cache expires', async () => {
    const before = (await api<{ id: number; name: string }[]>(`${US_HOST}/item/public/buyer/brand/all`)).body.data;
    await env.DB.prepare("UPDATE brand SET name = 'Renamed Brand' WHERE id = 2").run();
    const after = (await api<{ id: number; name: string }[]>(`${US_HOST}/item/public/buyer/brand/all`)).body.data;
    expect(after.find((brand) => brand.id === 2)!.name).toBe(before.find((brand) => brand.id === 2)!.name);
    await env.DB.prepare("UPDATE brand SET name = 'DuraStop' WHERE id = 2").run();
  });
});

describe('collections', () => {
  it('answers the tree and the flat list, children under their parent, with the items sold here', async () => {
    await env.DB.prepare(
      "INSERT INTO collection (id, parent_id, name, handle, sort) VALUES (90, 2, 'Pads Only', 'pads-only', 0)",
    ).run();
    await env.DB.prepare(
      'INSERT INTO collection_item (collection_id, item_id) SELECT 90, id FROM item WHERE back_category_id = 3',
    ).run();
    const pads = await one<{ n: number }>(
      `SELECT count(*) AS n FROM item WHERE back_category_id = 3 AND us_status IN ${SOLD}`,
    );
    type Node = { id: number; name: string; depth: number; itemCount: number; urlHandle: string; children: Node[] };
    const tree = (await api<Node[]>(`${US_HOST}/item/public/buyer/collection/tree`)).body.data;
    expect(tree.map((node) => node.name)).toEqual([
      'Winter Ready',
      'Brake Job Essentials',
      'Lighting Upgrades',
      'Under $25',
    ]);
    const brakes = tree[1]!;
    expect(brakes.children).toMatchObject([
      { id: 90, name: 'Pads Only', depth: 1, urlHandle: 'pads-only', itemCount: pads.n, children: [] },
    ]);
    const sold = await one<{ n: number }>(`SELECT count(*) AS n FROM collection_item ci JOIN item i ON i.id = ci.item_id
      WHERE ci.collection_id = 1 AND i.ca_status IN ('ON_SHELVES', 'UNDER_STOCK')`);
    expect((await api<Node[]>(`${CA_HOST}/item/public/buyer/collection/tree`)).body.data[0]!.itemCount).toBe(sold.n);

    const list = (
      await api<(Omit<Node, 'children'> & { parentId: number | null })[]>(
        `${US_HOST}/item/public/buyer/collection/tree/list`,
      )
    ).body.data;
    expect(list.map((node) => [node.id, node.parentId, node.depth])).toEqual([
      [1, null, 0],
      [2, null, 0],
      [90, 2, 1],
      [3, null, 0],
      [4, null, 0],
    ]);
    expect(list[0]).not.toHaveProperty('children');
  });
});

describe('back-category display attributes', () => {
  const PATH = `${US_HOST}/item/public/buyer/collection/back-category/display/attributes`;

  it('offers brands, the price range and only the custom labels that split the items', async () => {
    const { body } = await api<{
      itemCount: number;
      brands: Named[];
      price: { min: number; max: number; currency: string };
      attributes: { label: string; values: { value: string; count: number }[] }[];
    }>(`${PATH}?backCategoryId=3`);
    const range = await one<{ n: number; min: number; max: number }>(
      'SELECT count(*) AS n, min(min_price_usd) AS min, max(min_price_usd) AS max FROM item ' +
        "WHERE back_category_id = 3 AND us_status IN ('ON_SHELVES', 'UNDER_STOCK')",
    );
    expect(body.data).toMatchObject({
      backCategoryId: 3,
      name: 'Brake Pads',
      itemCount: range.n,
      price: { min: range.min, max: range.max, currency: 'USD' },
    });
    const brands = await rows<Named>(
      `SELECT b.id, b.name, count(*) AS count FROM item i JOIN brand b ON b.id = i.brand_id
        WHERE i.back_category_id = 3 AND i.us_status IN ${SOLD} GROUP BY b.id ORDER BY b.id`,
    );
    expect([...body.data.brands].sort((a, b) => a.id - b.id)).toEqual(brands);
    // A label splits the items when it has two values or more, or one value not every item has.
    for (const attribute of body.data.attributes) {
      const counted = attribute.values.reduce((sum, value) => sum + value.count, 0);
      expect(attribute.values.length > 1 || counted < range.n, attribute.label).toBe(true);
    }
    const positions = await rows<{ value: string; count: number }>(
      `SELECT c.value, count(*) AS count FROM item_customs c JOIN item i ON i.id = c.item_id
        WHERE c.label = 'Position' AND i.back_category_id = 3 AND i.us_status IN ${SOLD}
        GROUP BY c.value ORDER BY c.value`,
    );
    expect(positions.length).toBeGreaterThan(1);
    const position = body.data.attributes.find((attribute) => attribute.label === 'Position')!;
    expect([...position.values].sort((a, b) => a.value.localeCompare(b.value))).toEqual(positions);
    expect(body.data.attributes.map((attribute) => attribute.label)).toContain('Friction Material');
  });

  it('takes a top back category with its children, and refuses front or unknown ones', async () => {
    const brakes = await api<{ itemCount: number }>(`${PATH}?backCategoryId=1`);
    const n = await one<{ n: number }>(
      'SELECT count(*) AS n FROM item WHERE back_category_id IN (3, 5, 7, 9) ' +
        "AND us_status IN ('ON_SHELVES', 'UNDER_STOCK')",
    );
    expect(brakes.body.data.itemCount).toBe(n.n);
    expect((await api(`${PATH}?backCategoryId=4`)).status).toBe(404);
    expect((await api(`${PATH}?backCategoryId=9999`)).body.msg).toBe('No such back category');
    const bad = await api(`${PATH}?backCategoryId=abc`);
    expect([bad.status, bad.body.msg.startsWith('backCategoryId ')]).toEqual([400, true]);
  });
});

describe('the filter panel', () => {
  type Panel = {
    total: number;
    categories: Named[];
    brands: Named[];
    priceRanges: { min: number; max: number | null; label: string; count: number }[];
  };
  type Search = { total: number; facets: { categories: Named[]; brands: Named[] } };

  it('counts what filter-search finds, with price bands that add up to the total', async () => {
    const panel = (await api<Panel>(`${US_HOST}/item/public/buyer/filter?keyword=brake`)).body.data;
    const search = (await api<Search>(`${US_HOST}/search/public/buyer/items/filter-search?keyword=brake`)).body.data;
    expect(panel.total).toBe(search.total);
    expect(panel.total).toBeGreaterThan(2);
    expect([panel.categories, panel.brands]).toEqual([search.facets.categories, search.facets.brands]);
    expect(panel.priceRanges.reduce((sum, band) => sum + band.count, 0)).toBe(panel.total);
    for (const band of panel.priceRanges) {
      const max = band.max === null ? '' : `&maxPrice=${band.max - 1}`;
      const inBand = (
        await api<Search>(`${US_HOST}/search/public/buyer/items/filter-search?keyword=brake&minPrice=${band.min}${max}`)
      ).body.data;
      expect(inBand.total).toBe(band.count);
    }
  });

  it("labels bands in the market's currency and answers nothing for text with nothing searchable", async () => {
    const all = (await api<Panel>(`${CA_HOST}/item/public/buyer/filter?categoryId=1`)).body.data;
    expect(all.priceRanges.map((band) => band.label)).toContain('CA$50 - CA$100');
    expect(all.priceRanges.every((band) => band.count > 0)).toBe(true);
    const symbols = (await api<Panel>(`${US_HOST}/item/public/buyer/filter?keyword=${encodeURIComponent('"*"')}`)).body
      .data;
    expect([symbols.total, symbols.priceRanges]).toEqual([0, []]);
    expect((await api(`${US_HOST}/item/public/buyer/filter?brandId=1,x`)).status).toBe(400);
  });
});

describe('frequently updated info', () => {
  const PATH = '/item/public/buyer/item/frequently-updated/info';
  type Info = {
    itemId: number;
    status: string;
    currency: string;
    discountPrice: number;
    originalPrice: number;
    availableTotal: number;
    skus: { skuId: number }[];
  };

  it('gives status, the lowest price and stock per item in the market, leaving unknown items out', async () => {
    const item = twoSkus[0]!;
    const expected = (currency: string) =>
      one<{ status: string; discountPrice: number; originalPrice: number; availableTotal: number }>(
        `SELECT CASE ?2 WHEN 'USD' THEN i.us_status ELSE i.ca_status END AS status,
          (SELECT p.discount_price FROM sku s JOIN sku_price p ON p.sku_id = s.id AND p.currency = ?2
            WHERE s.item_id = i.id ORDER BY p.discount_price LIMIT 1) AS discountPrice,
          (SELECT p.original_price FROM sku s JOIN sku_price p ON p.sku_id = s.id AND p.currency = ?2
            WHERE s.item_id = i.id ORDER BY p.discount_price LIMIT 1) AS originalPrice,
          (SELECT sum(available_total) FROM sku WHERE item_id = i.id) AS availableTotal
        FROM item i WHERE i.id = ?1`,
        item.id,
        currency,
      );
    // Another known item after an unknown one: both answered, in the order asked, the unknown left out.
    const other = item.id === 1 ? 2 : 1;
    const us = (await api<Info[]>(`${US_HOST}${PATH}?itemIds=${item.id},99999,${other}`)).body.data;
    expect(us.map((info) => info.itemId)).toEqual([item.id, other]);
    expect(us[0]).toMatchObject({ currency: 'USD', ...(await expected('USD')) });
    expect(us[0]!.skus.map((sku) => sku.skuId)).toEqual([item.first, item.second]);
    const ca = (await api<Info[]>(`${CA_HOST}${PATH}?itemIds=${item.id}`)).body.data;
    const inCad = await expected('CAD');
    expect(ca[0]).toMatchObject({
      currency: 'CAD',
      discountPrice: inCad.discountPrice,
      originalPrice: inCad.originalPrice,
    });
  });

  it('refuses a malformed or oversized list with a 400', async () => {
    expect((await api(`${US_HOST}${PATH}?itemIds=1;2`)).status).toBe(400);
    expect((await api(`${US_HOST}${PATH}`)).status).toBe(400);
    const many = await api(`${US_HOST}${PATH}?itemIds=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`);
    expect([many.status, many.body.msg]).toEqual([400, 'itemIds must hold at most 100 ids']);
  });
});

describe('SEO features', () => {
  it("gives an item's primary record and a collection's own handle where it has no record", async () => {
    const old = await one<{ targetId: number }>('SELECT target_id AS targetId FROM seo WHERE is_primary = 0 LIMIT 1');
    const primary = await one<{ id: number; handle: string; title: string }>(
      'SELECT id, url_handle AS handle, title FROM seo WHERE is_primary = 1 AND target_id = ?',
      old.targetId,
    );
    const item = (await api(`${US_HOST}/item/public/buyer/seo/features/${old.targetId}`)).body.data;
    expect(item).toMatchObject({
      id: primary.id,
      targetId: old.targetId,
      type: 'ITEM',
      urlHandle: primary.handle,
      isPrimary: true,
      active: true,
      path: `/product/${primary.handle}`,
    });
    const collection = (await api(`${US_HOST}/item/public/buyer/seo/features/1?type=COLLECTION`)).body.data;
    expect(collection).toMatchObject({
      id: null,
      type: 'COLLECTION',
      urlHandle: 'winter-ready',
      title: 'Winter Ready',
      path: '/collection/winter-ready',
    });
  });

  it('answers 404 for an unknown target and 400 for a bad id or type', async () => {
    expect((await api(`${US_HOST}/item/public/buyer/seo/features/99999`)).status).toBe(404);
    expect((await api(`${US_HOST}/item/public/buyer/seo/features/abc`)).status).toBe(400);
    expect((await api(`${US_HOST}/item/public/buyer/seo/features/1?type=BRAND`)).status).toBe(400);
  });
});

describe('the product by handle (item/v2)', () => {
  const PATH = `/item/public/buyer/item/v2`;
  type Product = {
    redirectTo: string | null;
    product: {
      id: number;
      title: string;
      seo: { urlHandle: string; primaryHandle: string };
      skus: { originalPrice: { cent: number; currency: string; precision: number } }[];
      reviewInfo: { rating: number; isDefault: boolean };
      itemCondition: string;
    };
  };

  it('serves the product fields, prices as §3 money, and no redirect for the primary handle', async () => {
    const row = await one<{
      handle: string;
      id: number;
      title: string;
    }>(`SELECT s.url_handle AS handle, i.id, i.title FROM item i JOIN seo s ON s.target_id = i.id AND s.is_primary = 1
      WHERE i.us_status = 'ON_SHELVES' AND i.review_count = 0 AND i.id IN (SELECT item_id FROM sku
        GROUP BY item_id HAVING count(*) = 2) LIMIT 1`);
    const { body } = await api<Product>(`${US_HOST}${PATH}/${row.handle}`);
    expect(body.data.redirectTo).toBeNull();
    expect(body.data.product).toMatchObject({
      id: row.id,
      title: row.title,
      itemCondition: 'New',
      reviewInfo: { rating: 4.6, isDefault: true },
    });
    expect(body.data.product.skus).toHaveLength(2);
    expect(body.data.product.skus[0]!.originalPrice).toMatchObject({ currency: 'USD', precision: 2 });
  });

  it('answers an old handle with the primary one to redirect to', async () => {
    const old = await one<{ handle: string; targetId: number }>(
      'SELECT url_handle AS handle, target_id AS targetId FROM seo WHERE is_primary = 0 ' +
        "AND target_id IN (SELECT id FROM item WHERE us_status = 'ON_SHELVES') LIMIT 1",
    );
    const primary = await one<{ handle: string }>(
      'SELECT url_handle AS handle FROM seo WHERE is_primary = 1 AND target_id = ?',
      old.targetId,
    );
    const { body } = await api<Product>(`${US_HOST}${PATH}/${old.handle}`);
    expect(body.data.redirectTo).toBe(primary.handle);
    expect(body.data.product.seo).toMatchObject({ urlHandle: old.handle, primaryHandle: primary.handle });
  });

  it('says NotSale (503007) where the market does not sell it, 404 if unknown, 400 if malformed', async () => {
    const notSold = await one<{ handle: string }>(
      'SELECT s.url_handle AS handle FROM item i JOIN seo s ON s.target_id = i.id ' +
        "AND s.is_primary = 1 WHERE i.ca_status = 'OFF_SHELVES' AND i.status = 'ON_SHELVES' LIMIT 1",
    );
    const ca = await api(`${CA_HOST}${PATH}/${notSold.handle}`);
    expect([ca.body.success, ca.body.code, ca.body.msg]).toEqual([
      false,
      ERROR_CODE.notSale,
      'This product is not sold in this market',
    ]);
    expect((await api(`${US_HOST}${PATH}/${notSold.handle}`)).body.success).toBe(true);
    expect((await api(`${US_HOST}${PATH}/no-such-part`)).status).toBe(404);
    expect((await api(`${US_HOST}${PATH}/Not_A_Handle`)).status).toBe(400);
  });

  it('documents every new call in /openapi.json', async () => {
    const document = (await (await shop(`${US_HOST}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    for (const path of [
      '/item/public/buyer/brand/all',
      '/item/public/buyer/collection/tree',
      '/item/public/buyer/collection/tree/list',
      '/item/public/buyer/collection/back-category/display/attributes',
      '/item/public/buyer/filter',
      '/item/public/buyer/item/frequently-updated/info',
      '/item/public/buyer/seo/features/{id}',
      '/item/public/buyer/item/v2/{seoUrl}',
      '/search-pro/public/recommend/scene/items',
      '/search/public/recommend/scene/items',
      '/search-pro/public/bundle/list',
      '/item/public/buyer/ups/all-attributes',
      '/item/public/buyer/ups/hierarchy-attributes',
      '/search-pro/public/ups/all-attributes',
      '/item/recommend/personal-scan-item/{id}',
      '/item/recommend/personal-scan-item/batch',
      '/item/recommend/personal-scan-item/list',
    ])
      expect(document.paths).toHaveProperty([path]);
  });
});

describe('bundles of an item', () => {
  type Bundle = {
    bundleId: number;
    discountPercent: number;
    originalTotal: number;
    bundlePrice: number;
    saving: number;
    items: { itemId: number; discountPrice: number; quantity: number }[];
  };
  const bundles = (itemId: number, host = US_HOST) =>
    api<Bundle[]>(`${host}/search-pro/public/bundle/list?itemId=${itemId}`);

  /** The active bundles of an item that a market can sell in full: every item in it is buyable there. */
  const sellable = async (itemId: number, column: 'us_status' | 'ca_status') =>
    (
      await rows<{ id: number }>(
        `SELECT bu.id FROM bundle bu WHERE bu.active = 1
          AND bu.id IN (SELECT b.bundle_id FROM bundle_item b JOIN sku k ON k.id = b.sku_id WHERE k.item_id = ?1)
          AND NOT EXISTS (SELECT 1 FROM bundle_item b JOIN sku k ON k.id = b.sku_id JOIN item i ON i.id = k.item_id
            WHERE b.bundle_id = bu.id AND i.${column} NOT IN ${SOLD}) ORDER BY bu.id`,
        itemId,
      )
    ).map((row) => row.id);
  /** A SKU of an item no bundle holds, in the given statuses. */
  const looseSku = (us: string, ca: string) =>
    one<{ id: number; itemId: number }>(
      `SELECT s.id, s.item_id AS itemId FROM sku s JOIN item i ON i.id = s.item_id
        WHERE i.us_status IN ${us} AND i.ca_status IN ${ca}
          AND s.item_id NOT IN (SELECT k.item_id FROM bundle_item b JOIN sku k ON k.id = b.sku_id)
        ORDER BY s.id LIMIT 1 OFFSET ?1`,
      taken.set(us + ca, (taken.get(us + ca) ?? -1) + 1).get(us + ca),
    );
  /** How many loose SKUs of each pair of statuses the tests have taken. */
  const taken = new Map<string, number>();

  it("lists each bundle holding the item, its line first, priced at the lines' total less the bundle %", async () => {
    const held = await rows<{ itemId: number }>(
      'SELECT DISTINCT k.item_id AS itemId FROM bundle_item b JOIN sku k ON k.id = b.sku_id ORDER BY k.item_id',
    );
    const lists = await Promise.all(held.map(async ({ itemId }) => [itemId, await sellable(itemId, 'us_status')]));
    const [itemId, expected] = lists.sort((a, b) => (b[1] as number[]).length - (a[1] as number[]).length)[0]! as [
      number,
      number[],
    ];
    expect(expected.length).toBeGreaterThan(0);
    const { body } = await bundles(itemId);
    expect(body.data.map((bundle) => bundle.bundleId)).toEqual(expected);
    for (const bundle of body.data) {
      expect(bundle.items[0]!.itemId).toBe(itemId);
      const total = bundle.items.reduce((sum, line) => sum + line.discountPrice * line.quantity, 0);
      expect(bundle).toMatchObject({
        originalTotal: total,
        bundlePrice: Math.round((total * (100 - bundle.discountPercent)) / 100),
      });
      expect(bundle.saving).toBe(bundle.originalTotal - bundle.bundlePrice);
      expect(Number.isInteger(bundle.bundlePrice)).toBe(true);
    }
  });

  it('leaves out a bundle the market cannot sell in full', async () => {
    const both = await looseSku(SOLD, SOLD);
    const usOnly = await looseSku(SOLD, "('OFF_SHELVES')");
    const partner = await looseSku(SOLD, SOLD);
    const soldOut = await looseSku("('SOLD_OUT')", "('SOLD_OUT')");
    const alone = await looseSku(SOLD, SOLD);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO bundle (id, name, handle, discount_percent) VALUES (98, 'US only', 'us-only', 10)"),
      env.DB.prepare("INSERT INTO bundle (id, name, handle, discount_percent) VALUES (99, 'Sold out', 'sold-out', 10)"),
      env.DB.prepare('INSERT INTO bundle_item (bundle_id, sku_id) VALUES (98, ?1), (98, ?2), (99, ?3), (99, ?4)').bind(
        both.id,
        usOnly.id,
        partner.id,
        soldOut.id,
      ),
    ]);
    // Bundle 98 pairs an item with one Canada does not sell.
    expect((await bundles(both.itemId)).body.data.map((bundle) => bundle.bundleId)).toEqual([98]);
    expect((await bundles(both.itemId, CA_HOST)).body.data).toEqual([]);
    // Bundle 99 holds a sold-out item.
    expect((await bundles(partner.itemId)).body.data).toEqual([]);
    expect((await bundles(alone.itemId)).body.data).toEqual([]);
    expect((await api(`${US_HOST}/search-pro/public/bundle/list?itemId=-1`)).status).toBe(400);
  });
});

describe('selling attributes (UPS)', () => {
  type All = {
    attributes: { label: string; values: { value: string; skuIds: number[] }[] }[];
    skus: { skuId: number; attributes: { label: string; value: string }[] }[];
  };
  type Node = { label: string; value: string; skuIds: number[]; inStock: boolean; children: Node[] };

  it("lists every label with its values across the SKUs, then the item's specs", async () => {
    const item = twoSkus[0]!;
    const { body } = await api<All>(`${US_HOST}/item/public/buyer/ups/all-attributes`, post({ itemId: item.id }));
    const specs = await rows<{ label: string; value: string }>(
      'SELECT label, value FROM item_customs WHERE item_id = ?1 ORDER BY sort',
      item.id,
    );
    expect(body.data.attributes).toEqual([
      {
        label: 'Color',
        values: [
          { value: 'Standard', skuIds: [item.first] },
          { value: 'Black', skuIds: [item.second] },
        ],
      },
      ...specs
        .filter((spec) => spec.label !== 'Color')
        .map((spec) => ({ label: spec.label, values: [{ value: spec.value, skuIds: [item.first, item.second] }] })),
    ]);
    expect((await api<All>(`${US_HOST}/search-pro/public/ups/all-attributes?itemId=${item.id}`)).body.data).toEqual(
      body.data,
    );
  });

  it('groups SKU customs level by level, so choosing a size narrows the colours', async () => {
    const item = twoSkus[1]!;
    await env.DB.batch([
      env.DB.prepare(`UPDATE sku SET sku_customs = '[{"label":"Size","value":"Large"}]' WHERE id = ?1`).bind(
        item.first,
      ),
      env.DB.prepare(`UPDATE sku SET sku_customs = '{"Size":"Small"}' WHERE id = ?1`).bind(item.second),
      env.DB.prepare(
        `INSERT INTO sku (id, item_id, part_number, sku_customs, color, available_total, sort) ` +
          `VALUES (900, ?1, ?2, '[{"label":"Size","value":"Large"}]', 'Black', 0, 2)`,
      ).bind(item.id, `${item.partNumber}-LG-BK`),
    ]);
    const { body } = await api<{ levels: string[]; tree: Node[] }>(
      `${US_HOST}/item/public/buyer/ups/hierarchy-attributes`,
      post({ itemId: item.id }),
    );
    expect(body.data.levels).toEqual(['Size', 'Color']);
    expect(
      body.data.tree.map((node) => [
        node.value,
        node.skuIds,
        node.children.map((child) => [child.value, child.skuIds, child.inStock]),
      ]),
    ).toEqual([
      [
        'Large',
        [item.first, 900],
        [
          ['Standard', [item.first], true],
          ['Black', [900], false],
        ],
      ],
      ['Small', [item.second], [['Black', [item.second], true]]],
    ]);
  });

  it('answers 404 for an unknown item and 400 for a bad body', async () => {
    expect((await api(`${US_HOST}/item/public/buyer/ups/all-attributes`, post({ itemId: 99999 }))).status).toBe(404);
    const bad = await api(`${US_HOST}/item/public/buyer/ups/hierarchy-attributes`, post({ itemId: 'ten' }));
    expect([bad.status, bad.body.msg]).toEqual([400, 'itemId must be a positive whole number']);
  });
});
