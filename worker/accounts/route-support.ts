import type { Context } from 'hono';
import { z } from 'zod';
import { COOKIE, USER_ID_COOKIE_SECONDS } from '../../shared/constants.ts';
import { emailProblem, trimInput } from '../../shared/validation.ts';
import type { AppEnv } from '../env.ts';
import { SESSION_COOKIE } from '../middleware/auth.ts';
import { removeCookie, writeCookie } from '../middleware/cookies.ts';
import type { AccountDeps, Session } from './service.ts';
import { systemClock } from '../platform/clock.ts';
import { mailerFor } from '../platform/email.ts';
import { getShopSettings } from '../content/settings.ts';

export const PASSWORD_MESSAGE = 'Password must be 8 to 128 characters.';

/** An email field with the §5 rules and message; stored lower-case and trimmed. */
export const emailField = z
  .string()
  .transform((value) => trimInput(value).toLowerCase())
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const passwordField = z.string().min(8, PASSWORD_MESSAGE).max(128, PASSWORD_MESSAGE);

export const sessionSchema = z.object({
  accountToken: z.string(),
  expiresIn: z.number().int(),
  accountId: z.number().int(),
  email: z.string(),
});
export const messageSchema = z.object({ message: z.string() });

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

/** The caller's IP, for rate limits. */
export const clientIp = (c: Context<AppEnv>) =>
  c.req.header('cf-connecting-ip') ?? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() ?? 'local';
