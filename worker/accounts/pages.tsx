import { Hono } from 'hono';
import { loginDestination, loginUrlFor } from '../../shared/login-flow.ts';
import { firstDiscountStanding, myAccount } from './profile.ts';
import { ACCOUNT_MSG } from './service.ts';
import { undoEmailChange } from './email-change.ts';
import { accountDeps, requestMarketOrigin } from './route-support.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AppEnv } from '../env.ts';
import {
  ChangeEmailUndoPage,
  CreateAccountPage,
  LoginPage,
  MyAccountPage,
  RetrievePasswordPage,
  SignUpResultPage,
} from './views/AccountPages.tsx';
import { loadOrderHistory } from '../orders/service.ts';
import { memberLevelFor, memberPoints, pointsLog } from '../members/service.ts';
import { couponsFor, firstOrderOffer } from '../promotions/service.ts';
import { MemberOverview, type MemberOverviewData } from '../members/views/MemberPages.tsx';
import { SignUpDiscountPage } from '../members/views/SignUpDiscountPage.tsx';
import type { Context } from 'hono';

const tokenOf = (value: string | undefined) => (value && value.length <= 4096 ? value : null);

/** The messages /signUpResult may show: the shop's own, never text from the address bar. */
const SIGN_UP_MESSAGES: readonly string[] = [ACCOUNT_MSG.registered];
const knownMessage = (value: string | undefined) => (value && SIGN_UP_MESSAGES.includes(value) ? value : null);

/** Undoes an email change from the old address's link; a bad link is a message, not an error page. */
async function undoMessage(deps: Parameters<typeof undoEmailChange>[0], token: string | null): Promise<string> {
  try {
    if (!token) throw ApiError.badRequest(ACCOUNT_MSG.linkInvalid);
    return await undoEmailChange(deps, token);
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
}

/** What My points (/myAccount?type=member) shows: balance, level, the latest log entries, coupons. */
async function memberOverview(c: Context<AppEnv>, accountId: number, now: number): Promise<MemberOverviewData> {
  const market = c.var.market.id;
  const clock = { now: () => now };
  const [points, level, log, coupons] = await Promise.all([
    memberPoints(c.env, accountId, c.var.market, clock),
    memberLevelFor(c.env, accountId, now),
    pointsLog(c.env, accountId, { page: 1, pageSize: 5 }, clock),
    couponsFor(c.env.DB, accountId, market, now),
  ]);
  return { points, level, latest: log.list, coupons };
}

/** Account entry pages and the account area (§2); /myAccount needs a signed-in member. */
export const accountPages = new Hono<AppEnv>()
  .get('/login', (c) => {
    const search = new URL(c.req.url).searchParams;
    if (c.var.member) return c.redirect(loginDestination(search, requestMarketOrigin(c)), 302);
    return c.render(<LoginPage />, { robots: 'noindex' });
  })
  .get('/createAccount', (c) => c.render(<CreateAccountPage />))
  .get('/sign-up-discount', async (c) => {
    // The live first-order promotion of this market, and where the member stands with it.
    const [offer, standing] = await Promise.all([
      firstOrderOffer(c.env.DB, c.var.market.id, Date.now()),
      c.var.member ? firstDiscountStanding(c.env.DB, c.var.member.accountId) : ('visitor' as const),
    ]);
    return c.render(<SignUpDiscountPage offer={offer} standing={standing} />);
  })
  .get('/signUpResult', (c) =>
    c.render(
      <SignUpResultPage token={tokenOf(c.req.query('token'))} message={knownMessage(c.req.query('message'))} />,
      { robots: 'noindex' },
    ),
  )
  .get('/changeEmailUndo', (c) =>
    c.render(<ChangeEmailUndoPage token={tokenOf(c.req.query('token'))} message={null} />, { robots: 'noindex' }),
  )
  .post('/changeEmailUndo', async (c) => {
    const form = await c.req.parseBody();
    const token = typeof form.token === 'string' ? tokenOf(form.token) : null;
    const message = await undoMessage(await accountDeps(c), token);
    return c.render(<ChangeEmailUndoPage token={null} message={message} />, { robots: 'noindex' });
  })
  .get('/retrievePassword', (c) =>
    c.render(<RetrievePasswordPage token={tokenOf(c.req.query('token'))} />, { robots: 'noindex' }),
  )
  .get('/myAccount', async (c) => {
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
    const changeEmailToken = tokenOf(c.req.query('token'));
    return c.render(
      <MyAccountPage
        profile={{ ...profile, changeEmailToken }}
        addresses={addresses}
        market={c.var.market}
        type={c.req.query('type') ?? null}
        orders={orders}
      />,
      { robots: 'noindex' },
    );
  });
