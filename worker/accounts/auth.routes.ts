import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import * as accounts from './service.ts';
import { RULES, enforce } from '../platform/rate-limit.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';
import { clientIp } from '../platform/client-ip.ts';
import { accountDeps, endSession, startSession } from './route-support.ts';
import { emailField, messageSchema, passwordField, sessionSchema } from './schemas.ts';

const clientType = z.enum(['WEB', 'MOBILE_WEB', 'APP']).default('WEB');
const tokenBody = z.object({ token: z.string().min(10).max(4096) });

const login = endpoint({
  method: 'post',
  path: '/account/public/buyer/login',
  tag: 'account',
  summary: 'Sign in with email and password; the token comes with its validity in seconds',
  body: z.object({ email: emailField, password: z.string().min(1).max(128) }),
  response: sessionSchema,
});
const register = endpoint({
  method: 'post',
  path: '/account/public/buyer/register',
  tag: 'account',
  summary: 'Create an account with a password; a confirmation link is emailed (same answer for a taken email)',
  body: z.object({ email: emailField, password: passwordField, clientType }),
  response: messageSchema,
});
const registerNoPassword = endpoint({
  method: 'post',
  path: '/account/public/buyer/register/no-password',
  tag: 'account',
  summary: 'Create an account with email only; the emailed link confirms and signs in',
  body: z.object({ email: emailField, clientType }),
  response: messageSchema,
});
const verify = endpoint({
  method: 'post',
  path: '/account/public/buyer/email-verify',
  tag: 'account',
  summary: 'Confirm an email from its emailed link (single use) and sign in',
  body: tokenBody,
  response: sessionSchema,
});
const forgotInit = endpoint({
  method: 'put',
  path: '/account/public/buyer/forget-password/init',
  tag: 'account',
  summary: 'Email a password reset link (same answer whether or not the account exists)',
  body: z.object({ email: emailField }),
  response: messageSchema,
});
const forgotReset = endpoint({
  method: 'put',
  path: '/account/public/buyer/forget-password/reset',
  tag: 'account',
  summary: 'Set a new password from a reset link (single use, 1 hour); signs out other sessions',
  body: z.object({ token: tokenBody.shape.token, password: passwordField }),
  response: sessionSchema,
});
const logout = endpoint({
  method: 'post',
  path: '/account/public/buyer/logout',
  tag: 'account',
  summary: 'Sign out: clears the token cookie, and the cart id when asked',
  body: z.object({ clearCart: z.boolean().default(false) }),
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
    const ip = clientIp(c);
    await enforce(c.env.RATE_LIMITER, [
      { key: `login:ip:${ip}`, rule: RULES.loginPerIp },
      { key: `login:account:${email}`, rule: RULES.loginPerAccount },
    ]);
    return c.json(ok(startSession(c, await accounts.login(await accountDeps(c), email, password))));
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
    const { token } = await readBody(c, verify);
    return c.json(ok(startSession(c, await accounts.confirmEmail(await accountDeps(c), token))));
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
    const { token, password } = await readBody(c, forgotReset);
    await enforce(c.env.RATE_LIMITER, [{ key: `reset:ip:${clientIp(c)}`, rule: RULES.resetPerIp }]);
    return c.json(ok(startSession(c, await accounts.resetPassword(await accountDeps(c), token, password))));
  })
  .post(logout.path, async (c) => {
    const body = c.req.header('content-type')?.includes('json') ? await readBody(c, logout) : { clearCart: false };
    endSession(c, body.clearCart);
    return c.json(ok(null));
  });
