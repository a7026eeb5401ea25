/**
 * The campaign config of §3 (active flag, countdown page list, countdown start and end, start and
 * end time, range, range details, banners with code and value) and a campaign page's config: the
 * same shape plus its slug, title, hero banners, the promotion codes it advertises and its ranges.
 * One schema for the storefront and, later, the back-office editor; the messages are the editor's.
 */
import { z } from 'zod';
import type { Currency, MarketId } from '../markets.ts';
import { formatMoney } from '../money.ts';
import { endAfterStart, isForMarket, type ScheduleState, scheduleFields, scheduleState } from './schedule.ts';
import * as m from '../i18n/generated/messages.js';
import { currentLocale } from '../i18n/current.ts';
import { formatTag } from '../i18n/format.ts';

export const CAMPAIGN_RANGES = ['SITE', 'CATEGORY', 'ITEMS'] as const;
export type CampaignRange = (typeof CAMPAIGN_RANGES)[number];

/** The Black Friday campaign: the shop settings' Black Friday configs drive its window and code. */
export const BLACK_FRIDAY_SLUG = 'black-friday-cyber-monday-unbeatable-offer';
/** The Easter sale is a campaign page at its own §2 route. */
export const EASTER_SALE_SLUG = 'easter-sale';
export const EASTER_SALE_ROUTE = '/sale/easter-sale';

/** The banner of the running campaign shown in the site-wide countdown strip. */
export const STRIP_BANNER = 'HOME_TOP';
/** The banner the cart page shows while the campaign runs (§3 banners: code CART). */
export const CART_BANNER = 'CART';

export const CAMPAIGN_MSG = {
  title: 'A campaign needs a title.',
  slug: 'A campaign address uses lower-case letters, digits and dashes (at most 80).',
  bannerImage: 'A banner needs an image.',
  bannerMobileImage: 'A banner needs a mobile image.',
  bannerAlt: 'Describe the banner image for shoppers who cannot see it.',
  bannerValue: 'A banner needs its words.',
  code: 'A promotion code is 3 to 30 letters, digits, dashes or underscores.',
  codeWords: 'Say what the code gives, for example "15% off brakes".',
  range: 'Choose the range: SITE, CATEGORY or ITEMS.',
  categories: 'List at least one category for a CATEGORY range.',
  items: 'List at least one item id for an ITEMS range.',
  countdownPage: 'A countdown page is a path that starts with /.',
  countdownEndBeforeStart: 'The countdown must end after it starts.',
  ended: 'This offer has ended',
  upcoming: 'Starts',
  get countdownLabel() {
    return m.countdown_ends_in();
  },
  get countdownEnded() {
    return m.countdown_offer_ended();
  },
} as const;

const image = (message: string) => z.string({ error: message }).trim().min(1, message).max(500);
const time = scheduleFields.startTime;

/** A placement's words (§3 banners: code and value), e.g. HOME_TOP or CART. */
export const campaignBannerSchema = z.object({
  code: z.string().trim().min(1).max(40),
  value: z.string({ error: CAMPAIGN_MSG.bannerValue }).trim().min(1, CAMPAIGN_MSG.bannerValue).max(200),
});

/** The §3 fields every campaign has; the running site-wide campaign is exactly these. */
const campaignFields = {
  active: z.boolean().catch(false),
  countdownPageList: z.array(z.string().startsWith('/', CAMPAIGN_MSG.countdownPage)).max(50).default([]),
  countdownStart: time,
  countdownEnd: time,
  startTime: time,
  endTime: time,
  markets: scheduleFields.markets,
  range: z.enum(CAMPAIGN_RANGES, { error: CAMPAIGN_MSG.range }).default('SITE'),
  rangeDetails: z
    .array(z.union([z.string().trim().min(1), z.number().int().positive()]))
    .max(100)
    .default([]),
  banners: z.array(campaignBannerSchema).max(20).default([]),
};

function countdownAfterStart(
  value: { countdownStart?: string | null; countdownEnd?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.countdownStart && value.countdownEnd && Date.parse(value.countdownEnd) <= Date.parse(value.countdownStart))
    ctx.addIssue({ code: 'custom', message: CAMPAIGN_MSG.countdownEndBeforeStart, path: ['countdownEnd'] });
}

function rangeHasDetails(value: { range: CampaignRange; rangeDetails: (string | number)[] }, ctx: z.RefinementCtx) {
  if (value.range === 'CATEGORY' && !value.rangeDetails.some((detail) => typeof detail === 'string'))
    ctx.addIssue({ code: 'custom', message: CAMPAIGN_MSG.categories, path: ['rangeDetails'] });
  if (value.range === 'ITEMS' && !value.rangeDetails.some((detail) => typeof detail === 'number'))
    ctx.addIssue({ code: 'custom', message: CAMPAIGN_MSG.items, path: ['rangeDetails'] });
}

/** The running campaign (KV `campaign`, GET /infra/public/campaign); `slug` names its page. */
export const campaignSchema = z
  .object({
    ...campaignFields,
    slug: z
      .string()
      .regex(/^[a-z0-9-]{1,80}$/, CAMPAIGN_MSG.slug)
      .nullish(),
  })
  .superRefine(endAfterStart)
  .superRefine(countdownAfterStart);
export type Campaign = z.infer<typeof campaignSchema>;

export const heroBannerSchema = z.object({
  image: image(CAMPAIGN_MSG.bannerImage),
  mobileImage: image(CAMPAIGN_MSG.bannerMobileImage),
  alt: z.string({ error: CAMPAIGN_MSG.bannerAlt }).trim().min(1, CAMPAIGN_MSG.bannerAlt).max(200),
});
export type HeroBanner = z.infer<typeof heroBannerSchema>;

export const advertisedCodeSchema = z.object({
  code: z
    .string({ error: CAMPAIGN_MSG.code })
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,30}$/, CAMPAIGN_MSG.code),
  value: z.string({ error: CAMPAIGN_MSG.codeWords }).trim().min(1, CAMPAIGN_MSG.codeWords).max(200),
});
export type AdvertisedCode = z.infer<typeof advertisedCodeSchema>;

/** A campaign page's config (KV `campaign-page:<slug>`): the §3 fields plus what the page shows. */
export const campaignPageSchema = z
  .object({
    ...campaignFields,
    slug: z.string({ error: CAMPAIGN_MSG.slug }).regex(/^[a-z0-9-]{1,80}$/, CAMPAIGN_MSG.slug),
    title: z.string({ error: CAMPAIGN_MSG.title }).trim().min(1, CAMPAIGN_MSG.title).max(120),
    intro: z.string().trim().max(600).default(''),
    heroBanners: z.array(heroBannerSchema).max(5).default([]),
    promotionCodes: z.array(advertisedCodeSchema).max(10).default([]),
  })
  .superRefine(endAfterStart)
  .superRefine(countdownAfterStart)
  .superRefine(rangeHasDetails);
export type CampaignPageConfig = z.infer<typeof campaignPageSchema>;

/** A campaign switched off reads as ended; otherwise its window decides. */
export function campaignState(
  campaign: Pick<Campaign, 'active' | 'startTime' | 'endTime'>,
  now: number,
): ScheduleState {
  return campaign.active ? scheduleState(campaign, now) : 'ENDED';
}

/** Whether the countdown runs now on this path: the campaign is live, the path listed, inside the countdown. */
export function countdownRuns(campaign: Campaign, path: string, now: number): boolean {
  if (campaignState(campaign, now) !== 'LIVE' || !campaign.countdownPageList.includes(path)) return false;
  if (!campaign.countdownEnd || now >= Date.parse(campaign.countdownEnd)) return false;
  return !campaign.countdownStart || now >= Date.parse(campaign.countdownStart);
}

const parsedCampaigns = new WeakMap<object, Campaign | null>();

/** The running campaign validated; null when it does not validate. The same cached object is parsed once. */
export function parseCampaign(raw: unknown): Campaign | null {
  if (!raw || typeof raw !== 'object') return null;
  if (parsedCampaigns.has(raw)) return parsedCampaigns.get(raw) ?? null;
  const parsed = campaignSchema.safeParse(raw);
  const campaign = parsed.success ? parsed.data : null;
  parsedCampaigns.set(raw, campaign);
  return campaign;
}

/** The site-wide countdown strip: its words, when it ends and where it leads. */
export interface CountdownStrip {
  text: string;
  endsAt: string;
  href: string;
}

/** The strip on a page listed in the running campaign's countdown list, while its countdown runs. */
export function countdownStripOf(raw: unknown, path: string, now: number): CountdownStrip | null {
  const campaign = parseCampaign(raw);
  if (!campaign || !countdownRuns(campaign, path, now)) return null;
  const banner = campaign.banners.find((entry) => entry.code === STRIP_BANNER);
  if (!banner || !campaign.countdownEnd) return null;
  return { text: banner.value, endsAt: campaign.countdownEnd, href: campaignHref(campaign.slug ?? null) };
}

/** The cart page's campaign banner: the running campaign's CART words, while it is live in this market. */
export function cartBannerOf(raw: unknown, now: number, market: MarketId): { text: string; href: string } | null {
  const campaign = parseCampaign(raw);
  if (!campaign || campaignState(campaign, now) !== 'LIVE') return null;
  if (!isForMarket(campaign, market)) return null;
  const banner = campaign.banners.find((entry) => entry.code === CART_BANNER);
  return banner ? { text: banner.value, href: campaignHref(campaign.slug ?? null) } : null;
}

/** Where a campaign page lives: the Easter sale at its §2 route, the others under /campaign. */
export function campaignHref(slug: string | null): string {
  if (!slug) return EASTER_SALE_ROUTE;
  return slug === EASTER_SALE_SLUG ? EASTER_SALE_ROUTE : `/campaign/${slug}`;
}

/** The header's Deals link: the running campaign's page while it is live, else the Easter sale. */
export function dealsHref(raw: unknown, now: number): string {
  const campaign = parseCampaign(raw);
  if (!campaign?.slug || campaignState(campaign, now) !== 'LIVE') return EASTER_SALE_ROUTE;
  return campaignHref(campaign.slug);
}

/** The shop settings' Black Friday configs, as the settings parser reads them. */
export interface BlackFridaySettings {
  BLACK_FRIDAY_CONFIG: { active: boolean; startTime: string | null; endTime: string | null };
  BLACK_FRIDAY_2024_CONFIG: { active: boolean; BF_CODE: string };
}

/**
 * The Black Friday page as the settings make it: an active BLACK_FRIDAY_CONFIG sets its window
 * (and the countdown's), an active BLACK_FRIDAY_2024_CONFIG's BF_CODE is the code it advertises first.
 */
export function withBlackFriday(page: CampaignPageConfig, settings: BlackFridaySettings): CampaignPageConfig {
  if (page.slug !== BLACK_FRIDAY_SLUG) return page;
  const window = settings.BLACK_FRIDAY_CONFIG;
  const bf = settings.BLACK_FRIDAY_2024_CONFIG;
  let result = page;
  if (window.active && window.startTime && window.endTime) {
    const times = { startTime: window.startTime, endTime: window.endTime };
    result = { ...result, ...times, countdownStart: window.startTime, countdownEnd: window.endTime };
  }
  const [first, ...rest] = result.promotionCodes;
  if (bf.active && bf.BF_CODE && first)
    result = { ...result, promotionCodes: [{ ...first, code: bf.BF_CODE }, ...rest] };
  return result;
}

/** A campaign time as shoppers read it, in Eastern time: "Nov 27, 2026, 12:00 AM ET" ("27 nov. 2026, 0 h 00 HE"). */
export function campaignTime(iso: string): string {
  const text = new Date(iso).toLocaleString(formatTag(), {
    timeZone: 'America/New_York',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return `${text} ${currentLocale() === 'fr' ? 'HE' : 'ET'}`;
}

/** Amounts in campaign words are written {$75}: each market reads them in its own money ($75.00, CA$75.00). */
export function marketWords(text: string, currency: Currency): string {
  return text.replace(/\{\$(\d{1,6})(?:\.(\d{2}))?\}/g, (_whole, dollars: string, cents?: string) =>
    formatMoney({ cent: Number(dollars) * 100 + Number(cents ?? 0), currency }),
  );
}
