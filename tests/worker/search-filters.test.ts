import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { VEHICLE_COOKIE } from '../../shared/browser-keys.ts';
import { US_HOST, api, page } from './helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';

type Named = { id: number; name: string; count: number };
type Answer = {
  total: number;
  records: { itemId: number; fits: boolean | null }[];
  facets: { categories: Named[]; brands: Named[] };
  hiddenByFit: number | null;
};
const PATH = '/search/public/buyer/items/filter-search';
const search = async (query: string) => (await api<Answer>(`${US_HOST}${PATH}?${query}`)).body.data;
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const cardIds = (html: string) => [...html.matchAll(/data-item-id="(\d+)"/g)].map((m) => Number(m[1]));
/** The desktop sidebar's part of the page (the phone drawer repeats the same facets). */
const sidebar = (html: string) => html.slice(html.indexOf('<aside class="search-facets"'), html.indexOf('</aside>'));

/** A model year with parts in a category that fit it and parts there that do not, with its path and name. */
async function vehicleInCategory() {
  const row = await env.DB.prepare(
    `SELECT f.node_id AS node, i.back_category_id AS category, count(DISTINCT i.id) AS fitting
     FROM fitment f JOIN item i ON i.id = f.item_id
     WHERE f.node_level = 3 AND i.us_status IN ('ON_SHELVES', 'UNDER_STOCK') AND i.vehicle_universal = 0
     GROUP BY f.node_id, i.back_category_id
     HAVING fitting < (SELECT count(*) FROM item c WHERE c.back_category_id = i.back_category_id
       AND c.us_status IN ('ON_SHELVES', 'UNDER_STOCK'))
     ORDER BY fitting DESC, f.node_id LIMIT 1`,
  ).first<{ node: number; category: number }>();
  const { results } = await env.DB.prepare(
    `WITH RECURSIVE up(id) AS (SELECT ?1 UNION ALL SELECT n.parent_id FROM vehicle_node n JOIN up ON n.id = up.id
       WHERE n.parent_id IS NOT NULL) SELECT id, text FROM vehicle_node WHERE id IN (SELECT id FROM up) ORDER BY level`,
  )
    .bind(row!.node)
    .all<{ id: number; text: string }>();
  const category = await env.DB.prepare('SELECT name FROM category WHERE id = ?')
    .bind(row!.category)
    .first<{ name: string }>();
  return {
    node: row!.node,
    category: row!.category,
    categoryName: category!.name,
    path: results.map((r) => r.id).join(','),
    name: results.map((r) => r.text).join(' '),
  };
}

const withVehicle = (node: number) => ({ headers: { Cookie: `${VEHICLE_COOKIE}=${node}` } });

beforeAll(loadCatalogFixture);

describe('fits my vehicle', () => {
  it('shows only fitting parts for the current vehicle by default, and how many others it hides', async () => {
    const v = await vehicleInCategory();
    const all = await search(`categoryId=${v.category}&attributeValueIds=${v.path}&size=100`);
    const fitting = await search(`categoryId=${v.category}&attributeValueIds=${v.path}&fitsOnly=true&size=100`);
    const hidden = all.total - fitting.total;
    expect(hidden).toBeGreaterThan(0);
    expect(fitting.hiddenByFit).toBe(hidden);
    expect(all.hiddenByFit).toBeNull();

    const { html } = await page(`${US_HOST}/search?category=${v.category}`, withVehicle(v.node));
    expect(html).toContain(`<h1>${v.categoryName} for ${v.name}</h1>`);
    expect(cardIds(html).sort((a, b) => a - b)).toEqual(fitting.records.map((r) => r.itemId).sort((a, b) => a - b));
    const parts = hidden === 1 ? '1 part that doesn’t fit' : `${hidden} parts that don’t fit`;
    expect(textOf(html)).toContain(`${parts} your ${v.name} ${hidden === 1 ? 'is' : 'are'} hidden. Show all`);
    expect(sidebar(html)).toMatch(new RegExp(`aria-current="true"[^>]*>Fits my ${v.name}<`));

    const shown = await page(`${US_HOST}/search?category=${v.category}&fits=all`, withVehicle(v.node));
    expect(cardIds(shown.html)).toHaveLength(Math.min(20, all.total));
    expect(shown.html).toContain('data-fit-notice="all"');
    expect(shown.html).toContain(`<h1>${v.categoryName}</h1>`);
  });

  it('includes universal parts among those that fit', async () => {
    const v = await vehicleInCategory();
    const universal = await env.DB.prepare(
      `SELECT id FROM item WHERE vehicle_universal = 1 AND non_vehicle = 0
       AND us_status IN ('ON_SHELVES', 'UNDER_STOCK')`,
    ).all<{ id: number }>();
    expect(universal.results.length).toBeGreaterThan(0);
    const fitting = await search(`attributeValueIds=${v.path}&fitsOnly=true&size=100`);
    const ids = fitting.records.map((r) => r.itemId);
    for (const { id } of universal.results) expect(ids).toContain(id);
  });

  it('counts each category’s fitting parts, universal ones included, whichever category is chosen', async () => {
    const v = await vehicleInCategory();
    const byId = (rows: Named[]) => [...rows].sort((a, b) => a.id - b.id);
    const none = await search(`attributeValueIds=${v.path}&fitsOnly=true&size=1`);
    const chosen = await search(`categoryId=${v.category}&attributeValueIds=${v.path}&fitsOnly=true&size=1`);
    expect(byId(chosen.facets.categories)).toEqual(byId(none.facets.categories));
    // A category holding only universal parts for this vehicle still shows beside the chosen one.
    const universalOnly = await env.DB.prepare(
      `SELECT back_category_id AS id FROM item WHERE vehicle_universal = 1 AND non_vehicle = 0
         AND us_status IN ('ON_SHELVES', 'UNDER_STOCK') AND back_category_id <> ? LIMIT 1`,
    )
      .bind(v.category)
      .first<{ id: number }>();
    expect(chosen.facets.categories.map((c) => c.id)).toContain(universalOnly!.id);
    // Under a brand filter too (counted in the search itself rather than from the cached universal counts).
    const brand = none.facets.brands[0]!.id;
    const brandNone = await search(`attributeValueIds=${v.path}&fitsOnly=true&brandId=${brand}&size=1`);
    const brandChosen = await search(
      `categoryId=${v.category}&attributeValueIds=${v.path}&fitsOnly=true&brandId=${brand}&size=1`,
    );
    expect(byId(brandChosen.facets.categories)).toEqual(byId(brandNone.facets.categories));
  });

  it('applies the query’s vehicle over the cookie, and nothing without either', async () => {
    const v = await vehicleInCategory();
    const plain = await page(`${US_HOST}/search?category=${v.category}`);
    expect(plain.html).not.toContain('data-fit-notice');
    expect(plain.html).not.toContain('data-facet="fits"');
    const other = await env.DB.prepare('SELECT id FROM vehicle_node WHERE level = 3 AND id <> ? LIMIT 1')
      .bind(v.node)
      .first<{ id: number }>();
    const asked = await page(
      `${US_HOST}/search?category=${v.category}&attributeValueId=${v.node}`,
      withVehicle(other!.id),
    );
    expect(asked.html).toContain(`for ${v.name}</h1>`);
    const unknown = await page(`${US_HOST}/search?category=${v.category}`, withVehicle(2 ** 30));
    expect(unknown.status).toBe(200);
    expect(unknown.html).not.toContain('data-fit-notice');
  });
});

describe('facets', () => {
  it('marks the chosen brand with a link that clears it, and counts categories under it', async () => {
    const all = await search('keyword=brake&size=1');
    const brand = all.facets.brands[all.facets.brands.length - 1]!;
    const byBrand = await search(`keyword=brake&brandId=${brand.id}&size=1`);
    const { html } = await page(`${US_HOST}/search?keyword=brake&brand=${brand.id}`);
    const side = sidebar(html);
    expect(side).toMatch(
      /<a class="facet-option facet-option--chosen" href="\/search\?keyword=brake" aria-current="true"/,
    );
    expect(side).toContain(`aria-label="Clear ${brand.name} (${brand.count})"`);
    for (const category of byBrand.facets.categories) expect(side).toContain(`>${category.name} (${category.count})<`);
    // The category counts changed with the brand: they add up to the brand's parts, not to all of them.
    const sum = byBrand.facets.categories.reduce((total, entry) => total + entry.count, 0);
    expect(sum).toBe(brand.count);
    expect(sum).toBeLessThan(all.total);
    expect(html).toContain('data-chosen-filter="brand"');
    expect(html).toMatch(/<a class="chosen-filters__clear" href="\/search\?keyword=brake" data-clear-all/);
  });

  it('counts brands under the chosen category and the fit filter', async () => {
    const v = await vehicleInCategory();
    const fitting = await search(`categoryId=${v.category}&attributeValueIds=${v.path}&fitsOnly=true&size=1`);
    const { html } = await page(`${US_HOST}/search?category=${v.category}`, withVehicle(v.node));
    const side = sidebar(html);
    for (const brand of fitting.facets.brands) expect(side).toContain(`>${brand.name} (${brand.count})<`);
    expect(fitting.facets.brands.reduce((total, entry) => total + entry.count, 0)).toBe(fitting.total);
    expect(html).toContain('data-chosen-filter="category"');
  });
});

describe('heading and layout', () => {
  it('heads a category page with its name and a breadcrumb to its parent', async () => {
    const child = await env.DB.prepare(
      `SELECT c.id, c.name, p.id AS parentId, p.name AS parentName FROM category c JOIN category p ON p.id = c.parent_id
       WHERE c.kind = 'BACK' AND c.name = 'Brake Pads'`,
    ).first<{ id: number; name: string; parentId: number; parentName: string }>();
    const { html } = await page(`${US_HOST}/search?category=${child!.id}`);
    expect(html).toContain(`<h1>${child!.name}</h1>`);
    expect(html).not.toContain('<h1>All parts</h1>');
    const crumbs =
      '<nav aria-label="Breadcrumb"><ol class="breadcrumb"><li><a href="/">Home</a></li>' +
      `<li><a href="/search?category=${child!.parentId}">${child!.parentName}</a></li>` +
      `<li aria-current="page">${child!.name}</li></ol></nav>`;
    expect(html).toContain(crumbs);
    expect((await page(`${US_HOST}/search?category=999999`)).status).toBe(200);
  });

  it('puts the facets in a drawer behind a Filters button that counts the chosen ones', async () => {
    const { html } = await page(`${US_HOST}/search?keyword=brake&category=3&brand=2`);
    expect(html).toMatch(/<details class="filter-drawer" data-filter-drawer="true"><summary><span[^>]*>Filters \(2\)/);
    const drawer = html.slice(html.indexOf('<details class="filter-drawer"'));
    expect(drawer.indexOf('data-facet="category"')).toBeLessThan(drawer.indexOf('</details>'));
    expect(drawer.indexOf('</details>')).toBeLessThan(drawer.indexOf('class="product-grid"'));
  });
});
