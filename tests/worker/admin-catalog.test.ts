import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_EDIT_MSG } from '../../worker/catalog/staff.ts';
import { ADMIN, postForm, staffSession } from './admin-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { page, US_HOST } from './helpers.ts';

type Session = Awaited<ReturnType<typeof staffSession>>;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };
const text = (html: string) => html.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity]!);

const admin = async (path: string, session: Session) => {
  const { status, html } = await page(`${ADMIN}${path}`, { headers: session.headers, redirect: 'manual' });
  return { status, html: text(html) };
};
const post = (path: string, session: Session, fields: Record<string, string>) =>
  postForm(`/admin${path}`, { _csrf: session.csrf, ...fields }, session.headers);

const audits = (action: string) =>
  env.DB.prepare(
    `SELECT staff_email AS email, record_id AS recordId, before_json AS beforeJson, after_json AS afterJson
     FROM audit_log WHERE action = ? ORDER BY id`,
  )
    .bind(action)
    .all<{ email: string; recordId: string; beforeJson: string; afterJson: string }>()
    .then((result) => result.results);

let offset = 0;
/** A listed US product with one SKU (a different one each call): its ids, handle, SKU code and version. */
async function productWithOneSku() {
  return (await env.DB.prepare(
    `SELECT i.id AS itemId, s.id AS skuId, s.part_number AS code, s.available_total AS stock, i.version,
       (SELECT url_handle FROM seo WHERE type = 'ITEM' AND target_id = i.id AND is_primary = 1) AS handle
     FROM item i JOIN sku s ON s.item_id = i.id
     WHERE i.us_status = 'ON_SHELVES' AND i.status = 'ON_SHELVES' AND s.available_total > 5
       AND (SELECT count(*) FROM sku WHERE item_id = i.id) = 1
     ORDER BY i.id LIMIT 1 OFFSET ?`,
  )
    .bind(offset++)
    .first<{ itemId: number; skuId: number; code: string; stock: number; version: number; handle: string }>())!;
}

/** The SKU form's fields as stored now, with some changed. */
async function skuForm(skuId: number, changes: Record<string, string> = {}) {
  const row = (await env.DB.prepare(
    `SELECT s.version, s.available_total AS stock,
       (SELECT discount_price FROM sku_price WHERE sku_id = s.id AND currency = 'USD') AS usd,
       (SELECT original_price FROM sku_price WHERE sku_id = s.id AND currency = 'USD') AS usdWas,
       (SELECT discount_price FROM sku_price WHERE sku_id = s.id AND currency = 'CAD') AS cad,
       (SELECT original_price FROM sku_price WHERE sku_id = s.id AND currency = 'CAD') AS cadWas
     FROM sku s WHERE s.id = ?`,
  )
    .bind(skuId)
    .first<{ version: number; stock: number; usd: number; usdWas: number; cad: number; cadWas: number }>())!;
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  return {
    version: `${row.version}`,
    shownStock: `${row.stock}`,
    priceUsd: dollars(row.usd),
    originalUsd: dollars(row.usdWas),
    priceCad: dollars(row.cad),
    originalCad: dollars(row.cadWas),
    stock: `${row.stock}`,
    ...changes,
  };
}

let merchandiser: Session;
let otherMerchandiser: Session;
let support: Session;
beforeAll(async () => {
  await loadCatalogFixture();
  merchandiser = await staffSession('merchandiser');
  otherMerchandiser = await staffSession('merchandiser');
  support = await staffSession('support');
});

describe('the product list', () => {
  it('finds products by title, part number or SKU, by category and by status in a market', async () => {
    const product = await productWithOneSku();
    const byCode = await admin(`/catalog?q=${product.code}`, merchandiser);
    expect(byCode.status).toBe(200);
    expect(byCode.html).toContain(`data-item="${product.itemId}"`);
    expect(byCode.html).toContain('1 products');
    const bySku = await admin(`/catalog?q=${product.skuId}`, merchandiser);
    expect(bySku.html.match(/data-item="(\d+)"/)?.[1]).toBe(`${product.itemId}`); // the exact match first
    const byTitle = await admin('/catalog?q=wiper blade', merchandiser);
    const titles = [...byTitle.html.matchAll(/data-item="\d+"[\s\S]*?<a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]!);
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title.toLowerCase()).toContain('wiper blade');

    // An item on shelves in Canada and off them in the US (from the end: the tests edit the first items).
    const caOnly = (await env.DB.prepare(
      `SELECT id, back_category_id AS category FROM item
       WHERE status = 'ON_SHELVES' AND us_status = 'OFF_SHELVES' AND ca_status = 'ON_SHELVES' ORDER BY id DESC LIMIT 1`,
    ).first<{ id: number; category: number }>())!;
    const offInUs = await admin('/catalog?market=us&status=OFF_SHELVES', merchandiser);
    expect(offInUs.html).toContain(`data-item="${caOnly.id}"`);
    expect((await admin('/catalog?market=ca&status=OFF_SHELVES', merchandiser)).html).not.toContain(
      `data-item="${caOnly.id}"`,
    );
    const inCategory = await admin(`/catalog?category=${caOnly.category}`, merchandiser);
    expect(inCategory.html).toContain(`data-item="${caOnly.id}"`);
    expect(inCategory.html).not.toContain('data-item="1"');
  });

  it('pages through the catalog, and is only for roles that edit it', async () => {
    const second = await admin('/catalog?page=2', merchandiser);
    expect(second.html).toMatch(/Page 2 of \d+/);
    expect(second.html).toContain('href="/admin/catalog?page=1"');
    expect((await admin('/catalog?page=abc&status=NOPE&category=x', merchandiser)).status).toBe(200);
    expect((await admin('/catalog', support)).status).toBe(403);
    expect((await admin('/catalog/1', support)).status).toBe(403);
    expect((await admin('', merchandiser)).html).toContain('href="/admin/catalog"');
    expect((await admin('', support)).html).not.toContain('href="/admin/catalog"');
  });
});

describe('editing a product', () => {
  it('saves title, description and statuses, audited, and the shop shows the new title', async () => {
    const product = await productWithOneSku();
    const title = 'Ceramic Brake Pads, Renamed by the Merchandiser';
    const saved = await post(`/catalog/${product.itemId}`, merchandiser, {
      version: `${product.version}`,
      title,
      detailContent: 'Quiet, low-dust pads.',
      status: 'ON_SHELVES',
      usStatus: 'ON_SHELVES',
      caStatus: 'OFF_SHELVES',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`/admin/catalog/${product.itemId}?done=product`);
    const shown = await admin(`/catalog/${product.itemId}?done=product`, merchandiser);
    expect(shown.html).toContain('Product saved.');
    expect(shown.html).toContain(`value="${title}"`);
    const storefront = await page(`${US_HOST}/product/${product.handle}`);
    expect(text(storefront.html)).toContain(title);
    expect(text(storefront.html)).toContain('Quiet, low-dust pads.');
    const [entry] = (await audits('catalog.editProduct')).filter((row) => row.recordId === `${product.itemId}`);
    expect(entry!.email).toBe(merchandiser.staff.email);
    expect(JSON.parse(entry!.afterJson)).toMatchObject({ title, caStatus: 'OFF_SHELVES' });
    expect(JSON.parse(entry!.beforeJson)).toMatchObject({ caStatus: 'ON_SHELVES' });
    const search = await page(`${US_HOST}/search?keyword=Renamed%20Merchandiser`);
    expect(text(search.html)).toContain(title);
  });

  it('refuses an empty or long title and an unknown status with messages, keeping what was typed', async () => {
    const product = await productWithOneSku();
    const refused = await post(`/catalog/${product.itemId}`, merchandiser, {
      version: `${product.version}`,
      title: 'x'.repeat(201),
      detailContent: 'Kept as typed',
      status: 'FOR_SALE',
      usStatus: 'ON_SHELVES',
      caStatus: 'ON_SHELVES',
    });
    expect(refused.status).toBe(400);
    const html = text(await refused.text());
    expect(html).toContain(CATALOG_EDIT_MSG.title);
    expect(html).toContain(CATALOG_EDIT_MSG.status);
    expect(html).toContain('Kept as typed');
    const blank = await post(`/catalog/${product.itemId}`, merchandiser, {
      version: `${product.version}`,
      title: '   ',
      detailContent: '',
      status: 'ON_SHELVES',
      usStatus: 'ON_SHELVES',
      caStatus: 'ON_SHELVES',
    });
    expect(blank.status).toBe(400);
    expect(await audits('catalog.editProduct')).toHaveLength(1); // only the first test's change
  });

  it('adds an image by URL, moves it to the front and removes it, refusing URLs outside /static/', async () => {
    const product = await productWithOneSku();
    const images = async () =>
      (
        await env.DB.prepare('SELECT url, is_main AS main FROM item_image WHERE item_id = ? ORDER BY idx')
          .bind(product.itemId)
          .all<{ url: string; main: number }>()
      ).results;
    const before = await images();
    const versionOf = env.DB.prepare('SELECT version AS v FROM item WHERE id = ?').bind(product.itemId);
    const version = async () => `${(await versionOf.first<{ v: number }>())!.v}`;
    for (const url of ['https://example.com/a.png', '/static/../secret.png', 'javascript:alert(1)', before[0]!.url]) {
      const refused = await post(`/catalog/${product.itemId}/images`, merchandiser, {
        version: await version(),
        action: 'add',
        url,
      });
      expect(refused.status).toBe(400);
      const html = text(await refused.text());
      expect(html.includes(CATALOG_EDIT_MSG.imageUrl) || html.includes(CATALOG_EDIT_MSG.imageTwice)).toBe(true);
    }
    const url = '/static/parts/batteries-box.svg';
    expect(
      (await post(`/catalog/${product.itemId}/images`, merchandiser, { version: await version(), action: 'add', url }))
        .status,
    ).toBe(303);
    const added = await images();
    expect(added.at(-1)!.url).toBe(url);
    for (let at = added.length - 1; at > 0; at--)
      await post(`/catalog/${product.itemId}/images`, merchandiser, {
        version: await version(),
        action: 'up',
        index: `${at}`,
      });
    expect((await images())[0]).toEqual({ url, main: 1 });
    expect((await images()).filter((image) => image.main === 1)).toHaveLength(1);
    await post(`/catalog/${product.itemId}/images`, merchandiser, {
      version: await version(),
      action: 'remove',
      index: '0',
    });
    expect(await images()).toEqual(before);
    const stale = await post(`/catalog/${product.itemId}/images`, merchandiser, {
      version: '0',
      action: 'remove',
      index: '0',
    });
    expect(stale.status).toBe(409);
    expect(await images()).toEqual(before);
  });
});

describe("editing a SKU's prices and stock", () => {
  it('saves prices per currency and stock, audited, keeps the lowest price right, and the shop shows it', async () => {
    const product = await productWithOneSku();
    const saved = await post(
      `/catalog/${product.itemId}/skus/${product.skuId}`,
      merchandiser,
      await skuForm(product.skuId, { priceUsd: '12.34', originalUsd: '', priceCad: '16.5', stock: '42' }),
    );
    expect(saved.status).toBe(303);
    const item = await env.DB.prepare('SELECT min_price_usd AS usd, min_price_cad AS cad FROM item WHERE id = ?')
      .bind(product.itemId)
      .first<{ usd: number; cad: number }>();
    expect(item).toEqual({ usd: 1234, cad: 1650 });
    const prices = await env.DB.prepare(
      `SELECT currency, discount_price AS price, original_price AS was FROM sku_price
       WHERE sku_id = ? ORDER BY currency`,
    )
      .bind(product.skuId)
      .all();
    expect(prices.results).toEqual([
      { currency: 'CAD', price: 1650, was: expect.any(Number) },
      { currency: 'USD', price: 1234, was: 1234 },
    ]);
    expect((await page(`${US_HOST}/product/${product.handle}`)).html).toContain('$12.34');
    const [entry] = (await audits('catalog.editSku')).filter((row) => row.recordId === `${product.skuId}`);
    expect(JSON.parse(entry!.beforeJson)).toMatchObject({ stock: product.stock, skuCode: product.code });
    expect(JSON.parse(entry!.afterJson)).toMatchObject({
      priceUsd: 1234,
      originalUsd: 1234,
      priceCad: 1650,
      stock: 42,
    });
  });

  it('refuses a price of 0, a bad number, an original below the price and negative or fractional stock', async () => {
    const product = await productWithOneSku();
    for (const [change, message] of [
      [{ priceUsd: '0' }, CATALOG_EDIT_MSG.price],
      [{ priceCad: '12,99' }, CATALOG_EDIT_MSG.price],
      [{ priceUsd: '20', originalUsd: '19.99' }, CATALOG_EDIT_MSG.original],
      [{ stock: '-1' }, CATALOG_EDIT_MSG.stock],
      [{ stock: '2.5' }, CATALOG_EDIT_MSG.stock],
    ] as const) {
      const refused = await post(
        `/catalog/${product.itemId}/skus/${product.skuId}`,
        merchandiser,
        await skuForm(product.skuId, change),
      );
      expect(refused.status).toBe(400);
      expect(text(await refused.text())).toContain(message);
    }
    const sku = await env.DB.prepare('SELECT version FROM sku WHERE id = ?')
      .bind(product.skuId)
      .first<{ version: number }>();
    expect(sku!.version).toBe(0);
    expect(
      (await post(`/catalog/${product.itemId}/skus/999999`, merchandiser, await skuForm(product.skuId))).status,
    ).toBe(404);
    expect(
      (await post(`/catalog/${product.itemId}/skus/${product.skuId}`, support, await skuForm(product.skuId))).status,
    ).toBe(403);
  });

  it('never lets two staff editing one SKU at once overwrite each other; the second sees current values', async () => {
    const product = await productWithOneSku();
    // Two new prices under the original one, so both are valid.
    const current = Number((await skuForm(product.skuId)).priceUsd);
    const [priceA, priceB] = [(current - 0.45).toFixed(2), (current - 0.34).toFixed(2)];
    const formA = await skuForm(product.skuId, { priceUsd: priceA });
    const formB = await skuForm(product.skuId, { priceUsd: priceB, stock: '3' });
    const first = await post(`/catalog/${product.itemId}/skus/${product.skuId}`, merchandiser, formA);
    expect(first.status).toBe(303);
    const second = await post(`/catalog/${product.itemId}/skus/${product.skuId}`, otherMerchandiser, formB);
    expect(second.status).toBe(409);
    const html = text(await second.text());
    expect(html).toContain(CATALOG_EDIT_MSG.skuConflict);
    expect(html).toContain(`value="${priceA}"`); // the current price, not what the second one typed
    const row = await env.DB.prepare(
      `SELECT s.available_total AS stock, p.discount_price AS price FROM sku s
       JOIN sku_price p ON p.sku_id = s.id AND p.currency = 'USD' WHERE s.id = ?`,
    )
      .bind(product.skuId)
      .first();
    expect(row).toEqual({ stock: product.stock, price: Math.round(Number(priceA) * 100) });
    expect((await audits('catalog.editSku')).filter((entry) => entry.recordId === `${product.skuId}`)).toHaveLength(1);
  });

  it('does not overwrite stock an order took since the form was drawn', async () => {
    const product = await productWithOneSku();
    const form = await skuForm(product.skuId, { stock: `${product.stock + 10}` });
    await env.DB.prepare('UPDATE sku SET available_total = available_total - 1 WHERE id = ?').bind(product.skuId).run();
    const refused = await post(`/catalog/${product.itemId}/skus/${product.skuId}`, merchandiser, form);
    expect(refused.status).toBe(409);
    const stock = await env.DB.prepare('SELECT available_total AS stock FROM sku WHERE id = ?')
      .bind(product.skuId)
      .first();
    expect(stock).toEqual({ stock: product.stock - 1 });
    // A price change alone still goes through: the stock is not touched.
    const priceOnly = await post(
      `/catalog/${product.itemId}/skus/${product.skuId}`,
      merchandiser,
      await skuForm(product.skuId, { priceUsd: '9.99' }),
    );
    expect(priceOnly.status).toBe(303);
  });
});
