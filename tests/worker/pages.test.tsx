import { Hono } from 'hono';
import { Suspense, use } from 'react';
import { describe, expect, it } from 'vitest';
import { INFO_ROUTES } from '../../shared/routes.ts';
import { createApp } from '../../worker/app.ts';
import type { AppEnv } from '../../worker/env.ts';
import { streamHtml } from '../../worker/platform/render/render.tsx';
import { US_HOST, page } from './helpers.ts';
import { env } from 'cloudflare:test';
import { beforeAll } from 'vitest';
import { loadCatalogFixture } from './catalog-fixture.ts';

beforeAll(loadCatalogFixture);

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

describe('pages', () => {
  it('renders every information and policy page with its written content and the shop name', async () => {
    // The blog and the Easter sale have pages of their own (blog.test.ts, campaign-pages.test.ts).
    for (const route of INFO_ROUTES.filter((path) => path !== '/blogs' && path !== '/sale/easter-sale')) {
      const { status, html } = await page(`${US_HOST}${route}`);
      expect(status, route).toBe(200);
      expect(html, route).toMatch(/<article class="info-page"><h1>[^<]+<\/h1>/);
      expect(html, route).not.toMatch(/\{(shopName|phone|email|address)\}/);
      expect((html.match(/<section /g) ?? []).length, route).toBeGreaterThanOrEqual(3);
    }
    expect((await page(`${US_HOST}/about`)).html).toContain('AutoHaven');
  });

  it('lists the evidence each return reason needs on the return policy', async () => {
    const { html } = await page(`${US_HOST}/page/return-policy`);
    for (const reason of [
      'Part no longer needed',
      'Part doesn&#x27;t fit',
      'Received wrong part',
      'Part missing from order',
    ])
      expect(html).toContain(reason);
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    const { status, html } = await page(`${US_HOST}/no/such/page`);
    expect(status).toBe(404);
    expect(html).toContain('data-error-status="404"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it('serves the error pages with their own status', async () => {
    for (const code of [404, 500, 504]) {
      const { status, html } = await page(`${US_HOST}/${code}`);
      expect(status).toBe(code);
      expect(html).toContain(`data-error-status="${code}"`);
    }
  });

  it('answers every §2 route with the shell', async () => {
    const routes = [
      '/',
      '/makes',
      '/makes/chevrolet',
      '/makes/ford',
      '/makes/gmc',
      '/makes/dodge',
      '/makes/toyota',
      '/categories',
      '/parts',
      '/search',
      '/collection/winter-ready',
      '/campaign/bf2',
      '/shopCart',
      '/checkout/address',
      '/checkout/orderResult',
      '/login',
      '/createAccount',
      '/retrievePassword',
      '/signUpResult',
      '/sign-up-discount',
      '/myAccount',
      '/myAccount?type=orderHistory',
      '/myAccount?type=member',
      '/myAccount/member',
      '/myAccount/member/rule',
      '/myAccount/orderHistory/orderDetail',
      '/order/track',
      '/printInvoice',
    ];
    for (const route of routes) {
      const { status, html } = await page(`${US_HOST}${route}`);
      expect(status, route).toBe(200);
      expect(html, route).toMatch(/<h1>[^<]+<\/h1>/);
    }
  });

  it('turns a failure before the shell into the 500 page', async () => {
    const app = createApp();
    function Broken(): never {
      throw new Error('view exploded');
    }
    app.get('/__broken', (c) => c.render(<Broken />));
    const response = await app.fetch(new Request(`${US_HOST}/__broken`), env, ctx);
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('data-error-status="500"');
  });

  it('gives bots the complete document and browsers a streamed one', async () => {
    let release!: (text: string) => void;
    const slow = new Promise<string>((resolve) => {
      release = resolve;
    });
    function Slow() {
      return <p>{use(slow)}</p>;
    }
    const app = new Hono<AppEnv>();
    app.get('/', (c) => {
      c.set('isBot', c.req.header('user-agent')?.includes('Googlebot') ?? false);
      return streamHtml(
        c,
        <html lang="en">
          <body>
            <Suspense fallback={<i>waiting</i>}>
              <Slow />
            </Suspense>
          </body>
        </html>,
      );
    });
    const browser = await app.fetch(new Request(`${US_HOST}/`), env, ctx);
    const reader = browser.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('waiting');
    release('resolved text');
    await reader.cancel();

    const botSlow = app.fetch(
      new Request(`${US_HOST}/`, { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } }),
      env,
      ctx,
    );
    const html = await (await botSlow).text();
    expect(html).toContain('<p>resolved text</p>');
    expect(html).not.toContain('waiting');
  });
});
