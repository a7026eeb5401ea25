import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { SORT_OPTIONS } from '../../shared/constants.ts';
import { searchRepository, type SearchCriteria } from '../../worker/search/repository.ts';
import { matchExpression } from '../../worker/search/service.ts';
import { CA_HOST, US_HOST, api } from './helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';

type Named = { id: number; name: string; count: number };
type Answer = {
  total: number;
  page: number;
  size: number;
  records: {
    itemId: number;
    title: string;
    partNumber: string | null;
    discountPrice: number | null;
    currency: string;
    status: string;
    reviewRating: number | null;
    reviewCount: number;
    fits: boolean | null;
  }[];
  facets: { categories: Named[]; brands: Named[]; price: { min: number | null; max: number | null } };
};
const PATH = '/search/public/buyer/items/filter-search';
const search = (query: string, host = US_HOST) => api<Answer>(`${host}${PATH}?${query}`);
const ids = async (query: string) =>
  (await search(query)).body.data.records.map((record) => record.itemId).sort((a, b) => a - b);
const rows = async <T>(sql: string, ...values: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...values)
      .all<T>()
  ).results;

beforeAll(loadCatalogFixture);

describe('product search', () => {
  it('finds brake pads, also when misspelled, and headlights by headlamp', async () => {
    const pads = await rows<{
      id: number;
    }>(`SELECT id FROM item WHERE back_category_id = (SELECT id FROM category WHERE kind = 'BACK'
      AND name = 'Brake Pads')
      AND us_status IN ('ON_SHELVES', 'UNDER_STOCK') ORDER BY id`);
    expect(pads.length).toBeGreaterThan(0);
    const found = await ids('keyword=brake%20pads&size=100');
    expect(found).toEqual(pads.map((row) => row.id));
    expect(await ids('keyword=break%20pad&size=100')).toEqual(found);
    const headlights = await rows<{ id: number }>(
      `SELECT id FROM item WHERE title LIKE '%headlight%' AND us_status IN ('ON_SHELVES', 'UNDER_STOCK')`,
    );
    const lamp = await ids('keyword=headlamp&size=100');
    expect(headlights.length).toBeGreaterThan(0);
    for (const { id } of headlights) expect(lamp).toContain(id);
  });

  it('puts the item with an exact part number first, in any case', async () => {
    const sku = (
      await rows<{
        itemId: number;
        partNumber: string;
      }>(`SELECT s.item_id AS itemId, s.part_number AS partNumber FROM sku s
      JOIN item i ON i.id = s.item_id WHERE i.us_status = 'ON_SHELVES' ORDER BY s.id DESC LIMIT 1`)
    )[0]!;
    for (const text of [sku.partNumber, sku.partNumber.toLowerCase()]) {
      const { body } = await search(`keyword=${encodeURIComponent(text)}`);
      expect(body.data.records[0]!.itemId).toBe(sku.itemId);
      expect(body.data.records[0]!.partNumber).toBe(sku.partNumber);
    }
  });

  it('ranks the parts that fit a model year first without hiding the others', async () => {
    const node = (
      await rows<{
        modelNode: number;
        make: number;
        year: number;
      }>(`SELECT m.id AS modelNode, k.id AS make, k.parent_id AS year
      FROM fitment f JOIN vehicle_node m ON m.id = f.node_id JOIN vehicle_node k
        ON k.id = m.parent_id WHERE f.node_level = 3 LIMIT 1`)
    )[0]!;
    const path = `${node.year},${node.make},${node.modelNode}`;
    const all = (await search('size=100')).body.data;
    const { body } = await search(`attributeValueIds=${path}&size=100`);
    expect(body.data.total).toBe(all.total);
    const flags = body.data.records.map((record) => (record.fits ? 1 : 0));
    expect(flags).toContain(1);
    expect(flags).toContain(0);
    for (let i = 1; i < flags.length; i += 1) expect(flags[i]!).toBeLessThanOrEqual(flags[i - 1]!);
    const only = (await search(`attributeValueIds=${path}&fitsOnly=true&size=100`)).body.data;
    expect(only.total).toBe(flags.filter(Boolean).length);
    expect(only.records.every((record) => record.fits === true)).toBe(true);
    expect(all.records.every((record) => record.fits === null)).toBe(true);
  });

  it('orders by each of the six sort options', async () => {
    type R = Answer['records'][number];
    const sales = new Map(
      (await rows<{ id: number; sales: number }>('SELECT id, sales FROM item')).map((row) => [row.id, row.sales]),
    );
    const checks: Record<string, (a: R, b: R) => boolean> = {
      'sales desc': (a, b) => sales.get(a.itemId)! >= sales.get(b.itemId)!,
      'discountMinPrice asc': (a, b) => a.discountPrice! <= b.discountPrice!,
      'discountMinPrice desc': (a, b) => a.discountPrice! >= b.discountPrice!,
      'reviewRating desc': (a, b) =>
        b.reviewRating === null || (a.reviewRating !== null && a.reviewRating >= b.reviewRating),
      'reviewCount desc': (a, b) => a.reviewCount >= b.reviewCount,
    };
    for (const { value } of SORT_OPTIONS) {
      const { status, body } = await search(`keyword=brake&sort=${encodeURIComponent(value)}&size=100`);
      expect(status, value).toBe(200);
      expect(body.data.records.length, value).toBeGreaterThan(2);
      const check = checks[value];
      if (check)
        body.data.records.slice(1).forEach((record, i) => {
          expect(check(body.data.records[i]!, record), `${value} at ${i}`).toBe(true);
        });
    }
    // Without a keyword the default is best selling; Best Match ranks the title words first.
    const defaults = (await search('size=100')).body.data.records;
    defaults.slice(1).forEach((record, i) => {
      expect(checks['sales desc']!(defaults[i]!, record)).toBe(true);
    });
    const best = (await search('keyword=brake%20pads')).body.data.records;
    expect(best[0]!.title).toMatch(/brake pad/i);
    const bad = await search('sort=price');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('sort must be one of the listed sort options');
  });

  it('pages to the end and rejects out-of-range paging', async () => {
    const first = (await search('size=7')).body.data;
    expect(first.records).toHaveLength(7);
    const beyond = (await search('size=7&page=400')).body.data;
    expect(beyond.records).toEqual([]);
    expect(beyond.total).toBe(first.total);
    const last = Math.ceil(first.total / 7);
    expect((await search(`size=7&page=${last}`)).body.data.records).toHaveLength(first.total - (last - 1) * 7);
    for (const query of ['size=1000', 'page=0', 'page=501', 'size=0', 'page=x'])
      expect((await search(query)).status, query).toBe(400);
  });

  it('counts facets that add up and ignore their own filter', async () => {
    const all = (await search('size=1')).body.data;
    const sum = (list: Named[]) => list.reduce((total, entry) => total + entry.count, 0);
    expect(sum(all.facets.categories)).toBe(all.total);
    expect(sum(all.facets.brands)).toBe(all.total);
    const brand = all.facets.brands[0]!;
    const byBrand = (await search(`brandId=${brand.id}&size=100`)).body.data;
    expect(byBrand.total).toBe(brand.count);
    expect(byBrand.facets.brands).toEqual(all.facets.brands);
    expect(sum(byBrand.facets.categories)).toBe(brand.count);
    const two = all.facets.brands.slice(0, 2);
    expect((await search(`brandId=${two.map((b) => b.id).join(',')}`)).body.data.total).toBe(sum(two));
    const top = (await rows<{ id: number }>(`SELECT id FROM category WHERE kind = 'BACK' AND name = 'Brakes'`))[0]!;
    const brakes = (await search(`categoryId=${top.id}&size=1`)).body.data;
    const children = await rows<{ id: number }>('SELECT id FROM category WHERE parent_id = ?', top.id);
    const childIds = new Set(children.map((child) => child.id));
    expect(brakes.total).toBe(
      sum(all.facets.categories.filter((entry) => childIds.has(entry.id) || entry.id === top.id)),
    );
    const { min, max } = all.facets.price;
    const mid = Math.floor((min! + max!) / 2);
    const cheap = (await search(`maxPrice=${mid}&size=100`)).body.data;
    expect(cheap.records.every((record) => record.discountPrice! <= mid)).toBe(true);
    expect(cheap.facets.price).toEqual(all.facets.price);
    expect(cheap.total).toBeLessThan(all.total);
  });

  it('prices in CAD in Canada and leaves out what is not sold there', async () => {
    const offInCa = await rows<{ id: number }>(
      `SELECT id FROM item WHERE ca_status = 'OFF_SHELVES' AND us_status = 'ON_SHELVES'`,
    );
    expect(offInCa.length).toBeGreaterThan(0);
    const us = (await search('size=100&page=1&sort=discountMinPrice%20asc')).body.data;
    const ca = (await search('size=100&page=1&sort=discountMinPrice%20asc', CA_HOST)).body.data;
    expect(ca.records.every((record) => record.currency === 'CAD')).toBe(true);
    const caIds = new Set(ca.records.map((record) => record.itemId));
    for (const { id } of offInCa) expect(caIds.has(id)).toBe(false);
    const usIds = [
      ...us.records,
      ...(await search('size=100&page=2&sort=discountMinPrice%20asc')).body.data.records,
    ].map((record) => record.itemId);
    expect(us.total).toBeGreaterThan(ca.total);
    expect(usIds).toEqual(expect.arrayContaining(offInCa.map((row) => row.id)));
    const first = ca.records[0]!;
    const cad = await env.DB.prepare('SELECT min_price_cad AS price FROM item WHERE id = ?')
      .bind(first.itemId)
      .first<{ price: number }>();
    expect(first.discountPrice).toBe(cad!.price);
    const soldOut = (await search('soldOut=true&size=1')).body.data;
    expect(soldOut.total).toBeGreaterThan(us.total);
  });

  it('answers the search-pro path alike', async () => {
    const plain = await search('keyword=headlight');
    const pro = await api<Answer>(
      `${US_HOST}/search-pro/public/items/filter-search?keyword=headlight&diversionName=B`,
      { headers: { sessionId: 'abc' } },
    );
    expect(pro.status).toBe(200);
    expect(pro.body.data).toEqual(plain.body.data);
    const doc = await api<never>(`${US_HOST}/openapi.json`);
    const paths = Object.keys((doc.body as unknown as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(expect.arrayContaining([PATH, '/search-pro/public/items/filter-search']));
  });

  it('never fails on hostile or odd input', async () => {
    const inputs = [
      '',
      ' ',
      'a'.repeat(10_000),
      `"'"`,
      '"',
      '*',
      'NEAR(',
      'NEAR(brake pad, 2)',
      'title:',
      '-',
      'brake -pad',
      'brake OR',
      'AND',
      '🚗🔧',
      'тормозные колодки',
      'bra\u200Bke',
      '\u200B',
      '(brake)',
      '{title}: ^brake',
      "O'Reilly",
      'brake*',
      '%_\\',
      'x'.repeat(199),
    ];
    for (const keyword of inputs) {
      const { status, body } = await search(`keyword=${encodeURIComponent(keyword)}`);
      expect([200, 400], keyword.slice(0, 20)).toContain(status);
      if (status === 400) expect(body.msg).toMatch(/^keyword /);
      else expect(Array.isArray(body.data.records)).toBe(true);
    }
    expect((await search('keyword=bra%E2%80%8Bke')).body.data.total).toBeGreaterThan(0);
    for (const query of [
      'brandId=abc',
      'brandId=1,,x',
      'minPrice=-1',
      'categoryId=0',
      'attributeValueIds=1;2',
      'soldOut=maybe',
    ]) {
      const { status, body } = await search(query);
      expect(status, query).toBe(400);
      expect(body.success).toBe(false);
    }
    expect((await search('categoryId=999999')).body.data.total).toBe(0);
  });
});

describe('keyword search with a candidate cap (the 200,000-item budget)', () => {
  // The fixture is small: a cap of 5 stands in for the real one to show what the cap keeps.
  const CAP = 5;
  const brake = matchExpression('brake')!;
  const criteria = (overrides: Partial<SearchCriteria>): SearchCriteria => ({
    market: 'us',
    match: brake,
    partNumber: 'brake',
    candidateLimit: CAP,
    categoryId: null,
    brandIds: [],
    minPrice: null,
    maxPrice: null,
    vehicleNodeIds: null,
    fitsOnly: false,
    soldOut: false,
    order: 'sales',
    limit: 100,
    offset: 0,
    ...overrides,
  });
  type Match = { id: number; selling: number; partNumber: string };
  const matches = () =>
    rows<Match>(
      `SELECT i.id, i.us_status IN ('ON_SHELVES', 'UNDER_STOCK') AS selling,
      (SELECT part_number FROM sku WHERE item_id = i.id ORDER BY sort LIMIT 1) AS partNumber
    FROM item_search s JOIN item i ON i.id = s.rowid WHERE item_search MATCH ? ORDER BY i.sales DESC, i.id`,
      brake,
    );
  const selling = (list: Match[]) =>
    list
      .filter((match) => match.selling)
      .map((match) => match.id)
      .sort((a, b) => a - b);

  it('considers the best-selling matches up to the cap, with totals and facets over the same set', async () => {
    const all = await matches();
    expect(all.length).toBeGreaterThan(CAP * 2);
    const result = await searchRepository(env.DB).search(criteria({}));
    expect(result.rows.map((row) => row.itemId).sort((a, b) => a - b)).toEqual(selling(all.slice(0, CAP)));
    expect(result.total).toBe(result.rows.length);
    expect(result.categories.reduce((sum, entry) => sum + entry.count, 0)).toBe(result.total);
    expect(result.brands.reduce((sum, entry) => sum + entry.count, 0)).toBe(result.total);
  });

  it('narrows the matches it considered by a chosen category or brand: facets count what links show', async () => {
    const all = await matches();
    const whole = await searchRepository(env.DB).search(criteria({}));
    expect(whole.capped).toBe(true);
    expect(all.length).toBeGreaterThan(CAP);
    for (const category of whole.categories) {
      const narrowed = await searchRepository(env.DB).search(criteria({ categoryId: category.id }));
      expect(narrowed.total, category.name).toBe(category.count);
      expect(narrowed.rows.every((row) => whole.rows.some((kept) => kept.itemId === row.itemId))).toBe(true);
    }
    for (const brand of whole.brands) {
      const narrowed = await searchRepository(env.DB).search(criteria({ brandIds: [brand.id] }));
      expect(narrowed.total, brand.name).toBe(brand.count);
    }
    const few = await searchRepository(env.DB).search(criteria({ candidateLimit: all.length + 1 }));
    expect(few.capped).toBe(false);
  });

  it('keeps every match that fits the vehicle, first, and an exact part number before all', async () => {
    const all = await matches();
    const beyond = all.slice(CAP * 2).filter((match) => match.selling);
    const fitted = (
      await rows<{ id: number; node: number }>(
        `SELECT f.item_id AS id, f.node_id AS node FROM fitment f
      WHERE f.node_level = 3 AND f.item_id IN (SELECT value FROM json_each(?))`,
        JSON.stringify(beyond.map((match) => match.id)),
      )
    )[0]!;
    const exact = beyond.find((match) => match.id !== fitted.id)!;
    const result = await searchRepository(env.DB).search(
      criteria({ vehicleNodeIds: [fitted.node], partNumber: exact.partNumber, order: 'relevance' }),
    );
    const ids = result.rows.map((row) => row.itemId);
    expect(ids[0]).toBe(exact.id);
    expect(ids).toContain(fitted.id);
    const fitting = await rows<{ id: number }>(
      'SELECT DISTINCT item_id AS id FROM fitment WHERE node_id = ?',
      fitted.node,
    );
    const fittingMatches = selling(all.filter((match) => fitting.some((row) => row.id === match.id)));
    for (const id of fittingMatches) expect(ids).toContain(id);
    const flags = result.rows.slice(1).map((row) => row.fits ?? 0);
    for (let i = 1; i < flags.length; i += 1) expect(flags[i]!).toBeLessThanOrEqual(flags[i - 1]!);
    expect(result.total).toBe(ids.length);
  });
});

describe("the Worker's time on catalog reads", () => {
  it("answers search, typeahead and the vehicle selector with the Worker's time (Server-Timing)", async () => {
    for (const path of [
      '/search/public/buyer/items/filter-search?keyword=brake',
      '/item/public/buyer/associative/top-search-box?keyword=bra',
      '/item/public/attr/value/child/car-model',
    ]) {
      const { response } = await api(`${US_HOST}${path}`);
      expect(response.headers.get('server-timing'), path).toMatch(/^total;dur=[\d.]+;desc="Worker"/);
    }
  });
});
