import { Hono } from 'hono';
import { loginUrlFor } from '../../shared/login-flow.ts';
import { myAccount } from './profile.ts';
import type { AppEnv } from '../env.ts';
import {
  CreateAccountPage,
  LoginPage,
  MyAccountPage,
  RetrievePasswordPage,
  SignUpResultPage,
} from './views/AccountPages.tsx';
import { loadOrderHistory } from '../orders/service.ts';

const tokenOf = (value: string | undefined) => (value && value.length <= 4096 ? value : null);

/** Account entry pages and the account area (§2); /myAccount needs a signed-in member. */
export const accountPages = new Hono<AppEnv>()
  .get('/login', (c) => c.render(<LoginPage />, { robots: 'noindex' }))
  .get('/createAccount', (c) => c.render(<CreateAccountPage />))
  .get('/signUpResult', (c) =>
    c.render(
      <SignUpResultPage
        token={tokenOf(c.req.query('token'))}
        message={c.req.query('message')?.slice(0, 200) ?? null}
      />,
      { robots: 'noindex' },
    ),
  )
  .get('/retrievePassword', (c) =>
    c.render(<RetrievePasswordPage token={tokenOf(c.req.query('token'))} />, { robots: 'noindex' }),
  )
  .get('/myAccount', async (c) => {
    const url = new URL(c.req.url);
    if (!c.var.member) return c.redirect(loginUrlFor(url.pathname, url.searchParams), 302);
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
