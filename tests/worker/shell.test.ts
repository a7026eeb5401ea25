import { describe, expect, it } from 'vitest';
import { DEFAULT_TITLE, TITLED_ROUTES } from '../../shared/routes.ts';
import pageTitles from '../../kv-seed/page-titles.json';
import { CA_HOST, US_HOST, page } from './helpers.ts';
import { member } from './account-helpers.ts';

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1]?.replace(/&amp;/g, '&');
const descriptionOf = (html: string) => html.match(/<meta name="description" content="([^"]*)"/)?.[1];
const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]*)"/)?.[1]?.replace(/&amp;/g, '&');

describe('page shell', () => {
  it('gives each of the 19 listed routes its own title and description from content configs', async () => {
    expect(TITLED_ROUTES).toHaveLength(19);
    for (const route of TITLED_ROUTES) {
      const { status, html } = await page(`${US_HOST}${route}`);
      expect(status, route).toBeLessThan(400);
      const expected = (pageTitles as Record<string, { title: string; description: string }>)[route]!;
      expect(titleOf(html), route).toBe(expected.title.replace('{shopName}', 'AutoHaven'));
      expect(descriptionOf(html), route).toBe(expected.description.replaceAll('{shopName}', 'AutoHaven'));
    }
  });

  it('uses the default title on routes not listed', async () => {
    for (const route of ['/partnership', '/page/return-policy', '/makes', '/help/faq']) {
      const { html } = await page(`${US_HOST}${route}`);
      expect(titleOf(html), route).toBe(DEFAULT_TITLE);
    }
  });

  it('links a canonical URL on the market host without tracking parameters', async () => {
    const { html } = await page(
      `${CA_HOST}/search?keyword=brake+pads&utm_source=mail&gclid=x1&irclickid=abc&debug=false`,
    );
    expect(canonicalOf(html)).toBe(`${CA_HOST}/search?keyword=brake+pads`);
    const home = await page(`${US_HOST}/?fbclid=1`);
    expect(canonicalOf(home.html)).toBe(`${US_HOST}/`);
  });

  it('sets hreflang alternates on every page, to the configured origins, French on the Canadian one', async () => {
    const { html } = await page(`${CA_HOST}/`);
    expect(html).toContain('<link rel="alternate" hrefLang="x-default" href="http://us.shop.localhost:8787/"/>');
    expect(html).toContain('<link rel="alternate" hrefLang="en-us" href="http://us.shop.localhost:8787/"/>');
    expect(html).toContain('<link rel="alternate" hrefLang="en-ca" href="http://ca.shop.localhost:8787/"/>');
    expect(html).toContain('<link rel="alternate" hrefLang="fr-ca" href="http://ca.shop.localhost:8787/fr/"/>');
    const about = await page(`${US_HOST}/about`);
    expect(about.html).toContain(
      '<link rel="alternate" hrefLang="fr-ca" href="http://ca.shop.localhost:8787/fr/about"/>',
    );
  });

  it('carries the viewport and a build marker with id and time', async () => {
    const { html } = await page(`${US_HOST}/about`);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover"/>');
    expect(html).toMatch(/<meta name="build" content="[0-9a-z]+" data-build-time="\d{4}-\d\d-\d\dT[\d:.]+Z"\/>/);
  });

  it('renders routes without layout with neither header nor footer', async () => {
    for (const route of [
      '/login',
      '/retrievePassword',
      '/signUpResult',
      '/checkout/orderResult',
      '/404',
      '/500',
      '/myAccount/orderHistory/orderDetail',
    ]) {
      const { html } = await page(`${US_HOST}${route}`);
      expect(html, route).not.toContain('class="site-header"');
      expect(html, route).not.toContain('class="site-footer');
    }
    const { html } = await page(`${US_HOST}/about`);
    expect(html).toContain('class="site-header"');
    expect(html).toContain('class="site-footer"');
  });

  it('hides the standard header on /myAccount with a type query and on member pages', async () => {
    const headers = { cookie: `token=${await member('shell-header@example.com')}` };
    expect((await page(`${US_HOST}/myAccount`, { headers })).html).toContain('class="site-header"');
    for (const route of ['/myAccount?type=orderHistory', '/myAccount/member', '/myAccount/member/rule']) {
      expect((await page(`${US_HOST}${route}`, { headers })).html, route).not.toContain('class="site-header"');
    }
  });

  it('hides the mobile footer on /myAccount with a type query', async () => {
    const headers = { cookie: `token=${await member('shell-footer@example.com')}` };
    expect((await page(`${US_HOST}/myAccount?type=member`, { headers })).html).toContain('site-footer--no-mobile');
    expect((await page(`${US_HOST}/myAccount`, { headers })).html).not.toContain('site-footer--no-mobile');
  });

  it('sends a visitor from /myAccount to /login with the way back', async () => {
    const response = await page(`${US_HOST}/myAccount?type=orderHistory`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.response.headers.get('location')).toBe(
      '/login?callBackPath=%2FmyAccount&queryStr=%7B%22type%22%3A%22orderHistory%22%7D',
    );
  });

  it('hides the footer newsletter on the three campaign pages only', async () => {
    for (const slug of ['black-friday-cyber-monday-unbeatable-offer', 'amazing-offers-rolling-in', 'bf2']) {
      const { html } = await page(`${US_HOST}/campaign/${slug}`);
      expect(html, slug).not.toContain('data-newsletter-form');
    }
    // The Easter sale is a campaign page too, and keeps the newsletter.
    expect((await page(`${US_HOST}/sale/easter-sale`)).html).toContain('data-newsletter-form');
  });
});
