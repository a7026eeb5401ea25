import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { systemClock } from '../platform/clock.ts';
import { getCampaign } from './service.ts';
import { SimplePage } from '../views/SimplePage.tsx';
import { renderErrorPage } from '../views/render-page.tsx';

const SEARCH = { label: 'Search parts', href: '/search' };

function titleCase(slug: string): string {
  return slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export const shopPages = new Hono<AppEnv>();

shopPages
  .get('/campaign/:slug', async (c) => {
    const slug = c.req.param('slug');
    if (!/^[a-z0-9-]{1,80}$/.test(slug)) return renderErrorPage(c, 404);
    const campaign = await getCampaign(c.env.SETTINGS, systemClock);
    const banners = Array.isArray(campaign.banners) ? (campaign.banners as { code: string; value: string }[]) : [];
    return c.render(
      <SimplePage
        heading={titleCase(slug)}
        text={
          campaign.active
            ? 'Limited-time offers on parts that fit your vehicle.'
            : 'This offer has ended. See our current deals.'
        }
        links={[SEARCH]}
      >
        {campaign.active === true && (
          <ul className="campaign-banners">
            {banners.map((banner) => (
              <li key={banner.code}>{banner.value}</li>
            ))}
          </ul>
        )}
      </SimplePage>,
      { pageType: 'campaign' },
    );
  })
  .get('/404', (c) => renderErrorPage(c, 404))
  .get('/500', (c) => renderErrorPage(c, 500))
  .get('/504', (c) => renderErrorPage(c, 504));
