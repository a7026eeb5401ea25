import { KV_KEY } from '../shared/kv-keys.ts';
import settings from './settings.json' with { type: 'json' };
import pageTitles from './page-titles.json' with { type: 'json' };
import campaign from './campaign.json' with { type: 'json' };
import contentConfigs from './content-configs.json' with { type: 'json' };
import fixedContent from './fixed-content-config.json' with { type: 'json' };

export interface KvEntry {
  key: string;
  value: string;
  metadata?: Record<string, string>;
}

/**
 * Everything the shop keeps in KV, as entries ready for `wrangler kv bulk put` or `put()`.
 * Information pages are passed in because Node and the test runner read files differently.
 */
export function buildSeedEntries(pages: readonly { route: string }[]): KvEntry[] {
  const entries: KvEntry[] = [
    { key: KV_KEY.shopSettings, value: JSON.stringify(settings) },
    { key: KV_KEY.campaign, value: JSON.stringify(campaign) },
    { key: KV_KEY.fixedContent, value: JSON.stringify(fixedContent) },
  ];
  for (const [key, config] of Object.entries(contentConfigs)) {
    entries.push({ key: KV_KEY.contentConfig(key), value: JSON.stringify(config), metadata: { type: config.type } });
  }
  for (const [urlPattern, meta] of Object.entries(pageTitles)) {
    entries.push({ key: KV_KEY.urlContentConfig(urlPattern), value: JSON.stringify({ urlPattern, ...meta }) });
  }
  for (const page of pages) {
    entries.push({ key: KV_KEY.pageContent(page.route), value: JSON.stringify(page) });
  }
  return entries;
}
