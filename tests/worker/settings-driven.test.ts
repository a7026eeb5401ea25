import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import settings from '../../kv-seed/settings.json';
import { forgetShopSettings } from '../../worker/content/service.ts';
import { US_HOST, page } from './helpers.ts';

async function withSettings(change: Record<string, unknown>) {
  await env.SETTINGS.put('shop-settings', JSON.stringify({ ...settings, ...change }));
  forgetShopSettings();
}

afterEach(async () => {
  await withSettings({});
});

describe('pages follow the shop settings', () => {
  it('shows the shop name from settings in the header, footer and titles once the cache refreshes', async () => {
    await withSettings({ SHOP_NAME: 'PartsPoint' });
    const { html } = await page(`${US_HOST}/about`);
    expect(html).toContain('<a class="logo" href="/">PartsPoint</a>');
    expect(html).toContain('PartsPoint. All rights reserved.');
    expect(html).toContain('<title>About Us | PartsPoint</title>');
    expect(html).toContain('data-shop-name="PartsPoint"');
  });

  it('renders the global subscribe modal only when the setting turns it on', async () => {
    expect((await page(`${US_HOST}/`)).html).not.toContain('data-island="SubscribeModal"');
    await withSettings({
      UDP_GLOBAL_MODAL_CONFIG: { subscribe: true, marketingScriptUrl: 'https://mkt.example/tag.js' },
    });
    const { html } = await page(`${US_HOST}/`);
    expect(html).toContain('data-island="SubscribeModal"');
    expect(html).not.toContain('data-marketing-script');
  });

  it('loads the marketing script lazily only when the modal is explicitly off and a script is configured', async () => {
    expect((await page(`${US_HOST}/`)).html).not.toContain('data-marketing-script');
    await withSettings({
      UDP_GLOBAL_MODAL_CONFIG: { subscribe: false, marketingScriptUrl: 'https://mkt.example/tag.js' },
    });
    expect((await page(`${US_HOST}/`)).html).toContain('data-marketing-script="https://mkt.example/tag.js"');
    await withSettings({ UDP_GLOBAL_MODAL_CONFIG: { marketingScriptUrl: 'https://mkt.example/tag.js' } });
    expect((await page(`${US_HOST}/`)).html).not.toContain('data-marketing-script');
  });

  it('keeps serving pages when the settings in KV are malformed', async () => {
    await env.SETTINGS.put('shop-settings', '{"SHOP_NAME": 42, "NAV_BAR_BACKGROUND": "red;}"');
    forgetShopSettings();
    const { status, html } = await page(`${US_HOST}/`);
    expect(status).toBe(200);
    expect(html).toContain('<a class="logo" href="/">AutoHaven</a>');
  });
});
