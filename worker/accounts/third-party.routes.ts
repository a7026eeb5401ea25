import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { ok } from '../../shared/envelope.ts';
import type { AppEnv } from '../env.ts';
import { verifierFor, type IdTokenVerifier } from '../platform/oidc.ts';
import { RULES, enforce } from '../platform/rate-limit.ts';
import { thirdPartyLogin, thirdPartyRegister } from './third-party.ts';
import { devIdpVerifier } from '../dev/service.ts';
import { endpoint, type Endpoint, readBody } from '../platform/contract.ts';
import { clientIp } from '../platform/client-ip.ts';
import { accountDeps, startSession } from './route-support.ts';
import { sessionSchema } from '../../shared/api/accounts.ts';

// Room for large provider tokens (many claims), but a bound so junk is refused before any crypto.
const idTokenBody = z.object({ idToken: z.string().min(1).max(8192) });

const thirdLogin = endpoint({
  method: 'post',
  path: '/account/public/buyer/third-login',
  tag: 'account',
  summary: 'Sign in with a third-party OpenID Connect id token; links it to the account with its verified email',
  body: idTokenBody,
  response: sessionSchema,
});
const thirdRegister = endpoint({
  method: 'post',
  path: '/account/public/buyer/third-register',
  tag: 'account',
  summary: 'Create an account (or link an existing one) from a third-party id token with a verified email, and sign in',
  body: idTokenBody,
  response: sessionSchema,
});

/** The configured provider; else, with DEV_TOOLS on, the built-in test provider on this origin; else none. */
async function verifier(c: Context<AppEnv>): Promise<IdTokenVerifier | null> {
  const configured = verifierFor(c.env);
  if (configured) return configured;
  return c.env.DEV_TOOLS === 'true' ? devIdpVerifier(new URL(c.req.url).origin) : null;
}

/** The calls this module mounts, as /openapi.json documents them (app.ts hands every module's list over). */
export const accountThirdEndpoints: readonly Endpoint[] = [thirdLogin, thirdRegister];

/** Third-party sign-in and registration (§7 Account, public part). */
export const accountThird = new Hono<AppEnv>()
  .post(thirdLogin.path, async (c) => {
    const { idToken } = await readBody(c, thirdLogin);
    await enforce(c.env.RATE_LIMITER, [{ key: `third:ip:${clientIp(c)}`, rule: RULES.loginPerIp }]);
    return c.json(ok(startSession(c, await thirdPartyLogin(await accountDeps(c), await verifier(c), idToken))));
  })
  .post(thirdRegister.path, async (c) => {
    const { idToken } = await readBody(c, thirdRegister);
    await enforce(c.env.RATE_LIMITER, [{ key: `third:ip:${clientIp(c)}`, rule: RULES.loginPerIp }]);
    const session = await thirdPartyRegister(await accountDeps(c), await verifier(c), idToken, c.var.market.id);
    return c.json(ok(startSession(c, session)));
  });
