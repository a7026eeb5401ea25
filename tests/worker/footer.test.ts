import { describe, expect, it } from 'vitest';
import { CA_HOST, US_HOST, page } from './helpers.ts';

describe('footer', () => {
  it('has the desktop columns and the red newsletter band', async () => {
    const { html } = await page(`${US_HOST}/`);
    for (const heading of ['Contact us', 'Popular makes', 'Customer service', 'Information', 'Follow us']) {
      expect(html).toContain(`<h2>${heading}</h2>`);
    }
    expect(html).toContain('class="newsletter-band"');
    expect(html).toMatch(/<input[^>]*maxLength="128"/);
  });

  it('has mobile collapsible sections with Contact us open and the others closed', async () => {
    const { html } = await page(`${US_HOST}/`);
    expect(html).toContain('<details class="footer-section" open=""><summary>Contact us</summary>');
    for (const title of ['Popular makes', 'Customer service', 'Information']) {
      expect(html).toContain(`<details class="footer-section"><summary>${title}</summary>`);
    }
    expect(html).toContain('Join our newsletter');
    expect(html).toContain('Subscribe to unlock amazing deals');
  });

  it('offers tel and mailto links on mobile, copy buttons and the support hours', async () => {
    const { html } = await page(`${US_HOST}/`);
    expect(html).toContain('href="tel:+18885550142"');
    expect(html).toContain('href="mailto:support@autohaven.com"');
    expect(html).toContain('data-island="CopyText"');
    expect(html).toContain('Mon-Sun, 7*24h');
  });

  it('sends a visitor’s Track order to /order/track and My points to /login', async () => {
    const { html } = await page(`${US_HOST}/`);
    expect(html).toContain('<a href="/order/track">Track order</a>');
    expect(html).toContain('<a href="/login">My points</a>');
  });

  it('links the popular makes and their Show more target', async () => {
    const { html } = await page(`${US_HOST}/`);
    for (const make of ['chevrolet', 'ford', 'gmc', 'dodge', 'toyota']) expect(html).toContain(`href="/makes/${make}"`);
    expect(html).toContain('<a href="/makes">Show more</a>');
  });

  it('runs the copyright from 2022 to this year with two legal links', async () => {
    const { html } = await page(`${CA_HOST}/`);
    expect(html).toContain(`© 2022-${new Date().getUTCFullYear()} AutoHaven. All rights reserved.`);
    expect(html).toContain('href="/page/terms-of-use"');
    expect(html).toContain('href="/page/privacy-policy"');
  });

  it('links the four social networks in both header and footer', async () => {
    const { html } = await page(`${US_HOST}/`);
    for (const network of ['facebook', 'instagram', 'youtube', 'x']) {
      const count = html.split(`data-social="${network}"`).length - 1;
      expect(count, network).toBeGreaterThanOrEqual(3);
    }
  });
});
