/**
 * The home page's content types (§3): announcement, banner, mobile banner, front category, top
 * deals, discount window, important category banner, item group and the home page's own section
 * list. The storefront drops what does not parse; the back-office editors show these messages.
 */
import { z } from 'zod';
import { endAfterStart, scheduleFields } from './schedule.ts';

export const HOME_MSG = {
  badLink: 'A link is a path on this shop (/search?keyword=brakes) or an https:// address.',
  badImage: 'An image is a path on this shop (/static/home/brakes.svg) or an https:// address.',
  announcementText: 'An announcement needs its text (or the promise it stands for).',
  bannerImage: 'A banner needs an image.',
  bannerTitle: 'A banner needs a title.',
  mobileBannerImage: 'A mobile banner needs an image.',
  mobileBannerTitle: 'A mobile banner needs a title.',
  importantBannerImage: 'An important category banner needs an image.',
  importantBannerTitle: 'An important category banner needs a title.',
  categoryName: 'A front category needs a name.',
  categoryImage: 'A front category needs an image.',
  topDealsProducts: 'Top deals need products: list their item ids or name an item group.',
  itemId: 'An item id is a whole number above zero.',
  groupKey: 'An item group key is lowercase letters, digits and dashes.',
  groupProducts: 'An item group needs at least one product.',
  windowTitle: 'A discount window needs a title.',
  windowEnd: 'A discount window needs an end time for its countdown.',
  couponCode: 'A coupon code is letters, digits, dashes or underscores.',
  section: 'Choose sections from the list of home page blocks.',
  sectionTwice: 'Each section can show once.',
  tooLong: (what: string, max: number) => `${what} can be at most ${max} characters.`,
} as const;

/** The blocks the home page can show; the `home-page` config lists the ones shown, in order. */
export const HOME_SECTIONS = [
  'announcement-bar',
  'hero',
  'vehicle-picker',
  'front-categories',
  'top-deals',
  'discount-window',
  'important-category-banners',
  'recently-viewed',
  'fits-your-vehicle',
  'popular-makes',
  'brands',
] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

/** The order used when the `home-page` config is missing or unreadable: every block. */
export const DEFAULT_HOME_SECTIONS: readonly HomeSection[] = HOME_SECTIONS;

/** A path on this shop (not //host) or an https address: never javascript: or data:. */
const isShopOrHttps = (value: string) => /^\/(?!\/)/.test(value) || /^https:\/\/[^\s]+$/.test(value);

const text = (what: string, max: number) => z.string().trim().max(max, HOME_MSG.tooLong(what, max));
const required = (message: string, max: number, what: string) => text(what, max).min(1, message);
const link = z.string().trim().min(1, HOME_MSG.badLink).max(500).refine(isShopOrHttps, HOME_MSG.badLink);
const image = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(500).refine(isShopOrHttps, HOME_MSG.badImage);
const itemId = z.number({ error: HOME_MSG.itemId }).int(HOME_MSG.itemId).positive(HOME_MSG.itemId);

/** One line of the announcement bar: its own text, or the promise whose words come from a live promotion. */
export const announcementItem = z
  .object({
    text: text('An announcement', 120).optional(),
    href: link,
    promise: z.enum(['free-shipping']).optional(),
    ...scheduleFields,
  })
  .superRefine(endAfterStart)
  .refine((item) => Boolean(item.text) || item.promise !== undefined, {
    message: HOME_MSG.announcementText,
    path: ['text'],
  });
export type AnnouncementItem = z.infer<typeof announcementItem>;

/** A picture with words and a link: hero banners, mobile banners and important category banners. */
function bannerItem(messages: { title: string; image: string }) {
  return z
    .object({
      title: required(messages.title, 80, 'A title'),
      subtitle: text('A subtitle', 160).optional(),
      href: link,
      image: image(messages.image),
      /** Words for screen readers when the picture says more than the title. */
      alt: text('The image description', 160).optional(),
      ...scheduleFields,
    })
    .superRefine(endAfterStart);
}
export const bannerItemSchema = bannerItem({ title: HOME_MSG.bannerTitle, image: HOME_MSG.bannerImage });
export const mobileBannerItem = bannerItem({ title: HOME_MSG.mobileBannerTitle, image: HOME_MSG.mobileBannerImage });
export const importantCategoryBannerItem = bannerItem({
  title: HOME_MSG.importantBannerTitle,
  image: HOME_MSG.importantBannerImage,
});
export type BannerItem = z.infer<typeof bannerItemSchema>;

export const frontCategoryItem = z
  .object({
    name: required(HOME_MSG.categoryName, 40, 'A category name'),
    href: link,
    image: image(HOME_MSG.categoryImage),
    ...scheduleFields,
  })
  .superRefine(endAfterStart);
export type FrontCategoryItem = z.infer<typeof frontCategoryItem>;

/** A config that is a list of scheduled items. */
const itemsConfig = <T extends z.ZodType>(item: T) =>
  z.object({ type: z.string().optional(), items: z.array(item).max(30) });

export const announcementConfig = itemsConfig(announcementItem);
export const bannerConfig = itemsConfig(bannerItemSchema);
export const mobileBannerConfig = itemsConfig(mobileBannerItem);
export const frontCategoryConfig = itemsConfig(frontCategoryItem);
export const importantCategoryBannerConfig = itemsConfig(importantCategoryBannerItem);

/** Named lists of products that other blocks (top deals) point at by key. */
export const itemGroupConfig = z.object({
  type: z.string().optional(),
  groups: z
    .array(
      z.object({
        key: z.string().regex(/^[a-z0-9-]{1,60}$/, HOME_MSG.groupKey),
        title: required('An item group needs a title.', 80, 'A title'),
        itemIds: z.array(itemId).min(1, HOME_MSG.groupProducts).max(48),
      }),
    )
    .max(50),
});
export type ItemGroupConfig = z.infer<typeof itemGroupConfig>;

/** Products on offer, shown as product cards with their live prices. */
export const topDealsConfig = z
  .object({
    type: z.string().optional(),
    title: text('A title', 80).default('Top deals'),
    itemIds: z.array(itemId).max(24).optional(),
    /** The key of an item group to take the products from (after itemIds). */
    itemGroup: z.string().optional(),
    ...scheduleFields,
  })
  .superRefine(endAfterStart)
  .refine((deals) => (deals.itemIds?.length ?? 0) > 0 || Boolean(deals.itemGroup), {
    message: HOME_MSG.topDealsProducts,
    path: ['itemIds'],
  });
export type TopDealsConfig = z.infer<typeof topDealsConfig>;

/** A timed offer with a countdown to its end: shown only while active and live. */
export const discountWindowConfig = z
  .object({
    type: z.string().optional(),
    active: z.boolean(),
    title: text('A title', 80),
    text: text('The offer text', 200).optional(),
    couponCode: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{0,40}$/, HOME_MSG.couponCode)
      .optional(),
    href: link.optional(),
    image: image(HOME_MSG.badImage).optional(),
    ...scheduleFields,
  })
  .superRefine(endAfterStart)
  .superRefine((window, context) => {
    if (!window.active) return;
    if (!window.title) context.addIssue({ code: 'custom', message: HOME_MSG.windowTitle, path: ['title'] });
    if (!window.endTime) context.addIssue({ code: 'custom', message: HOME_MSG.windowEnd, path: ['endTime'] });
  });
export type DiscountWindowConfig = z.infer<typeof discountWindowConfig>;

/** Which blocks the home page shows and in what order. */
export const homePageConfig = z.object({
  type: z.string().optional(),
  sections: z
    .array(z.enum(HOME_SECTIONS, { error: HOME_MSG.section }))
    .max(HOME_SECTIONS.length)
    .refine((sections) => new Set(sections).size === sections.length, HOME_MSG.sectionTwice),
});
export type HomePageConfig = z.infer<typeof homePageConfig>;
