import { Hono } from 'hono';
import { loginUrlFor } from '../../shared/login-flow.ts';
import { accountRepository } from './repository.ts';
import type { AppEnv } from '../env.ts';
import {
  CreateAccountPage,
  LoginPage,
  MyAccountPage,
  RetrievePasswordPage,
  SignUpResultPage,
} from './views/AccountPages.tsx';
import { renderPage } from '../views/render-page.tsx';
import { loadOrderHistory } from '../orders/pages.tsx';

const tokenOf = (value: string | undefined) => (value && value.length <= 4096 ? value : null);

/** Account entry pages and the account area (§2); /myAccount needs a signed-in member. */
export const accountPages = new Hono<AppEnv>()
  .get('/login', (c) => renderPage(c, () => <LoginPage />, { robots: 'noindex' }))
  .get('/createAccount', (c) => renderPage(c, () => <CreateAccountPage />))
  .get('/signUpResult', (c) =>
    renderPage(
      c,
      () => (
        <SignUpResultPage
          token={tokenOf(c.req.query('token'))}
          message={c.req.query('message')?.slice(0, 200) ?? null}
        />
      ),
      { robots: 'noindex' },
    ),
  )
  .get('/retrievePassword', (c) =>
    renderPage(c, () => <RetrievePasswordPage token={tokenOf(c.req.query('token'))} />, { robots: 'noindex' }),
  )
  .get('/myAccount', async (c) => {
    const url = new URL(c.req.url);
    if (!c.var.member) return c.redirect(loginUrlFor(url.pathname, url.searchParams), 302);
    const repo = accountRepository(c.env.DB);
    const [account, addresses, orders] = await Promise.all([
      repo.byId(c.var.member.accountId),
      repo.addresses(c.var.member.accountId),
      c.req.query('type') === 'orderHistory' ? loadOrderHistory(c, c.var.member.accountId) : null,
    ]);
    const profile = {
      email: account!.email,
      firstName: account!.firstName,
      lastName: account!.lastName,
      phone: account!.phone,
      zipCode: account!.zipCode,
      subscribed: account!.subscribed === 1,
      hasPassword: account!.passwordHash !== null,
      changeEmailToken: tokenOf(c.req.query('token')),
    };
    const saved = addresses.map(({ accountId: _, isDefault, ...address }) => ({
      ...address,
      isDefault: isDefault === 1,
    }));
    return renderPage(
      c,
      () => (
        <MyAccountPage
          profile={profile}
          addresses={saved}
          market={c.var.market}
          type={c.req.query('type') ?? null}
          orders={orders}
        />
      ),
      { robots: 'noindex' },
    );
  });
