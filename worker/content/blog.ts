/** The blog: articles kept in KV as page content under /blogs/{slug}, and the blog banner. */
import {
  BLOG_BANNER_KEY,
  BLOG_ROUTE,
  type BlogArticle,
  type BlogBannerItem,
  blogArticleSchema,
  blogBannerItemSchema,
  shownBannerItems,
} from '../../shared/content/blog.ts';
import { KV_KEY } from '../../shared/kv-keys.ts';
import type { MarketId } from '../../shared/markets.ts';
import { caches } from '../platform/caches.ts';
import type { Clock } from '../platform/clock.ts';
import { log } from '../platform/log.ts';
import { contentStore } from './kv-store.ts';
import { contentConfig, fillPlaceholders } from './service.ts';

/** An article with its neighbours in the blog's order (newest first): `newer` comes before it in the list. */
export interface BlogArticleView {
  article: BlogArticle;
  newer: BlogArticle | null;
  older: BlogArticle | null;
}

/**
 * Every valid article, newest first (ties by title), its author's {shopName} filled in. An invalid stored
 * article is logged and left out, so one bad edit hides one article, not the blog.
 */
export async function blogArticles(kv: KVNamespace, clock: Clock, shopName: string): Promise<BlogArticle[]> {
  const articles = await storedArticles(kv, clock);
  return articles.map((article) => ({ ...article, author: fillPlaceholders(article.author, { shopName }) }));
}

/** The valid stored articles, newest first; cached like the other content (5 minutes). */
export function storedArticles(kv: KVNamespace, clock: Clock): Promise<BlogArticle[]> {
  return caches.infoPages.get('blog:articles', clock, async () => {
    const routes = await articleRoutes(kv);
    const stored = await Promise.all(routes.map((route) => contentStore(kv).pageContent<unknown>(route)));
    const articles = stored.flatMap((value, index) => {
      const parsed = blogArticleSchema.safeParse(value);
      if (parsed.success) return [parsed.data];
      log.error('Blog article in KV is invalid; left out', undefined, { route: routes[index] });
      return [];
    });
    return articles.sort((a, b) => b.datePublished.localeCompare(a.datePublished) || a.title.localeCompare(b.title));
  });
}

/** The routes of the stored articles: the page-content keys under /blogs/. */
async function articleRoutes(kv: KVNamespace): Promise<string[]> {
  const prefix = KV_KEY.pageContent(`${BLOG_ROUTE}/`);
  const keyPrefix = KV_KEY.pageContent('');
  const routes: string[] = [];
  let cursor: string | undefined;
  do {
    const batch = await kv.list({ prefix, cursor });
    for (const key of batch.keys) routes.push(key.name.slice(keyPrefix.length));
    cursor = batch.list_complete ? undefined : batch.cursor;
  } while (cursor);
  return routes;
}

/** One article by its slug with its newer and older neighbours, or null when there is none. */
export async function blogArticle(
  kv: KVNamespace,
  clock: Clock,
  slug: string,
  shopName: string,
): Promise<BlogArticleView | null> {
  const articles = await blogArticles(kv, clock, shopName);
  const index = articles.findIndex((article) => article.route === `${BLOG_ROUTE}/${slug}`);
  const article = articles[index];
  if (!article) return null;
  return { article, newer: articles[index - 1] ?? null, older: articles[index + 1] ?? null };
}

/** The blog banner shown now in the market (the first live item of the `blog-banner` config), or null. */
export async function blogBanner(kv: KVNamespace, clock: Clock, market: MarketId): Promise<BlogBannerItem | null> {
  const config = await contentConfig(kv, clock, BLOG_BANNER_KEY);
  return shownBannerItems(config, blogBannerItemSchema, clock.now(), market)[0] ?? null;
}
