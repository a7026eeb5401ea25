import type { Context } from 'hono';
import { COOKIE } from '../../shared/constants.ts';
import { PRIVACY_COOKIE, type PrivacySignals } from '../../shared/tracking.ts';
import type { AppEnv } from '../env.ts';
import { readCookie } from '../platform/cookies.ts';
import { type AbTestGroup, isAbTestGroup } from './abtest.ts';
import { searchRankingFor, visitorAbTestGroup } from './service.ts';
import { getShopSettings } from '../content/service.ts';
import { systemClock } from '../platform/clock.ts';

/**
 * The shopper's privacy signals as a request carries them: the market, Global Privacy Control (`Sec-GPC: 1`),
 * the US opt-out and the Canadian consent cookies. Pages deciding whether to load the marketing script use it too.
 */
export function privacySignalsOf(c: Context<AppEnv>): PrivacySignals {
  return {
    market: c.var.market.id,
    gpc: c.req.header('sec-gpc') === '1',
    optedOut: readCookie(c, PRIVACY_COOKIE.optOut) === '1',
    consent: readCookie(c, PRIVACY_COOKIE.consent),
  };
}

/**
 * The request's A/B group (§9): the diversion header the shop's API client sends (`diversionName`), else the
 * group cookie, else the visitor key's bucket, so a page and its API calls agree.
 */
export function abTestGroupOf(c: Context<AppEnv>): AbTestGroup {
  const header = c.req.header('diversionName');
  if (isAbTestGroup(header)) return header;
  return visitorAbTestGroup(readCookie(c, COOKIE.abTestGroup), c.var.visitorKey);
}

/** Best Match's ranking for this request's A/B group, as the shop settings choose it for group B. */
export async function searchRankingOf(c: Context<AppEnv>, group = abTestGroupOf(c)) {
  const settings = await getShopSettings(c.env.SETTINGS, systemClock);
  return searchRankingFor(group, settings.AB_SEARCH_RANKING_B);
}
