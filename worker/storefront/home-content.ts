/**
 * What the home page shows now: its content configs read from KV (through the 5-minute content
 * cache), each validated with its shared schema and cut to what is live in the market. A config or
 * item that does not parse is left out with a log line, so a bad edit costs one block, never the page.
 */
import type { z } from 'zod';
import type { SearchRecord } from '../../shared/catalog-types.ts';
import {
  DEFAULT_HOME_SECTIONS,
  announcementItem,
  bannerItemSchema,
  discountWindowConfig,
  frontCategoryItem,
  homePageConfig,
  importantCategoryBannerItem,
  itemGroupConfig,
  mobileBannerItem,
  topDealsConfig,
  type BannerItem,
  type DiscountWindowConfig,
  type FrontCategoryItem,
  type HomeSection,
  type TopDealsConfig,
} from '../../shared/content/home.ts';
import { isShown } from '../../shared/content/schedule.ts';
import type { MarketId } from '../../shared/markets.ts';
import { homePageBrands, productCards, type Brand } from '../catalog/service.ts';
import { caches } from '../platform/caches.ts';
import type { Clock } from '../platform/clock.ts';
import { log } from '../platform/log.ts';
import { freeShippingPromise } from '../promotions/service.ts';
import { announcementsFor, contentConfig, getShopSettings, type Announcement } from '../content/service.ts';

/** The most products the top deals row shows. */
const TOP_DEALS_LIMIT = 12;

export interface HomeContent {
  sections: readonly HomeSection[];
  announcements: Announcement[];
  banners: BannerItem[];
  mobileBanners: BannerItem[];
  categories: FrontCategoryItem[];
  topDeals: { title: string; cards: SearchRecord[] } | null;
  discountWindow: DiscountWindowConfig | null;
  importantBanners: BannerItem[];
  brands: Brand[];
  /** The server's clock when the page was read, for the countdown's first render. */
  now: number;
}

export interface HomeBindings {
  DB: D1Database;
  SETTINGS: KVNamespace;
  SHOP_ID?: string;
}

/** The configs' KV keys (`content-config:<key>`). */
const KEY = {
  announcement: 'announcement',
  banner: 'banner',
  mobileBanner: 'mobile-banner',
  frontCategory: 'front-category',
  topDeals: 'top-deals',
  itemGroup: 'item-group',
  discountWindow: 'discount-window',
  importantBanner: 'important-category-banner',
  homePage: 'home-page',
} as const;

/**
 * Parsed configs by the cached value they were read as (the content cache hands the same object to every request
 * until it reloads), so each parses once per load rather than on every page. Callers never change what they get.
 */
const parsedOnce = new WeakMap<object, Map<z.ZodType, unknown>>();

function once<R>(value: unknown, schema: z.ZodType, parse: () => R): R {
  if (typeof value !== 'object' || value === null) return parse();
  let bySchema = parsedOnce.get(value);
  if (!bySchema) {
    bySchema = new Map();
    parsedOnce.set(value, bySchema);
  }
  if (!bySchema.has(schema)) bySchema.set(schema, parse());
  return bySchema.get(schema) as R;
}

/** A whole config parsed with its schema, or null (logged) when it does not parse. */
function parsed<T extends z.ZodType>(key: string, value: unknown, schema: T): z.infer<T> | null {
  return once(value, schema, () => parseConfig(key, value, schema));
}

function parseConfig<T extends z.ZodType>(key: string, value: unknown, schema: T): z.infer<T> | null {
  if (value === null || value === undefined) return null;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  log.warn('content config left out: it does not parse', { key, issue: result.error.issues[0]?.message });
  return null;
}

/** The items of a list config that parse (each bad one logged and left out). */
/**
 * A banner placed at the top of a category or collection page (it names a `category` or `handle`) is drawn wide for
 * that page, its words in the picture; the home page's grid shows the other important category banners.
 */
const homeBannersOf = new WeakMap<object, unknown>();

function homeBanners(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  let kept = homeBannersOf.get(value);
  if (!kept) {
    const items = (value as { items?: unknown }).items;
    const pageTop = (raw: unknown) => typeof raw === 'object' && raw !== null && ('category' in raw || 'handle' in raw);
    kept = { ...value, items: Array.isArray(items) ? items.filter((raw) => !pageTop(raw)) : items };
    homeBannersOf.set(value, kept);
  }
  return kept;
}

function parsedItems<T extends z.ZodType>(key: string, value: unknown, item: T): z.infer<T>[] {
  return once(value, item, () => parseItems(key, value, item));
}

function parseItems<T extends z.ZodType>(key: string, value: unknown, item: T): z.infer<T>[] {
  const items = (value as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((raw, index) => {
    const result = item.safeParse(raw);
    if (result.success) return [result.data];
    log.warn('content item left out: it does not parse', { key, index, issue: result.error.issues[0]?.message });
    return [];
  });
}

/** The sections to show: the `home-page` config's list, or every block when it is missing or bad. */
function sectionsOf(value: unknown): readonly HomeSection[] {
  return parsed(KEY.homePage, value, homePageConfig)?.sections ?? DEFAULT_HOME_SECTIONS;
}

/** The item ids top deals list: its own, then its item group's, without repeats. */
function topDealIds(deals: TopDealsConfig, groups: unknown): number[] {
  const group = deals.itemGroup
    ? parsed(KEY.itemGroup, groups, itemGroupConfig)?.groups.find((entry) => entry.key === deals.itemGroup)
    : undefined;
  return [...new Set([...(deals.itemIds ?? []), ...(group?.itemIds ?? [])])].slice(0, TOP_DEALS_LIMIT);
}

/** Top deals' cards with live prices; shoppers arriving within the same second share one read. */
function topDealCards(db: D1Database, clock: Clock, market: MarketId, ids: number[]): Promise<SearchRecord[]> {
  return caches.recentHomeCards.get(`${market} ${ids.join(',')}`, clock, () => productCards(db, market, ids));
}

/** The free-shipping promise for the announcement bar; shoppers arriving within the same second share one read. */
function freeShippingOf(db: D1Database, clock: Clock, market: MarketId, now: number) {
  return caches.recentHomeCards.get(`free-shipping ${market}`, clock, () => freeShippingPromise(db, market, now));
}

/**
 * Reads everything the home page needs in one parallel round (the configs, the market's free-shipping
 * promise, the shop settings), then top deals' product cards and the home page brands, which blocks
 * left out of the section list do not read.
 */
export async function homeContent(env: HomeBindings, clock: Clock, market: MarketId): Promise<HomeContent> {
  const now = clock.now();
  const config = (key: string) => contentConfig(env.SETTINGS, clock, key);
  const [page, announcement, banner, mobileBanner, category, deals, groups, window, important, freeShipping, settings] =
    await Promise.all([
      config(KEY.homePage),
      config(KEY.announcement),
      config(KEY.banner),
      config(KEY.mobileBanner),
      config(KEY.frontCategory),
      config(KEY.topDeals),
      config(KEY.itemGroup),
      config(KEY.discountWindow),
      config(KEY.importantBanner),
      freeShippingOf(env.DB, clock, market, now),
      getShopSettings(env.SETTINGS, clock),
    ]);
  const sections = sectionsOf(page);
  const wants = (section: HomeSection) => sections.includes(section);
  const shown = <T extends Parameters<typeof isShown>[0]>(items: T[]) =>
    items.filter((item) => isShown(item, now, market));
  const topDeals = parsed(KEY.topDeals, deals, topDealsConfig);
  const liveDeals = wants('top-deals') && topDeals && isShown(topDeals, now, market) ? topDeals : null;
  const discountWindow = parsed(KEY.discountWindow, window, discountWindowConfig);
  const [cards, brands] = await Promise.all([
    liveDeals ? topDealCards(env.DB, clock, market, topDealIds(liveDeals, groups)) : [],
    wants('brands') ? homePageBrands(env.DB, clock, Number(env.SHOP_ID) || 1) : [],
  ]);
  return {
    sections,
    announcements: announcementsFor(parsedItems(KEY.announcement, announcement, announcementItem), {
      now,
      market,
      freeShipping,
      values: { returnWindowDays: String(settings.RETURN_WINDOW_DAYS) },
    }),
    banners: shown(parsedItems(KEY.banner, banner, bannerItemSchema)),
    mobileBanners: shown(parsedItems(KEY.mobileBanner, mobileBanner, mobileBannerItem)),
    categories: shown(parsedItems(KEY.frontCategory, category, frontCategoryItem)),
    topDeals: liveDeals && cards.length > 0 ? { title: liveDeals.title, cards } : null,
    discountWindow: discountWindow?.active && isShown(discountWindow, now, market) ? discountWindow : null,
    importantBanners: shown(parsedItems(KEY.importantBanner, homeBanners(important), importantCategoryBannerItem)),
    brands,
    now,
  };
}
