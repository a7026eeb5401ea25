/**
 * What the content editors edit (issue 22 item 4): every §3 content type, the running campaign and
 * each campaign page, each with its KV key, the storefront's own schema, its form's fields, where a
 * preview opens and how long other edge locations take to show a change.
 */
import { z } from 'zod';
import {
  BLOG_BANNER_KEY,
  BLOG_ROUTE,
  blogBannerItemSchema,
  categoryBannerItemSchema,
  IMPORTANT_CATEGORY_BANNER_KEY,
} from '../../shared/content/blog.ts';
import { campaignHref, campaignPageSchema, campaignSchema } from '../../shared/content/campaign.ts';
import {
  announcementItem,
  bannerItemSchema,
  discountWindowConfig,
  frontCategoryItem,
  homePageConfig,
  importantCategoryBannerItem,
  itemGroupConfig,
  mobileBannerItem,
  topDealsConfig,
} from '../../shared/content/home.ts';
import { FRONT_PAGE_PATHS, frontPageItem } from '../../shared/content/front-page.ts';
import { KV_KEY } from '../../shared/kv-keys.ts';

/** How a form field reads and writes its part of the value. */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'select'
  | 'checkbox'
  | 'time'
  | 'markets'
  | 'ids'
  | 'number'
  | 'details'
  | 'lines'
  | 'sections'
  | 'json';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  options?: readonly string[];
  /** The columns of a `lines` field, one line per entry, separated by |. */
  columns?: readonly string[];
  hint?: string;
  /** Shown but not changed here (a campaign page's address is its key). */
  readOnly?: boolean;
  /** The French twin of the field before it (issue 37): read on the French site, empty for the English. */
  french?: boolean;
}

/** The cache in front of an entry: the campaign's 30 s or content's 5 minutes (§9). */
export type CacheKind = 'campaign' | 'content';

export interface ContentEntry {
  /** The entry's address in the console: /admin/content/<id>. */
  id: string;
  label: string;
  kvKey: string;
  cache: CacheKind;
  /** The storefront page that shows it, for the preview. */
  previewPath: string;
  /** The storefront's schema for the whole value. */
  schema: z.ZodType;
  /** Fields of the value itself (a list type has none but its list). */
  fields: readonly FieldSpec[];
  /** A list of scheduled items: the property holding it, and one item's fields. */
  list?: { property: string; fields: readonly FieldSpec[]; scheduled: boolean };
  /** Properties every saved value carries (the content type's name). */
  fixed: Record<string, unknown>;
  /** Fields whose codes must be live promotion codes in the entry's markets. */
  codes?: 'promotionCodes' | 'couponCode';
}

const text = (name: string, label: string, hint?: string): FieldSpec => ({ name, label, kind: 'text', hint });

/** The fields whose words shoppers read: each gets a French twin, `<name>Fr`, after it. */
const WORDS = new Set(['title', 'subtitle', 'alt', 'text', 'name', 'linkText', 'intro']);

/**
 * The fields with the French twin of each one that holds words (issue 37), so a merchandiser writes
 * both languages in one place and publishing in English never loses the French.
 */
const bilingual = (fields: readonly FieldSpec[]): FieldSpec[] =>
  fields.flatMap((field) =>
    WORDS.has(field.name) && !field.readOnly
      ? [field, { name: `${field.name}Fr`, label: `${field.label} (French)`, kind: field.kind, french: true }]
      : [field],
  );
const SCHEDULE: readonly FieldSpec[] = [
  { name: 'startTime', label: 'Starts (UTC)', kind: 'time' },
  { name: 'endTime', label: 'Ends (UTC)', kind: 'time' },
  { name: 'markets', label: 'Markets', kind: 'markets', hint: 'None ticked: both markets.' },
];
const BANNER_FIELDS = [
  text('title', 'Title'),
  text('subtitle', 'Subtitle'),
  text('href', 'Link', '/search?keyword=brakes or https://…'),
  text('image', 'Image', '/static/home/hero-brakes.svg'),
  text('alt', 'Image description'),
];

/** Items of `schema` in a list under `items`, as the storefront parses each one. */
const itemsOf = (item: z.ZodType) => z.object({ type: z.string().optional(), items: z.array(item).max(30) });

function listEntry(
  id: string,
  label: string,
  item: z.ZodType,
  fields: readonly FieldSpec[],
  previewPath = '/',
): ContentEntry {
  return {
    id,
    label,
    kvKey: KV_KEY.contentConfig(id),
    cache: 'content',
    previewPath,
    schema: itemsOf(item),
    fields: [],
    list: { property: 'items', fields: [...bilingual(fields), ...SCHEDULE], scheduled: true },
    fixed: { type: label.toLowerCase() },
  };
}

/**
 * An important category banner shows on the home page (home.ts's shape) and, when it names a
 * category or handle, on that category's page (blog.ts's shape): it must pass the first, and the
 * second when it is aimed at a category.
 */
const importantBanner = importantCategoryBannerItem.superRefine((item, context) => {
  const target = item as { category?: unknown; handle?: unknown };
  if (target.category == null && !target.handle) return;
  const parsed = categoryBannerItemSchema.safeParse(item);
  for (const issue of parsed.success ? [] : parsed.error.issues)
    context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
});

/** §3's "front page": no storefront block reads it yet, so any list of items is kept as written. */

/** The §3 content types, in the spec's order. */
export const CONTENT_TYPES: readonly ContentEntry[] = [
  listEntry('announcement', 'Announcement', announcementItem, [
    text('text', 'Text'),
    text('href', 'Link'),
    { name: 'promise', label: 'Or the promise of', kind: 'select', options: ['', 'free-shipping'] },
  ]),
  {
    id: 'item-group',
    label: 'Item group',
    kvKey: KV_KEY.contentConfig('item-group'),
    cache: 'content',
    previewPath: '/',
    schema: itemGroupConfig,
    fields: [],
    list: {
      property: 'groups',
      fields: bilingual([
        text('key', 'Key', 'brake-deals'),
        text('title', 'Title'),
        { name: 'itemIds', label: 'Item ids', kind: 'ids' },
      ]),
      scheduled: false,
    },
    fixed: { type: 'item group' },
  },
  listEntry('banner', 'Banner', bannerItemSchema, BANNER_FIELDS),
  listEntry('mobile-banner', 'Mobile banner', mobileBannerItem, BANNER_FIELDS),
  {
    id: 'discount-window',
    label: 'Discount window',
    kvKey: KV_KEY.contentConfig('discount-window'),
    cache: 'content',
    previewPath: '/',
    schema: discountWindowConfig,
    fields: bilingual([
      { name: 'active', label: 'Active', kind: 'checkbox' },
      text('title', 'Title'),
      { name: 'text', label: 'Offer text', kind: 'textarea' },
      text('couponCode', 'Coupon code'),
      text('href', 'Link'),
      text('image', 'Image'),
      ...SCHEDULE,
    ]),
    fixed: { type: 'discount window' },
    codes: 'couponCode',
  },
  {
    id: 'home-page',
    label: 'Home page',
    kvKey: KV_KEY.contentConfig('home-page'),
    cache: 'content',
    previewPath: '/',
    schema: homePageConfig,
    fields: [{ name: 'sections', label: 'Sections shown, in order', kind: 'sections' }],
    fixed: { type: 'home page' },
  },
  listEntry('front-category', 'Front category', frontCategoryItem, [
    text('name', 'Name'),
    text('href', 'Link'),
    text('image', 'Image'),
  ]),
  listEntry(
    BLOG_BANNER_KEY,
    'Blog banner',
    blogBannerItemSchema,
    [
      text('image', 'Image'),
      text('mobileImage', 'Mobile image'),
      text('alt', 'Image description'),
      text('href', 'Link'),
    ],
    BLOG_ROUTE,
  ),
  listEntry(
    'front-page',
    'Front page',
    frontPageItem,
    [
      { name: 'path', label: 'Page', kind: 'select', options: FRONT_PAGE_PATHS },
      text('title', 'Title'),
      text('text', 'Words'),
      text('image', 'Image', '/static/home/category-brakes.svg'),
      text('alt', 'Image description'),
      text('href', 'Link', '/search?keyword=brakes'),
      text('linkText', 'Link words'),
    ],
    '/categories',
  ),
  listEntry(IMPORTANT_CATEGORY_BANNER_KEY, 'Important category banner', importantBanner, [
    ...BANNER_FIELDS,
    { name: 'category', label: 'Category id (its page shows it)', kind: 'number' },
    text('handle', 'Or collection / category handle'),
  ]),
  {
    id: 'top-deals',
    label: 'Top deals',
    kvKey: KV_KEY.contentConfig('top-deals'),
    cache: 'content',
    previewPath: '/',
    schema: topDealsConfig,
    fields: bilingual([
      text('title', 'Title'),
      { name: 'itemIds', label: 'Item ids', kind: 'ids', hint: 'Comma-separated: 27, 112, 135' },
      text('itemGroup', 'Item group key'),
      ...SCHEDULE,
    ]),
    fixed: { type: 'top deals' },
  },
];

/** The campaign fields of §3, shared by the running campaign and every campaign page. */
const CAMPAIGN_FIELDS: readonly FieldSpec[] = [
  { name: 'active', label: 'Active', kind: 'checkbox' },
  { name: 'startTime', label: 'Starts (UTC)', kind: 'time' },
  { name: 'endTime', label: 'Ends (UTC)', kind: 'time' },
  { name: 'countdownStart', label: 'Countdown starts (UTC)', kind: 'time' },
  { name: 'countdownEnd', label: 'Countdown ends (UTC)', kind: 'time' },
  { name: 'markets', label: 'Markets', kind: 'markets', hint: 'None ticked: both markets.' },
  { name: 'countdownPageList', label: 'Countdown pages', kind: 'lines', columns: ['path'], hint: 'One path a line' },
  { name: 'range', label: 'Range', kind: 'select', options: ['SITE', 'CATEGORY', 'ITEMS'] },
  {
    name: 'rangeDetails',
    label: 'Range details',
    kind: 'details',
    hint: 'Category handles or item ids, comma-separated',
  },
];

export const RUNNING_CAMPAIGN: ContentEntry = {
  id: 'campaign',
  label: 'Running campaign',
  kvKey: KV_KEY.campaign,
  cache: 'campaign',
  previewPath: '/',
  schema: campaignSchema,
  fields: [
    text('slug', 'Campaign page', 'The slug of its page, e.g. bf2'),
    ...CAMPAIGN_FIELDS,
    {
      name: 'banners',
      label: 'Banners',
      kind: 'lines',
      columns: ['code', 'value', 'valueFr'],
      hint: 'HOME_TOP | words | French words',
    },
  ],
  fixed: {},
};

/** The editor entry of the campaign page stored under this slug. */
export function campaignPageEntry(slug: string): ContentEntry {
  return {
    id: `campaign-page/${slug}`,
    label: `Campaign page: ${slug}`,
    kvKey: KV_KEY.campaignPage(slug),
    cache: 'campaign',
    previewPath: campaignHref(slug),
    schema: campaignPageSchema,
    fields: [
      { name: 'slug', label: 'Address', kind: 'text', readOnly: true },
      ...bilingual([text('title', 'Title'), { name: 'intro', label: 'Introduction', kind: 'textarea' }]),
      ...CAMPAIGN_FIELDS,
      {
        name: 'promotionCodes',
        label: 'Promotion codes',
        kind: 'lines',
        columns: ['code', 'value', 'valueFr'],
        hint: 'CODE | what it gives | in French',
      },
      {
        name: 'heroBanners',
        label: 'Hero banners',
        kind: 'lines',
        columns: ['image', 'mobileImage', 'alt', 'altFr'],
        hint: 'image | mobile image | description | in French',
      },
      {
        name: 'banners',
        label: 'Banners',
        kind: 'lines',
        columns: ['code', 'value', 'valueFr'],
        hint: 'CODE | words | French words',
      },
    ],
    fixed: { slug },
    codes: 'promotionCodes',
  };
}

/** The entry an editor address names, or null. */
export function entryById(id: string): ContentEntry | null {
  if (id === RUNNING_CAMPAIGN.id) return RUNNING_CAMPAIGN;
  const page = /^campaign-page\/([a-z0-9-]{1,80})$/.exec(id);
  if (page) return campaignPageEntry(page[1]!);
  return CONTENT_TYPES.find((entry) => entry.id === id) ?? null;
}
