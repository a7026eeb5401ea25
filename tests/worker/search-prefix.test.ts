// The last word of a keyword is a prefix ("brake pa" finds brake pads). The search spells the prefix out as the
// indexed words it starts, read from the index's vocabulary (item_search_terms), which is cheaper on a large catalog
// than FTS5's own prefix merge: the answers must find the same parts with the same totals and facets (by relevance
// the order may differ a little: bm25 weighs each spelled-out word apart), and a prefix of no word, of too many words
// or of other than plain ASCII letters is left to FTS5.
import { beforeAll, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { searchRepository, type SearchCriteria } from '../../worker/search/repository.ts';
import { lastWordPrefixes, matchExpression } from '../../worker/search/service.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';

beforeAll(async () => {
  await loadCatalogFixture();
});

const criteria = (
  keyword: string,
  spelledOut: boolean,
  vehicleNodeIds: number[] | null = null,
  order: SearchCriteria['order'] = 'sales',
): SearchCriteria => ({
  market: 'us',
  match: matchExpression(keyword),
  lastWord: spelledOut ? lastWordPrefixes(keyword) : null,
  partNumber: keyword,
  candidateLimit: 2000,
  categoryId: null,
  brandIds: [],
  minPrice: null,
  maxPrice: null,
  vehicleNodeIds,
  fitsOnly: false,
  soldOut: false,
  order,
  limit: 100,
  offset: 0,
});

describe("the last word's prefix, spelled out", () => {
  it('keeps only the shortest variants of plain words, after the other words joined with AND', () => {
    expect(lastWordPrefixes('air filter')).toEqual({ head: '"air" AND ', prefixes: ['filter'] });
    expect(lastWordPrefixes('brake pads')).toEqual({ head: '("brake" OR "brakes") AND ', prefixes: ['pad'] });
    expect(lastWordPrefixes('muffler')).toEqual({ head: '', prefixes: ['muffler', 'silencer'] });
    expect(lastWordPrefixes('pièce')).toBeNull();
    expect(lastWordPrefixes('o-ring')).toBeNull();
  });

  it('finds the same parts, with the same totals and facets, as the prefix itself', async () => {
    const vehicle = await env.DB.prepare('SELECT node_id AS id FROM fitment WHERE node_level = 3 LIMIT 1').first<{
      id: number;
    }>();
    const keywords = ['brake pa', 'brake pads', 'filt', 'air filter', 'headl', 'rotor', 'mu', 'spark plug', 'zzqx'];
    let found = 0;
    for (const keyword of keywords) {
      for (const vehicleNodeIds of [null, [vehicle!.id]]) {
        const asPrefix = await searchRepository(env.DB).search(criteria(keyword, false, vehicleNodeIds));
        const spelled = await searchRepository(env.DB).search(criteria(keyword, true, vehicleNodeIds));
        expect(spelled, `"${keyword}"`).toEqual(asPrefix);
        found += spelled.total;
        const byRelevance = await searchRepository(env.DB).search(criteria(keyword, true, vehicleNodeIds, 'relevance'));
        const ids = (result: { rows: { itemId: number }[] }) => result.rows.map((row) => row.itemId).sort();
        expect(ids(byRelevance), `"${keyword}" by relevance`).toEqual(ids(asPrefix));
        expect({ ...byRelevance, rows: [] }).toEqual({ ...asPrefix, rows: [] });
      }
    }
    expect(found, 'the keywords find parts in the fixture').toBeGreaterThan(0);
  });

  it('leaves a prefix of more than 30 words to FTS5, and still finds what it starts', async () => {
    const { words } = (await env.DB.prepare(
      "SELECT count(*) AS words FROM item_search_terms WHERE term >= 'a' AND term < 'b'",
    ).first<{ words: number }>())!;
    expect(words, 'the fixture has many words starting with "a"').toBeGreaterThan(30);
    const asPrefix = await searchRepository(env.DB).search(criteria('a', false));
    const spelled = await searchRepository(env.DB).search(criteria('a', true));
    expect(spelled).toEqual(asPrefix);
    expect(spelled.total).toBeGreaterThan(0);
  });
});
