/** Campaign pages' configs in KV (§3 Campaign): validated and cached 30 s, and the pages the sitemap lists. */
import {
  type CampaignPageConfig,
  campaignHref,
  campaignPageSchema,
  campaignState,
} from '../../shared/content/campaign.ts';
import { isForMarket } from '../../shared/content/schedule.ts';
import type { MarketId } from '../../shared/markets.ts';
import { caches } from '../platform/caches.ts';
import type { Clock } from '../platform/clock.ts';
import { log } from '../platform/log.ts';
import { contentStore } from './kv-store.ts';
import { contentInFrench, withFrenchOf } from '../../shared/content/french.ts';
import { currentLocale } from '../../shared/i18n/current.ts';

/**
 * A campaign page's config from KV, validated; null for an unknown slug or a config that does not
 * validate (logged, so a bad edit shows as a missing page rather than a broken one). Cached 30 s
 * like the running campaign (§9 Campaign cache); forgetCampaign() forgets both.
 */
export async function campaignPageConfig(
  kv: KVNamespace,
  clock: Clock,
  slug: string,
): Promise<CampaignPageConfig | null> {
  const config = await caches.campaignPages.get(slug, clock, async () => {
    const raw = await contentStore(kv).campaignPage(slug);
    if (raw === null) return null;
    const parsed = campaignPageSchema.safeParse(raw);
    // The merchandiser's French twins (titleFr, introFr, a banner's altFr, a code's valueFr) kept beside.
    if (parsed.success) return withFrenchOf(parsed.data, raw);
    log.error('campaign page config is not valid; the page answers 404', undefined, { slug });
    return null;
  });
  return config && currentLocale() === 'fr' ? contentInFrench(config) : config;
}

/**
 * The campaign pages a market's shoppers can open now or soon (live or upcoming, for the market), by
 * their address, for the sitemap: an ended campaign is left out.
 */
export async function listedCampaignPaths(kv: KVNamespace, clock: Clock, market: MarketId): Promise<string[]> {
  const slugs = (await contentStore(kv).campaignPageSlugs()).filter((slug) => /^[a-z0-9-]{1,80}$/.test(slug));
  const configs = await Promise.all(slugs.map((slug) => campaignPageConfig(kv, clock, slug)));
  return slugs.flatMap((slug, index) => {
    const config = configs[index];
    if (!config || !isForMarket(config, market) || campaignState(config, clock.now()) === 'ENDED') return [];
    return [campaignHref(slug)];
  });
}
