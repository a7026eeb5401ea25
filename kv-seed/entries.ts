import { KV_KEY } from '../shared/kv-keys.ts';
import settings from './settings.json' with { type: 'json' };
import pageTitles from './page-titles.json' with { type: 'json' };
import campaign from './campaign.json' with { type: 'json' };
import contentConfigs from './content-configs.json' with { type: 'json' };
import fixedContent from './fixed-content-config.json' with { type: 'json' };
import blackFriday from './campaigns/black-friday-cyber-monday-unbeatable-offer.json' with { type: 'json' };
import amazingOffers from './campaigns/amazing-offers-rolling-in.json' with { type: 'json' };
import earlyBlackFriday from './campaigns/bf2.json' with { type: 'json' };
import easterSale from './campaigns/easter-sale.json' with { type: 'json' };

/** The campaign pages' configs, one KV entry each (shared/content/campaign.ts). */
export const CAMPAIGN_PAGES = [blackFriday, amazingOffers, earlyBlackFriday, easterSale];

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
    ...CAMPAIGN_PAGES.map((page) => ({ key: KV_KEY.campaignPage(page.slug), value: JSON.stringify(page) })),
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
