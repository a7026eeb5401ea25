import { Hono } from 'hono';
import { BLOG_ROUTE } from '../../shared/content/blog.ts';
import type { AppEnv } from '../env.ts';
import { systemClock } from '../platform/clock.ts';
import { blogArticle, blogArticles, blogBanner } from './blog.ts';
import { getShopSettings, infoPage } from './service.ts';
import { BlogArticlePage } from './views/BlogArticle.tsx';
import { BlogList } from './views/BlogList.tsx';
import { renderErrorPage } from '../platform/render/render-page.tsx';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** /blogs and /blogs/{slug} (§2): US only; the Canadian site answers 404, as it hides the Blog link. */
export const blogPages = new Hono<AppEnv>()
  .get(BLOG_ROUTE, async (c) => {
    if (!c.var.market.showBlog) return renderErrorPage(c, 404);
    const settings = await getShopSettings(c.env.SETTINGS, systemClock);
    const [page, articles, banner] = await Promise.all([
      infoPage(c.env.SETTINGS, systemClock, BLOG_ROUTE, c.var.market.id, { shopName: settings.SHOP_NAME }),
      blogArticles(c.env.SETTINGS, systemClock, settings.SHOP_NAME),
      blogBanner(c.env.SETTINGS, systemClock, c.var.market.id),
    ]);
    const heading = page?.heading ?? `${settings.SHOP_NAME} Blog`;
    return c.render(<BlogList heading={heading} intro={page?.intro ?? ''} articles={articles} banner={banner} />, {
      title: `${heading} | ${settings.SHOP_NAME}`,
    });
  })
  .get(`${BLOG_ROUTE}/:slug`, async (c) => {
    const slug = c.req.param('slug');
    if (!c.var.market.showBlog || !SLUG.test(slug)) return renderErrorPage(c, 404);
    const settings = await getShopSettings(c.env.SETTINGS, systemClock);
    const view = await blogArticle(c.env.SETTINGS, systemClock, slug, settings.SHOP_NAME);
    if (!view) return renderErrorPage(c, 404);
    const origin = new URL(c.req.url).origin;
    return c.render(<BlogArticlePage view={view} origin={origin} shopName={settings.SHOP_NAME} />, {
      title: `${view.article.title} | ${settings.SHOP_NAME}`,
      description: view.article.description,
    });
  });
