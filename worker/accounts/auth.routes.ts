import { Hono } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import * as accounts from './service.ts';
import { RULES, enforce, forgive } from '../platform/rate-limit.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';
import { API } from '../../shared/api-routes.ts';
import { clientIp } from '../platform/client-ip.ts';
import { accountDeps, endSession, rememberDevice, signInSource, startSession } from './route-support.ts';
import { sessionTokenOf } from '../platform/session.ts';
import { forgetLinkToken, linkTokenOf } from './http.ts';
import {
  emailBody,
  loginBody,
  logoutBody,
  messageSchema,
  registerBody,
  registerNoPasswordBody,
  resetPasswordBody,
  sessionSchema,
  tokenBody,
} from '../../shared/api/accounts.ts';

const login = endpoint({
  ...API.login,
  tag: 'account',
  summary: 'Sign in with email and password; the token comes with its validity in seconds',
  body: loginBody,
  response: sessionSchema,
});
const register = endpoint({
  ...API.register,
  tag: 'account',
  summary: 'Create an account with a password; a confirmation link is emailed (same answer for a taken email)',
  body: registerBody,
  response: messageSchema,
});
const registerNoPassword = endpoint({
  ...API.registerNoPassword,
  tag: 'account',
  summary: 'Create an account with email only; the emailed link confirms and signs in',
  body: registerNoPasswordBody,
  response: messageSchema,
});
const verify = endpoint({
  ...API.emailVerify,
  tag: 'account',
  summary:
    "Confirm an email from its emailed link (single use) and sign in; without token, the one the link's page " +
    'left in its HttpOnly cookie',
  body: tokenBody,
  response: sessionSchema,
});
const forgotInit = endpoint({
  ...API.forgotPasswordInit,
  tag: 'account',
  summary: 'Email a password reset link (same answer whether or not the account exists)',
  body: emailBody,
  response: messageSchema,
});
const forgotReset = endpoint({
  ...API.forgotPasswordReset,
  tag: 'account',
  summary:
    'Set a new password from a reset link (single use, 1 hour); signs out other sessions. Without token, the ' +
    "one the link's page left in its HttpOnly cookie",
  body: resetPasswordBody,
  response: sessionSchema,
});
const logout = endpoint({
  ...API.logout,
  tag: 'account',
  summary: 'Sign out: revokes the token presented and clears its cookie, and the cart id when asked',
  body: logoutBody,
  response: z.null(),
});

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const accountAuthEndpoints: readonly Endpoint[] = [
  login,
  register,
  registerNoPassword,
  verify,
  forgotInit,
  forgotReset,
  logout,
];

/** Sign-in, registration, confirmation and password reset (§7 Account, public part). */
export const accountAuth = new Hono<AppEnv>()
  .post(login.path, async (c) => {
    const { email, password } = await readBody(c, login);
    const failures = `login:account:${email}:${await signInSource(c)}`;
    await enforce(c.env.RATE_LIMITER, [
      { key: `login:ip:${clientIp(c)}`, rule: RULES.loginPerIp },
      { key: failures, rule: RULES.loginPerAccountAndSource },
    ]);
    const session = await accounts.login(await accountDeps(c), email, password);
    await Promise.all([forgive(c.env.RATE_LIMITER, failures), rememberDevice(c)]);
    return c.json(ok(startSession(c, session)));
  })
  .post(register.path, async (c) => {
    const body = await readBody(c, register);
    await enforce(c.env.RATE_LIMITER, [{ key: `register:ip:${clientIp(c)}`, rule: RULES.registerPerIp }]);
    const message = await accounts.register(await accountDeps(c), { ...body, market: c.var.market.id });
    return c.json(ok({ message }));
  })
  .post(registerNoPassword.path, async (c) => {
    const body = await readBody(c, registerNoPassword);
    await enforce(c.env.RATE_LIMITER, [{ key: `register:ip:${clientIp(c)}`, rule: RULES.registerPerIp }]);
    const message = await accounts.register(await accountDeps(c), { ...body, password: null, market: c.var.market.id });
    return c.json(ok({ message }));
  })
  .post(verify.path, async (c) => {
    const token = linkTokenOf(c, 'verify-email', (await readBody(c, verify)).token);
    const session = await accounts.confirmEmail(await accountDeps(c), token);
    forgetLinkToken(c, 'verify-email');
    return c.json(ok(startSession(c, session)));
  })
  .put(forgotInit.path, async (c) => {
    const { email } = await readBody(c, forgotInit);
    await enforce(c.env.RATE_LIMITER, [
      { key: `reset:ip:${clientIp(c)}`, rule: RULES.resetPerIp },
      { key: `reset:account:${email}`, rule: RULES.resetPerAccount },
    ]);
    return c.json(ok({ message: await accounts.startPasswordReset(await accountDeps(c), email) }));
  })
  .put(forgotReset.path, async (c) => {
    const body = await readBody(c, forgotReset);
    const token = linkTokenOf(c, 'reset-password', body.token);
    await enforce(c.env.RATE_LIMITER, [{ key: `reset:ip:${clientIp(c)}`, rule: RULES.resetPerIp }]);
    const session = await accounts.resetPassword(await accountDeps(c), token, body.password);
    forgetLinkToken(c, 'reset-password');
    return c.json(ok(startSession(c, session)));
  })
  .post(logout.path, async (c) => {
    const body = c.req.header('content-type')?.includes('json') ? await readBody(c, logout) : { clearCart: false };
    await accounts.signOut(c.env.DB, c.env.AUTH_SECRET, sessionTokenOf(c));
    endSession(c, body.clearCart);
    return c.json(ok(null));
  });
