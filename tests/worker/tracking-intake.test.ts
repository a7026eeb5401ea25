import { createExecutionContext, createMessageBatch, createScheduledController, env } from 'cloudflare:test';
import { waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { analyticsUrl } from '../../shared/tracking-url.ts';
import { createApp } from '../../worker/app.ts';
import worker from '../../worker/index.ts';
import { consumeEventBatch } from '../../worker/tracking/consumer.ts';
import { EVENT_TIME_WINDOW, TRACKING_RULES, truncatedIp } from '../../worker/tracking/intake.ts';
import { trackingRepository } from '../../worker/tracking/repository.ts';
import { checkoutVisitorRepository } from '../../worker/tracking/checkout-repository.ts';
import migration from '../../worker/db/migrations/0043_tracking_privacy.sql?raw';
import { CA_HOST, US_HOST } from './helpers.ts';

const TRACK = '/data-service/public/event/track';
const PAGE_LOAD = '/data-service/public/buyer/marketing/page-load';
const RESET = 'eyJhbGciOiJIUzI1NiJ9.reset-credential.signature';
const ORDER_TOKEN = '1893456000.order-credential-signature';

/** The real app with a queue that keeps what it is sent, and the sink the consumer would write it to. */
function recordingShop() {
  const queued: Record<string, unknown>[] = [];
  const bindings = { ...env, EVENTS: { send: async (message: Record<string, unknown>) => void queued.push(message) } };
  const app = createApp();
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await app.request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) },
      bindings,
    );
    return { status: response.status, body: (await response.json()) as { data: { accepted: boolean }; msg: string } };
  };
  /** Runs the queue consumer over what was queued: the rows as D1 keeps them. */
  const stored = async () => {
    const batch = createMessageBatch(
      'autohaven-events',
      queued.map((body, i) => ({ id: `m-${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })),
    );
    await consumeEventBatch(batch as MessageBatch<unknown>, env);
    return trackingRepository(env.DB).eventsByIds(queued.map((message) => String(message.id)));
  };
  return { queued, post, stored };
}

const visitor = (key: string) => ({ cookie: `visitor_key=${key}` });

describe('tracking keeps no credential of an emailed link (issue 35)', () => {
  it('stores page_url and referrer without their query, keeping only the harmless parameters', async () => {
    const shop = recordingShop();
    const sent = await shop.post(`${US_HOST}${TRACK}`, {
      event: 'page_view',
      data: { pageType: 'other' },
      page_url: `${US_HOST}/retrievePassword?token=${RESET}#top`,
      referrer: `${US_HOST}/order/track?orderNo=US1&email=ana%40example.com&token=${ORDER_TOKEN}`,
      ts: Date.now(),
    });
    expect(sent.body.data.accepted).toBe(true);
    const search = await shop.post(`${US_HOST}${TRACK}`, {
      event: 'page_view',
      page_url: `${US_HOST}/search?keyword=brake+pads&page=2&utm_campaign=spring&orderToken=${ORDER_TOKEN}`,
      referrer: `https://mail.example.com/inbox?session=abc`,
    });
    expect(search.body.data.accepted).toBe(true);
    const rows = await shop.stored();
    expect(rows.map((row) => [row.page_url, row.referrer])).toEqual([
      [`${US_HOST}/retrievePassword`, `${US_HOST}/order/track`],
      [`${US_HOST}/search?keyword=brake+pads&page=2&utm_campaign=spring`, 'https://mail.example.com/inbox'],
    ]);
    const everything = JSON.stringify(rows);
    for (const secret of [RESET, ORDER_TOKEN, 'ana%40example.com', 'session=abc'])
      expect(everything).not.toContain(secret);
  });

  it("cuts a marketing page load's addresses, in its data too, and an older Worker's queued message", async () => {
    const shop = recordingShop();
    const landing = `${US_HOST}/order/returns/new?orderId=US1&orderToken=${ORDER_TOKEN}&utm_source=mail`;
    await shop.post(`${US_HOST}${PAGE_LOAD}`, { pageUrl: landing, referringUrl: `${landing}&x=1` });
    // What a Worker without the cut queued: the raw addresses and the address of the network.
    shop.queued.push({
      kind: 'track',
      id: crypto.randomUUID(),
      event: 'page_view',
      data: {},
      pageUrl: `${US_HOST}/signUpResult?token=${RESET}`,
      referrer: '',
      ts: Date.now(),
      clientId: '',
      sessionId: '',
      abTestGroup: 'A1',
      visitorKey: 'old-worker',
      market: 'us',
      ip: '198.51.100.23',
      at: Date.now(),
    });
    const rows = await shop.stored();
    const [landed, older] = shop.queued.map((message) => rows.find((row) => row.id === message.id)!);
    expect([landed!.page_url, older!.page_url]).toEqual([
      `${US_HOST}/order/returns/new?utm_source=mail`,
      `${US_HOST}/signUpResult`,
    ]);
    expect(JSON.parse(landed!.data)).toMatchObject({ pageUrl: `${US_HOST}/order/returns/new?utm_source=mail` });
    expect(older!.ip).toBe('198.51.100.0');
    expect(JSON.stringify(rows)).not.toContain(ORDER_TOKEN);
    expect(JSON.stringify(rows)).not.toContain(RESET);
  });

  it('drops what is not an http address and keeps at most 200 characters of a kept parameter', () => {
    expect(analyticsUrl('javascript:alert(1)')).toBe('');
    expect(analyticsUrl('not a url')).toBe('');
    expect(analyticsUrl('https://user:pw@shop.example/a?keyword=x#frag')).toBe('https://shop.example/a?keyword=x');
    expect(analyticsUrl(`https://shop.example/search?q=${'a'.repeat(500)}`)).toBe(
      `https://shop.example/search?q=${'a'.repeat(200)}`,
    );
  });

  it('cleans the rows stored before the cut with its migration', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const insert = (id: string, pageUrl: string, referrer: string, data: string, ip: string) =>
      env.DB.prepare(
        `INSERT INTO tracking_event (id, event, data, page_url, referrer, ts, ip, market, received_at, day)
         VALUES (?1, 'page_view', ?2, ?3, ?4, 1, ?5, 'us', 1, ?6)`,
      )
        .bind(id, data, pageUrl, referrer, ip, day)
        .run();
    await insert('old-1', `${US_HOST}/retrievePassword?token=${RESET}`, `${US_HOST}/x#a?b`, '{}', '203.0.113.77');
    await insert(
      'old-2',
      `${US_HOST}/`,
      '',
      JSON.stringify({ pageUrl: `${US_HOST}/order/track?token=${ORDER_TOKEN}`, referringUrl: 7 }),
      '2001:db8:1:2::1',
    );
    const updates = migration
      .split(/;\s*\n/)
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('UPDATE'));
    await env.DB.batch(updates.map((statement) => env.DB.prepare(statement)));
    const rows = await trackingRepository(env.DB).eventsByIds(['old-1', 'old-2']);
    expect(rows.map((row) => [row.id, row.page_url, row.referrer, row.ip])).toEqual([
      ['old-1', `${US_HOST}/retrievePassword`, `${US_HOST}/x`, '203.0.113.0'],
      ['old-2', `${US_HOST}/`, '', ''],
    ]);
    expect(JSON.parse(rows[1]!.data)).toEqual({ pageUrl: `${US_HOST}/order/track`, referringUrl: 7 });
  });
});

describe('tracking takes a bounded volume and keeps no raw personal data (issue 35)', () => {
  it('answers 429 past the calls one visitor may make, while another visitor still gets through', async () => {
    const shop = recordingShop();
    const key = `busy-${crypto.randomUUID()}`;
    const counter = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`analytics:visitor:${key}`));
    const rule = TRACKING_RULES.perVisitor;
    for (let i = 0; i < rule.limit; i++) await counter.consume(rule.limit, rule.windowMs);
    const refused = await shop.post(`${US_HOST}${TRACK}`, { event: 'click' }, visitor(key));
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toMatch(/^Too many attempts/);
    const other = await shop.post(`${US_HOST}${TRACK}`, { event: 'click' }, visitor(`calm-${crypto.randomUUID()}`));
    expect(other.status).toBe(200);
    expect(shop.queued).toHaveLength(1);
  });

  it('answers 429 past the calls one address may make, whatever visitor key each call brings', async () => {
    const shop = recordingShop();
    const ip = '192.0.2.200';
    const counter = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`analytics:ip:${ip}`));
    const rule = TRACKING_RULES.perIp;
    await Promise.all(Array.from({ length: rule.limit }, () => counter.consume(rule.limit, rule.windowMs)));
    const fresh = { 'cf-connecting-ip': ip, ...visitor(`new-${crypto.randomUUID()}`) };
    expect((await shop.post(`${US_HOST}${TRACK}`, { event: 'click' }, fresh)).status).toBe(429);
    expect((await shop.post(`${US_HOST}${PAGE_LOAD}`, {}, fresh)).status).toBe(429);
    expect(shop.queued).toHaveLength(0);
  });

  it('lets exactly the calls left through when 100 arrive at once for one visitor, and queues only those', async () => {
    const shop = recordingShop();
    const key = `burst-${crypto.randomUUID()}`;
    const counter = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`analytics:visitor:${key}`));
    const rule = TRACKING_RULES.perVisitor;
    const left = 40;
    for (let i = 0; i < rule.limit - left; i++) await counter.consume(rule.limit, rule.windowMs);
    const ip = { 'cf-connecting-ip': `198.51.100.${Math.floor(Math.random() * 250)}`, ...visitor(key) };
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => shop.post(`${US_HOST}${TRACK}`, { event: 'click' }, ip)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(left);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(100 - left);
    expect(shop.queued).toHaveLength(left);
  });

  it("keeps no email, user agent or credential an event's data carries, on intake and in the sink", async () => {
    const shop = recordingShop();
    await shop.post(`${US_HOST}${TRACK}`, {
      event: 'click',
      data: {
        pageType: 'other',
        email: 'ana@example.com',
        note: 'write to Ana.Lee+parts@example.com today',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
        target: { href: `${US_HOST}/retrievePassword?token=${RESET}`, label: 'Reset' },
        list: [`${US_HOST}/order/track?orderNo=US1&token=${ORDER_TOKEN}`],
      },
    });
    const everything = JSON.stringify(shop.queued);
    for (const secret of ['ana@example.com', 'Ana.Lee+parts@example.com', 'Mozilla', RESET, ORDER_TOKEN])
      expect(everything).not.toContain(secret);
    const [row] = await shop.stored();
    expect(JSON.parse(row!.data)).toEqual({
      pageType: 'other',
      note: 'write to [email] today',
      target: { href: `${US_HOST}/retrievePassword`, label: 'Reset' },
      list: [`${US_HOST}/order/track`],
    });
  });

  it("keeps an event's own time when it is near the shop's clock and takes the shop's when it is far", async () => {
    const shop = recordingShop();
    const now = Date.now();
    const times = [now - 1_000, now - EVENT_TIME_WINDOW.pastMs - 60_000, now + EVENT_TIME_WINDOW.futureMs + 60_000, 1];
    for (const ts of times) await shop.post(`${US_HOST}${TRACK}`, { event: 'click', ts });
    const kept = shop.queued.map((message) => message.ts as number);
    expect(kept[0]).toBe(now - 1_000);
    for (const clamped of kept.slice(1)) {
      expect(clamped).toBeGreaterThanOrEqual(now);
      expect(clamped).toBeLessThan(now + 10_000);
    }
  });

  it('cuts the address to its network before anything is queued: IPv4 /24, IPv6 /48', async () => {
    const shop = recordingShop();
    await shop.post(`${US_HOST}${TRACK}`, { event: 'click', ip: '9.9.9.9' }, { 'cf-connecting-ip': '203.0.113.77' });
    await shop.post(`${US_HOST}${TRACK}`, { event: 'click' }, { 'cf-connecting-ip': '2001:db8:abcd:12:34::1' });
    expect(shop.queued.map((message) => message.ip)).toEqual(['203.0.113.0', '2001:db8:abcd::']);
    expect(truncatedIp('::ffff:198.51.100.9')).toBe('198.51.100.0');
    expect(truncatedIp('2001:db8::1')).toBe('2001:db8:0::');
    expect(truncatedIp('::1')).toBe('0:0:0::');
    for (const bad of ['', 'local', '999.1.1.1', '1:2:3:4:5:6:7:8:9', '1::2::3']) expect(truncatedIp(bad)).toBe('');
  });

  it('deletes analytics past the retention the privacy policy gives (26 months) from the cron', async () => {
    const now = Date.now();
    const dayAgo = (months: number) => {
      const date = new Date(now);
      date.setUTCMonth(date.getUTCMonth() - months);
      return date.toISOString().slice(0, 10);
    };
    for (const [id, day] of [
      ['kept-1', dayAgo(25)],
      ['gone-1', dayAgo(27)],
      ['gone-2', '2020-01-01'],
    ] as const)
      await env.DB.prepare(
        `INSERT INTO tracking_event (id, event, ts, market, received_at, day) VALUES (?1, 'click', 1, 'us', 1, ?2)`,
      )
        .bind(id, day)
        .run();
    await env.DB.prepare(
      `INSERT INTO tracking_dropped (day, reason, count) VALUES ('2020-01-01', 'malformed', 3)`,
    ).run();
    const checkouts = checkoutVisitorRepository(env.DB);
    const ids = { clientId: '', sessionId: '', albGroup: '', abTestGroup: 'A1', ip: '', network: '' };
    const row = { ...ids, downlinkSpeed: '', pageUrl: '', referrer: '', clickId: null, marketingAllowed: false };
    await checkouts.remember({ ...row, visitorKey: 'recent-checkout', identified: true, updatedAt: now });
    await checkouts.remember({
      ...row,
      visitorKey: 'old-checkout',
      identified: true,
      updatedAt: now - 31 * 86_400_000,
    });
    const context = createExecutionContext();
    await worker.scheduled(
      createScheduledController({ scheduledTime: now, cron: '*/5 * * * *' }),
      env as never,
      context,
    );
    await waitOnExecutionContext(context);
    const left = await trackingRepository(env.DB).eventsByIds(['kept-1', 'gone-1', 'gone-2']);
    expect(left.map((event) => event.id)).toEqual(['kept-1']);
    expect(await trackingRepository(env.DB).droppedOn('2020-01-01')).toEqual({});
    expect(await checkouts.byVisitorKey('old-checkout')).toBeNull();
    expect(await checkouts.byVisitorKey('recent-checkout')).not.toBeNull();
  });
});

describe('analytics follow the privacy choices as the privacy policy says (issue 35)', () => {
  const ids = { client_id: 'client-7', session_id: 'session-7' };

  it('counts a Canadian shopper without ids, visitor key or address until they allow it', async () => {
    const shop = recordingShop();
    const from = { 'cf-connecting-ip': '203.0.113.5', ...visitor('canadian-visitor-1') };
    await shop.post(`${CA_HOST}${TRACK}`, { event: 'page_view', ...ids }, from);
    await shop.post(
      `${CA_HOST}${TRACK}`,
      { event: 'page_view', ...ids },
      {
        ...from,
        cookie: `${from.cookie}; marketing_consent=denied`,
      },
    );
    await shop.post(
      `${CA_HOST}${TRACK}`,
      { event: 'page_view', ...ids },
      {
        ...from,
        cookie: `${from.cookie}; marketing_consent=granted`,
      },
    );
    const fields = shop.queued.map((message) => [message.clientId, message.sessionId, message.visitorKey, message.ip]);
    expect(fields).toEqual([
      ['', '', '', ''],
      ['', '', '', ''],
      ['client-7', 'session-7', 'canadian-visitor-1', '203.0.113.0'],
    ]);
    expect(shop.queued.every((message) => message.abTestGroup)).toBe(true);
  });

  it('keeps first-party analytics under Global Privacy Control but shares nothing for advertising', async () => {
    const shop = recordingShop();
    const key = `gpc-${crypto.randomUUID()}`;
    const headers = { 'sec-gpc': '1', cookie: `visitor_key=${key}; irclickid=click-9` };
    const view = await shop.post(`${US_HOST}${TRACK}`, { event: 'page_view', ...ids }, headers);
    const checkout = await shop.post(`${US_HOST}${TRACK}`, { event: 'checkout_started', ...ids }, headers);
    const landing = await shop.post(`${US_HOST}${PAGE_LOAD}`, { pageUrl: `${US_HOST}/` }, headers);
    expect([view.body.data.accepted, checkout.body.data.accepted, landing.body.data.accepted]).toEqual([
      true,
      true,
      false,
    ]);
    expect(shop.queued.map((message) => [message.event, message.clientId, message.visitorKey])).toEqual([
      ['page_view', 'client-7', key],
      ['checkout_started', 'client-7', key],
    ]);
    // The paid order's conversion would come from this row: no click id, marketing not allowed.
    expect(await checkoutVisitorRepository(env.DB).byVisitorKey(key)).toMatchObject({
      clickId: null,
      marketingAllowed: false,
      identified: true,
    });
  });
});
