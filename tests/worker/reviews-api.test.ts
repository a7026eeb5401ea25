import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { moderateReview } from '../../worker/reviews/service.ts';
import { json } from './account-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { US_HOST, api, shop } from './helpers.ts';

const BASE = `${US_HOST}/item/public/buyer`;
const PRIVACY = 'Privacy information is not allowed in the reviews content and title';
type Review = {
  id: number;
  itemId: number;
  rating: number;
  title: string;
  helpfulCount: number;
  createdAt: number;
  verifiedPurchase: boolean;
};
type Page<T> = { list: T[]; total: number; page: number; size: number };
type Info = { rating: number; isDefault: boolean; reviewCount: number; distribution: Record<string, number> };
type Created = { id: number; status: string; editLink: string };

const draft = (itemId: number, extra: Record<string, unknown> = {}) => ({
  itemId,
  rating: 4,
  title: 'Good fit',
  content: 'Bolted right on, no trouble at all.',
  name: 'Sam K.',
  vehicle: '2015 Honda Civic',
  ...extra,
});
const post = <T>(path: string, body: unknown, headers?: Record<string, string>) =>
  api<T>(`${BASE}${path}`, json('POST', body, headers));
const listOf = (query: string) => api<Page<Review>>(`${BASE}/v3/review/list?${query}`);
const infoOf = (itemId: number) => api<Info>(`${BASE}/v2/review/info?itemId=${itemId}`);
let emptyItem = 0;
/** The fixture's item with the most published reviews, and their ratings. */
let reviewed = 0;
let ratings: number[] = [];

beforeAll(async () => {
  await loadCatalogFixture();
  emptyItem = (await env.DB.prepare(
    'SELECT id FROM item WHERE id NOT IN (SELECT item_id FROM review) ORDER BY id LIMIT 1',
  ).first<{ id: number }>())!.id;
  reviewed = (await env.DB.prepare(
    `SELECT item_id AS id FROM review WHERE status = 'PUBLISHED' GROUP BY item_id
      HAVING count(DISTINCT rating) > 1 AND max(rating) = 5 ORDER BY count(*) DESC, item_id LIMIT 1`,
  ).first<{ id: number }>())!.id;
  ratings = (
    await env.DB.prepare("SELECT rating FROM review WHERE item_id = ? AND status = 'PUBLISHED'")
      .bind(reviewed)
      .all<{ rating: number }>()
  ).results.map((row) => row.rating);
});

describe('reviews API', () => {
  it("lists an item's published reviews with paging, filter and sort", async () => {
    const { status, body } = await listOf(`itemId=${reviewed}`);
    expect(status).toBe(200);
    expect(ratings.length).toBeGreaterThan(4);
    expect(body.data.total).toBe(ratings.length);
    const dates = body.data.list.map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const fives = (await listOf(`itemId=${reviewed}&rating=5`)).body.data;
    expect(fives.total).toBe(ratings.filter((rating) => rating === 5).length);
    expect(fives.list.every((r) => r.rating === 5)).toBe(true);
    const helpful = (await listOf(`itemId=${reviewed}&sort=helpful`)).body.data.list.map((r) => r.helpfulCount);
    expect(helpful).toEqual([...helpful].sort((a, b) => b - a));
    const paged = (await listOf(`itemId=${reviewed}&page=2&size=4`)).body.data;
    expect(paged.list).toHaveLength(Math.min(4, ratings.length - 4));
    expect(paged).toMatchObject({ total: ratings.length, page: 2, size: 4 });
    expect((await listOf(`itemId=${reviewed}&page=99`)).body.data.list).toEqual([]);
  });

  it('summarises ratings, with the 4.6 default for an item without reviews', async () => {
    const { body } = await infoOf(reviewed);
    const distribution = Object.fromEntries([1, 2, 3, 4, 5].map((n) => [n, ratings.filter((r) => r === n).length]));
    expect(body.data).toMatchObject({ isDefault: false, reviewCount: ratings.length, distribution });
    const mean = ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length;
    expect(body.data.rating).toBeCloseTo(Math.round(mean * 10) / 10, 5);
    const empty = (await infoOf(emptyItem)).body.data;
    expect(empty).toMatchObject({
      rating: 4.6,
      isDefault: true,
      reviewCount: 0,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    });
  });

  it('keeps a new review pending until moderation, then lists it and updates the aggregates', async () => {
    const { status, body } = await post<Created>('/review', draft(emptyItem, { rating: 2 }));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: 'PENDING' });
    expect(body.data.editLink.length).toBeGreaterThan(30);
    const stored = await env.DB.prepare('SELECT edit_token_hash AS hash FROM review WHERE id = ?')
      .bind(body.data.id)
      .first<{ hash: string }>();
    expect(stored!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await listOf(`itemId=${emptyItem}`)).body.data.total).toBe(0);
    expect((await api(`${BASE}/review/detail/${body.data.id}`)).status).toBe(404);
    await moderateReview(env.DB, body.data.id, 'PUBLISHED');
    const listed = (await listOf(`itemId=${emptyItem}`)).body.data;
    expect(listed.list.map((r) => r.id)).toEqual([body.data.id]);
    expect((await infoOf(emptyItem)).body.data).toMatchObject({ rating: 2, isDefault: false, reviewCount: 1 });
    const item = await env.DB.prepare('SELECT review_rating AS rating, review_count AS count FROM item WHERE id = ?')
      .bind(emptyItem)
      .first();
    expect(item).toEqual({ rating: 2, count: 1 });
    expect((await api<Review>(`${BASE}/review/detail/${body.data.id}`)).body.data.title).toBe('Good fit');
    const alias = await post<Created>('/review/add', draft(emptyItem));
    await moderateReview(env.DB, alias.body.data.id, 'REJECTED');
    expect((await infoOf(emptyItem)).body.data.reviewCount).toBe(1);
    await expect(moderateReview(env.DB, 99_999_999, 'PUBLISHED')).rejects.toThrow();
  });

  it('refuses emails and URLs in title and content with the exact message', async () => {
    const cases = [
      { content: 'Write me at sam@example.com any time.' },
      { content: 'See http://parts.example for more' },
      { title: 'Visit www.cheap-parts' },
      { content: 'Cheaper at partsdeal.com honestly' },
    ];
    for (const extra of cases) {
      for (const path of ['/review', '/review/check']) {
        const { status, body } = await post(path, draft(1, extra));
        expect(status, JSON.stringify(extra)).toBe(400);
        expect(body.msg).toBe(PRIVACY);
      }
    }
    expect((await post<{ ok: boolean }>('/review/check', draft(1))).body.data).toEqual({ ok: true });
  });

  it('edits and deletes only with the matching edit link', async () => {
    const { body } = await post<Created>('/review', draft(3));
    const { id, editLink } = body.data;
    await moderateReview(env.DB, id, 'PUBLISHED');
    const wrong = await api(`${BASE}/review`, json('PUT', { id, editLink: 'nope', ...draft(3), title: 'Changed' }));
    expect(wrong.status).toBe(403);
    expect(wrong.body.msg).toBe('This review link is not valid.');
    const edited = await api(
      `${BASE}/review`,
      json('PUT', {
        id,
        editLink,
        rating: 5,
        title: 'Changed',
        content: 'Still fits well after a month.',
        name: 'Sam',
      }),
    );
    expect(edited.status).toBe(200);
    expect(await env.DB.prepare('SELECT status, title FROM review WHERE id = ?').bind(id).first()).toEqual({
      status: 'PENDING',
      title: 'Changed',
    });
    expect((await api(`${BASE}/review/detail/${id}`)).status).toBe(404);
    expect((await api(`${BASE}/review?id=${id}&editLink=wrong`, json('DELETE', undefined))).status).toBe(403);
    expect((await api(`${BASE}/review?id=1&editLink=${editLink}`, json('DELETE', undefined))).status).toBe(403);
    expect(
      (await api(`${BASE}/review?id=${id}&editLink=${encodeURIComponent(editLink)}`, json('DELETE', undefined))).status,
    ).toBe(200);
    expect(await env.DB.prepare('SELECT id FROM review WHERE id = ?').bind(id).first()).toBeNull();
  });

  it('marks a review posted with a valid invitation as a verified purchase', async () => {
    const invited = await post<{ token: string; itemId: number }>('/v2/review/invitation', { itemId: 4 });
    expect(invited.status).toBe(200);
    const token = invited.body.data.token;
    expect((await post('/v2/review/invitation/check', { token })).body.data).toEqual({ valid: true, itemId: 4 });
    expect((await post('/v2/review/invitation/check', { token: `${token}x` })).body.data).toEqual({
      valid: false,
      itemId: null,
    });
    expect((await post('/v2/review/invitation/check', { token: 'garbage' })).body.data).toEqual({
      valid: false,
      itemId: null,
    });
    const verified = await post<Created>('/review', draft(4, { invitation: token }));
    const other = await post<Created>('/review', draft(5, { invitation: token }));
    const flags = await env.DB.prepare('SELECT id, verified_purchase AS v FROM review WHERE id IN (?, ?) ORDER BY id')
      .bind(verified.body.data.id, other.body.data.id)
      .all();
    expect(flags.results).toEqual([
      { id: verified.body.data.id, v: 1 },
      { id: other.body.data.id, v: 0 },
    ]);
    expect((await post('/v2/review/invitation', { itemId: 99_999_999 })).status).toBe(404);
  });

  it('answers the top three and the shop-wide newest reviews', async () => {
    const top = (await api<Review[]>(`${BASE}/review/top3-reviews?itemId=${reviewed}`)).body.data;
    expect(top).toHaveLength(3);
    const all = (await listOf(`itemId=${reviewed}&sort=helpful&size=50`)).body.data.list;
    expect(top.map((r) => r.id)).toEqual(all.slice(0, 3).map((r) => r.id));
    const recent = (await api<Page<Review & { itemTitle: string }>>(`${BASE}/review/reviews?size=5`)).body.data;
    expect(recent.list).toHaveLength(5);
    expect(recent.total).toBeGreaterThan(300);
    expect(recent.list.every((r) => r.itemTitle.length > 0)).toBe(true);
  });

  it('answers bad input with 4xx, never a 500', async () => {
    const bad = [
      draft(1, { rating: 6 }),
      draft(1, { rating: 'five' }),
      draft(1, { rating: 4.5 }),
      draft(1, { content: 'x'.repeat(10_000) }),
      { ...draft(1), itemId: undefined },
      draft(1, { title: '<script>alert(1)</script>' }),
      draft(1, { content: 'Nice part <script>x</script>' }),
      draft(1, { name: '12345' }),
      draft(1, { content: 'short' }),
      draft(1, { vehicle: 'v'.repeat(81) }),
      'not an object',
      null,
    ];
    for (const body of bad) {
      const { status, body: answer } = await post('/review', body);
      expect(status, JSON.stringify(body)?.slice(0, 80)).toBe(400);
      expect(answer.success).toBe(false);
    }
    expect((await post('/review', draft(99_999_999))).status).toBe(404);
    const badQueries = [
      '',
      'itemId=abc',
      `itemId=${reviewed}&size=51`,
      `itemId=${reviewed}&page=0`,
      `itemId=${reviewed}&rating=6`,
      `itemId=${reviewed}&sort=random`,
      'itemId=-1',
    ];
    for (const query of badQueries) expect((await listOf(query)).status, query).toBe(400);
    expect((await api(`${BASE}/v2/review/info`)).status).toBe(400);
    expect((await api(`${BASE}/review/detail/abc`)).status).toBe(404);
    expect((await api(`${BASE}/review?id=1`, json('DELETE', undefined))).status).toBe(400);
    const raw = await api(`${BASE}/review`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(raw.status).toBe(400);
  });

  it('rate-limits review writes per IP and documents the calls', async () => {
    const headers = { 'cf-connecting-ip': '198.51.100.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post('/review', draft(1, { rating: 9 }), headers)).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const doc = (await (await shop(`${US_HOST}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    for (const path of [
      '/item/public/buyer/v3/review/list',
      '/item/public/buyer/review/detail/{id}',
      '/item/public/buyer/v2/review/invitation/check',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
