import { type Context, Hono } from 'hono';
import { pointsLogQuery } from '../../shared/api/members.ts';
import { loginUrlFor } from '../../shared/login-flow.ts';
import type { AppEnv } from '../env.ts';
import { contentConfig, getShopSettings } from '../content/service.ts';
import { titlesInFrench } from '../catalog/service.ts';
import { PROMOTION_NAMES_KEY, promotionNamesOf } from '../../shared/content/french.ts';
import { systemClock } from '../platform/clock.ts';
import { couponsFor, levelCoupons } from '../promotions/service.ts';
import { renderErrorPage } from '../platform/render/render-page.tsx';
import { memberLevelFor, memberPoints, pointsLog } from '../members/service.ts';
import { MemberCouponsPage, MemberHistoryPage, MemberLevelPage } from '../members/views/MemberPages.tsx';
import { MemberRulesPage } from '../members/views/RulesPage.tsx';

/** The member pages (§2 /myAccount/member...; issue 21); /myAccount?type=member is the account area's. */

const NOINDEX = { robots: 'noindex' } as const;

/** Coupons as the page's language names them: on a French page, the French names the merchandisers gave. */
export async function spokenCoupons<T>(c: Context<AppEnv>, coupons: T): Promise<T> {
  if (c.var.locale !== 'fr') return coupons;
  const names = promotionNamesOf(await contentConfig(c.env.SETTINGS, systemClock, PROMOTION_NAMES_KEY));
  return titlesInFrench(coupons, names) as T;
}

/** The signed-in member, or the /login address that brings a visitor back here (§4 Login). */
function memberOr(c: Context<AppEnv>): { accountId: number } | Response {
  if (c.var.member) return c.var.member;
  const url = new URL(c.req.url);
  return c.redirect(loginUrlFor(url.pathname, url.searchParams), 302);
}

export const memberPages = new Hono<AppEnv>()
  .get('/myAccount/member', (c) => {
    const member = memberOr(c);
    return member instanceof Response ? member : c.redirect('/myAccount?type=member', 302);
  })
  .get('/myAccount/member/level', async (c) => {
    const member = memberOr(c);
    if (member instanceof Response) return member;
    const now = Date.now();
    const [answer, coupons] = await Promise.all([
      memberLevelFor(c.env, member.accountId, now),
      levelCoupons(c.env.DB, member.accountId, c.var.market.id, now).then((found) => spokenCoupons(c, found)),
    ]);
    return c.render(<MemberLevelPage answer={answer} coupons={coupons} market={c.var.market} now={now} />, NOINDEX);
  })
  .get('/myAccount/member/coupons', async (c) => {
    const member = memberOr(c);
    if (member instanceof Response) return member;
    const now = Date.now();
    const [points, coupons] = await Promise.all([
      memberPoints(c.env, member.accountId, c.var.market, { now: () => now }),
      couponsFor(c.env.DB, member.accountId, c.var.market.id, now).then((found) => spokenCoupons(c, found)),
    ]);
    return c.render(<MemberCouponsPage points={points} coupons={coupons} market={c.var.market} />, NOINDEX);
  })
  .get('/myAccount/member/history', async (c) => {
    const member = memberOr(c);
    if (member instanceof Response) return member;
    const query = pointsLogQuery.safeParse(c.req.query());
    // An address edited by hand shows the first page of everything rather than an error.
    const { page, pageSize, kind } = query.success ? query.data : pointsLogQuery.parse({});
    const log = await pointsLog(c.env, member.accountId, { page, pageSize, kind }, systemClock);
    return c.render(<MemberHistoryPage log={log} kind={kind ?? null} />, NOINDEX);
  })
  .get('/myAccount/member/rule', async (c) => {
    const settings = await getShopSettings(c.env.SETTINGS, systemClock);
    return c.render(
      <MemberRulesPage
        levels={settings.MEMBER_LEVELS}
        expiryMonths={settings.POINTS_EXPIRY_MONTHS}
        market={c.var.market}
        signedIn={!!c.var.member}
      />,
      NOINDEX,
    );
  })
  .get('/myAccount/member/*', (c) => renderErrorPage(c, 404));
