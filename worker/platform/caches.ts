import type { JWTVerifyGetKey } from 'jose';
import { CAMPAIGN_CACHE_MS, SHOP_SETTINGS_CACHE_MS } from '../../shared/constants.ts';
import type { RenderedPart } from './render/markup-cache.ts';
import { recentReads } from './recent-reads.ts';
import { TtlCache } from './ttl-cache.ts';

const FIVE_MINUTES = 5 * 60_000;

/** Header or footer markup, kept while the inputs it was drawn from are the same objects. */
export interface ChromeMarkup extends RenderedPart {
  inputs: readonly unknown[];
}

/**
 * Every per-isolate memory cache of the Worker, by name, with its lifetime and size. Each has
 * one reader, named here, whose loader gives the type of what it holds; platform does not know
 * the domains' types. What stays longer than a request stays here, so it can be seen in one place.
 */
export const caches = {
  /** Shop settings from KV, 5 minutes (content/service.ts). */
  shopSettings: new TtlCache(SHOP_SETTINGS_CACHE_MS, 4),
  /** The running campaign config, 30 s: KV would take a minute or more to show a change (content/service.ts). */
  campaign: new TtlCache(CAMPAIGN_CACHE_MS, 2),
  /** Each campaign page's config by slug, 30 s like the running campaign (content/campaign.ts). */
  campaignPages: new TtlCache(CAMPAIGN_CACHE_MS, 50),
  /** Titles and descriptions of the titled routes, by market and path (content/service.ts). */
  pageMeta: new TtlCache(SHOP_SETTINGS_CACHE_MS),
  /** Content configs and the fixed content of every page (content/service.ts). */
  contentConfigs: new TtlCache(SHOP_SETTINGS_CACHE_MS, 100),
  /** Information and policy pages with the shop's contacts filled in (content/service.ts). */
  infoPages: new TtlCache(SHOP_SETTINGS_CACHE_MS, 100),
  /** The brand list per shop, 5 minutes: brands change with catalog loads only (catalog/browse.ts). */
  brands: new TtlCache(FIVE_MINUTES, 4),
  /** The makes with the most parts, 5 minutes (vehicles/service.ts). */
  topMakes: new TtlCache(FIVE_MINUTES, 2),
  /** A tax service's calculation per identical request, 5 minutes: checkout quotes often (tax/quote.ts). */
  taxCalculations: new TtlCache(FIVE_MINUTES, 200),
  /** Identical product lookups in a rush share one answer (recent-reads.ts, catalog/product-data.ts). */
  recentProducts: recentReads(200),
  /** The home page's product rows and free-shipping promise in a rush share one answer (content/home-content.ts). */
  recentHomeCards: recentReads(16),
  /** Identical searches in a rush share one answer (recent-reads.ts, search/service.ts). */
  recentSearches: recentReads(200),
  /** Part words and categories that typos are corrected to, 10 minutes or a catalog change (search/vocabulary.ts). */
  catalogWords: recentReads(2, 10 * 60_000),
  /** The parts each category lists per market, for the fit filter's hidden count, 10 minutes (search/service.ts). */
  listedCounts: recentReads(500, 10 * 60_000),
  /**
   * One key set per identity provider's URL: jose keeps fetched keys inside it, so a provider is
   * called only when its keys are stale or a token names an unknown key id (oidc.ts).
   */
  oidcKeySets: new Map<string, JWTVerifyGetKey>(),
  /** The online wallet's OAuth access token per app, until a minute before it expires (payments/paypal-api.ts). */
  paypalTokens: new Map<string, { token: string; expires: number }>(),
  /** The online wallet's webhook signing keys by certificate URL, an hour (payments/paypal-webhook.ts). */
  paypalCerts: new Map<string, { key: CryptoKey; expires: number }>(),
  /** Rendered header and footer per variant (views/layout/Chrome.tsx). */
  chromeMarkup: new Map<string, ChromeMarkup>(),
};
