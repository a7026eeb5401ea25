import { type Context, Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { SITEMAP_LIMIT, sitemapXml } from './sitemap.ts';
import { renderErrorPage } from '../platform/render/render-page.tsx';
import { marketOrigin } from '../platform/origin.ts';

/** Crawlers may cache these for a few minutes: the catalog changes, but not by the second. */
const CACHEABLE = 'public, max-age=300';

/** Private pages and the JSON API (worker/platform/api-error.ts API_PATHS): nothing there belongs in a search index. */
const DISALLOWED = [
  '/admin',
  '/myAccount',
  '/checkout',
  '/order/',
  '/shopCart',
  '/dev/',
  '/infra/',
  '/api/',
  '/item/',
  '/search/',
  '/search-pro/',
  '/promotion/',
  '/account/',
  '/data-service/',
  '/customer/',
  '/health',
  '/openapi.json',
] as const;

/** /robots.txt and /sitemap.xml (with its /sitemap-{n}.xml parts) of the market the host names. */
export const seoRoutes = new Hono<AppEnv>()
  .get('/robots.txt', (c) => {
    const origin = marketOrigin(c.env, c.var.market.id);
    const lines = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`)];
    c.header('Cache-Control', CACHEABLE);
    return c.text(`${lines.join('\n')}\n\nSitemap: ${origin}/sitemap.xml\n`);
  })
  .get('/sitemap.xml', (c) => sitemapAnswer(c, null))
  .get('/:file{sitemap-[0-9]{1,6}\\.xml}', (c) => sitemapAnswer(c, Number(c.req.param('file').slice(8, -4))));

async function sitemapAnswer(c: Context<AppEnv>, part: number | null) {
  const market = c.var.market;
  const xml = await sitemapXml(c.env.DB, market, marketOrigin(c.env, market.id), part, SITEMAP_LIMIT, c.env.SETTINGS);
  if (xml === null) return renderErrorPage(c, 404);
  return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHEABLE });
}
