import { Hono, type Context } from 'hono';
import type { PageType } from '../../shared/constants.ts';
import type { AppEnv } from '../env.ts';
import { systemClock } from '../platform/clock.ts';
import { getCampaign } from './service.ts';
import { SimplePage, type SimplePageProps } from '../views/SimplePage.tsx';
import { renderErrorPage } from '../views/render-page.tsx';

interface ScreenSpec extends SimplePageProps {
  pageType?: PageType;
  robots?: string;
}

const HELP = { label: 'Help center', href: '/help' };
const SEARCH = { label: 'Search parts', href: '/search' };

/**
 * The screens whose features arrive with the catalog, search, cart, account and order work:
 * each answers now with the shell and a page that says what it is for.
 */
const SCREENS: Record<string, ScreenSpec> = {
  '/sign-up-discount': {
    heading: 'Sign up and save',
    text: 'Create an account and get a discount on your first order.',
    links: [{ label: 'Create an account', href: '/createAccount' }],
  },
  '/myAccount/member/rule': {
    heading: 'Reward rules',
    text: 'How members earn and spend points on parts orders.',
    robots: 'noindex',
    links: [{ label: 'My points', href: '/myAccount?type=member' }],
  },
};

function screen(spec: ScreenSpec) {
  return (c: Context<AppEnv>) => c.render(<SimplePage {...spec} />, { pageType: spec.pageType, robots: spec.robots });
}

function titleCase(slug: string): string {
  return slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export const shopPages = new Hono<AppEnv>();

for (const [path, spec] of Object.entries(SCREENS)) shopPages.get(path, screen(spec));

shopPages
  .get(
    '/myAccount/member',
    screen({
      heading: 'Membership',
      text: 'Your member level, points balance and rewards.',
      robots: 'noindex',
      links: [{ label: 'Reward rules', href: '/myAccount/member/rule' }],
    }),
  )
  .get(
    '/myAccount/member/*',
    screen({ heading: 'Membership', text: 'Your member level, points balance and rewards.', robots: 'noindex' }),
  )
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
