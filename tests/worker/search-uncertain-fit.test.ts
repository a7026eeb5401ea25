// "Fits my vehicle" for a vehicle given without its engine: a part fitted to one of the model
// year's engines may fit (§4 UNCERTAIN), so it stays in the list; a chosen engine leaves the other
// engines' parts out.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { US_HOST, api } from './helpers.ts';

type Answer = { total: number; records: { itemId: number }[] };
const PATH = '/search/public/buyer/items/filter-search';
const search = async (query: string) => (await api<Answer>(`${US_HOST}${PATH}?${query}`)).body.data;

/** The node ids from the make down to a node, as the vehicle selector sends them. */
async function pathTo(node: number): Promise<string> {
  const { results } = await env.DB.prepare(
    `WITH RECURSIVE up(id) AS (SELECT ?1 UNION ALL SELECT n.parent_id FROM vehicle_node n JOIN up ON n.id = up.id
       WHERE n.parent_id IS NOT NULL) SELECT id FROM vehicle_node WHERE id IN (SELECT id FROM up) ORDER BY level`,
  )
    .bind(node)
    .all<{ id: number }>();
  return results.map((r) => r.id).join(',');
}

/**
 * A listed vehicle part fitted only at engine level, one of its engines, and another engine of the same model
 * year it has no application for.
 */
async function engineOnlyPart() {
  const row = await env.DB.prepare(
    `SELECT f.item_id AS item, f.node_id AS engine, f.model_node_id AS modelYear, i.back_category_id AS category,
       (SELECT e.id FROM vehicle_node e WHERE e.level = 5 AND e.model_node_id = f.model_node_id
          AND e.id NOT IN (SELECT node_id FROM fitment WHERE item_id = f.item_id) ORDER BY e.id LIMIT 1) AS other
     FROM fitment f JOIN item i ON i.id = f.item_id
     WHERE f.node_level = 5 AND i.vehicle_universal = 0 AND i.non_vehicle = 0
       AND i.us_status IN ('ON_SHELVES', 'UNDER_STOCK')
       AND NOT EXISTS (SELECT 1 FROM fitment g WHERE g.item_id = f.item_id AND g.node_level < 5)
     ORDER BY (other IS NULL), f.item_id LIMIT 1`,
  ).first<{ item: number; engine: number; modelYear: number; category: number; other: number | null }>();
  expect(row, 'the fixture has a part fitted at engine level').not.toBeNull();
  return row!;
}

beforeAll(loadCatalogFixture);

describe('fits my vehicle without an engine', () => {
  it('keeps a part fitted to one of the model year’s engines when no engine is chosen', async () => {
    const part = await engineOnlyPart();
    const found = await search(
      `categoryId=${part.category}&attributeValueIds=${await pathTo(part.modelYear)}&fitsOnly=true&size=100`,
    );
    expect(found.records.map((r) => r.itemId)).toContain(part.item);
  });

  it("counts it on the vehicle's parts page: a category's count is what its list shows", async () => {
    const part = await engineOnlyPart();
    const { body } = await api<{ id: number; items: number }[]>(
      `${US_HOST}/search/public/buyer/category/vehicle-categories?attributeValueId=${part.modelYear}`,
    );
    const tile = body.data.find((category) => category.id === part.category);
    expect(tile, "the part's category is among the vehicle's").toBeDefined();
    const list = await search(
      `categoryId=${part.category}&attributeValueIds=${await pathTo(part.modelYear)}&fitsOnly=true&size=1`,
    );
    expect(tile!.items).toBe(list.total);
  });

  it('keeps it for its own engine and leaves it out for another engine of the same year', async () => {
    const part = await engineOnlyPart();
    const own = await search(
      `categoryId=${part.category}&attributeValueIds=${await pathTo(part.engine)}&fitsOnly=true&size=100`,
    );
    expect(own.records.map((r) => r.itemId)).toContain(part.item);
    expect(part.other, 'the model year has a second engine').not.toBeNull();
    const other = await search(
      `categoryId=${part.category}&attributeValueIds=${await pathTo(part.other!)}&fitsOnly=true&size=100`,
    );
    expect(other.records.map((r) => r.itemId)).not.toContain(part.item);
  });
});
