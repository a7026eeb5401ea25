import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { matchExpression } from '../../worker/search/service.ts';
import { US_HOST, api } from './helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';

type Suggestion = { kind: string; text: string; href: string };
const suggest = (keyword: string) =>
  api<Suggestion[]>(`${US_HOST}/item/public/buyer/associative/top-search-box?keyword=${encodeURIComponent(keyword)}`);

beforeAll(loadCatalogFixture);

describe('typeahead', () => {
  it('suggests categories and products as the words are typed', async () => {
    const { body } = await suggest('brak');
    expect(body.data.some((s) => s.kind === 'category' && s.text.startsWith('Brak'))).toBe(true);
    expect(body.data.some((s) => s.kind === 'item' && /brake/i.test(s.text) && s.href.startsWith('/product/'))).toBe(
      true,
    );
  });

  it('offers the best-selling products that match first, each title once', async () => {
    const { results } = await env.DB.prepare(`SELECT i.title FROM item_search s JOIN item i ON i.id = s.rowid
      WHERE item_search MATCH ? AND i.us_status IN ('ON_SHELVES', 'UNDER_STOCK') ORDER BY i.sales DESC, i.id`)
      .bind(matchExpression('bra'))
      .all<{ title: string }>();
    const bestSellers = [...new Set(results.map((row) => row.title))].slice(0, 4);
    expect(bestSellers).toHaveLength(4);
    const { body } = await api<Suggestion[]>(
      `${US_HOST}/item/public/buyer/associative/top-search-box?keyword=bra&size=4`,
    );
    expect(body.data.filter((s) => s.kind === 'item').map((s) => s.text)).toEqual(bestSellers);
  });

  it('suggests a part number from its first characters', async () => {
    const sku = await env.DB.prepare('SELECT part_number FROM sku ORDER BY id LIMIT 1').first<{
      part_number: string;
    }>();
    const { body } = await suggest(sku!.part_number.slice(0, 8).toLowerCase());
    expect(body.data.filter((s) => s.kind === 'partNumber').map((s) => s.text)).toContain(sku!.part_number);
  });

  it('answers nothing for one letter or only symbols, and refuses an oversized query', async () => {
    expect((await suggest('b')).body.data).toEqual([]);
    expect((await suggest('"*(NEAR')).body.data).toEqual([]);
    expect((await suggest('x'.repeat(500))).status).toBe(400);
  });

  it('lists popular searches', async () => {
    const { body } = await api<string[]>(`${US_HOST}/search/public/suggestion/hot-words/list`);
    expect(body.data).toContain('brake pads');
  });
});
