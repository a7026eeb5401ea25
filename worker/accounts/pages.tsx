import { Hono } from 'hono';
import { loginDestination } from '../../shared/login-flow.ts';
import { ACCOUNT_MSG } from './service.ts';
import { undoEmailChange } from './email-change.ts';
import { accountDeps, requestMarketOrigin } from './route-support.ts';
import { ApiError } from '../platform/api-error.ts';
import type { AppEnv } from '../env.ts';
import {
  ChangeEmailUndoPage,
  CreateAccountPage,
  LoginPage,
  RetrievePasswordPage,
  SignUpResultPage,
} from './views/AccountPages.tsx';
import { readableForm } from '../platform/form-body.ts';

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

/**
 * Account entry pages (§2): sign-in, sign-up, confirmations, password and email changes
 * (the account area lives in storefront).
 */
export const accountPages = new Hono<AppEnv>()
  .get('/login', (c) => {
    const search = new URL(c.req.url).searchParams;
    if (c.var.member) return c.redirect(loginDestination(search, requestMarketOrigin(c)), 302);
    return c.render(<LoginPage />, { robots: 'noindex' });
  })
  .get('/createAccount', (c) => c.render(<CreateAccountPage />))
  .get('/signUpResult', (c) =>
    c.render(
      <SignUpResultPage token={tokenOf(c.req.query('token'))} message={knownMessage(c.req.query('message'))} />,
      { robots: 'noindex' },
    ),
  )
  .get('/changeEmailUndo', (c) =>
    c.render(<ChangeEmailUndoPage token={tokenOf(c.req.query('token'))} message={null} />, { robots: 'noindex' }),
  )
  .post('/changeEmailUndo', readableForm, async (c) => {
    const form = await c.req.parseBody();
    const token = typeof form.token === 'string' ? tokenOf(form.token) : null;
    const message = await undoMessage(await accountDeps(c), token);
    return c.render(<ChangeEmailUndoPage token={null} message={message} />, { robots: 'noindex' });
  })
  .get('/retrievePassword', (c) =>
    c.render(<RetrievePasswordPage token={tokenOf(c.req.query('token'))} />, { robots: 'noindex' }),
  );
