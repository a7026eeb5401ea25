/**
 * The shapes of the content part C renders: blog articles (one KV page each), the blog banner and the
 * important category banner. The back-office editors validate with these schemas, so the messages are an
 * editor's words.
 */
import { z } from 'zod';
import type { MarketId } from '../markets.ts';
import { endAfterStart, isShown, scheduleFields } from './schedule.ts';

/** The blog's list page; each article lives under it at /blogs/{slug}. */
export const BLOG_ROUTE = '/blogs';
/** The content config keys (§3 content types "blog banner" and "important category banner"). */
export const BLOG_BANNER_KEY = 'blog-banner';
export const IMPORTANT_CATEGORY_BANNER_KEY = 'important-category-banner';
/** Reading speed behind an article's "N min read". */
export const WORDS_PER_MINUTE = 200;

export const BLOG_MSG = {
  slug: 'An article address is /blogs/ followed by lowercase letters, digits and hyphens.',
  title: 'An article needs a title.',
  description: 'An article needs a summary of up to 200 characters.',
  date: 'Enter a date as YYYY-MM-DD, for example 2026-11-01.',
  modifiedBeforePublished: 'The last update cannot be before the publication date.',
  author: 'An article needs an author.',
  body: 'An article needs at least one section with text.',
  image: 'A banner needs an image.',
  articleImage: 'An article needs an image.',
  alt: 'Describe the image for shoppers who cannot see it.',
  href: 'Links go to a page of the shop and start with /.',
  bannerTitle: 'An important category banner needs a title.',
  target: 'A category is its number (as in /search?category=12) and a collection its handle (winter-ready).',
} as const;

const ARTICLE_ROUTE = /^\/blogs\/[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z.string().refine((value) => DAY.test(value) && !Number.isNaN(Date.parse(value)), BLOG_MSG.date);
const localPath = z.string().regex(/^\/(?!\/)/, BLOG_MSG.href);
const imagePath = (message: string) => z.string({ error: message }).regex(/^\/(?!\/)\S+$/, message);

/**
 * Paragraph text may link parts to the shop's own pages as [words](/path); nothing else is markup.
 * Only site paths are links, so content can never point shoppers elsewhere or inject script.
 */
export const INLINE_LINK = /\[([^\]]+)\]\((\/(?!\/)[^)\s]*)\)/g;

const sectionSchema = z.object({
  heading: z.string().min(1).optional(),
  paragraphs: z.array(z.string().min(1)).default([]),
  list: z.array(z.string().min(1)).optional(),
  steps: z.array(z.string().min(1)).optional(),
});

export const blogArticleSchema = z
  .object({
    route: z.string().regex(ARTICLE_ROUTE, BLOG_MSG.slug),
    title: z.string({ error: BLOG_MSG.title }).trim().min(1, BLOG_MSG.title).max(120),
    description: z.string({ error: BLOG_MSG.description }).trim().min(1, BLOG_MSG.description).max(200),
    image: z.object({
      src: imagePath(BLOG_MSG.articleImage),
      alt: z.string({ error: BLOG_MSG.alt }).trim().min(1, BLOG_MSG.alt),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
    }),
    datePublished: day,
    dateModified: day,
    author: z.string({ error: BLOG_MSG.author }).trim().min(1, BLOG_MSG.author),
    sections: z
      .array(sectionSchema)
      .min(1, BLOG_MSG.body)
      .refine((sections) => sections.some((section) => section.paragraphs.length > 0), BLOG_MSG.body),
  })
  .superRefine((article, context) => {
    if (article.dateModified < article.datePublished)
      context.addIssue({ code: 'custom', message: BLOG_MSG.modifiedBeforePublished, path: ['dateModified'] });
  });
export type BlogArticle = z.infer<typeof blogArticleSchema>;

const bannerFields = {
  image: imagePath(BLOG_MSG.image),
  mobileImage: imagePath(BLOG_MSG.image).nullish(),
  alt: z.string({ error: BLOG_MSG.alt }).trim().min(1, BLOG_MSG.alt),
  href: localPath.nullish(),
  ...scheduleFields,
};

export const blogBannerItemSchema = z.object(bannerFields).superRefine(endAfterStart);
export type BlogBannerItem = z.infer<typeof blogBannerItemSchema>;
export const blogBannerSchema = z.object({ type: z.literal('blog banner'), items: z.array(blogBannerItemSchema) });

/**
 * An important category banner: shown at the top of its category's search page (`category`, the id in
 * /search?category=) or its collection page (`handle`). The home page lists every item as a tile with its
 * title and subtitle (shared/content/home.ts reads the same items); an item with neither target shows there only.
 */
export const categoryBannerItemSchema = z
  .object({
    ...bannerFields,
    title: z.string({ error: BLOG_MSG.bannerTitle }).trim().min(1, BLOG_MSG.bannerTitle).max(80),
    subtitle: z.string().nullish(),
    category: z.number({ error: BLOG_MSG.target }).int(BLOG_MSG.target).positive(BLOG_MSG.target).nullish(),
    handle: z
      .string()
      .regex(/^[a-z0-9-]{1,120}$/, BLOG_MSG.target)
      .nullish(),
  })
  .superRefine(endAfterStart);
export type CategoryBannerItem = z.infer<typeof categoryBannerItemSchema>;
export const importantCategoryBannerSchema = z.object({
  type: z.literal('important category banner'),
  items: z.array(categoryBannerItemSchema),
});

/** The page an article's route names: "/blogs/brake-pads" -> "brake-pads". */
export function articleSlug(article: Pick<BlogArticle, 'route'>): string {
  return article.route.slice(BLOG_ROUTE.length + 1);
}

/** Minutes to read an article at WORDS_PER_MINUTE, at least one. */
export function readingMinutes(article: Pick<BlogArticle, 'title' | 'sections'>): number {
  const text = [
    article.title,
    ...article.sections.flatMap((s) => [s.heading ?? '', ...s.paragraphs, ...(s.list ?? []), ...(s.steps ?? [])]),
  ];
  const words = text.join(' ').replace(INLINE_LINK, '$1').split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/**
 * The items of a stored banner config that are valid, scheduled now and for the market, in their order.
 * An item that fails its schema is left out, so one bad edit hides one banner, not the page.
 */
export function shownBannerItems<T>(
  config: unknown,
  itemSchema: z.ZodType<T>,
  now: number,
  market: MarketId,
): (T & { startTime?: string | null; endTime?: string | null; markets?: readonly MarketId[] | null })[] {
  const items = (config as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  const valid = items.flatMap((item) => {
    const parsed = itemSchema.safeParse(item);
    return parsed.success ? [parsed.data as T & { startTime?: string | null; endTime?: string | null }] : [];
  });
  return valid.filter((item) => isShown(item, now, market));
}

/** The first banner shown now for a category (by id or handle) or a collection (by handle). */
export function categoryBannerFor(
  config: unknown,
  target: { categoryId?: number | null; handle?: string | null },
  now: number,
  market: MarketId,
): CategoryBannerItem | null {
  const matches = (item: CategoryBannerItem) =>
    (item.category != null && item.category === target.categoryId) ||
    (Boolean(item.handle) && item.handle === target.handle);
  return shownBannerItems(config, categoryBannerItemSchema, now, market).find(matches) ?? null;
}

export const VIDEO_MSG = {
  src: 'A video needs an MP4 file under /static/videos/.',
  poster: 'A video needs a poster image.',
  captions: 'A video needs a WebVTT caption file.',
  title: 'A video needs a title.',
} as const;

/** An installation video on /guidevideo and /videos-shooting-offering: MP4, poster and WebVTT captions. */
export const installVideoSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,60}$/),
  title: z.string({ error: VIDEO_MSG.title }).trim().min(1, VIDEO_MSG.title),
  summary: z.string().default(''),
  src: z.string({ error: VIDEO_MSG.src }).regex(/^\/static\/videos\/[\w-]+\.mp4$/, VIDEO_MSG.src),
  poster: imagePath(VIDEO_MSG.poster),
  captions: z.string({ error: VIDEO_MSG.captions }).regex(/^\/static\/videos\/[\w-]+\.vtt$/, VIDEO_MSG.captions),
  /** French captions (issue 37): a French page shows them in place of `captions` and labels its track French. */
  captionsFr: z
    .string()
    .regex(/^\/static\/videos\/[\w-]+\.vtt$/, VIDEO_MSG.captions)
    .optional(),
  seconds: z.number().int().positive(),
  /** Parts the job needs, as shop searches. */
  parts: z.array(z.object({ label: z.string().min(1), href: localPath })).default([]),
});
export type InstallVideo = z.infer<typeof installVideoSchema>;

/** The valid videos a page's content lists, in order; an invalid one is left out. */
export function pageVideos(page: unknown): InstallVideo[] {
  const videos = (page as { videos?: unknown } | null)?.videos;
  if (!Array.isArray(videos)) return [];
  return videos.flatMap((video) => {
    const parsed = installVideoSchema.safeParse(video);
    return parsed.success ? [parsed.data] : [];
  });
}
