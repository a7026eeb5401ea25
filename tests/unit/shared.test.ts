import { describe, expect, it, vi } from 'vitest';
import { createApiClient, toQueryString, unwrap } from '../../shared/api-client.ts';
import { errorMessage } from '../../shared/envelope.ts';
import { CA, US, marketForHost } from '../../shared/markets.ts';
import { formatMoney } from '../../shared/money.ts';
import { serviceExceptionMessage } from '../../shared/messages.ts';
import { abTestGroupFor } from '../../worker/tracking/abtest.ts';
import { TtlCache } from '../../worker/platform/ttl-cache.ts';
import { canonicalUrl } from '../../worker/storefront/load-shell.ts';

describe('markets', () => {
  it('maps hosts to markets by their first label', () => {
    expect(marketForHost('ca.shop.localhost:8787')).toBe(CA);
    expect(marketForHost('us.shop.localhost')).toBe(US);
    expect(marketForHost('cars.example.com')).toBe(US);
    expect(marketForHost('')).toBe(US);
    expect(marketForHost(undefined)).toBe(US);
  });

  it('carries the §3 country config', () => {
    expect([US.code, US.currency, US.symbol, US.labels.region, US.labels.postalCode, US.labels.delivery]).toEqual([
      2022,
      'USD',
      '$',
      'State',
      'ZIP code',
      'Estimated Delivery Date',
    ]);
    expect([CA.code, CA.currency, CA.symbol, CA.labels.region, CA.labels.postalCode, CA.labels.delivery]).toEqual([
      2023,
      'CAD',
      'CA$',
      'Province/Territory',
      'Postal code',
      'Shipping method',
    ]);
  });
});

describe('money', () => {
  it('formats cents with thousands commas, two decimals and the currency symbol', () => {
    expect(formatMoney({ cent: 123456789, currency: 'USD' })).toBe('$1,234,567.89');
    expect(formatMoney({ cent: 5, currency: 'CAD' })).toBe('CA$0.05');
    expect(formatMoney({ cent: -1999, currency: 'USD' })).toBe('-$19.99');
  });
});

describe('A/B groups', () => {
  it('splits visitors 70 % A (half A1, half A2) and 30 % B, stably', () => {
    const counts = { A1: 0, A2: 0, B: 0 };
    for (let i = 0; i < 20000; i++) counts[abTestGroupFor(`visitor-${i}-${i * 7919}`)]++;
    expect(counts.B / 20000).toBeGreaterThan(0.27);
    expect(counts.B / 20000).toBeLessThan(0.33);
    expect(counts.A1 / 20000).toBeGreaterThan(0.32);
    expect(counts.A2 / 20000).toBeGreaterThan(0.32);
    expect(abTestGroupFor('same-key')).toBe(abTestGroupFor('same-key'));
  });
});

describe('isolate cache', () => {
  it('serves from memory until the injected clock passes the time-to-live', async () => {
    let now = 0;
    const clock = { now: () => now };
    const cache = new TtlCache<number>(30_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', clock, load)).toBe(1);
    now = 29_999;
    expect(await cache.get('k', clock, load)).toBe(1);
    now = 30_000;
    expect(await cache.get('k', clock, load)).toBe(2);
  });

  it("never hands a caller another caller's load under way (a request cannot wait on another's I/O)", async () => {
    const clock = { now: () => 0 };
    const cache = new TtlCache<number>(30_000);
    const started: ((value: number) => void)[] = [];
    const load = () => new Promise<number>((resolve) => started.push(resolve));
    const first = cache.get('k', clock, load);
    const second = cache.get('k', clock, load);
    expect(started).toHaveLength(2);
    started[0]!(1);
    started[1]!(2);
    expect([await first, await second]).toEqual([1, 2]);
    // Once loaded, the value last loaded is served without a load.
    expect(await cache.get('k', clock, load)).toBe(2);
    expect(started).toHaveLength(2);
  });

  it('keeps nothing a load started before clear() brings back', async () => {
    const clock = { now: () => 0 };
    const cache = new TtlCache<string>(30_000);
    let finish: (value: string) => void = () => {};
    const stale = cache.get('k', clock, () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish('before the change');
    await stale;
    expect(await cache.get('k', clock, async () => 'after the change')).toBe('after the change');
  });
});

describe('canonical link', () => {
  it('drops tracking parameters and a trailing slash, keeps the host', () => {
    expect(canonicalUrl('http://ca.shop.localhost/help/?utm_campaign=x&page=2&MSCLKID=1')).toBe(
      'http://ca.shop.localhost/help?page=2',
    );
  });
});

describe('API client', () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('sends JSON Accept, shop id, bearer token, visitor key, diversion and comma-joined arrays', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
      json({ success: true, httpCode: 200, data: { ok: 1 } }),
    );
    const client = createApiClient({
      shopId: '1',
      baseUrl: 'https://api.test',
      getToken: () => 'tok',
      getVisitorKey: () => 'vk',
      getDiversionName: () => 'A1',
      fetch: fetch as typeof globalThis.fetch,
    });
    expect(await client.get('/x', { ids: [1, 2, 3], empty: undefined }, { sessionId: 's1', clientId: 'c1' })).toEqual({
      ok: 1,
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://api.test/x?ids=1%2C2%2C3');
    const headers = new Headers(init!.headers);
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('authorization')).toBe('Bearer tok');
    expect(headers.get('shopid')).toBe('1');
    expect(headers.get('visitorkey')).toBe('vk');
    expect(headers.get('diversionname')).toBe('A1');
    expect(headers.get('sessionid')).toBe('s1');
    expect(headers.get('clientid')).toBe('c1');
  });

  it('unwraps envelopes as §7 says', () => {
    expect(unwrap({ success: true, httpCode: 200, data: 5 })).toBe(5);
    expect(unwrap({ code: 200, data: 6 })).toBe(6);
    expect(unwrap([1, 2])).toEqual([1, 2]);
    expect(() => unwrap({ success: false, httpCode: 400, data: { a: 1 }, msg: 'bad', code: 400 })).toThrow();
    try {
      unwrap({ success: false, httpCode: 400, data: { a: 1 }, msg: 'bad', code: 400 });
    } catch (rejection) {
      expect(rejection).toEqual({ data: { a: 1 }, msg: 'bad', code: 400 });
    }
  });

  it('clears state on 401 and shows the service notice on a network failure', async () => {
    const onUnauthorized = vi.fn();
    const onNetworkError = vi.fn();
    const unauthorized = createApiClient({
      shopId: '1',
      onUnauthorized,
      fetch: (async () =>
        json(
          { success: false, httpCode: 401, msg: 'Login is invalid. Please log in again', code: 401 },
          401,
        )) as typeof fetch,
    });
    await expect(unauthorized.get('/account/buyer/account/current')).rejects.toMatchObject({
      code: 401,
      msg: 'Login is invalid. Please log in again',
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    const offline = createApiClient({
      shopId: '1',
      onNetworkError,
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    });
    await expect(offline.get('/x')).rejects.toMatchObject({ code: 'NETWORK' });
    expect(onNetworkError).toHaveBeenCalledOnce();
    expect(serviceExceptionMessage('AutoHaven')).toBe(
      'AutoHaven Service Exception Error. You can contact us through live chat for solutions.',
    );
  });

  it('rejects an answer cut off on its way or not JSON, never resolving it as empty data', async () => {
    const onNetworkError = vi.fn();
    const cutOff = (async () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"success":true,"httpCode":200,"data":[{"ki'));
            controller.error(new TypeError('network error'));
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      )) as typeof fetch;
    const client = createApiClient({ shopId: '1', onNetworkError, fetch: cutOff });
    await expect(client.get('/item/public/buyer/associative/top-search-box')).rejects.toMatchObject({
      code: 'NETWORK',
    });
    expect(onNetworkError).toHaveBeenCalledOnce();
    const proxyPage = createApiClient({
      shopId: '1',
      fetch: (async () => new Response('<html>Bad gateway</html>', { status: 200 })) as typeof fetch,
    });
    await expect(proxyPage.get('/x')).rejects.toMatchObject({ code: 'BAD_ANSWER' });
    const empty = createApiClient({
      shopId: '1',
      fetch: (async () => new Response(null, { status: 204 })) as typeof fetch,
    });
    expect(await empty.delete('/x')).toBeNull();
    const notFound = createApiClient({
      shopId: '1',
      fetch: (async () =>
        new Response('<html>Not found</html>', { status: 404, statusText: 'Not Found' })) as typeof fetch,
    });
    await expect(notFound.get('/x')).rejects.toMatchObject({ code: 404, msg: 'Not Found' });
  });

  it('gives up after the timeout', async () => {
    const onNetworkError = vi.fn();
    const hanging = (async (_url: string, init: RequestInit) =>
      new Promise((_, reject) =>
        init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
      )) as unknown as typeof fetch;
    const client = createApiClient({ shopId: '1', timeoutMs: 50, onNetworkError, fetch: hanging });
    await expect(client.get('/slow')).rejects.toMatchObject({ code: 'NETWORK' });
    expect(onNetworkError).toHaveBeenCalledOnce();
  });

  it("picks the message: msg, else the first field error as 'field message', else error.message", () => {
    expect(errorMessage({ msg: 'Coupon expired' })).toBe('Coupon expired');
    expect(errorMessage({ errors: [{ field: 'email', message: 'is invalid' }] })).toBe('email is invalid');
    expect(errorMessage({ error: { message: 'boom' } })).toBe('boom');
  });

  it('leaves empty query values out', () => {
    expect(toQueryString({ a: null, b: '', c: 0 })).toBe('?b=&c=0');
  });
});
