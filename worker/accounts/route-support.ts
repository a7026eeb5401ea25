import type { Context } from 'hono';
import { COOKIE, USER_ID_COOKIE_SECONDS } from '../../shared/constants.ts';
import type { AppEnv } from '../env.ts';
import { SESSION_COOKIE } from '../middleware/auth.ts';
import { removeCookie, writeCookie } from '../platform/cookies.ts';
import type { AccountDeps, Session } from './service.ts';
import { systemClock } from '../platform/clock.ts';
import { mailerFor } from '../platform/email.ts';
import { getShopSettings } from '../content/service.ts';

/** What the account routes share: the account flows' dependencies and the session cookies. */

export async function accountDeps(c: Context<AppEnv>): Promise<AccountDeps> {
  const settings = await getShopSettings(c.env.SETTINGS, systemClock);
  return {
    db: c.env.DB,
    secret: c.env.AUTH_SECRET,
    pepper: c.env.PASSWORD_PEPPER,
    mailer: await mailerFor(c.env),
    shopName: settings.SHOP_NAME,
    origin: new URL(c.req.url).origin,
  };
}

/** Starts a session in the browser too: HttpOnly token cookie and the 30-day user id cookie. */
export function startSession(c: Context<AppEnv>, session: Session): Session {
  writeCookie(c, SESSION_COOKIE, session.accountToken, session.expiresIn, true);
  writeCookie(c, 'user_id', String(session.accountId), USER_ID_COOKIE_SECONDS);
  return session;
}

/** Ends the session: token and user id cookies go; the cart id too when asked (§4 Logout). */
export function endSession(c: Context<AppEnv>, clearCart: boolean): void {
  removeCookie(c, SESSION_COOKIE);
  removeCookie(c, 'user_id');
  if (clearCart) for (const name of [COOKIE.cartId, COOKIE.cart]) removeCookie(c, name);
}
