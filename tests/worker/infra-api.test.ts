import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { US_HOST, api, cookiesOf, shop } from './helpers.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('infrastructure API', () => {
  it('answers /health with the envelope and live bindings', async () => {
    const { status, body } = await api<{ status: string; d1: boolean; kv: boolean }>(`${US_HOST}/health`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      httpCode: 200,
      code: 200,
      msg: 'success',
      data: { status: 'ok', d1: true, kv: true },
    });
  });

  it('serves the shop settings from KV with a 5-minute cache header', async () => {
    const { body, response } = await api<Record<string, unknown>>(`${US_HOST}/infra/public/shop-setting`);
    expect(body.data.SHOP_NAME).toBe('AutoHaven');
    expect(body.data.COMPANY_PHONE).toBe('+1 (888) 555-0142');
    expect(body.data.UDP_GLOBAL_MODAL_CONFIG).toMatchObject({ subscribe: false });
    expect(body.data.BLACK_FRIDAY_2024_CONFIG).toMatchObject({ BF_CODE: 'BF2024' });
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('serves a content config by key, 404 for an unknown key and 400 for a bad one', async () => {
    const found = await api<{ type: string }>(`${US_HOST}/infra/public/buyer/content-config/announcement?shopId=1`);
    expect(found.body.data.type).toBe('announcement');
    const missing = await api(`${US_HOST}/infra/public/buyer/content-config/no-such-config`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, httpCode: 404 });
    const bad = await api(`${US_HOST}/infra/public/buyer/content-config/${encodeURIComponent('../x')}`);
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
  });

  it('looks up a title by URL pattern and falls back to the default', async () => {
    const about = await api<{ title: string; isDefault: boolean }>(
      `${US_HOST}/infra/public/buyer/url/content-config/info?urlPattern=/about`,
    );
    expect(about.body.data).toMatchObject({ title: 'About Us | {shopName}', isDefault: false });
    const other = await api<{ title: string; isDefault: boolean }>(
      `${US_HOST}/infra/public/buyer/url/content-config/info?urlPattern=/page/terms-of-use`,
    );
    expect(other.body.data).toMatchObject({
      title: 'A Premium Aftermarket Car Parts Online Shop - Your Home For Auto',
      isDefault: true,
    });
  });

  it("rejects a missing urlPattern with the first field error as 'field message'", async () => {
    const { status, body } = await api(`${US_HOST}/infra/public/buyer/url/content-config/info`);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.msg).toMatch(/^urlPattern /);
  });

  it('serves the campaign, the fixed content and the paged config list', async () => {
    const campaign = await api<{ active: boolean; banners: unknown[] }>(`${US_HOST}/infra/public/campaign`);
    expect(campaign.body.data.active).toBe(true);
    expect(campaign.body.data.banners.length).toBeGreaterThan(0);
    const fixed = await api<{ headerLinks: unknown[] }>(`${US_HOST}/infra/public/buyer/page/fixed/content-config`);
    expect(fixed.body.data.headerLinks.length).toBeGreaterThan(0);
    const list = await api<{ total: number; page: number; size: number; records: { key: string }[] }>(
      `${US_HOST}/infra/public/buyer/config/list?page=1&size=100`,
    );
    expect(list.body.data).toMatchObject({ page: 1, size: 100 });
    expect(list.body.data.records.map((r) => r.key)).toContain('banner');
    const second = await api<{ records: unknown[]; total: number }>(
      `${US_HOST}/infra/public/buyer/config/list?page=2&size=5`,
    );
    expect(second.body.data.records).toHaveLength(Math.min(5, second.body.data.total - 5));
    expect((await api(`${US_HOST}/infra/public/buyer/config/list?size=1000`)).status).toBe(400);
  });

  it('keeps the campaign 30 s in the isolate, so a KV change shows only after that', async () => {
    const before = await api<{ range: string }>(`${US_HOST}/infra/public/campaign`);
    await env.SETTINGS.put('campaign', JSON.stringify({ active: true, range: 'CHANGED' }));
    const soon = await api<{ range: string }>(`${US_HOST}/infra/public/campaign`);
    expect(soon.body.data.range).toBe(before.body.data.range);
  });

  it('gives a visitor a stable A/B group stored for 604800 s', async () => {
    const headers = { cookie: 'visitor_key=visitor-0001-stable' };
    const first = await api<{ abTestGroup: string }>(`${US_HOST}/api/public/env/abtest`, { headers });
    expect(['A1', 'A2', 'B']).toContain(first.body.data.abTestGroup);
    expect(cookiesOf(first.response).ab_test_group).toContain('Max-Age=604800');
    const again = await api<{ abTestGroup: string }>(`${US_HOST}/api/public/env/abtest`, { headers });
    expect(again.body.data.abTestGroup).toBe(first.body.data.abTestGroup);
    const stored = await api<{ abTestGroup: string }>(`${US_HOST}/api/public/env/abtest`, {
      headers: { cookie: 'ab_test_group=B; visitor_key=visitor-0001-stable' },
    });
    expect(stored.body.data.abTestGroup).toBe('B');
  });

  it('accepts browser log lines and rejects malformed ones', async () => {
    const one = await api<{ accepted: number }>(`${US_HOST}/api/public/logs`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ level: 'error', message: 'TypeError: x is undefined' }),
    });
    expect(one.body).toMatchObject({ success: true, data: { accepted: 1 } });
    const many = await api<{ accepted: number }>(`${US_HOST}/api/public/logs`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify([{ message: 'a' }, { message: 'b', level: 'warn' }]),
    });
    expect(many.body.data.accepted).toBe(2);
    const notJson = await api(`${US_HOST}/api/public/logs`, { method: 'POST', headers: JSON_HEADERS, body: '{oops' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.msg).toBe('body must be valid JSON');
    const empty = await api(`${US_HOST}/api/public/logs`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ level: 'fatal', message: '' }),
    });
    expect(empty.status).toBe(400);
  });

  it('answers an unknown API path with a 404 envelope, not a page', async () => {
    const { status, body } = await api(`${US_HOST}/infra/public/nothing-here`);
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, httpCode: 404 });
  });

  it('publishes the OpenAPI document of every declared call', async () => {
    const response = await shop(`${US_HOST}/openapi.json`);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { parameters: { name: string }[] }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/health',
      '/infra/public/shop-setting',
      '/infra/public/buyer/content-config/{key}',
      '/infra/public/buyer/url/content-config/info',
      '/infra/public/campaign',
      '/infra/public/buyer/page/fixed/content-config',
      '/infra/public/buyer/config/list',
      '/api/public/env/abtest',
      '/api/public/logs',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/infra/public/buyer/url/content-config/info']!.get!.parameters.map((p) => p.name)).toContain(
      'urlPattern',
    );
  });
});
