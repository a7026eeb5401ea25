import { Hono } from 'hono';
import { INFO_ROUTES, VIDEO_PAGES } from '../../shared/routes.ts';
import type { AppEnv } from '../env.ts';
import { systemClock } from '../platform/clock.ts';
import { freeShippingPromise } from '../promotions/service.ts';
import { getShopSettings, infoPage, needsShopFacts, withShopFacts } from '../content/service.ts';
import { InfoPage } from '../content/views/InfoPage.tsx';
import { renderErrorPage } from '../platform/render/render-page.tsx';

/**
 * The information and policy pages (§2): their written content kept in content configs, completed
 * with the shop's facts (the free-shipping promise of the promotions in force); blog and videos apart.
 */
export const infoPages = new Hono<AppEnv>();

// Pages whose module shows their written content with more: the blog, the videos, the Easter sale
// (a campaign page that shows its terms below) and the feedback form (the help desk's).
const OWN_PAGES: readonly string[] = ['/blogs', ...Object.keys(VIDEO_PAGES), '/sale/easter-sale', '/help/feedback'];

for (const route of INFO_ROUTES.filter((route) => !OWN_PAGES.includes(route))) {
  infoPages.get(route, async (c) => {
    const settings = await getShopSettings(c.env.SETTINGS, systemClock);
    const page = await infoPage(c.env.SETTINGS, systemClock, route, c.var.market.id, {
      shopName: settings.SHOP_NAME,
      phone: settings.COMPANY_PHONE,
      email: settings.COMPANY_EMAIL_1,
      address: settings.COMPANY_ADDRESS,
      returnWindowDays: String(settings.RETURN_WINDOW_DAYS),
    });
    if (!page) return renderErrorPage(c, 404);
    const now = systemClock.now();
    const filled = needsShopFacts(page)
      ? withShopFacts(page, c.var.market.id, await freeShippingPromise(c.env.DB, c.var.market.id, now), now)
      : page;
    // Titles come from content configs for the routes §2 lists; the rest keep the default.
    return c.render(<InfoPage page={filled} />, {
      pageType: route === '/sale/easter-sale' ? 'campaign' : 'other',
    });
  });
}
