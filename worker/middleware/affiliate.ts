import { createMiddleware } from 'hono/factory';
import { COOKIE } from '../../shared/constants.ts';
import type { AppEnv } from '../env.ts';
import { writeCookie } from '../platform/cookies.ts';

const CLICK_ID = /^[A-Za-z0-9._~-]{1,128}$/;
const THIRTY_DAYS = 2_592_000;

/** Saves the affiliate click id (`irclickid`) in a cookie when a valid one is present (§2). */
export const affiliate = createMiddleware<AppEnv>(async (c, next) => {
  const clickId = c.req.query('irclickid');
  if (clickId && CLICK_ID.test(clickId)) writeCookie(c, COOKIE.affiliateClickId, clickId, THIRTY_DAYS);
  await next();
});
