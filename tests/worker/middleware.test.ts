import { describe, expect, it } from 'vitest';
import { US_HOST, api, cookiesOf, page, shop } from './helpers.ts';

describe('edge middleware', () => {
  it('gives a new visitor a visitor key and a one-day first-visit flag', async () => {
    const response = await shop(`${US_HOST}/about`);
    const cookies = cookiesOf(response);
    expect(cookies.visitor_key).toMatch(/^visitor_key=[0-9a-f-]{36};/);
    expect(cookies.first_visit).toContain('Max-Age=86400');
  });

  it('keeps a returning visitor’s key', async () => {
    const response = await shop(`${US_HOST}/about`, { headers: { cookie: 'visitor_key=abcdef12-3456' } });
    expect(cookiesOf(response).visitor_key).toBeUndefined();
  });

  it('turns debug on with ?debug=true for 7200 s and shows the panel', async () => {
    const { response, html } = await page(`${US_HOST}/?debug=true`);
    expect(cookiesOf(response).debug).toContain('Max-Age=7200');
    expect(html).toContain('data-debug-panel');
    expect(html).toMatch(/data-debug="market">US \(2022, USD\)/);
    expect(html).toMatch(/data-debug="ab">(A1|A2|B)</);
  });

  it('keeps debug on from the cookie, and ignores other debug values', async () => {
    expect((await page(`${US_HOST}/about`, { headers: { cookie: 'debug=true' } })).html).toContain('data-debug-panel');
    const other = await page(`${US_HOST}/about?debug=yes`);
    expect(other.status).toBe(200);
    expect(other.html).not.toContain('data-debug-panel');
    expect(cookiesOf(other.response).debug).toBeUndefined();
  });

  it('saves a valid irclickid in a cookie and ignores a malformed one', async () => {
    expect(cookiesOf(await shop(`${US_HOST}/?irclickid=Abc-123_x`)).irclickid).toMatch(/^irclickid=Abc-123_x;/);
    const bad = await shop(`${US_HOST}/?irclickid=${encodeURIComponent('<script>')}`);
    expect(bad.status).toBe(200);
    expect(cookiesOf(bad).irclickid).toBeUndefined();
  });

  it('resets the referral flag, cart and cart id when the Year cookie is absent', async () => {
    const { response, html } = await page(`${US_HOST}/`, { headers: { cookie: 'isReffer=1; cart=abc; cartId=42' } });
    const cookies = cookiesOf(response);
    for (const name of ['isReffer', 'cart', 'cartId']) expect(cookies[name], name).toMatch(/Max-Age=0/);
    expect(html).toContain('data-reset-cart="true"');
  });

  it('leaves the referral for the next page when an API call comes first, so it can drop the local cart', async () => {
    const { response } = await api(`${US_HOST}/order/public/buyer/cart/v2`, {
      headers: { cookie: 'isReffer=1; cartId=42' },
    });
    expect(cookiesOf(response).isReffer).toBeUndefined();
    const next = await page(`${US_HOST}/`, { headers: { cookie: 'isReffer=1; cartId=42' } });
    expect(cookiesOf(next.response).isReffer).toMatch(/Max-Age=0/);
    expect(next.html).toContain('data-reset-cart="true"');
  });

  it('leaves the referral alone while the Year cookie is present', async () => {
    const { response, html } = await page(`${US_HOST}/`, { headers: { cookie: 'isReffer=1; Year=2019; cartId=42' } });
    expect(cookiesOf(response).cartId).toBeUndefined();
    expect(html).not.toContain('data-reset-cart');
  });

  it('renders the page despite malformed cookies and an oversized query', async () => {
    const cookie = 'visitor_key=%E0%A4%A; debug=%%%; =novalue; ;;; isReffer';
    const big = `q=${'x'.repeat(6000)}`;
    const { status, html } = await page(`${US_HOST}/about?${big}&debug=%ZZ`, { headers: { cookie } });
    expect(status).toBe(200);
    expect(html).toContain('</html>');
  });

  it('sets the security headers on pages and API answers', async () => {
    for (const path of ['/', '/infra/public/shop-setting']) {
      const response = await shop(`${US_HOST}${path}`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });
});
