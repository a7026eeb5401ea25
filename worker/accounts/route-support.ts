import type { Context } from 'hono';
import { COOKIE, USER_ID_COOKIE_SECONDS } from '../../shared/constants.ts';
import type { AppEnv } from '../env.ts';
import { SESSION_COOKIE } from '../platform/session.ts';
import { readCookie, removeCookie, writeCookie } from '../platform/cookies.ts';
import { rememberSignedInLanguage } from '../platform/language-cookie.ts';
import { DEVICE_SECONDS, signDevice, verifyDevice } from '../platform/tokens.ts';
import type { AccountDeps, Session } from './service.ts';
import { systemClock } from '../platform/clock.ts';
import { mailerFor } from '../platform/email.ts';
import { getShopSettings } from '../content/service.ts';
import { marketOrigin } from '../platform/origin.ts';

/** What the account routes share: the account flows' dependencies and the session cookies. */

/** The cookie naming a browser a member signed in from (signed, HttpOnly). */
export const DEVICE_COOKIE = 'device';

/** The market's configured origin: links in emails never follow the request's Host header. */
export const requestMarketOrigin = (c: Context<AppEnv>) => marketOrigin(c.env, c.var.market.id);

/** The account flows' dependencies for this request. */
export async function accountDeps(c: Context<AppEnv>): Promise<AccountDeps> {
  const settings = await getShopSettings(c.env.SETTINGS, systemClock);
  return {
    db: c.env.DB,
    secret: c.env.AUTH_SECRET,
    pepper: c.env.PASSWORD_PEPPER,
    mailer: await mailerFor(c.env),
    shopName: settings.SHOP_NAME,
    origin: requestMarketOrigin(c),
  };
}

/**
 * Starts a session in the browser too: HttpOnly token cookie and the 30-day user id cookie; on the Canadian
 * site, the language saved in the member's profile becomes the browser's unless the shopper chose one here.
 */
export function startSession(c: Context<AppEnv>, session: Session): Session {
  const { locale, ...answer } = session;
  writeCookie(c, SESSION_COOKIE, answer.accountToken, answer.expiresIn, true);
  writeCookie(c, 'user_id', String(answer.accountId), USER_ID_COOKIE_SECONDS);
  if (c.var.market.id === 'ca') rememberSignedInLanguage(c, locale ?? null);
  return answer;
}

/** Ends the session: token and user id cookies go; the cart id too when asked (§4 Logout). */
export function endSession(c: Context<AppEnv>, clearCart: boolean): void {
  removeCookie(c, SESSION_COOKIE);
  removeCookie(c, 'user_id');
  if (clearCart) for (const name of [COOKIE.cartId, COOKIE.cart]) removeCookie(c, name);
}

/** The id of the browser's signed device cookie, when it has a good one. */
export async function knownDevice(c: Context<AppEnv>): Promise<string | null> {
  const cookie = readCookie(c, DEVICE_COOKIE);
  return cookie && cookie.length <= 1024 ? verifyDevice(cookie, c.env.AUTH_SECRET) : null;
}

/**
 * Remembers this browser after a successful sign-in, so others' wrong passwords from its IP do not lock
 * it out; answers its id.
 */
export async function rememberDevice(c: Context<AppEnv>): Promise<string | null> {
  const known = await knownDevice(c);
  if (known) return known;
  const cookie = await signDevice(c.env.AUTH_SECRET);
  writeCookie(c, DEVICE_COOKIE, cookie, DEVICE_SECONDS, true);
  return verifyDevice(cookie, c.env.AUTH_SECRET);
}
