/**
 * The one door of every staff route: who is asking (a staff session, or Cloudflare Access where it
 * is configured), whether their form carries the session's CSRF value, and whether their role may
 * take the route's action (shared/staff-permissions.ts). Everything under /admin is noindex.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { StaffAction } from '../../shared/staff-permissions.ts';
import type { Bindings, Variables } from '../env.ts';
import { clientIp } from '../platform/client-ip.ts';
import { accessConfig, accessEmail, type AccessSettings, consoleOpen } from './access.ts';
import { type AdminDeps, mayDo, sessionStaff, signInWithAccess, type StaffMember } from './service.ts';
import { clearSession, newSession, sessionOf, touchSession, writeSession } from './session.ts';
import { renderNotice } from './render.tsx';

export type AdminEnv = {
  Bindings: Bindings & AccessSettings;
  Variables: Variables & { staff: StaffMember; csrf: string };
};
export type AdminContext = Context<AdminEnv>;

export const SIGN_IN_PATH = '/admin/sign-in';
const SAFE_METHOD = /^(?:GET|HEAD)$/;

/** The back office's dependencies for this request. */
export const adminDeps = (c: AdminContext): AdminDeps => ({ db: c.env.DB, pepper: c.env.PASSWORD_PEPPER });

/** Whether staff sign in through Cloudflare Access here (then the password form is off). */
export const usesAccess = (c: AdminContext) => accessConfig(c.env) !== null;

/** Every /admin answer: never indexed, never cached. */
export const adminHeaders = createMiddleware<AdminEnv>(async (c, next) => {
  await next();
  c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
  c.res.headers.set('Cache-Control', 'no-store');
});

/**
 * A console on the internet with only a password form in front of it is refused (issue 35): every
 * /admin answer is a 403 until Cloudflare Access is configured or an owner sets ADMIN_PASSWORD_SIGN_IN.
 */
export const consoleGate = createMiddleware<AdminEnv>(async (c, next) => {
  if (consoleOpen(c.env)) return next();
  return renderNotice(
    c,
    403,
    'Console closed',
    'The console is closed until Cloudflare Access protects it. The owners can set ACCESS_TEAM_DOMAIN and ' +
      'ACCESS_AUD, or ADMIN_PASSWORD_SIGN_IN = "on" to accept password sign-in without Access.',
  );
});

/** The CSRF value a staff form (`_csrf`) or call (X-CSRF-Token) sends back. */
async function sentCsrf(c: AdminContext): Promise<string | undefined> {
  const header = c.req.header('x-csrf-token');
  if (header) return header;
  const type = c.req.header('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return undefined;
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  return typeof body._csrf === 'string' ? body._csrf : undefined;
}

/** Without a session: pages go to the sign-in form, anything else is 401. */
function toSignIn(c: AdminContext) {
  if (SAFE_METHOD.test(c.req.method)) return c.redirect(SIGN_IN_PATH, 302);
  return renderNotice(c, 401, 'Signed out', 'Your session has ended. Please sign in again.');
}

/** The staff member Cloudflare Access vouches for, with a session of ours for the CSRF value. */
async function accessStaff(c: AdminContext, config: NonNullable<ReturnType<typeof accessConfig>>) {
  const email = await accessEmail(c.req.header('cf-access-jwt-assertion'), config);
  if (!email)
    return { refused: renderNotice(c, 401, 'Sign in', 'Sign in through Cloudflare Access to open the console.') };
  const session = await sessionOf(c, c.env.AUTH_SECRET);
  const staff = session ? await sessionStaff(adminDeps(c), session.staffId, session.sessionVersion) : null;
  if (session && staff?.email === email) return { staff, session };
  // A new session has no CSRF value a form could already carry: only a page load starts one.
  if (!SAFE_METHOD.test(c.req.method)) return { refused: renderNotice(c, 403, 'Forbidden', 'Please reload the page.') };
  const signedIn = await signInWithAccess(adminDeps(c), email, clientIp(c));
  if (!signedIn) return { refused: renderNotice(c, 403, 'Forbidden', 'This identity is not an active staff member.') };
  const started = newSession(signedIn.id, signedIn.sessionVersion);
  await writeSession(c, started, c.env.AUTH_SECRET);
  return { staff: signedIn, session: started };
}

/** Requires a current staff session (or Access identity), and the session's CSRF value on every write. */
export const staffSession = createMiddleware<AdminEnv>(async (c, next) => {
  const config = accessConfig(c.env);
  let found: { staff: StaffMember; session: Awaited<ReturnType<typeof sessionOf>> & {} };
  if (config) {
    const answer = await accessStaff(c, config);
    if ('refused' in answer) return answer.refused;
    found = answer;
  } else {
    const session = await sessionOf(c, c.env.AUTH_SECRET);
    const staff = session ? await sessionStaff(adminDeps(c), session.staffId, session.sessionVersion) : null;
    if (!session || !staff) {
      if (session) clearSession(c); // signed out, deactivated or re-roled: the cookie is spent
      return toSignIn(c);
    }
    await touchSession(c, session, c.env.AUTH_SECRET);
    found = { staff, session };
  }
  if (!SAFE_METHOD.test(c.req.method) && (await sentCsrf(c)) !== found.session.csrf) {
    return renderNotice(c, 403, 'Forbidden', 'This form has expired. Please reload the page and try again.');
  }
  c.set('staff', found.staff);
  c.set('csrf', found.session.csrf);
  await next();
});

/** Lets the request through only when the staff member's role may take the action; a 403 page otherwise. */
export const requirePermission = (action: StaffAction) =>
  createMiddleware<AdminEnv>(async (c, next) => {
    if (!mayDo(c.var.staff, action))
      return renderNotice(c, 403, 'Forbidden', 'Your role does not allow this. Ask an owner if you need it.');
    await next();
  });
