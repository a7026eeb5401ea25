import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app.ts';
import type { AppEnv } from '../../worker/env.ts';
import { reportFailedAnswers, reportServerError } from '../../worker/platform/error-report.ts';
import { analyticsReport } from '../../worker/tracking/service.ts';
import { analyticsEngineSink } from '../../worker/tracking/sink.ts';
import { US_HOST } from './helpers.ts';

/** Captures what is sent to the error-reporting service and to the Analytics Engine SQL API. */
function captureFetch(answer: (url: string, body: string) => Response) {
  const calls: { url: string; body: string; headers: Headers }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url: String(url), body: String(init.body), headers: new Headers(init.headers) });
    return answer(String(url), String(init.body));
  });
  return calls;
}

const DSN = 'https://public-key@errors.example.com/9';

describe('500, 502, 503 and 504 answers go to the error-reporting service (§8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports a 503 the shop answers, with its request id and status, when a DSN is set', async () => {
    const calls = captureFetch(() => new Response('{}'));
    const unconfigured = { ...env, AUTH_SECRET: '', SENTRY_DSN: DSN };
    const response = await createApp().request(`${US_HOST}/api/public/env/abtest`, {}, unconfigured);
    expect(response.status).toBe(503);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    await vi.waitFor(() => expect(calls.filter((call) => call.url.includes('/api/9/envelope/'))).toHaveLength(1));
    const event = JSON.parse(calls[0]!.body.trim().split('\n')[2] ?? '{}');
    expect(event).toMatchObject({
      tags: { request_id: requestId, status: '503' },
      exception: { values: [{ type: 'ServerAnswer', value: 'GET /api/public/env/abtest answered 503' }] },
    });
  });

  it('sends nothing without a DSN and nothing for a 404', async () => {
    const calls = captureFetch(() => new Response('{}'));
    await createApp().request(`${US_HOST}/api/public/env/abtest`, {}, { ...env, AUTH_SECRET: '' });
    await createApp().request(`${US_HOST}/no-such-page`, {}, { ...env, SENTRY_DSN: DSN });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls.filter((call) => call.url.includes('errors.example.com'))).toHaveLength(0);
  });

  it('reports an uncaught error once, not again for its 500 answer', async () => {
    const calls = captureFetch(() => new Response('{}'));
    const app = new Hono<AppEnv>();
    app.use(reportFailedAnswers);
    app.use(async (c, next) => {
      c.set('requestId', 'req-uncaught');
      await next();
    });
    app.get('/boom', () => {
      throw new Error('boom');
    });
    app.onError((error, c) => {
      reportServerError(c, 'page failure', error);
      return c.text('failed', 500);
    });
    expect((await app.request('/boom', {}, { SENTRY_DSN: DSN })).status).toBe(500);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toContain('"value":"boom"');
  });
});

/** The SQL API's FORMAT JSON answer for one query of the dashboard, chosen by what the SQL asks. */
function sqlApiAnswer(sql: string): Response {
  const json = (data: Record<string, unknown>[]) =>
    Response.json({ meta: [], data, rows: data.length, rows_before_limit_at_least: data.length });
  if (sql.includes('count() AS sessions')) return json([{ day: '2026-11-20', market: 'us', grp: 'B', sessions: '40' }]);
  if (sql.includes('count() AS paidOrders'))
    return json([{ day: '2026-11-20', market: 'us', grp: 'B', paidOrders: '4', revenueCent: 21_000 }]);
  if (sql.includes('AS productViews'))
    return json([
      {
        day: '2026-11-20',
        market: 'us',
        grp: 'B',
        productViews: 10,
        addToCart: 6,
        checkoutStarted: 5,
        exposedItems: 50,
      },
    ]);
  if (sql.includes("blob14 = 'us'")) return json([{ keyword: 'brake pads', searches: '7', zero: '0' }]);
  if (sql.includes('AS keyword')) return json([]);
  if (sql.includes('AS status'))
    return json([
      { market: 'us', status: 'FIT', count: 3 },
      { market: 'us', status: 'NOT_FIT', count: 1 },
    ]);
  return new Response('unexpected query', { status: 400 });
}

describe('the dashboard read from Analytics Engine (issue 25)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const production = {
    DB: env.DB,
    ANALYTICS_ACCOUNT_ID: 'acct123',
    ANALYTICS_API_TOKEN: 'token-1',
    ANALYTICS_DATASET: 'autohaven_events',
  };

  it("queries the SQL API with the sink's columns and shows its figures", async () => {
    const calls = captureFetch((_url, body) => sqlApiAnswer(body));
    const report = await analyticsReport(production, '2026-11-19', '2026-11-20');
    expect(new Set(calls.map((call) => call.url))).toEqual(
      new Set(['https://api.cloudflare.com/client/v4/accounts/acct123/analytics_engine/sql']),
    );
    expect(calls.every((call) => call.headers.get('authorization') === 'Bearer token-1')).toBe(true);
    expect(calls.every((call) => call.body.endsWith(' FORMAT JSON'))).toBe(true);
    const paid = calls.find((call) => call.body.includes('count() AS paidOrders'))?.body ?? '';
    expect(paid).toContain("blob2 = 'order_paid' AND blob19 = 'server'");
    expect(paid).toContain("blob15 >= '2026-11-19' AND blob15 <= '2026-11-20'");
    expect(paid).toContain('FROM autohaven_events');
    expect(report.funnel).toEqual([
      {
        day: '2026-11-20',
        market: 'us',
        group: 'B',
        sessions: 40,
        productViews: 10,
        addToCart: 6,
        checkoutStarted: 5,
        paidOrders: 4,
        revenueCent: 21_000,
        exposedItems: 50,
      },
    ]);
    expect(report.groups.find((group) => group.group === 'B')).toMatchObject({
      sessions: 40,
      paidOrders: 4,
      rate: 0.1,
    });
    expect(report.searches.us).toEqual([{ keyword: 'brake pads', searches: 7, zero: 0 }]);
    expect(report.fitment).toEqual([
      { market: 'us', status: 'FIT', count: 3, share: 0.75 },
      { market: 'us', status: 'NOT_FIT', count: 1, share: 0.25 },
    ]);
    expect(report.exposure).toEqual({ exposedItems: 50, productViews: 10, clickThrough: 0.2 });
  });

  it('is read in the columns the Analytics Engine sink writes', async () => {
    const points: AnalyticsEngineDataPoint[] = [];
    const sink = analyticsEngineSink({ writeDataPoint: (point) => void points.push(point ?? {}) });
    const base = { pageUrl: '', referrer: '', ts: 1, clientId: 'c', albGroup: '', ip: '', network: '' };
    const more = { downlinkSpeed: '', visitorKey: 'v', market: 'us' as const, at: Date.UTC(2026, 10, 20) };
    await sink.write([
      {
        ...base,
        ...more,
        id: 'order_paid:O1',
        event: 'order_paid',
        sessionId: 's1',
        abTestGroup: 'B',
        data: {
          orderId: 'O1',
          totalCent: 4200,
          source: 'server',
        },
      },
      {
        ...base,
        ...more,
        id: 'p1',
        event: 'page_view',
        sessionId: 's1',
        abTestGroup: 'B',
        data: {
          pageType: 'search results',
          keyword: ' Brake Pads ',
          total: 0,
        },
      },
    ]);
    // blob1 id, blob2 event, blob7 session, blob9 group, blob14 market, blob15 day, blob16-19, double3-5.
    const columns = (point: AnalyticsEngineDataPoint) => {
      const blobs = point.blobs ?? [];
      const doubles = point.doubles ?? [];
      return [0, 1, 6, 8, 13, 14, 15, 16, 17, 18].map((i) => blobs[i]).concat(doubles.slice(2).map(String));
    };
    expect(points.map(columns)).toEqual([
      ['order_paid:O1', 'order_paid', 's1', 'B', 'us', '2026-11-20', '', '', '', 'server', '4200', '0', '-1'],
      ['p1', 'page_view', 's1', 'B', 'us', '2026-11-20', 'search results', '', 'brake pads', '', '-1', '0', '0'],
    ]);
  });

  it('reads the D1 sink when the SQL API is not configured, and fails clearly when the SQL API does', async () => {
    const calls = captureFetch(() => new Response('denied', { status: 403 }));
    const local = await analyticsReport({ DB: env.DB }, '2026-11-19', '2026-11-20');
    expect(calls).toHaveLength(0);
    expect(local.funnel).toEqual([]);
    await expect(analyticsReport(production, '2026-11-19', '2026-11-20')).rejects.toThrow(
      'Analytics Engine SQL API answered 403',
    );
  });
});
