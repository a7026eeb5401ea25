import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../worker/tracking/events.ts';
import { trackingRepository } from '../../worker/tracking/repository.ts';
import { ADMIN, staffSession } from './admin-helpers.ts';
import { shop } from './helpers.ts';

const today = new Date().toISOString().slice(0, 10);
let counter = 0;

/** A stored event of a session in a group; `at` is now, so it counts for today. */
function event(group: string, session: string, name: string, data: Record<string, unknown> = {}, market = 'us') {
  return {
    id: `dash-${++counter}`,
    event: name,
    data,
    pageUrl: '',
    referrer: '',
    ts: Date.now(),
    clientId: session,
    sessionId: session,
    albGroup: '',
    abTestGroup: group,
    ip: '',
    network: '',
    downlinkSpeed: '',
    visitorKey: session,
    market,
    at: Date.now(),
  } as StoredEvent;
}

/** `sessions` sessions of a group, `paid` of which paid an order of $50. */
function sessionsOf(group: string, sessions: number, paid: number): StoredEvent[] {
  return Array.from({ length: sessions }, (_, i) => {
    const session = `${group}-s${i}`;
    const events = [event(group, session, 'page_view', { pageType: 'home' })];
    if (i < paid)
      events.push(event(group, session, 'order_paid', { orderId: `${group}${i}`, totalCent: 5000, source: 'server' }));
    return events;
  }).flat();
}

async function dashboard(role: 'owner' | 'merchandiser') {
  const { headers } = await staffSession(role);
  const response = await shop(`${ADMIN}/analytics?from=${today}&to=${today}`, { headers });
  return { status: response.status, html: await response.text() };
}

beforeAll(async () => {
  const events = [
    ...sessionsOf('A1', 35, 2),
    ...sessionsOf('A2', 35, 1),
    ...sessionsOf('B', 30, 3),
    event('B', 'B-s0', 'page_view', { pageType: 'product detail', itemId: 1 }),
    event('B', 'B-s0', 'add_to_cart', { itemId: 1, quantity: 1 }),
    event('B', 'B-s0', 'checkout_started', { items: 1 }),
    event('A1', 'A1-s0', 'exposure', { items: [{ itemId: 1 }, { itemId: 2 }, { itemId: 3 }, { itemId: 4 }] }),
    event('A1', 'A1-s1', 'page_view', { pageType: 'search results', keyword: 'Brake Pads', total: 12 }),
    event('A1', 'A1-s2', 'page_view', { pageType: 'search results', keyword: 'brake pads', total: 12 }),
    event('A1', 'A1-s3', 'page_view', { pageType: 'search results', keyword: 'flux capacitor', total: 0 }),
    event('A1', 'A1-s4', 'universal_fit', { status: 'FIT' }),
    event('A1', 'A1-s5', 'universal_fit', { status: 'NOT_FIT' }),
    event('A1', 'A1-s6', 'universal_fit', { status: 'FIT' }),
    event('A1', 'A1-s7', 'universal_fit', { status: 'UNCERTAIN' }),
  ];
  await trackingRepository(env.DB).insertEvents(events);
});

describe('the analytics dashboard (issue 25)', () => {
  it("shows an owner the funnel per day, market and group, with each group's conversion and interval", async () => {
    const { status, html } = await dashboard('owner');
    expect(status).toBe(200);
    const row = html.match(new RegExp(`data-row="${today}\\|us\\|B">(.*?)</tr>`))?.[1] ?? '';
    const cells = [...row.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1]);
    expect(cells).toEqual([today, 'US', 'B', '30', '1', '1', '1', '3', '10.00 %', '$150.00']);
    const b = html.match(/data-group="B">(.*?)<\/tr>/)?.[1] ?? '';
    expect(b).toContain('10.00 % (3.46 % – 25.62 %)');
    expect(html).not.toContain('data-srm');
  });

  it('lists top searches with zero-result counts and links to try them, exposure and fitment', async () => {
    const { html } = await dashboard('owner');
    expect(html).toContain('href="/search?keyword=brake%20pads"');
    expect(html).toMatch(/flux capacitor<\/a><\/td><td class="num">1<\/td><td class="num">1<\/td>/);
    expect(html).toContain('4 product cards seen, 1 product views: click-through 25.00 %.');
    expect(html).toContain('US FIT: 2 (50.00 %)');
  });

  it('warns of a sample-ratio mismatch when the groups drift from 35/35/30', async () => {
    const more = Array.from({ length: 80 }, (_, i) => event('A1', `A1-more${i}`, 'page_view'));
    await trackingRepository(env.DB).insertEvents(more);
    const { html } = await dashboard('owner');
    expect(html).toContain('Sample ratio mismatch');
  });

  it('is for owners only', async () => {
    expect((await dashboard('merchandiser')).status).toBe(403);
  });
});
