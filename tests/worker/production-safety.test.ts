import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app.ts';
import type { Bindings } from '../../worker/env.ts';
import { US_HOST, api, page, shop } from './helpers.ts';

const executionContext = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

/** The app as a production deployment runs it: the same bindings, no developer tools. */
function productionApp(overrides: Partial<Bindings> = {}) {
  const app = createApp();
  const production: Partial<Bindings> = { ...env, DEV_TOOLS: undefined, ...overrides };
  return (path: string, init?: RequestInit) =>
    app.request(`https://www.autohaven.com${path}`, init, production, executionContext);
}

afterEach(() => vi.restoreAllMocks());

describe('a production deployment', () => {
  it('answers 404 on every /dev/* route the app mounts', async () => {
    const devRoutes = createApp()
      .routes.filter((route) => route.path.startsWith('/dev/') && route.method !== 'ALL')
      .map((route) => ({ method: route.method, path: route.path.replace(/:[a-zA-Z]+/g, 'x') }));
    expect(devRoutes.length).toBeGreaterThanOrEqual(4);
    const request = productionApp();
    for (const route of devRoutes) {
      const init: RequestInit = { method: route.method };
      if (route.method !== 'GET') Object.assign(init, { headers: { 'content-type': 'application/json' }, body: '{}' });
      const response = await request(route.path, init);
      expect(response.status, `${route.method} ${route.path}`).toBe(404);
    }
  });

  it('serves the developer tools only where DEV_TOOLS is on (local development)', async () => {
    expect((await shop(`${US_HOST}/dev/outbox`)).status).toBe(200);
    expect((await productionApp()('/dev/outbox')).status).toBe(404);
    expect((await productionApp()('/dev/idp/.well-known/openid-configuration')).status).toBe(404);
  });

  it('never opens the payment sandbox, whose test cards would take orders for free', async () => {
    const request = productionApp();
    expect((await request('/payment/sandbox/any-payment')).status).toBe(404);
    const submit = await request('/payment/sandbox/any-payment/submit', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://www.autohaven.com' },
      body: 'cardNumber=4242424242424242&expiry=12%2F30&cvc=123',
    });
    expect(submit.status).toBe(404);
  });

  it('refuses to serve (503, with a log line naming it) while a required secret is missing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const request = productionApp({ AUTH_SECRET: '' });
    const home = await request('/');
    expect(home.status).toBe(503);
    expect(home.headers.get('retry-after')).toBe('60');
    const call = await request('/infra/public/time');
    expect(call.status).toBe(503);
    expect(((await call.json()) as { success: boolean }).success).toBe(false);
    const line = JSON.parse(String(logged.mock.calls[0]?.[0])) as { level: string; missing: string[] };
    expect(line.level).toBe('error');
    expect(line.missing).toEqual(['AUTH_SECRET']);
  });

  it('sends HSTS over HTTPS only, with the other protective headers on every answer', async () => {
    const secure = await productionApp()('/about');
    expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    const local = await shop(`${US_HOST}/about`);
    expect(local.headers.get('strict-transport-security')).toBeNull();
    for (const response of [secure, local]) {
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy')).toContain('camera=()');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });
});

describe('the Content-Security-Policy of pages', () => {
  it("allows only the shop's own scripts and inline ones with the response's nonce", async () => {
    const { response } = await page(`${US_HOST}/about`);
    const policy = response.headers.get('content-security-policy') ?? '';
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'(;|$)/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain("unsafe-inline'; script");
    const again = (await shop(`${US_HOST}/about`)).headers.get('content-security-policy');
    expect(again).not.toBe(policy);
  });

  it('allows the marketing script the settings name, and nothing else foreign', async () => {
    const key = 'shop-settings';
    const stored = await env.SETTINGS.get(key);
    const settings = { ...JSON.parse(stored ?? '{}') };
    settings.UDP_GLOBAL_MODAL_CONFIG = { subscribe: false, marketingScriptUrl: 'https://tags.example.net/t.js' };
    const { contentSecurityPolicy } = await import('../../worker/middleware/security-headers.ts');
    const { thirdPartyOrigins, parseShopSettings } = await import('../../shared/settings.ts');
    const policy = contentSecurityPolicy('abc', thirdPartyOrigins(parseShopSettings(settings)));
    expect(policy).toContain("script-src 'self' 'nonce-abc' https://tags.example.net;");
    const plain = contentSecurityPolicy('abc', thirdPartyOrigins(parseShopSettings({})));
    expect(plain).toContain("script-src 'self' 'nonce-abc';");
    expect(plain).toContain("connect-src 'self';");
  });
});

describe('cross-site request forgery', () => {
  const body = JSON.stringify({ email: 'someone@example.com', password: 'Secret123' });

  it('refuses a state-changing call made by a page on another site or a sibling subdomain', async () => {
    const fromSibling = await api(`${US_HOST}/account/public/buyer/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://evil.shop.localhost',
        'sec-fetch-site': 'same-site',
      },
      body,
    });
    expect(fromSibling.status).toBe(403);
    expect(fromSibling.body.success).toBe(false);
    const crossSite = await shop(`${US_HOST}/account/public/buyer/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body,
    });
    expect(crossSite.status).toBe(403);
  });

  it('refuses JSON sent as text/plain (what a form on another site can send)', async () => {
    const response = await api(`${US_HOST}/account/public/buyer/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body,
    });
    expect(response.status).toBe(415);
    expect(response.body.msg).toBe('Content-Type must be application/json');
  });

  it("accepts the shop's own pages' calls and reads that change nothing", async () => {
    const own = await shop(`${US_HOST}/account/public/buyer/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: US_HOST, 'sec-fetch-site': 'same-origin' },
      body,
    });
    expect(own.status).not.toBe(403);
    expect(own.status).not.toBe(415);
    const read = await shop(`${US_HOST}/about`, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(read.status).toBe(200);
  });

  it('lets payment providers post webhooks, which no browser sends', async () => {
    const response = await shop(`${US_HOST}/order/public/payment/webhook/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://provider.example' },
      body: '{}',
    });
    expect(response.status).not.toBe(403);
  });
});

describe('request ids', () => {
  it('answers a fresh id per request, never the one a client sent', async () => {
    const first = await shop(`${US_HOST}/about`, { headers: { 'x-request-id': 'chosen-by-attacker' } });
    const second = await shop(`${US_HOST}/about`);
    const id = first.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get('x-request-id')).not.toBe(id);
  });

  it('logs a failing request as JSON with its request id, and queues the error report', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reports: unknown[] = [];
    const events = { send: async (body: unknown) => void reports.push(body) };
    const app = createApp();
    app.get('/infra/public/explode', () => {
      throw new Error('boom');
    });
    const response = await app.request(
      `${US_HOST}/infra/public/explode`,
      undefined,
      { ...env, EVENTS: events },
      executionContext,
    );
    expect(response.status).toBe(500);
    const requestId = response.headers.get('x-request-id');
    const line = JSON.parse(String(logged.mock.calls.at(-1)?.[0])) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 'error', message: 'api failure', requestId, path: '/infra/public/explode' });
    expect((line.error as { message: string }).message).toBe('boom');
    expect(reports).toEqual([
      expect.objectContaining({ kind: 'server-error', requestId, path: '/infra/public/explode', message: 'boom' }),
    ]);
  });
});
