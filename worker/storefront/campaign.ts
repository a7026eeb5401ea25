import type { SearchRecord } from '../../shared/catalog-types.ts';
import {
  type CampaignPageConfig,
  campaignState,
  countdownRuns,
  withBlackFriday,
} from '../../shared/content/campaign.ts';
import { isForMarket, type ScheduleState } from '../../shared/content/schedule.ts';
import type { MarketId } from '../../shared/markets.ts';
import { backCategoriesByHandle, localWords, productCards } from '../catalog/service.ts';
import * as m from '../../shared/i18n/generated/messages.js';
import { campaignPageConfig, getShopSettings } from '../content/service.ts';
import type { Clock } from '../platform/clock.ts';
import { searchItems } from '../search/service.ts';

/** A campaign page as a shopper sees it (§3 Campaign): its config, its state now and its product ranges. */

/** Product cards per category of a range: one row on a wide screen, then "See all". */
const CARDS_PER_CATEGORY = 5;
/** The site's best sellers a SITE range shows. */
const BEST_SELLERS = 10;

/** A run of product cards on a campaign page: a category of its range, or the whole range. */
export interface CampaignSection {
  heading: string;
  /** Where "See all" leads; null when the section is the whole range. */
  href: string | null;
  cards: SearchRecord[];
}

/** What a campaign page shows: its config (as the settings make it), its state now and its ranges. */
export interface CampaignPage {
  config: CampaignPageConfig;
  state: ScheduleState;
  now: number;
  /** The countdown runs on this page now (it is in the countdown page list, between start and end). */
  countdown: boolean;
  sections: CampaignSection[];
}

/** What a campaign page shows: its config (as the settings make it), its state now and its ranges. */
export interface CampaignPage {
  config: CampaignPageConfig;
  state: ScheduleState;
  now: number;
  /** The countdown runs on this page now (it is in the countdown page list, between start and end). */
  countdown: boolean;
  sections: CampaignSection[];
}

/** The product cards of a campaign's range, live prices in the market, a section per category. */
async function rangeSections(db: D1Database, market: MarketId, config: CampaignPageConfig): Promise<CampaignSection[]> {
  if (config.range === 'ITEMS') {
    const ids = config.rangeDetails.filter((detail): detail is number => typeof detail === 'number');
    return [{ heading: m.campaign_featured_parts(), href: null, cards: await productCards(db, market, ids) }];
  }
  if (config.range === 'SITE') {
    const best = await searchItems(db, market, { sort: 'sales desc', size: BEST_SELLERS });
    return [{ heading: m.campaign_best_sellers(), href: '/search', cards: best.records }];
  }
  const handles = config.rangeDetails.filter((detail): detail is string => typeof detail === 'string');
  const found = await backCategoriesByHandle(db, handles);
  const ordered = handles.flatMap((handle) => found.filter((row) => row.handle === handle));
  const answers = await Promise.all(
    ordered.map((category) => searchItems(db, market, { categoryId: category.id, size: CARDS_PER_CATEGORY })),
  );
  return ordered.map((category, index) => ({
    heading: localWords(category.name),
    href: `/search?category=${category.id}`,
    cards: answers[index]!.records,
  }));
}

/**
 * A campaign page for a market now: null for an unknown slug or a campaign not for this market.
 * An ended campaign shows no products or codes, only where the current deals are.
 */
export async function campaignPage(
  env: { DB: D1Database; SETTINGS: KVNamespace },
  clock: Clock,
  slug: string,
  path: string,
  market: MarketId,
): Promise<CampaignPage | null> {
  const [stored, settings] = await Promise.all([
    campaignPageConfig(env.SETTINGS, clock, slug),
    getShopSettings(env.SETTINGS, clock),
  ]);
  if (!stored || !isForMarket(stored, market)) return null;
  const config = withBlackFriday(stored, settings);
  const now = clock.now();
  const state = campaignState(config, now);
  const sections = state === 'ENDED' ? [] : await rangeSections(env.DB, market, config);
  return { config, state, now, countdown: countdownRuns(config, path, now), sections };
}
