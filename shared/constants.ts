/** Business constants and limits of spec §9, written once and imported everywhere. */
import * as m from './i18n/generated/messages.js';

export const REQUEST_TIMEOUT_MS = 10_000;
export const BREAKPOINT_FOOTER = 1100;
export const BREAKPOINT_HEADER = 960;
export const BREAKPOINT_SMALL = 768;
export const NEWSLETTER_EMAIL_MAX = 55;
export const NEWSLETTER_INPUT_MAX_LENGTH = 128;
export const EXPOSURE_FLUSH_MS = 1000;
export const EXPOSURE_CHUNK = 50;
export const IMAGE_RETRY_COUNT = 3;
export const IMAGE_RETRY_DELAY_MS = 1500;
export const SEARCH_DEBOUNCE_MS = 300;
export const SHOP_SETTINGS_DEBOUNCE_MS = 500;
export const CAMPAIGN_CACHE_MS = 30_000;
export const SHOP_SETTINGS_CACHE_MS = 5 * 60_000;
export const DEBUG_COOKIE_SECONDS = 7200;
export const COLLAPSIBLE_MAX_HEIGHT_PX = 2000;
export const RECENTLY_VIEWED_LIMIT = 10;
export const USER_ID_COOKIE_SECONDS = 2_592_000;
export const FIRST_VISIT_SECONDS = 86_400;
export const AB_TEST_COOKIE_SECONDS = 604_800;
/** Share of visitors in group A (then split evenly into A1 and A2); the rest are B. */
export const AB_TEST_A_SHARE = 0.7;
export const SEARCH_PAGE_SIZE = 20;
export const DEFAULT_RATING = 4.6;
export const NOTICE_AUTO_CLOSE_MS = 1500;
export const COPYRIGHT_START_YEAR = 2022;
export const PROMO_TEXT = 'Instantly SAVE up to 60% on Add-on items below.';

/** The promo text (§9) in the language being spoken. */
export const promoText = (): string => m.promo_addon();
export const PERCENT_OFF_BADGE_MIN = 10;
export const SUPPORT_HOURS = 'Mon-Sun, 7*24h';

/** The support hours in the language being spoken (the spec's words in English). */
export function supportHours(): string {
  return m.support_hours();
}

/** Cookie names the shop sets or reads at the edge. */
export const COOKIE = {
  visitorKey: 'visitor_key',
  firstVisit: 'first_visit',
  debug: 'debug',
  affiliateClickId: 'irclickid',
  referral: 'isReffer',
  year: 'Year',
  cart: 'cart',
  cartId: 'cartId',
  abTestGroup: 'ab_test_group',
  newsletterEmail: 'subscribe_email',
  /** A review invitation's token, per item (`review_invitation_<itemId>`), moved out of the link's address. */
  reviewInvitation: 'review_invitation',
} as const;

/** Sort options of §9, in display order. */
export const SORT_OPTIONS = [
  { label: 'Best Match', value: '' },
  { label: 'Best Selling', value: 'sales desc' },
  { label: 'Lowest Price', value: 'discountMinPrice asc' },
  { label: 'Highest Price', value: 'discountMinPrice desc' },
  { label: 'Best Rating', value: 'reviewRating desc' },
  { label: 'Most Reviews', value: 'reviewCount desc' },
] as const;

/** A sort option's label in the language being spoken (the spec's words in English). */
export function sortLabel(value: (typeof SORT_OPTIONS)[number]['value']): string {
  const labels = {
    '': m.sort_best_match,
    'sales desc': m.sort_best_selling,
    'discountMinPrice asc': m.sort_lowest_price,
    'discountMinPrice desc': m.sort_highest_price,
    'reviewRating desc': m.sort_best_rating,
    'reviewCount desc': m.sort_most_reviews,
  };
  return labels[value]();
}

/** Page types used for tracking (§2 Shell behaviour). */
export const PAGE_TYPES = [
  'home',
  'category list',
  'campaign list',
  'search results',
  'product detail',
  'shopping cart',
  'campaign',
  'collection',
  'other',
] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/**
 * When an island hydrates: as soon as the page loads (its scripts preloaded), once it comes near
 * the viewport, or when the browser is idle. Below-the-fold islands wait, so the first screen is
 * interactive sooner.
 */
export const HYDRATE_MODES = ['load', 'visible', 'idle'] as const;
export type HydrateMode = (typeof HYDRATE_MODES)[number];

/** Where the shop's public stored files are served: a file's key follows it. */
export const MEDIA_PATH = '/media/';
