import { type Context, Hono } from 'hono';
import { campaignHref, dealsHref, EASTER_SALE_ROUTE, EASTER_SALE_SLUG } from '../../shared/content/campaign.ts';
import type { AppEnv } from '../env.ts';
import { systemClock } from '../platform/clock.ts';
import { campaignPage } from './campaign.ts';
import { getCampaign, getShopSettings, infoPage } from '../content/service.ts';
import { CampaignPage } from './views/CampaignPage.tsx';
import { renderErrorPage } from '../platform/render/render-page.tsx';
import * as m from '../../shared/i18n/generated/messages.js';

const SLUG = /^[a-z0-9-]{1,80}$/;

/** Where shoppers go from an ended campaign: the live campaign (if it is another page), search, categories. */
async function currentDeals(c: Context<AppEnv>, ownHref: string) {
  const running = dealsHref(await getCampaign(c.env.SETTINGS, systemClock), systemClock.now());
  const links = [
    { label: m.campaign_search_all(), href: '/search' },
    { label: m.campaign_browse_categories(), href: '/categories' },
  ];
  return running === ownHref ? links : [{ label: m.campaign_current_deals(), href: running }, ...links];
}

/** The sale's written terms (the Easter sale keeps its info text below the campaign). */
async function termsOf(c: Context<AppEnv>, route: string) {
  const settings = await getShopSettings(c.env.SETTINGS, systemClock);
  return infoPage(c.env.SETTINGS, systemClock, route, c.var.market.id, {
    shopName: settings.SHOP_NAME,
    phone: settings.COMPANY_PHONE,
    email: settings.COMPANY_EMAIL_1,
    address: settings.COMPANY_ADDRESS,
    returnWindowDays: String(settings.RETURN_WINDOW_DAYS),
  });
}

/** A campaign page by slug at its own address; an unknown slug (or one not for this market) is the 404 page. */
async function renderCampaign(c: Context<AppEnv>, slug: string) {
  const href = campaignHref(slug);
  const page = await campaignPage(c.env, systemClock, slug, href, c.var.market.id);
  if (!page) return renderErrorPage(c, 404);
  const [deals, info] = await Promise.all([
    page.state === 'ENDED' ? currentDeals(c, href) : [],
    href === EASTER_SALE_ROUTE ? termsOf(c, href) : null,
  ]);
  return c.render(<CampaignPage page={page} currency={c.var.market.currency} currentDeals={deals} info={info} />, {
    pageType: 'campaign',
  });
}

export const campaignPages = new Hono<AppEnv>();

campaignPages
  .get('/campaign/:slug', (c) => {
    const slug = c.req.param('slug');
    // The Easter sale lives at its §2 route only.
    if (!SLUG.test(slug) || slug === EASTER_SALE_SLUG) return renderErrorPage(c, 404);
    return renderCampaign(c, slug);
  })
  .get(EASTER_SALE_ROUTE, (c) => renderCampaign(c, EASTER_SALE_SLUG))
  .get('/404', (c) => renderErrorPage(c, 404))
  .get('/500', (c) => renderErrorPage(c, 500))
  .get('/504', (c) => renderErrorPage(c, 504));
