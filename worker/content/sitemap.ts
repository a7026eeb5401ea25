/** The sitemap of a market (sitemaps.org): its pages, collections, makes and products, split past the limit. */
import type { Market } from '../../shared/markets.ts';
import { localesOf, localizePath } from '../../shared/i18n/locale.ts';
import { INFO_ROUTES } from '../../shared/routes.ts';
import { systemClock } from '../platform/clock.ts';
import { storedArticles } from './blog.ts';
import { listedCampaignPaths } from './campaign.ts';
import { sitemapRepository } from './sitemap-repository.ts';

/** The most URLs one sitemap file may list (sitemaps.org); past it the sitemap becomes an index of parts. */
export const SITEMAP_LIMIT = 50_000;

/** One page of the sitemap: its path and, when known, when it last changed (epoch seconds). */
export interface SitemapEntry {
  path: string;
  lastmod?: number;
}

/** Shop pages listed before the information pages; /reviews is its own page, not an information page. */
const SHOP_PAGES = ['/', '/categories', '/makes', '/parts', '/reviews'] as const;

/** Text made safe inside an XML element. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[char]};`,
  );
}

const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const date = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

const XHTML = 'xmlns:xhtml="http://www.w3.org/1999/xhtml"';

/** The page's versions in each language of a bilingual site, as sitemap alternates. */
function languageLinks(origin: string, path: string): string {
  return (['en', 'fr'] as const)
    .map((locale) => {
      const href = escapeXml(origin + localizePath(path, locale));
      return `<xhtml:link rel="alternate" hreflang="${locale}-ca" href="${href}"/>`;
    })
    .join('');
}

/**
 * A <urlset> of the entries under the origin. On a bilingual site (Canada) each page is listed in
 * English and in French, each naming both versions.
 */
export function urlsetXml(origin: string, entries: readonly SitemapEntry[], bilingual = false): string {
  const urls = entries.flatMap(({ path, lastmod }) => {
    const modified = lastmod ? `<lastmod>${date(lastmod)}</lastmod>` : '';
    if (!bilingual) return [`<url><loc>${escapeXml(origin + path)}</loc>${modified}</url>`];
    const links = languageLinks(origin, path);
    return (['en', 'fr'] as const).map(
      (locale) => `<url><loc>${escapeXml(origin + localizePath(path, locale))}</loc>${modified}${links}</url>`,
    );
  });
  const namespaces = bilingual ? `${NAMESPACE} ${XHTML}` : NAMESPACE;
  return `${HEADER}<urlset ${namespaces}>\n${urls.join('\n')}\n</urlset>\n`;
}

/** A <sitemapindex> pointing at /sitemap-1.xml ... /sitemap-{parts}.xml. */
export function sitemapIndexXml(origin: string, parts: number): string {
  const sitemaps = Array.from(
    { length: parts },
    (_, index) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${index + 1}.xml`)}</loc></sitemap>`,
  );
  return `${HEADER}<sitemapindex ${NAMESPACE}>\n${sitemaps.join('\n')}\n</sitemapindex>\n`;
}

/** The blog's articles, with their last change, where the market shows the blog (US). */
async function articleEntries(kv: KVNamespace | undefined, market: Market): Promise<SitemapEntry[]> {
  if (!kv || !market.showBlog) return [];
  const articles = await storedArticles(kv, systemClock);
  return articles.map((article) => ({ path: article.route, lastmod: Date.parse(article.dateModified) / 1000 }));
}

/** The pages every sitemap of the market lists before its products: shop, content, collections and makes. */
async function fixedEntries(db: D1Database, market: Market, kv?: KVNamespace): Promise<SitemapEntry[]> {
  const repo = sitemapRepository(db);
  const [collections, makes, articles, campaigns] = await Promise.all([
    repo.collectionHandles(),
    repo.makeSlugs(),
    articleEntries(kv, market),
    kv ? listedCampaignPaths(kv, systemClock, market.id) : [],
  ]);
  const content = INFO_ROUTES.filter((route) => route !== '/blogs' || market.showBlog);
  const pages = [...new Set([...SHOP_PAGES, ...content, ...campaigns])];
  return [
    ...pages.map((path) => ({ path })),
    ...articles,
    ...collections.map((handle) => ({ path: `/collection/${encodeURIComponent(handle)}` })),
    ...makes.map((slug) => ({ path: `/makes/${encodeURIComponent(slug)}` })),
  ];
}

/** Entries start..end (exclusive) of the market's whole list: the fixed pages, then the products on sale. */
async function entriesBetween(db: D1Database, market: Market, fixed: SitemapEntry[], start: number, end: number) {
  const firstProduct = Math.max(start, fixed.length);
  const products =
    end > firstProduct
      ? await sitemapRepository(db).productPage(market.id, end - firstProduct, firstProduct - fixed.length)
      : [];
  return [
    ...fixed.slice(start, end),
    ...products.map((product) => ({
      path: `/product/${encodeURIComponent(product.handle)}`,
      lastmod: product.updatedAt,
    })),
  ];
}

/**
 * The market's /sitemap.xml (part null) or /sitemap-{part}.xml: one urlset while the pages fit the limit, else
 * an index of parts of at most `limit` URLs each. Null for a part that does not exist. The blog's articles are
 * listed when the content store (`kv`) is given.
 */
export async function sitemapXml(
  db: D1Database,
  market: Market,
  origin: string,
  part: number | null,
  limit = SITEMAP_LIMIT,
  kv?: KVNamespace,
): Promise<string | null> {
  const [fixed, productCount] = await Promise.all([
    fixedEntries(db, market, kv),
    sitemapRepository(db).productCount(market.id),
  ]);
  const total = fixed.length + productCount;
  // A bilingual site lists each page twice, so a part holds half as many pages.
  const bilingual = localesOf(market).length > 1;
  const perPart = bilingual ? Math.max(1, Math.floor(limit / 2)) : limit;
  const parts = Math.ceil(total / perPart);
  if (part === null) {
    if (parts > 1) return sitemapIndexXml(origin, parts);
    return urlsetXml(origin, await entriesBetween(db, market, fixed, 0, total), bilingual);
  }
  if (parts <= 1 || part < 1 || part > parts) return null;
  const start = (part - 1) * perPart;
  const entries = await entriesBetween(db, market, fixed, start, Math.min(total, start + perPart));
  return urlsetXml(origin, entries, bilingual);
}
