import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { US_HOST, page, shop } from './helpers.ts';

beforeAll(loadCatalogFixture);

/** The parts page a make's page links for a chosen model year. */
async function civicPartsPath(): Promise<string> {
  const { html } = await page(`${US_HOST}/makes/honda?model=civic&year=2015`);
  const href = /href="(\/parts\/\d+-[a-z0-9-]+)" data-vehicle-parts-link/.exec(html)?.[1];
  expect(href, 'the make page links the model year’s parts page').toBeTruthy();
  return href!;
}

const db = () => (env as unknown as { DB: D1Database }).DB;

describe('a vehicle’s parts page', () => {
  it('is headed with the vehicle and lists its categories with counts, each opening the fitting parts', async () => {
    const path = await civicPartsPath();
    expect(path).toMatch(/^\/parts\/\d+-2015-honda-civic$/);
    const { status, html } = await page(`${US_HOST}${path}`);
    expect(status).toBe(200);
    expect(html).toContain('<h1>Parts for your 2015 Honda Civic</h1>');
    expect(html).toMatch(/<li aria-current="page">2015 Honda Civic<\/li>/);
    const id = Number(/\/parts\/(\d+)/.exec(path)![1]);
    const tiles = [
      ...html.matchAll(/href="\/search\?category=(\d+)&amp;attributeValueId=(\d+)"[^>]*>([^<]+)<small>\(([\d,]+)\)/g),
    ];
    expect(tiles.length).toBeGreaterThan(2);
    for (const [, , vehicleId, , count] of tiles) {
      expect(Number(vehicleId)).toBe(id);
      expect(Number(count!.replace(',', ''))).toBeGreaterThan(0);
    }
  });

  it('shows best sellers made for the vehicle (its own fitment rows, not universal parts)', async () => {
    const path = await civicPartsPath();
    const { html } = await page(`${US_HOST}${path}`);
    const ids = [...html.matchAll(/class="product-card" data-item-id="(\d+)"/g)].map((match) => Number(match[1]));
    expect(ids.length).toBeGreaterThan(0);
    const id = Number(/\/parts\/(\d+)/.exec(path)![1]);
    const { results } = await db()
      .prepare(
        `SELECT i.id FROM item i WHERE i.id IN (SELECT value FROM json_each(?1))
           AND EXISTS (SELECT 1 FROM fitment f WHERE f.item_id = i.id AND f.model_node_id = ?2)`,
      )
      .bind(JSON.stringify(ids), id)
      .all<{ id: number }>();
    expect(results.map((row) => row.id).sort()).toEqual([...ids].sort());
  });

  it('sends other words for the same vehicle to its one address, and answers an unknown vehicle with 404', async () => {
    const path = await civicPartsPath();
    const id = /\/parts\/(\d+)/.exec(path)![1];
    const moved = await shop(`${US_HOST}/parts/${id}-some-old-words`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(new URL(moved.headers.get('location')!, US_HOST).pathname).toBe(path);
    expect((await page(`${US_HOST}/parts/999999999-nothing`)).status).toBe(404);
    expect((await page(`${US_HOST}/parts/${encodeURIComponent('<script>')}`)).status).toBe(404);
    expect((await page(`${US_HOST}/parts/1`)).status).toBe(404);
  });

  it('offers the current vehicle’s page on /parts when the browser says which vehicle is current', async () => {
    const path = await civicPartsPath();
    const id = /\/parts\/(\d+)/.exec(path)![1];
    const withVehicle = await page(`${US_HOST}/parts`, { headers: { cookie: `vehicle=${id}` } });
    expect(withVehicle.html).toContain(`href="${path}" data-continue-vehicle`);
    expect(withVehicle.html).toContain('Shop parts for your 2015 Honda Civic');
    const none = await page(`${US_HOST}/parts`);
    expect(none.status).toBe(200);
    expect(none.html).not.toContain('data-continue-vehicle');
    const garbage = await page(`${US_HOST}/parts`, { headers: { cookie: 'vehicle=abc%3Cb%3E' } });
    expect(garbage.status).toBe(200);
    expect(garbage.html).not.toContain('data-continue-vehicle');
  });
});
