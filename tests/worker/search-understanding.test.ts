import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { US_HOST, api, page } from './helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { catalogChanged } from '../../worker/platform/recent-reads.ts';

type Answer = {
  total: number;
  records: { itemId: number; title: string }[];
  searched: string;
  spelling: { keyword: string; applied: boolean } | null;
  vehicleOffer: { name: string; attributeValueId: number | null; makeSlug: string; modelSlug: string | null } | null;
};
const PATH = '/search/public/buyer/items/filter-search';
const search = async (query: string) => (await api<Answer>(`${US_HOST}${PATH}?${query}`)).body.data;
/** The page's text without tags, for the sentences a shopper reads. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const decode = (href: string) => href.replace(/&amp;/g, '&');

/** The model year's node id of a model (the attributeValueId a vehicle offer applies). */
async function modelYear(model: string, year: number): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT n.id FROM vehicle_node n JOIN vehicle_model m ON m.id = n.model_id
     WHERE m.name = ? AND n.year = ? AND n.level = 3`,
  )
    .bind(model, year)
    .first<{ id: number }>();
  return row!.id;
}

beforeAll(loadCatalogFixture);

describe('misspelt part words', () => {
  it('shows the corrected results, saying so, with a way to search as typed', async () => {
    const asTyped = await search('keyword=brak%20pad&asTyped=true');
    expect(asTyped.total).toBe(0);
    const pads = await search('keyword=brake%20pads&size=100');
    expect(pads.total).toBeGreaterThan(0);
    const corrected = await search('keyword=brak%20pad&size=100');
    expect(corrected.spelling).toEqual({ keyword: 'brake pads', applied: true });
    expect(corrected.searched).toBe('brake pads');
    expect(corrected.records.map((r) => r.itemId)).toEqual(pads.records.map((r) => r.itemId));

    const { html } = await page(`${US_HOST}/search?keyword=brak+pad`);
    expect(textOf(html)).toContain('Showing results for brake pads. Search instead for brak pad');
    expect(html).toContain('data-spelling="applied"');
    expect(html).toContain('class="product-card"');
    const instead = decode(html.match(/<a href="([^"]*asTyped=1[^"]*)"/)![1]!);
    expect(instead).toBe('/search?keyword=brak+pad&asTyped=1');
    const typed = await page(`${US_HOST}${instead}`);
    expect(typed.html).toContain('data-search-empty');
    expect(typed.html).not.toContain('data-spelling');
  });

  it('suggests nothing when the words are right, or when no correction finds parts', async () => {
    expect((await search('keyword=brake%20pads')).spelling).toBeNull();
    const nonsense = await search('keyword=zzzzqqqq');
    expect(nonsense.total).toBe(0);
    expect(nonsense.spelling).toBeNull();
    expect((await page(`${US_HOST}/search?keyword=zzzzqqqq`)).html).not.toContain('data-spelling');
  });

  it('corrects a misspelt word to a part word of the catalog, plural or not', async () => {
    const alternators = await search('keyword=altenator');
    expect(alternators.total).toBeGreaterThan(0);
    expect(alternators.records.every((r) => /alternator/i.test(r.title))).toBe(true);
    const plugs = await search('keyword=sprak%20plugs');
    expect(plugs.spelling?.keyword).toBe('spark plugs');
    expect(plugs.records.every((r) => /spark plug/i.test(r.title))).toBe(true);
  });
});

/** Adds a word to one item's searchable title, in both full-text indexes, as a catalog load would. */
async function addTitleWord(itemId: number, word: string) {
  const row = await env.DB.prepare(
    `SELECT s.title, s.part_numbers, s.brand, s.category, r.rank FROM item_search s
     JOIN item_rank r ON r.item_id = s.rowid WHERE s.rowid = ?`,
  )
    .bind(itemId)
    .first<{ title: string; part_numbers: string; brand: string; category: string; rank: number }>();
  const { title, part_numbers, brand, category, rank } = row!;
  await env.DB.batch([
    env.DB.prepare('UPDATE item_search SET title = ? WHERE rowid = ?').bind(`${title} ${word}`, itemId),
    env.DB.prepare(
      `INSERT INTO item_search_ranked (item_search_ranked, rowid, title, part_numbers, brand, category)
       VALUES ('delete', ?, ?, ?, ?, ?)`,
    ).bind(rank, title, part_numbers, brand, category),
    env.DB.prepare(
      'INSERT INTO item_search_ranked (rowid, title, part_numbers, brand, category) VALUES (?, ?, ?, ?, ?)',
    ).bind(rank, `${title} ${word}`, part_numbers, brand, category),
  ]);
  catalogChanged();
}

describe('a misspelling that finds a little', () => {
  it('keeps its results and asks "Did you mean" the correction that finds more, linking to it', async () => {
    const alternators = await search('keyword=alternators&size=100');
    expect(alternators.total).toBeGreaterThan(1);
    // One listing carries the misspelling in its title, so the word as typed finds that one part.
    const misspelt = alternators.records[0]!.itemId;
    await addTitleWord(misspelt, 'Alternatr');

    const found = await search('keyword=alternatr&size=100');
    expect(found.records.map((r) => r.itemId)).toEqual([misspelt]);
    expect(found.spelling).toEqual({ keyword: 'alternators', applied: false });
    expect(found.searched).toBe('alternatr');

    const { html } = await page(`${US_HOST}/search?keyword=alternatr`);
    expect(html).toContain('data-spelling="suggested"');
    expect(textOf(html)).toContain('Did you mean alternators?');
    const meant = decode(html.match(/data-spelling="suggested">Did you mean <a href="([^"]+)"/)![1]!);
    expect(meant).toBe('/search?keyword=alternators');
    const followed = await page(`${US_HOST}${meant}`);
    expect(followed.html).not.toContain('data-spelling');
    expect(followed.html.match(/class="product-card"/g)?.length).toBe(Math.min(alternators.total, 20));
  });
});

describe('vehicle words in a query', () => {
  it('offers the named model year and searches the part words', async () => {
    const camry = await modelYear('Camry', 2018);
    const pads = await search('keyword=brake%20pads&size=100');
    const found = await search('keyword=2018%20camry%20brake%20pads&size=100');
    expect(found.searched).toBe('brake pads');
    expect(found.total).toBe(pads.total);
    expect(found.vehicleOffer).toEqual({
      name: '2018 Toyota Camry',
      attributeValueId: camry,
      makeSlug: 'toyota',
      modelSlug: 'camry',
    });

    const { html } = await page(`${US_HOST}/search?keyword=2018+camry+brake+pads`);
    expect(textOf(html)).toContain('Shop for 2018 Toyota Camry?');
    const href = decode(html.match(/data-vehicle-offer="\d+">[^<]*(?:<!-- -->)?[^<]*<a href="([^"]+)"/)![1]!);
    const url = new URL(href, US_HOST);
    expect(url.searchParams.get('attributeValueId')).toBe(String(camry));
    expect(url.searchParams.get('keyword')).toBe('brake pads');
    expect(html).toContain('Results for “brake pads”');
    expect(html).toContain('class="product-card"');
  });

  it('reads a model with a hyphen and the year after it', async () => {
    const f150 = await modelYear('F-150', 2015);
    const found = await search('keyword=f-150%202015%20rotors');
    expect(found.searched).toBe('rotors');
    expect(found.vehicleOffer).toMatchObject({ name: '2015 Ford F-150', attributeValueId: f150 });
    expect(found.total).toBeGreaterThan(0);
    expect((await search('keyword=ford%20f150%202015%20rotors')).vehicleOffer?.attributeValueId).toBe(f150);
  });

  it('offers a model named without a year on its make page, and still finds the part', async () => {
    const found = await search('keyword=headlight%20camry');
    expect(found.searched).toBe('headlight');
    expect(found.total).toBeGreaterThan(0);
    expect(found.vehicleOffer).toEqual({
      name: 'Toyota Camry',
      attributeValueId: null,
      makeSlug: 'toyota',
      modelSlug: 'camry',
    });
    const { html } = await page(`${US_HOST}/search?keyword=headlight+camry`);
    expect(html).toContain('<a href="/makes/toyota?model=camry">Toyota Camry</a>');
  });

  it('takes the words joining the vehicle out too, and offers a make named alone on its page', async () => {
    const joined = await search('keyword=brake%20pads%20for%20my%202018%20camry');
    expect(joined.searched).toBe('brake pads');
    expect(joined.vehicleOffer?.name).toBe('2018 Toyota Camry');
    const make = await search('keyword=ford%20rotors');
    expect(make.searched).toBe('ford rotors');
    expect(make.vehicleOffer).toEqual({ name: 'Ford', attributeValueId: null, makeSlug: 'ford', modelSlug: null });
  });

  it('does not offer the vehicle already chosen, and leaves part-only queries alone', async () => {
    const camry = await modelYear('Camry', 2018);
    const path = await env.DB.prepare('SELECT parent_id AS make FROM vehicle_node WHERE id = ?')
      .bind(camry)
      .first<{ make: number }>();
    const year = await env.DB.prepare('SELECT parent_id AS year FROM vehicle_node WHERE id = ?')
      .bind(path!.make)
      .first<{ year: number }>();
    const chosen = await search(
      `keyword=2018%20camry%20brake%20pads&attributeValueIds=${year!.year},${path!.make},${camry}`,
    );
    expect(chosen.vehicleOffer).toBeNull();
    expect(chosen.searched).toBe('brake pads');
    const plain = await search('keyword=brake%20pads');
    expect(plain.vehicleOffer).toBeNull();
    expect(plain.searched).toBe('brake pads');
  });
});
