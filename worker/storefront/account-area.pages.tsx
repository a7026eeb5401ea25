import { type Context, Hono } from 'hono';
import { loginUrlFor } from '../../shared/login-flow.ts';
import { exchangeLinkToken, holdsLinkToken } from '../accounts/http.ts';
import { myAccount } from '../accounts/service.ts';
import { MyAccountPage } from '../accounts/views/AccountPages.tsx';
import type { AppEnv } from '../env.ts';
import { memberLevelFor, memberPoints, pointsLog } from '../members/service.ts';
import { MemberOverview, type MemberOverviewData } from '../members/views/MemberPages.tsx';
import { spokenCoupons } from './member.pages.tsx';
import { SignUpDiscountPage } from '../promotions/views/SignUpDiscountPage.tsx';
import { loadOrderHistory } from '../orders/service.ts';
import { couponsFor, firstDiscountStanding, firstOrderOffer } from '../promotions/service.ts';

/**
 * The account area (§2 /myAccount, /sign-up-discount): the member's profile and addresses with their
 * orders, points, level and coupons, and where they stand with the first-order offer.
 */

/** What My points (/myAccount?type=member) shows: balance, level, the latest log entries, coupons. */
async function memberOverview(c: Context<AppEnv>, accountId: number, now: number): Promise<MemberOverviewData> {
  const market = c.var.market.id;
  const clock = { now: () => now };
  const [points, level, log, coupons] = await Promise.all([
    memberPoints(c.env, accountId, c.var.market, clock),
    memberLevelFor(c.env, accountId, now),
    pointsLog(c.env, accountId, { page: 1, pageSize: 5 }, clock),
    couponsFor(c.env.DB, accountId, market, now).then((found) => spokenCoupons(c, found)),
  ]);
  return { points, level, latest: log.list, coupons };
}

export const accountAreaPages = new Hono<AppEnv>()
  .get('/sign-up-discount', async (c) => {
    // The live first-order promotion of this market, and where the member stands with it.
    const [offer, standing] = await Promise.all([
      firstOrderOffer(c.env.DB, c.var.market.id, Date.now()),
      c.var.member ? firstDiscountStanding(c.env.DB, c.var.member.accountId) : ('visitor' as const),
    ]);
    return c.render(<SignUpDiscountPage offer={offer} standing={standing} />);
  })
  .get('/myAccount', async (c) => {
    // The change-email link's token leaves the address first, before a sign-in could carry it along.
    const exchanged = exchangeLinkToken(c, 'change-email');
    if (exchanged) return exchanged;
    const url = new URL(c.req.url);
    if (!c.var.member) return c.redirect(loginUrlFor(url.pathname, url.searchParams), 302);
    if (c.req.query('type') === 'member') {
      const now = Date.now();
      const data = await memberOverview(c, c.var.member.accountId, now);
      return c.render(<MemberOverview data={data} market={c.var.market} now={now} />, { robots: 'noindex' });
    }
    const [{ profile, addresses }, orders] = await Promise.all([
      myAccount(c.env.DB, c.var.member.accountId),
      c.req.query('type') === 'orderHistory'
        ? loadOrderHistory(c.env.DB, c.var.member.accountId, c.req.query(), Date.now())
        : null,
    ]);
    const changeEmailPending = holdsLinkToken(c, 'change-email');
    return c.render(
      <MyAccountPage
        profile={{ ...profile, changeEmailPending }}
        addresses={addresses}
        market={c.var.market}
        type={c.req.query('type') ?? null}
        orders={orders}
      />,
      { robots: 'noindex' },
    );
  });
