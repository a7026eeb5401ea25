import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app.ts';
import type { AppEnv } from '../../worker/env.ts';
import { reportServerError, sendErrorReport, type ErrorReport } from '../../worker/platform/error-report.ts';
import { forwardToAffiliate } from '../../worker/tracking/affiliate.ts';
import type { StoredEvent } from '../../worker/tracking/events.ts';
import { CA_HOST, US_HOST, cookiesOf, page } from './helpers.ts';

const PAGE_LOAD = '/data-service/public/buyer/marketing/page-load';
const CONVERSION = '/data-service/public/buyer/marketing/conversion';

/** The real app with a queue that records what it is sent. */
function appWithRecordingQueue() {
  const queued: Record<string, unknown>[] = [];
  const bindings = { ...env, EVENTS: { send: async (message: Record<string, unknown>) => void queued.push(message) } };
  const app = createApp();
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await app.request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) },
      bindings,
    );
    return { status: response.status, body: (await response.json()) as { data: { accepted: boolean } } };
  };
  return { queued, post };
}

describe('marketing calls and privacy choices (issue 25)', () => {
  it('queues a US landing page load with the saved affiliate click id, and nothing for a GPC shopper', async () => {
    const { queued, post } = appWithRecordingQueue();
    const body = { pageUrl: `${US_HOST}/?irclickid=abc`, referringUrl: 'https://partner.example/', eventDate: 'now' };
    const sent = await post(`${US_HOST}${PAGE_LOAD}`, body, { cookie: 'irclickid=click-42' });
    expect(sent.body.data.accepted).toBe(true);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      kind: 'track',
      event: 'marketing_page_load',
      pageUrl: `${US_HOST}/`,
      referrer: 'https://partner.example/',
      market: 'us',
      data: { clickId: 'click-42', eventDate: 'now' },
    });
    const refused = await post(`${US_HOST}${PAGE_LOAD}`, body, { 'sec-gpc': '1' });
    const optedOut = await post(`${US_HOST}${CONVERSION}`, { orderId: 'A1' }, { cookie: 'privacy_opt_out=1' });
    expect([refused.status, refused.body.data.accepted, optedOut.body.data.accepted]).toEqual([200, false, false]);
    expect(queued).toHaveLength(1);
  });

  it('sends Canadian marketing only after consent, one conversion id per order', async () => {
    const { queued, post } = appWithRecordingQueue();
    const asked = await post(`${CA_HOST}${CONVERSION}`, { orderId: 'CA100' });
    const declined = await post(
      `${CA_HOST}${CONVERSION}`,
      { orderId: 'CA100' },
      { cookie: 'marketing_consent=denied' },
    );
    expect([asked.body.data.accepted, declined.body.data.accepted]).toEqual([false, false]);
    expect(queued).toHaveLength(0);
    const granted = await post(
      `${CA_HOST}${CONVERSION}`,
      { orderId: 'CA100' },
      { cookie: 'marketing_consent=granted' },
    );
    await post(`${CA_HOST}${CONVERSION}`, { orderId: 'CA100' }, { cookie: 'marketing_consent=granted' });
    expect(granted.body.data.accepted).toBe(true);
    expect(queued.map((message) => message.id)).toEqual(['conversion:CA100', 'conversion:CA100']);
    expect(queued[0]).toMatchObject({ event: 'marketing_conversion', market: 'ca', data: { orderId: 'CA100' } });
  });

  it('shows "Your Privacy Choices" and records a US opt-out from its form', async () => {
    const shown = await page(`${US_HOST}/privacy-choices`);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('<title>Your Privacy Choices');
    expect(shown.html).toContain('data-privacy-state="on"');
    const saved = await createApp().request(
      `${US_HOST}/privacy-choices`,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'marketing=deny' },
      env,
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/privacy-choices?saved=1');
    expect(cookiesOf(saved).privacy_opt_out).toContain('privacy_opt_out=1');
    const after = await page(`${US_HOST}/privacy-choices?saved=1`, { headers: { cookie: 'privacy_opt_out=1' } });
    expect(after.html).toContain('data-privacy-state="off"');
    expect(after.html).toContain('Your choice is saved.');
    const gpc = await page(`${US_HOST}/privacy-choices`, { headers: { 'sec-gpc': '1' } });
    expect(gpc.html).toContain('Global Privacy Control');
    expect(gpc.html).toContain('data-privacy-state="off"');
  });

  it('records a Canadian consent from the banner call and refuses a bad choice with a clear error', async () => {
    const app = createApp();
    const call = (body: string) =>
      app.request(
        `${CA_HOST}/privacy-choices`,
        { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body },
        env,
      );
    const granted = await call(JSON.stringify({ marketing: 'allow' }));
    expect(granted.status).toBe(200);
    expect(cookiesOf(granted).marketing_consent).toContain('marketing_consent=granted');
    const bad = await call(JSON.stringify({ marketing: 'maybe' }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { msg: string }).msg).toBe("marketing must be 'allow' or 'deny'");
  });
});

describe('error reporting and the affiliate network (issue 25)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const report: ErrorReport = {
    requestId: 'req-123',
    method: 'GET',
    url: `${US_HOST}/products/1?secret=1`,
    status: 500,
    name: 'TypeError',
    message: 'x is undefined',
    at: 1_700_000_000_000,
  };

  it('sends a Sentry envelope with the request id when a DSN is set, and nothing without one', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response('{}');
    }) as unknown as typeof fetch;
    expect(await sendErrorReport(undefined, report, fetcher)).toBe(false);
    expect(await sendErrorReport('not a dsn', report, fetcher)).toBe(false);
    expect(calls).toHaveLength(0);
    expect(await sendErrorReport('https://public-key@errors.example.com/42', report, fetcher)).toBe(true);
    expect(calls[0]?.url).toBe('https://errors.example.com/api/42/envelope/');
    expect(new Headers(calls[0]?.init.headers).get('x-sentry-auth')).toContain('sentry_key=public-key');
    const [, item, event] = String(calls[0]?.init.body).trim().split('\n');
    expect(JSON.parse(item ?? '{}')).toEqual({ type: 'event' });
    expect(JSON.parse(event ?? '{}')).toMatchObject({
      tags: { request_id: 'req-123', status: '500' },
      request: { method: 'GET', url: `${US_HOST}/products/1` },
      exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] },
    });
  });

  it('reports an uncaught Worker error with its request id when SENTRY_DSN is set', async () => {
    const bodies: string[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      bodies.push(String(init.body));
      return new Response('{}');
    });
    const app = new Hono<AppEnv>();
    app.use(async (c, next) => {
      c.set('requestId', 'req-failing');
      await next();
    });
    app.get('/boom', () => {
      throw new Error('boom');
    });
    app.onError((error, c) => {
      reportServerError(c, 'page failure', error);
      return c.text('failed', 500);
    });
    await app.request('/boom', {}, { SENTRY_DSN: 'https://k@errors.example.com/7' });
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toContain('"request_id":"req-failing"');
  });

  it("forwards marketing events with a click id when configured, and only the shop's conversions", async () => {
    const event = {
      id: 'conversion:A1',
      event: 'marketing_conversion',
      data: { clickId: 'click-1', orderId: 'A1', source: 'server' },
      pageUrl: `${US_HOST}/checkout/orderResult`,
      referrer: '',
      ts: 1,
      at: 1,
    } as unknown as StoredEvent;
    const view = { ...event, id: 'v', event: 'page_view' } as StoredEvent;
    // The browser's own report of a conversion is stored but not forwarded: the shop's is.
    const fromBrowser = { ...event, data: { clickId: 'click-1', orderId: 'A1' } } as StoredEvent;
    const calls: string[] = [];
    const fetcher = (async (_url: string, init: RequestInit) => {
      calls.push(String(init.body));
      return new Response('{}');
    }) as unknown as typeof fetch;
    expect(await forwardToAffiliate({}, [event], fetcher)).toBe(true);
    expect(calls).toHaveLength(0);
    const config = { AFFILIATE_ENDPOINT: 'https://affiliate.example/events', AFFILIATE_TOKEN: 't' };
    expect(await forwardToAffiliate(config, [event, view, fromBrowser], fetcher)).toBe(true);
    expect(calls.map((body) => JSON.parse(body))).toEqual([
      expect.objectContaining({ type: 'conversion', clickId: 'click-1', orderId: 'A1' }),
    ]);
    const failing = (async () => new Response('no', { status: 502 })) as unknown as typeof fetch;
    expect(await forwardToAffiliate(config, [event], failing)).toBe(false);
  });
});
