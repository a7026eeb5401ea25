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

type Applied = {
  name: string;
  attributeValueId: number | null;
  path: number[] | null;
  ask: { level: 'year' | 'engine'; options: { label: string; keyword: string }[] } | null;
};
type Understood = Answer & { appliedVehicle: Applied | null; records: { itemId: number; fits: boolean | null }[] };
const understood = async (query: string) => (await api<Understood>(`${US_HOST}${PATH}?${query}&size=100`)).body.data;

/** The node ids of a model year, year first (what the selector sends for it). */
async function pathOf(node: number): Promise<number[]> {
  const { results } = await env.DB.prepare(
    `WITH RECURSIVE up(id) AS (SELECT ?1 UNION ALL SELECT n.parent_id FROM vehicle_node n JOIN up ON n.id = up.id
       WHERE n.parent_id IS NOT NULL) SELECT id FROM vehicle_node WHERE id IN (SELECT id FROM up) ORDER BY level`,
  )
    .bind(node)
    .all<{ id: number }>();
  return results.map((row) => row.id);
}

/** Each listed part's fit for a vehicle, as the cards ask it: FIT, UNCERTAIN (add details), NOT_FIT or EMPTY. */
async function fitsOf(itemIds: number[], path: number[]): Promise<string[]> {
  const answer = await api<{ itemId: number; carModelMatch: string }[]>(
    `${US_HOST}/item/public/buyer/car-model/universal/match-list?itemIds=${itemIds.join(',')}` +
      `&attributeValueIds=${path.join(',')}`,
  );
  return answer.body.data.map((fit) => fit.carModelMatch);
}

/** Whether each part fits some year of a model: fitted to one of its model years, or universal. */
async function fitsSomeYear(itemIds: number[], model: string): Promise<boolean[]> {
  const { results } = await env.DB.prepare(
    `SELECT i.id, i.vehicle_universal = 1 OR EXISTS (SELECT 1 FROM fitment f
        JOIN vehicle_node n ON n.id = f.model_node_id
        JOIN vehicle_model m ON m.id = n.model_id WHERE f.item_id = i.id AND m.name = ?2) AS fits
     FROM item i WHERE i.id IN (SELECT value FROM json_each(?1))`,
  )
    .bind(JSON.stringify(itemIds), model)
    .all<{ id: number; fits: number }>();
  return itemIds.map((id) => results.find((row) => row.id === id)?.fits === 1);
}

/**
 * A model year of the test catalog with parts of one category fitted to it, and their words; at level 5, fitted to an
 * engine that is the model year's only one of its size (so the size names it).
 */
async function namedCase(level: 3 | 5) {
  const row = await env.DB.prepare(
    // Each model year's engines by size, counted once (a count per fitment row took minutes on a busy machine).
    `WITH sizes AS (
       SELECT CASE WHEN p.level = 3 THEN p.id ELSE p.parent_id END AS yearNode, x.displacement, count(*) AS engines
       FROM vehicle_node x JOIN vehicle_node p ON p.id = x.parent_id
       WHERE x.level = 5 AND x.displacement IS NOT NULL GROUP BY 1, 2)
     SELECT n.id AS node, n.year, m.name AS model, lower(c.name) AS category, max(e.displacement) AS litres,
        count(DISTINCT i.id) AS parts
     FROM fitment f JOIN item i ON i.id = f.item_id JOIN category c ON c.id = i.back_category_id
       JOIN vehicle_node n ON n.id = f.model_node_id JOIN vehicle_model m ON m.id = n.model_id
       JOIN vehicle_node e ON e.id = f.node_id
     WHERE i.us_status IN ('ON_SHELVES', 'UNDER_STOCK') AND f.node_level = ?1 AND m.name GLOB '[A-Z]*[a-z]*'
       AND (?1 = 3 OR EXISTS (SELECT 1 FROM sizes s WHERE s.yearNode = n.id AND s.displacement = e.displacement
         AND s.engines = 1))
     GROUP BY n.id, c.id ORDER BY parts DESC, n.id LIMIT 1`,
  )
    .bind(level)
    .first<{ node: number; year: number; model: string; category: string; litres: number | null; parts: number }>();
  return row!;
}
const words = (...parts: (string | number)[]) => encodeURIComponent(parts.join(' '));
const fitOrMay = (fit: string) => fit === 'FIT' || fit === 'UNCERTAIN';

describe('a vehicle named in the words (issue 36)', () => {
  it('"<year> <model> <part>" lists only parts that fit that model year, saying so, with a way back', async () => {
    const named = await namedCase(3);
    const path = await pathOf(named.node);
    const found = await understood(`keyword=${words(named.year, named.model, named.category)}`);
    expect(found.searched).toBe(named.category);
    expect(found.appliedVehicle).toMatchObject({ attributeValueId: named.node, path });
    expect(found.appliedVehicle!.name).toMatch(new RegExp(`^${named.year} .* ${named.model}$`));
    expect(found.total).toBeGreaterThanOrEqual(named.parts);
    const fits = await fitsOf(
      found.records.map((r) => r.itemId),
      path,
    );
    expect(fits[0]).toBe('FIT');
    expect(fits.every(fitOrMay)).toBe(true);
    // The same parts as choosing that model year in the selector and searching the part words.
    const chosen = await understood(
      `keyword=${words(named.category)}&attributeValueIds=${path.join(',')}&fitsOnly=true`,
    );
    expect(found.records.map((r) => r.itemId)).toEqual(chosen.records.map((r) => r.itemId));

    const typed = `${named.year} ${named.model} ${named.category}`;
    const { html } = await page(`${US_HOST}/search?keyword=${words(typed)}`);
    expect(textOf(html)).toContain(`Showing parts for the ${found.appliedVehicle!.name} named in your search.`);
    expect(html).toContain(`data-applied-vehicle="${named.node}"`);
    expect(html).toContain(`data-fit-vehicle="${path.join(',')}"`);
    const back = new URL(decode(html.match(/<a href="([^"]+)" data-remove-vehicle/)![1]!), US_HOST);
    expect(back.searchParams.get('asTyped')).toBe('1');
    expect(back.searchParams.get('keyword')).toBe(typed);
    expect((await page(back.href)).html).not.toContain('data-applied-vehicle');
  });

  it('"<model> <part>" lists parts that fit some year of the model and asks the year', async () => {
    const named = await namedCase(3);
    const found = await understood(`keyword=${words(named.model, named.category)}`);
    expect(found.searched).toBe(named.category);
    expect(found.appliedVehicle).toMatchObject({ attributeValueId: null, path: null });
    expect(found.total).toBeGreaterThanOrEqual(named.parts);
    expect(
      await fitsSomeYear(
        found.records.map((r) => r.itemId),
        named.model,
      ),
    ).not.toContain(false);
    const ask = found.appliedVehicle!.ask!;
    expect(ask.level).toBe('year');
    const year = ask.options.find((option) => option.label === String(named.year))!;
    expect(year.keyword.toLowerCase()).toBe(`${named.year} ${named.model} ${named.category}`.toLowerCase());
    const narrowed = await understood(`keyword=${encodeURIComponent(year.keyword)}`);
    expect(narrowed.appliedVehicle?.attributeValueId).toBe(named.node);

    const { html } = await page(`${US_HOST}/search?keyword=${words(named.model, named.category)}`);
    expect(html).toContain('data-vehicle-ask="year"');
    expect(html).toContain(`<option value="${year.keyword}">${named.year}</option>`);
    expect(html).toContain('data-fit-vehicle=""');
  });

  it('"<model> <engine size> <part>" keeps engines of that size, asks the year; with it, that engine', async () => {
    const named = await namedCase(5);
    const litres = named.litres!.toFixed(1);
    const found = await understood(`keyword=${words(named.model, litres, named.category)}`);
    expect(found.searched).toBe(named.category);
    expect(found.appliedVehicle!.name).toMatch(new RegExp(`${named.model} ${litres}L$`));
    expect(found.appliedVehicle!.ask!.level).toBe('year');
    expect(found.total).toBeGreaterThan(0);
    const withYear = await understood(`keyword=${words(named.year, named.model, litres, named.category)}`);
    expect(withYear.appliedVehicle!.name).toContain(`${litres}L`);
    const fits = await fitsOf(
      withYear.records.map((r) => r.itemId),
      withYear.appliedVehicle!.path!,
    );
    expect(fits[0]).toBe('FIT');
    expect(fits.every(fitOrMay)).toBe(true);
  });

  it('asks the engine of a named model year with several, each answer its own search', async () => {
    const found = await understood('keyword=2016%20f150%20spark%20plugs');
    const ask = found.appliedVehicle!.ask!;
    expect(ask.level).toBe('engine');
    expect(ask.options.length).toBeGreaterThan(1);
    const chosen = await understood(`keyword=${encodeURIComponent(ask.options.at(-1)!.keyword)}`);
    expect(chosen.appliedVehicle?.ask).toBeNull();
    expect(chosen.total).toBeLessThanOrEqual(found.total);
  });

  it('reads a model with a hyphen and the year after it, and the words joining it', async () => {
    const f150 = await modelYear('F-150', 2015);
    const found = await understood('keyword=f-150%202015%20rotors');
    expect(found.searched).toBe('rotors');
    expect(found.appliedVehicle?.name).toBe('2015 Ford F-150');
    expect(found.appliedVehicle?.path?.at(-1) ?? f150).toBe(f150);
    expect((await understood('keyword=ford%20f150%202015%20rotors')).appliedVehicle?.attributeValueId).toBe(f150);
    const joined = await understood('keyword=brake%20pads%20for%20my%202018%20camry');
    expect(joined.searched).toBe('brake pads');
    expect(joined.appliedVehicle?.name).toBe('2018 Toyota Camry');
  });

  it('shows every part again with fitsOnly=false, and offers a make named alone on its page', async () => {
    const all = await understood('keyword=2018%20camry%20brake%20pads&fitsOnly=false');
    const fitting = await understood('keyword=2018%20camry%20brake%20pads');
    expect(all.appliedVehicle?.name).toBe('2018 Toyota Camry');
    expect(all.total).toBeGreaterThan(fitting.total);
    const make = await understood('keyword=ford%20rotors');
    expect(make.searched).toBe('ford rotors');
    expect(make.appliedVehicle).toBeNull();
    expect(make.vehicleOffer).toEqual({ name: 'Ford', attributeValueId: null, makeSlug: 'ford', modelSlug: null });
  });

  it("keeps the shopper's own vehicle when it is the model named, and leaves part-only queries alone", async () => {
    const camry = await modelYear('Camry', 2017);
    const chosen = await understood(
      `keyword=camry%20brake%20pads&attributeValueIds=${(await pathOf(camry)).join(',')}`,
    );
    expect(chosen.appliedVehicle).toBeNull();
    expect(chosen.vehicleOffer).toBeNull();
    expect(chosen.searched).toBe('brake pads');
    const plain = await understood('keyword=brake%20pads');
    expect(plain.appliedVehicle).toBeNull();
    expect(plain.vehicleOffer).toBeNull();
    expect(plain.searched).toBe('brake pads');
  });
});
