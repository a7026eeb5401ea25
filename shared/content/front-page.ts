/**
 * The "front page" content type (§3): a block a merchandiser puts at the top of one of the shop's
 * front pages other than home (the category list, makes, the vehicle page, search, reviews): a
 * title, words, an optional picture and a link, scheduled like every content item. The first item
 * shown now for a page in a market is the one that page shows.
 */
import { z } from 'zod';
import type { MarketId } from '../markets.ts';
import { endAfterStart, isShown, scheduleFields } from './schedule.ts';

export const FRONT_PAGE_PATHS = ['/categories', '/makes', '/parts', '/search', '/reviews'] as const;
export type FrontPagePath = (typeof FRONT_PAGE_PATHS)[number];

export const FRONT_PAGE_MSG = {
  path: `Choose the page it shows on: ${FRONT_PAGE_PATHS.join(', ')}.`,
  title: 'A front page block needs a title of up to 80 characters.',
  text: 'Keep the words to 240 characters.',
  link: 'A link is a path on this shop (/search?keyword=brakes) or an https:// address.',
  image: 'An image is a path on this shop (/static/home/brakes.svg) or an https:// address.',
  linkText: 'Give the link its words (up to 40 characters), or leave both empty.',
} as const;

const isShopOrHttps = (value: string) => /^\/(?!\/)\S*$/.test(value) || /^https:\/\/\S+$/.test(value);

export const frontPageItem = z
  .object({
    path: z.enum(FRONT_PAGE_PATHS, { error: FRONT_PAGE_MSG.path }),
    title: z.string({ error: FRONT_PAGE_MSG.title }).trim().min(1, FRONT_PAGE_MSG.title).max(80, FRONT_PAGE_MSG.title),
    text: z.string().trim().max(240, FRONT_PAGE_MSG.text).optional(),
    image: z.string().trim().max(500).refine(isShopOrHttps, FRONT_PAGE_MSG.image).optional(),
    alt: z.string().trim().max(160).optional(),
    href: z.string().trim().max(500).refine(isShopOrHttps, FRONT_PAGE_MSG.link).optional(),
    linkText: z.string().trim().max(40, FRONT_PAGE_MSG.linkText).optional(),
    ...scheduleFields,
  })
  .superRefine(endAfterStart)
  .refine((item) => Boolean(item.href) === Boolean(item.linkText), {
    message: FRONT_PAGE_MSG.linkText,
    path: ['linkText'],
  });
export type FrontPageItem = z.infer<typeof frontPageItem>;

export const frontPageConfig = z.object({ type: z.string().optional(), items: z.array(z.unknown()).max(30) });

/** Whether a page has a front page block at all (the shell reads the config only for these). */
export const isFrontPagePath = (path: string): path is FrontPagePath =>
  (FRONT_PAGE_PATHS as readonly string[]).includes(path);

/**
 * The block a page shows now in a market: the first valid item for the path that is live there; an
 * item that does not parse is skipped, so one bad edit hides one block.
 */
export function frontPageBlock(raw: unknown, path: string, now: number, market: MarketId): FrontPageItem | null {
  const config = frontPageConfig.safeParse(raw);
  if (!config.success) return null;
  for (const candidate of config.data.items) {
    const item = frontPageItem.safeParse(candidate);
    if (item.success && item.data.path === path && isShown(item.data, now, market)) return item.data;
  }
  return null;
}
