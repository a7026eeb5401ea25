import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchRepository, type SearchCriteria, type SearchOrder } from '../../worker/search/repository.ts';
import { searchItems } from '../../worker/search/service.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';

/**
 * A vehicle's fitting parts without a keyword or a category merge the vehicle's own parts with the universal ones,
 * kept apart (vehicle-listing.ts): the answer must be the one the whole search gives, row for row.
 */

let vehicle: number;
beforeAll(async () => {
  await loadCatalogFixture();
  const row = await env.DB.prepare(
    `SELECT f.node_id AS node FROM fitment f JOIN item i ON i.id = f.item_id
     WHERE f.node_level = 3 AND i.us_status IN ('ON_SHELVES', 'UNDER_STOCK')
     GROUP BY f.node_id ORDER BY count(*) DESC, f.node_id LIMIT 1`,
  ).first<{ node: number }>();
  vehicle = row!.node;
});

const SORTS: [string, SearchOrder][] = [
  ['', 'sales'],
  ['discountMinPrice asc', 'priceAsc'],
  ['discountMinPrice desc', 'priceDesc'],
  ['reviewRating desc', 'rating'],
  ['reviewCount desc', 'reviews'],
];

function wholeSearch(order: SearchOrder, page: number, size: number, market: 'us' | 'ca' = 'us') {
  const criteria: SearchCriteria = {
    market,
    match: null,
    partNumber: null,
    candidateLimit: 2000,
    categoryId: null,
    brandIds: [],
    minPrice: null,
    maxPrice: null,
    vehicleNodeIds: [vehicle],
    fitsOnly: true,
    soldOut: false,
    order,
    limit: size,
    offset: (page - 1) * size,
  };
  return searchRepository(env.DB).search(criteria);
}

describe("a vehicle's fitting parts, its own and the universal ones", () => {
  it('lists the same parts in the same order as the whole search, in every sort and on later pages', async () => {
    for (const [sort, order] of SORTS) {
      for (const [page, size] of [
        [1, 20],
        [2, 10],
        [3, 7],
      ] as const) {
        const answer = await searchItems(env.DB, 'us', {
          vehicleNodeIds: [vehicle],
          fitsOnly: true,
          page,
          size,
          sort: sort as never,
        });
        const whole = await wholeSearch(order, page, size);
        const label = `${order} page ${page} of ${size}`;
        expect(answer.records.length, label).toBe(Math.min(size, whole.total - (page - 1) * size));
        expect(answer.records.length, label).toBeGreaterThan(0);
        expect(
          answer.records.map((record) => record.itemId),
          label,
        ).toEqual(whole.rows.map((row) => row.itemId));
        expect(answer.records.every((record) => record.fits === true)).toBe(true);
        expect(answer.total, label).toBe(whole.total);
      }
    }
  });

  it('counts the same total, price range and facets as the whole search, with universal parts in them', async () => {
    for (const market of ['us', 'ca'] as const) {
      const answer = await searchItems(env.DB, market, { vehicleNodeIds: [vehicle], fitsOnly: true, size: 20 });
      const whole = await wholeSearch('sales', 1, 20, market);
      expect(answer.total).toBe(whole.total);
      expect(answer.facets.price).toEqual({ min: whole.minPrice, max: whole.maxPrice });
      expect(answer.facets.categories).toEqual(whole.categories);
      expect(answer.facets.brands).toEqual(whole.brands);
      const universal = await env.DB.prepare(
        `SELECT count(*) AS n FROM item WHERE vehicle_universal = 1 AND non_vehicle = 0
           AND ${market}_status IN ('ON_SHELVES', 'UNDER_STOCK')`,
      ).first<{ n: number }>();
      expect(universal!.n).toBeGreaterThan(0);
      expect(answer.total).toBeGreaterThan(universal!.n);
    }
  });
});
