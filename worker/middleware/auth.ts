import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { MSG } from '../../shared/messages.ts';
import { ApiError } from '../platform/api-error.ts';
import { signedInMember } from '../accounts/service.ts';
import type { AppEnv } from '../env.ts';
import { verifySession } from '../platform/tokens.ts';
import { readCookie } from '../platform/cookies.ts';

export const SESSION_COOKIE = 'token';

function tokenOf(authorization: string | undefined, cookie: string | undefined): string | null {
  const bearer = authorization?.match(/^Bearer\s+(\S{10,4096})$/i)?.[1];
  return bearer ?? (cookie && cookie.length <= 4096 ? cookie : null);
}

/** The session token a request presents: the bearer header, else the HttpOnly cookie. */
export const sessionTokenOf = (c: Context<AppEnv>) =>
  tokenOf(c.req.header('authorization'), readCookie(c, SESSION_COOKIE));

/**
 * Knows the member (§6): a bearer token, or the HttpOnly cookie that lets server-rendered pages
 * know them. A token issued before a password change, or signed out, no longer counts.
 */
export const auth = createMiddleware<AppEnv>(async (c, next) => {
  c.set('member', null);
  const token = sessionTokenOf(c);
  const claims = token ? await verifySession(token, c.env.AUTH_SECRET) : null;
  if (claims) c.set('member', await signedInMember(c.env.DB, claims));
  c.set('signedIn', c.var.member !== null);
  await next();
});

/** Non-public endpoints: without a valid token, 401 and 'Login is invalid. Please log in again' (§5). */
export const requireMember = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.member) throw new ApiError(401, 401, MSG.loginInvalid);
  await next();
});
