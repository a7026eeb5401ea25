import { createMiddleware } from 'hono/factory';
import { COOKIE, DEBUG_COOKIE_SECONDS } from '../../shared/constants.ts';
import type { AppEnv } from '../env.ts';
import { readCookie, writeCookie } from '../platform/cookies.ts';

/** Debug mode (§2, §6): `?debug=true` turns it on and remembers it for 2 hours; nothing else does. */
export const debug = createMiddleware<AppEnv>(async (c, next) => {
  c.set('requestStart', Date.now());
  const asked = c.req.query('debug') === 'true';
  if (asked) writeCookie(c, COOKIE.debug, 'true', DEBUG_COOKIE_SECONDS);
  c.set('debug', asked || readCookie(c, COOKIE.debug) === 'true');
  await next();
});
