import { createMiddleware } from 'hono/factory';
import { signedInMember } from '../accounts/service.ts';
import type { AppEnv } from '../env.ts';
import { sessionTokenOf } from '../platform/session.ts';
import { verifySession } from '../platform/tokens.ts';

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
