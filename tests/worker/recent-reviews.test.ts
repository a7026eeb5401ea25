import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { US_HOST, page } from './helpers.ts';

const NEWEST = 2_000_000_000;
const idsOf = (html: string) => [...html.matchAll(/data-review-id="(\d+)"/g)].map((match) => Number(match[1]));

async function addReview(id: number, status: string, createdAt: number, title: string) {
  await env.DB.prepare(
    `INSERT INTO review (id, item_id, rating, title, content, name, vehicle, status, verified_purchase, created_at)
     VALUES (?, 2, 4, ?, 'Stops straight & quiet.', 'Jo <Mechanic>', '2013 Chevrolet Avalanche', ?, 1, ?)`,
  )
    .bind(id, title, status, createdAt)
    .run();
}

describe('/reviews with nothing published', () => {
  it('answers 200 with the shop page and says there are no reviews yet', async () => {
    const { status, html } = await page(`${US_HOST}/reviews`);
    expect(status).toBe(200);
    expect(html).toContain('<h1>Customer Reviews</h1>');
    expect(html).toContain('No reviews yet.');
    expect(idsOf(html)).toEqual([]);
    expect(html).not.toContain('class="info-page"');
  });
});

describe('/reviews', () => {
  beforeAll(async () => {
    await loadCatalogFixture();
    await addReview(9001, 'PUBLISHED', NEWEST, 'Newest published');
    await addReview(9002, 'PENDING', NEWEST + 10, 'Waiting for moderation');
    await addReview(9003, 'REJECTED', NEWEST + 20, 'Turned down');
  });

  it('shows the shop-wide average and count of published reviews at the top, with the page title', async () => {
    const shop = await env.DB.prepare(
      `SELECT COUNT(*) AS total, AVG(rating) AS average FROM review WHERE status = 'PUBLISHED'`,
    ).first<{ total: number; average: number }>();
    const { html } = await page(`${US_HOST}/reviews`);
    expect(html).toContain(`★ ${shop!.average.toFixed(1)} from ${shop!.total.toLocaleString('en-US')} reviews`);
    expect(html).toMatch(/<title>Customer Reviews \| [^<]+<\/title>/);
    expect(html).not.toContain('noindex');
  });

  it('lists published reviews only, newest first, 20 a page', async () => {
    const { html } = await page(`${US_HOST}/reviews`);
    expect(html).toContain('Newest published');
    expect(html).not.toContain('Waiting for moderation');
    expect(html).not.toContain('Turned down');
    const ids = idsOf(html);
    expect(ids).toHaveLength(20);
    expect(ids[0]).toBe(9001);
    const { results } = await env.DB.prepare(
      `SELECT id FROM review WHERE status = 'PUBLISHED' ORDER BY created_at DESC, id DESC LIMIT 40`,
    ).all<{ id: number }>();
    expect(ids).toEqual(results.slice(0, 20).map((row) => row.id));
    const second = await page(`${US_HOST}/reviews?page=2`);
    expect(idsOf(second.html)).toEqual(results.slice(20, 40).map((row) => row.id));
    expect(second.html).toContain('rel="prev" href="/reviews?page=1"');
    expect(second.html).toContain('rel="next" href="/reviews?page=3"');
  });

  it('shows each review with its stars, text, reviewer, date and product link and image', async () => {
    const { html } = await page(`${US_HOST}/reviews`);
    const first = html.slice(
      html.indexOf('data-review-id="9001"'),
      html.indexOf('data-review-id="', html.indexOf('9001')),
    );
    expect(first).toContain('href="/product/redline-motorworks-severe-duty-semi-metallic-disc-brake-pads-front');
    expect(first).toContain('Redline Motorworks Severe Duty Semi-Metallic Disc Brake Pads, Front');
    expect(first).toMatch(/<img src="[^"]+"/);
    expect(first).toContain('aria-label="4 out of 5 stars"');
    expect(first).toContain('★★★★☆');
    expect(first).toContain('Stops straight &amp; quiet.');
    expect(first).toContain('Jo &lt;Mechanic&gt; · 2013 Chevrolet Avalanche · Verified purchase');
    expect(first).toContain('May 18, 2033');
  });

  it('reads a bad or too distant page number sensibly, never a 500', async () => {
    const bad = await page(`${US_HOST}/reviews?page=abc`);
    expect(bad.status).toBe(200);
    expect(idsOf(bad.html)[0]).toBe(9001);
    const past = await page(`${US_HOST}/reviews?page=999`);
    expect(past.status).toBe(200);
    expect(idsOf(past.html)).toEqual([]);
    expect(past.html).toContain('href="/reviews">Back to the first page</a>');
  });
});
