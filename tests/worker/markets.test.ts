import { describe, expect, it } from 'vitest';
import { CA_HOST, US_HOST, page } from './helpers.ts';

describe('market by host name', () => {
  it('serves the US market on the us host with dollars', async () => {
    const { html } = await page(`${US_HOST}/`);
    expect(html).toContain('data-market="us"');
    expect(html).toMatch(/in (<!-- -->)?USD/);
  });

  it('serves Canada on any host whose first label is ca', async () => {
    for (const host of [CA_HOST, 'http://ca.example.com', 'http://CA.autohaven.com']) {
      const { html } = await page(`${host}/`);
      expect(html).toContain('data-market="ca"');
    }
  });

  it('treats an unknown host as the US market', async () => {
    const { status, html } = await page('http://canada.example.org/');
    expect(status).toBe(200);
    expect(html).toContain('data-market="us"');
  });

  it('hides the Blog link and answers 404 for /blogs in Canada', async () => {
    const ca = await page(`${CA_HOST}/blogs`);
    expect(ca.status).toBe(404);
    const caHome = await page(`${CA_HOST}/`);
    expect(caHome.html).not.toContain('href="/blogs"');
    const us = await page(`${US_HOST}/blogs`);
    expect(us.status).toBe(200);
    expect((await page(`${US_HOST}/`)).html).toContain('href="/blogs"');
  });

  it('shows the market’s own payment icons', async () => {
    const us = (await page(`${US_HOST}/`)).html;
    const ca = (await page(`${CA_HOST}/`)).html;
    expect(us).toContain('data-payment="discover"');
    expect(us).toContain('data-payment="diners"');
    expect(ca).not.toContain('data-payment="discover"');
    expect(ca).not.toContain('data-payment="diners"');
    expect(ca).toContain('data-payment="visa"');
  });
});
