import { createMiddleware } from 'hono/factory';
import { isbot } from 'isbot';
import { COOKIE, FIRST_VISIT_SECONDS } from '../../shared/constants.ts';
import type { AppEnv } from '../env.ts';
import { readCookie, writeCookie } from '../platform/cookies.ts';

const VISITOR_KEY = /^[A-Za-z0-9-]{8,64}$/;
const ONE_YEAR = 31_536_000;

/**
 * Identifies the visitor (§6): a visitor key cookie, set on the first visit together with the
 * first-visit flag (86400 s); and whether the user agent is a bot.
 */
export const visitor = createMiddleware<AppEnv>(async (c, next) => {
  const known = readCookie(c, COOKIE.visitorKey);
  const visitorKey = known && VISITOR_KEY.test(known) ? known : crypto.randomUUID();
  c.set('visitorKey', visitorKey);
  c.set('isBot', isbot(c.req.header('user-agent') ?? ''));
  if (visitorKey !== known) {
    writeCookie(c, COOKIE.visitorKey, visitorKey, ONE_YEAR);
    writeCookie(c, COOKIE.firstVisit, '1', FIRST_VISIT_SECONDS);
  }
  await next();
});
