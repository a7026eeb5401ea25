import { env } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import settings from '../../kv-seed/settings.json';
import { forgetShopSettings } from '../../worker/content/service.ts';
import { abTestGroupFor } from '../../worker/tracking/abtest.ts';
import { US_HOST, api } from './helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';

type Answer = { total: number; records: { itemId: number }[] };
const PATH = '/search/public/buyer/items/filter-search';

async function withSettings(change: Record<string, unknown>) {
  await env.SETTINGS.put('shop-settings', JSON.stringify({ ...settings, ...change }));
  forgetShopSettings();
}

/** Item ids of a search as a visitor of `group` sees them (the diversion header the API client sends). */
async function searchAs(group: string, query: string): Promise<number[]> {
  const answer = await api<Answer>(`${US_HOST}${PATH}?${query}`, { headers: { diversionName: group } });
  expect(answer.status).toBe(200);
  return answer.body.data.records.map((record) => record.itemId);
}

beforeAll(loadCatalogFixture);
afterAll(() => withSettings({}));

describe('A/B groups (§9, issue 25)', () => {
  it('puts 70 % of visitors in A, split evenly into A1 and A2, and 30 % in B, the same group every time', () => {
    const counts = { A1: 0, A2: 0, B: 0 };
    const visitors = 20_000;
    for (let i = 0; i < visitors; i++) counts[abTestGroupFor(`visitor-${i}-${(i * 7919) % 1000}`)]++;
    expect(counts.A1 / visitors).toBeCloseTo(0.35, 1);
    expect(counts.A2 / visitors).toBeCloseTo(0.35, 1);
    expect(counts.B / visitors).toBeCloseTo(0.3, 1);
    expect(abTestGroupFor('visitor-42-stable')).toBe(abTestGroupFor('visitor-42-stable'));
  });

  it("ranks group B's Best Match by popularity when the settings choose it, and group A's by relevance", async () => {
    const keyword = 'keyword=brake&size=20';
    const bySales = await searchAs('A1', `${keyword}&sort=sales%20desc`);
    await withSettings({ AB_SEARCH_RANKING_B: 'relevance' });
    const relevance = await searchAs('A1', keyword);
    expect(await searchAs('B', keyword)).toEqual(relevance);
    expect(relevance).not.toEqual(bySales);

    await withSettings({ AB_SEARCH_RANKING_B: 'popularity' });
    expect(await searchAs('B', keyword)).toEqual(bySales);
    expect(await searchAs('A1', keyword)).toEqual(relevance);
    expect(await searchAs('A2', keyword)).toEqual(relevance);
    // The search-pro call names the group in its query too.
    const pro = await api<Answer>(`${US_HOST}/search-pro/public/items/filter-search?${keyword}&diversionName=B`);
    expect(pro.body.data.records.map((record) => record.itemId)).toEqual(bySales);
  });
});
