import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { systemClock } from '../platform/clock.ts';
import { BLOG_ROUTE, pageVideos } from '../../shared/content/blog.ts';
import { getShopSettings, type InfoPageContent, infoPage } from './service.ts';
import { InfoPage } from './views/InfoPage.tsx';
import { VideoList } from './views/VideoList.tsx';
import { renderErrorPage } from '../platform/render/render-page.tsx';
import { VIDEO_PAGES } from '../../shared/routes.ts';
import * as m from '../../shared/i18n/generated/messages.js';

/** /guidevideo and /videos-shooting-offering (§2): their written content with the videos it lists. */
export const videoPages = new Hono<AppEnv>();

/** The heading over each page's videos, in the page's language. */
const VIDEO_HEADINGS: Record<keyof typeof VIDEO_PAGES, () => string> = {
  '/guidevideo': m.video_list_heading,
  '/videos-shooting-offering': m.video_list_example,
};

for (const route of Object.keys(VIDEO_PAGES) as (keyof typeof VIDEO_PAGES)[]) {
  videoPages.get(route, async (c) => {
    const settings = await getShopSettings(c.env.SETTINGS, systemClock);
    const page = await infoPage(c.env.SETTINGS, systemClock, route, c.var.market.id, {
      shopName: settings.SHOP_NAME,
      phone: settings.COMPANY_PHONE,
      email: settings.COMPANY_EMAIL_1,
      address: settings.COMPANY_ADDRESS,
      returnWindowDays: String(settings.RETURN_WINDOW_DAYS),
    });
    if (!page) return renderErrorPage(c, 404);
    const shown = c.var.market.showBlog ? page : withoutBlogLinks(page);
    return c.render(
      <InfoPage page={shown}>
        <VideoList videos={pageVideos(page)} heading={VIDEO_HEADINGS[route]()} />
      </InfoPage>,
      { pageType: 'other' },
    );
  });
}

/** The page without its links to the blog, and without a section left with nothing else: the blog is US only (§2). */
function withoutBlogLinks(page: InfoPageContent): InfoPageContent {
  const sections = page.sections.flatMap((section) => {
    if (!section.links?.some((link) => link.href.startsWith(BLOG_ROUTE))) return [section];
    const links = section.links.filter((link) => !link.href.startsWith(BLOG_ROUTE));
    return links.length > 0 ? [{ ...section, links }] : [];
  });
  return { ...page, sections };
}
