import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogRepository } from '../../worker/catalog/repository.ts';
import { vehicleRepository } from '../../worker/vehicles/repository.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';

const catalog = () => catalogRepository(env.DB);
const vehicles = () => vehicleRepository(env.DB);
const one = <T>(sql: string, ...params: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...params)
    .first<T>();

beforeAll(loadCatalogFixture);

describe('vehicle repository', () => {
  it('walks the selector tree year -> make -> model -> trim -> engine', async () => {
    const years = await vehicles().years();
    expect(years.map((y) => y.year)).toEqual([2018, 2017, 2016, 2015, 2014, 2013, 2012]);
    const makes = await vehicles().children(years.find((y) => y.year === 2015)!.id);
    expect(makes.map((m) => m.text)).toEqual(['Chevrolet', 'Dodge', 'Ford', 'GMC', 'Honda', 'Toyota']);
    const models = await vehicles().children(makes.find((m) => m.text === 'Honda')!.id);
    expect(models.every((m) => m.level === 3 && m.year === 2015)).toBe(true);
    expect(models.map((m) => m.text)).toContain('Civic');
    const civic = models.find((m) => m.text === 'Civic')!;
    const below = await vehicles().children(civic.id);
    expect(below.length).toBeGreaterThan(0);
    expect(below.every((n) => n.level === 4 || n.level === 5)).toBe(true);
  });

  it('gives the path of a deep node, root first, with the model-year ancestor', async () => {
    const engine = await one<{ id: number; modelNodeId: number }>(
      'SELECT id, model_node_id AS modelNodeId FROM vehicle_node WHERE level = 5 ORDER BY id LIMIT 1',
    );
    const path = await vehicles().path(engine!.id);
    expect(path[0]!.level).toBe(1);
    expect(path.at(-1)!.id).toBe(engine!.id);
    expect(path.find((n) => n.level === 3)!.id).toBe(engine!.modelNodeId);
  });

  it('finds the make of a WMI', async () => {
    const row = await one<{ wmi: string; name: string }>(
      'SELECT w.wmi, m.name FROM vehicle_wmi w JOIN vehicle_make m ON m.id = w.make_id LIMIT 1',
    );
    expect(await vehicles().makeForWmi(row!.wmi)).toMatchObject({ name: row!.name });
    expect(await vehicles().makeForWmi('ZZZ')).toBeNull();
  });
});

describe('catalog repository', () => {
  it('finds an item by its primary handle with images in order and specs', async () => {
    const seo = await one<{ url_handle: string; target_id: number }>(
      "SELECT url_handle, target_id FROM seo WHERE is_primary = 1 AND type = 'ITEM' ORDER BY id LIMIT 1",
    );
    const item = await catalog().itemByHandle(seo!.url_handle);
    expect(item).toMatchObject({
      id: seo!.target_id,
      urlHandle: seo!.url_handle,
      primaryHandle: seo!.url_handle,
      handleIsPrimary: 1,
    });
    expect(item!.images.length).toBeGreaterThanOrEqual(2);
    expect(item!.images.map((image) => image.index)).toEqual([...item!.images.keys()]);
    expect(item!.images[0]!.isMain).toBe(true);
    expect(item!.images[0]!.url).toMatch(/^\/static\/parts\/[a-z-]+-(front|side|detail|box)\.svg$/);
    expect(item!.customs.length).toBeGreaterThan(0);
    expect(await catalog().itemByHandle('no-such-handle')).toBeNull();
  });

  it('tells an old handle from the primary one', async () => {
    const old = await one<{ url_handle: string; target_id: number }>(
      "SELECT url_handle, target_id FROM seo WHERE is_primary = 0 AND type = 'ITEM' LIMIT 1",
    );
    expect(old).not.toBeNull();
    const item = await catalog().itemByHandle(old!.url_handle);
    expect(item!.handleIsPrimary).toBe(0);
    expect(item!.primaryHandle).not.toBe(old!.url_handle);
  });

  it('returns items with SKUs priced in the market currency, in the order asked', async () => {
    const us = await catalog().itemsWithSkus([5, 3, 999999, 1], 'us');
    expect(us.map((item) => item.id)).toEqual([5, 3, 1]);
    for (const item of us) {
      expect(item.skus.length).toBeGreaterThan(0);
      for (const sku of item.skus) {
        expect(sku.currency).toBe('USD');
        expect(Number.isInteger(sku.discountPrice)).toBe(true);
        expect(sku.originalPrice!).toBeGreaterThanOrEqual(sku.discountPrice!);
      }
    }
    const ca = await catalog().itemsWithSkus([5], 'ca');
    expect(ca[0]!.skus[0]!.currency).toBe('CAD');
    expect(ca[0]!.skus[0]!.discountPrice!).toBeGreaterThan(us[0]!.skus[0]!.discountPrice!);
  });

  it('gives fitment rows of many items for one model year in one call', async () => {
    const application = await one<{ item_id: number; model_node_id: number }>(
      'SELECT item_id, model_node_id FROM fitment ORDER BY id LIMIT 1',
    );
    const universal = await one<{ id: number }>('SELECT id FROM item WHERE vehicle_universal = 1 LIMIT 1');
    const { rows, facts } = await catalog().fitmentForItems(
      [application!.item_id, universal!.id],
      application!.model_node_id,
    );
    expect(rows.some((row) => row.itemId === application!.item_id)).toBe(true);
    expect(rows.every((row) => row.modelNodeId === application!.model_node_id)).toBe(true);
    expect(facts.find((fact) => fact.itemId === universal!.id)).toMatchObject({ vehicleUniversal: 1, applications: 0 });
    expect(facts.find((fact) => fact.itemId === application!.item_id)!.applications).toBeGreaterThan(0);
  });

  it('searches titles, part numbers and brands with full-text search', async () => {
    const { results } = await env.DB.prepare(
      "SELECT rowid FROM item_search WHERE item_search MATCH 'brake*' LIMIT 5",
    ).all();
    expect(results.length).toBeGreaterThan(0);
    const sku = await one<{ part_number: string; item_id: number }>('SELECT part_number, item_id FROM sku LIMIT 1');
    const hit = await one<{ rowid: number }>(
      'SELECT rowid FROM item_search WHERE part_numbers MATCH ?',
      `"${sku!.part_number}"`,
    );
    expect(hit!.rowid).toBe(sku!.item_id);
  });

  it('holds items of every status and items not sold in one market', async () => {
    const { results } = await env.DB.prepare('SELECT DISTINCT status FROM item').all<{ status: string }>();
    expect(results.map((r) => r.status)).toEqual(expect.arrayContaining(['ON_SHELVES', 'SOLD_OUT', 'UNDER_STOCK']));
    expect(
      (await one<{ n: number }>(
        "SELECT count(*) AS n FROM item WHERE status = 'ON_SHELVES' AND ca_status = 'OFF_SHELVES'",
      ))!.n,
    ).toBeGreaterThan(0);
    expect((await one<{ n: number }>('SELECT count(*) AS n FROM item WHERE non_vehicle = 1'))!.n).toBeGreaterThan(0);
    expect((await one<{ n: number }>('SELECT count(*) AS n FROM fitment WHERE node_level = 4'))!.n).toBeGreaterThan(0);
    expect((await one<{ n: number }>('SELECT count(*) AS n FROM fitment WHERE node_level = 5'))!.n).toBeGreaterThan(0);
  });
});

describe('item page data', () => {
  it('loads item, SKUs, images and fitment for one vehicle', async () => {
    const sample = await one<{ handle: string; item_id: number; model_node_id: number }>(
      'SELECT s.url_handle AS handle, f.item_id, f.model_node_id FROM fitment f JOIN seo s ' +
        'ON s.target_id = f.item_id AND s.is_primary = 1 LIMIT 1',
    );
    const data = await catalog().itemPage(sample!.handle, 'ca', sample!.model_node_id);
    expect(data!.item.id).toBe(sample!.item_id);
    expect(data!.skus.every((sku) => sku.currency === 'CAD')).toBe(true);
    expect(data!.fitment.length).toBeGreaterThan(0);
    const none = await catalog().itemPage(sample!.handle, 'us', null);
    expect(none!.fitment).toEqual([]);
  });
});
