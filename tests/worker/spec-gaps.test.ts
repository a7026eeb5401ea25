import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { KV_KEY } from '../../shared/kv-keys.ts';
import { forgetCampaign } from '../../worker/content/service.ts';
import { CA_HOST, US_HOST, api, page } from './helpers.ts';

/**
 * The spec's last gaps (issue 42): the stored files' address call of §7, and the running campaign's CART
 * banner on the cart page (§3 banners: code and value).
 */

describe('GET /infra/public/buyer/file/address', () => {
  it("answers where the shop's public files are served, on each site's configured origin", async () => {
    const us = await api<{ address: string }>(`${US_HOST}/infra/public/buyer/file/address`);
    expect(us.status).toBe(200);
    expect(us.body.data.address).toBe(`${env.US_ORIGIN}/media/`);
    const ca = await api<{ address: string }>(`${CA_HOST}/infra/public/buyer/file/address`, {
      headers: { host: 'evil.example' },
    });
    expect(ca.body.data.address).toBe(`${env.CA_ORIGIN}/media/`);
  });
});

describe("the running campaign's CART banner", () => {
  const HOUR = 3600_000;
  const running = (overrides: Record<string, unknown> = {}) =>
    env.SETTINGS.put(
      KV_KEY.campaign,
      JSON.stringify({
        active: true,
        slug: 'cart-week',
        startTime: new Date(Date.now() - HOUR).toISOString(),
        endTime: new Date(Date.now() + HOUR).toISOString(),
        banners: [
          { code: 'HOME_TOP', value: 'Home words' },
          { code: 'CART', value: 'Cart week: 15% off brakes with BRAKE15' },
        ],
        ...overrides,
      }),
    );
  afterEach(async () => {
    await env.SETTINGS.delete(KV_KEY.campaign);
    forgetCampaign();
  });

  it('shows on the cart page while the campaign is live, linking to its page', async () => {
    await running();
    forgetCampaign();
    const { html } = await page(`${US_HOST}/shopCart`);
    expect(html).toMatch(
      /<a class="cart-campaign" href="\/campaign\/cart-week" data-campaign-banner="CART">Cart week: 15% off brakes/,
    );
    // Only the cart page carries it.
    expect((await page(`${US_HOST}/`)).html).not.toContain('data-campaign-banner="CART"');
  });

  it('is not shown before the start, after the end, for another market, or without a CART banner', async () => {
    for (const overrides of [
      { startTime: new Date(Date.now() + HOUR).toISOString() },
      { endTime: new Date(Date.now() - 1000).toISOString(), startTime: new Date(Date.now() - HOUR).toISOString() },
      { active: false },
      { markets: ['ca'] },
      { banners: [{ code: 'HOME_TOP', value: 'Home words' }] },
    ]) {
      await running(overrides);
      forgetCampaign();
      expect((await page(`${US_HOST}/shopCart`)).html, JSON.stringify(overrides)).not.toContain('data-campaign-banner');
    }
  });
});
