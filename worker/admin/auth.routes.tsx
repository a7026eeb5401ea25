import { Hono } from 'hono';
import { getShopSettings } from '../content/service.ts';
import { ApiError } from '../platform/api-error.ts';
import { systemClock } from '../platform/clock.ts';
import { mailerFor } from '../platform/email.ts';
import { marketOrigin } from '../platform/origin.ts';
import { clientIp } from '../platform/client-ip.ts';
import { RULES, enforce, forgive } from '../platform/rate-limit.ts';
import { type AdminContext, type AdminEnv, adminDeps, staffSession, SIGN_IN_PATH, usesAccess } from './guard.ts';
import { renderAdmin } from './render.tsx';
import { sessionStaff, signInWithPassword, signOut } from './service.ts';
import { clearSession, newSession, sessionOf, writeSession } from './session.ts';
import { SignInPage } from './views/SignInPage.tsx';
import { staffForm, staffFormBase, trimmed } from './form.ts';

/** The sign-in form: email, password and the authenticator's code. */
const signInForm = staffFormBase.extend({ email: trimmed(254), password: trimmed(1024), code: trimmed(12) });

const signInPage = (c: AdminContext, status: number, email?: string, error?: string) =>
  renderAdmin(c, { title: 'Sign in', status, body: <SignInPage email={email} error={error} /> });

/**
 * Counts a sign-in attempt as shoppers' are counted (worker/platform/rate-limit.ts): per IP, and per
 * staff email and IP, so wrong codes from elsewhere never lock a colleague out of their own desk.
 */
async function limitAttempts(c: AdminContext, email: string): Promise<string | null> {
  const perSource = `staff-login:account:${email}:ip:${clientIp(c)}`;
  try {
    await enforce(c.env.RATE_LIMITER, [
      { key: `staff-login:ip:${clientIp(c)}`, rule: RULES.loginPerIp },
      { key: perSource, rule: RULES.loginPerAccountAndSource },
    ]);
    return null;
  } catch (error) {
    if (error instanceof ApiError && error.httpCode === 429) return error.message;
    throw error;
  }
}

/** The sign-in's dependencies: with whom to alert when an account locks (the owners, by email). */
async function signInDeps(c: AdminContext) {
  const settings = await getShopSettings(c.env.SETTINGS, systemClock);
  const alerts = {
    mailer: await mailerFor(c.env),
    shopName: settings.SHOP_NAME,
    staffPageUrl: `${marketOrigin(c.env, 'us')}/admin/staff`,
  };
  return { ...adminDeps(c), alerts };
}

/** Staff sign-in with email, password and TOTP (where Cloudflare Access is not configured), and sign-out. */
export const adminAuth = new Hono<AdminEnv>()
  .get(SIGN_IN_PATH, async (c) => {
    if (usesAccess(c)) return c.redirect('/admin', 302);
    const session = await sessionOf(c, c.env.AUTH_SECRET);
    if (session && (await sessionStaff(adminDeps(c), session.staffId, session.sessionVersion)))
      return c.redirect('/admin', 302);
    return signInPage(c, 200);
  })
  .post(SIGN_IN_PATH, ...staffForm(signInForm), async (c) => {
    if (usesAccess(c)) return c.redirect('/admin', 303);
    const form = c.req.valid('form');
    const email = form.email.toLowerCase();
    const limited = await limitAttempts(c, email);
    if (limited) return signInPage(c, 429, email, limited);
    const result = await signInWithPassword(await signInDeps(c), {
      email,
      password: form.password,
      code: form.code,
      ip: clientIp(c),
    });
    if (!result.ok) return signInPage(c, 401, email, result.message);
    await forgive(c.env.RATE_LIMITER, `staff-login:account:${email}:ip:${clientIp(c)}`);
    await writeSession(c, newSession(result.staff.id, result.staff.sessionVersion), c.env.AUTH_SECRET);
    return c.redirect('/admin', 303);
  })
  .post('/admin/sign-out', staffSession, ...staffForm(staffFormBase), async (c) => {
    await signOut(adminDeps(c), c.var.staff);
    clearSession(c);
    return c.redirect(usesAccess(c) ? '/cdn-cgi/access/logout' : SIGN_IN_PATH, 303);
  });
