import { Hono } from 'hono';
import { INFO_ROUTES } from '../../shared/routes.ts';
import type { AppEnv } from '../env.ts';
import { systemClock } from '../platform/clock.ts';
import { freeShippingPromise } from '../promotions/service.ts';
import { getShopSettings, infoPage } from './service.ts';
import { needsShopFacts, withShopFacts } from './shipping-policy.ts';
import { InfoPage } from './views/InfoPage.tsx';
import { renderErrorPage } from '../views/render-page.tsx';

/** The information and policy pages (§2), written content kept in content configs. */
export const infoPages = new Hono<AppEnv>();

for (const route of INFO_ROUTES) {
  infoPages.get(route, async (c) => {
    if (route === '/blogs' && !c.var.market.showBlog) return renderErrorPage(c, 404);
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
