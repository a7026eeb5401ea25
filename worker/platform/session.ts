import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { MSG } from '../../shared/messages.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from './api-error.ts';
import { readCookie } from './cookies.ts';

/** The HttpOnly cookie that carries a member's session token to server-rendered pages. */
export const SESSION_COOKIE = 'token';

function tokenOf(authorization: string | undefined, cookie: string | undefined): string | null {
  const bearer = authorization?.match(/^Bearer\s+(\S{10,4096})$/i)?.[1];
  return bearer ?? (cookie && cookie.length <= 4096 ? cookie : null);
}

/** The session token a request presents: the bearer header, else the HttpOnly cookie. */
export const sessionTokenOf = (c: Context<AppEnv>) =>
  tokenOf(c.req.header('authorization'), readCookie(c, SESSION_COOKIE));

/** Non-public endpoints: without a valid token, 401 and 'Login is invalid. Please log in again' (§5). */
export const requireMember = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.member) throw new ApiError(401, 401, MSG.loginInvalid);
  await next();
});
