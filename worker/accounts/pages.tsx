import { Hono } from 'hono';
import { loginDestination } from '../../shared/login-flow.ts';
import { ACCOUNT_MSG } from './service.ts';
import { undoEmailChange } from './email-change.ts';
import { accountDeps, requestMarketOrigin } from './route-support.ts';
import { exchangeLinkToken, forgetLinkToken, holdsLinkToken, LINK_COOKIE } from './http.ts';
import { credentialCookie } from '../platform/link-exchange.ts';
import { ApiError } from '../platform/api-error.ts';
import { inFrench } from '../platform/translate-message.ts';
import type { AppEnv } from '../env.ts';
import {
  ChangeEmailUndoPage,
  CreateAccountPage,
  LoginPage,
  RetrievePasswordPage,
  SignUpResultPage,
} from './views/AccountPages.tsx';

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
 * (the account area lives in storefront). A page an emailed link opens first takes the link's token out of
 * the address (accounts/http.ts): the page and its calls read it from an HttpOnly cookie.
 */
export const accountPages = new Hono<AppEnv>()
  .get('/login', (c) => {
    const search = new URL(c.req.url).searchParams;
    if (c.var.member) return c.redirect(loginDestination(search, requestMarketOrigin(c)), 302);
    return c.render(<LoginPage />, { robots: 'noindex' });
  })
  .get('/createAccount', (c) => c.render(<CreateAccountPage />))
  .get('/signUpResult', (c) => {
    const linked = holdsLinkToken(c, 'verify-email');
    const message = knownMessage(c.req.query('message'));
    return (
      exchangeLinkToken(c, 'verify-email') ??
      c.render(<SignUpResultPage linked={linked} message={message} />, { robots: 'noindex' })
    );
  })
  .get('/changeEmailUndo', (c) => {
    const linked = holdsLinkToken(c, 'undo-email-change');
    return (
      exchangeLinkToken(c, 'undo-email-change') ??
      c.render(<ChangeEmailUndoPage linked={linked} message={null} />, { robots: 'noindex' })
    );
  })
  .post('/changeEmailUndo', async (c) => {
    const answer = await undoMessage(await accountDeps(c), credentialCookie(c, LINK_COOKIE['undo-email-change']));
    if (answer === ACCOUNT_MSG.emailRestored) forgetLinkToken(c, 'undo-email-change');
    const message = c.var.locale === 'fr' ? inFrench(answer) : answer;
    return c.render(<ChangeEmailUndoPage linked={false} message={message} />, { robots: 'noindex' });
  })
  .get('/retrievePassword', (c) => {
    const linked = holdsLinkToken(c, 'reset-password');
    return (
      exchangeLinkToken(c, 'reset-password') ??
      c.render(<RetrievePasswordPage linked={linked} />, { robots: 'noindex' })
    );
  });
