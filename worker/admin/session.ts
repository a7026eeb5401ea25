/**
 * Staff sessions: a signed token in an HttpOnly, SameSite=Strict cookie scoped to /admin. A session
 * lasts at most 8 hours and ends after 30 minutes without a request; each request renews the idle
 * clock. It names the staff member's session version, so deactivation, a role change or signing
 * out ends it at once, and carries the value every staff form echoes back (CSRF).
 */
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { SignJWT, errors, jwtVerify } from 'jose';
import { readCookie } from '../platform/cookies.ts';
import { toBase64Url } from '../../shared/base64.ts';

export const STAFF_COOKIE = 'staff_session';
export const STAFF_COOKIE_PATH = '/admin';
export const SESSION_MAX_SECONDS = 8 * 3600;
export const SESSION_IDLE_SECONDS = 30 * 60;
/** Renew the cookie at most this often: a page with many requests signs one token, not one each. */
const RENEW_AFTER_SECONDS = 60;

const ISSUER = 'autohaven-admin';
const key = (secret: string) => new TextEncoder().encode(`staff-session:${secret}`);

export interface StaffSession {
  staffId: number;
  sessionVersion: number;
  /** When the session began, and when it last saw a request (seconds since the epoch). */
  startedAt: number;
  seenAt: number;
  /** The value staff forms and calls send back in `_csrf` or the X-CSRF-Token header. */
  csrf: string;
}

/** A new session's claims. */
export function newSession(staffId: number, sessionVersion: number, nowMs = Date.now()): StaffSession {
  const now = Math.floor(nowMs / 1000);
  const csrf = toBase64Url(crypto.getRandomValues(new Uint8Array(24)));
  return { staffId, sessionVersion, startedAt: now, seenAt: now, csrf };
}

/** Signs a session's token (the cookie's value). */
export async function signSession(session: StaffSession, secret: string): Promise<string> {
  return new SignJWT({ ver: session.sessionVersion, seen: session.seenAt, csrf: session.csrf, typ: 'staff' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(session.staffId))
    .setIssuer(ISSUER)
    .setIssuedAt(session.startedAt)
    .setExpirationTime(session.startedAt + SESSION_MAX_SECONDS)
    .sign(key(secret));
}

/** The session a token holds; null when forged, over 8 hours old, idle too long or not a staff session. */
export async function readSession(token: string, secret: string, nowMs = Date.now()): Promise<StaffSession | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
    });
    const { ver, seen, csrf, typ, sub, iat } = payload;
    if (typ !== 'staff' || typeof ver !== 'number' || typeof seen !== 'number' || typeof csrf !== 'string') return null;
    if (!sub || typeof iat !== 'number' || nowMs / 1000 - seen > SESSION_IDLE_SECONDS) return null;
    return { staffId: Number(sub), sessionVersion: ver, startedAt: iat, seenAt: seen, csrf };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** The session the request's cookie holds, if any. */
export async function sessionOf(c: Context, secret: string): Promise<StaffSession | null> {
  const token = readCookie(c, STAFF_COOKIE);
  return token && token.length <= 2048 ? readSession(token, secret) : null;
}

/** Sets the session cookie (Secure over https); it lives as long as the session may. */
export async function writeSession(c: Context, session: StaffSession, secret: string): Promise<void> {
  setCookie(c, STAFF_COOKIE, await signSession(session, secret), {
    path: STAFF_COOKIE_PATH,
    maxAge: Math.max(0, session.startedAt + SESSION_MAX_SECONDS - Math.floor(Date.now() / 1000)),
    httpOnly: true,
    sameSite: 'Strict',
    secure: new URL(c.req.url).protocol === 'https:',
  });
}

/** Renews the idle clock of a session a request used, when a minute has passed since the last renewal. */
export async function touchSession(c: Context, session: StaffSession, secret: string): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  if (now - session.seenAt >= RENEW_AFTER_SECONDS) await writeSession(c, { ...session, seenAt: now }, secret);
}

export function clearSession(c: Context): void {
  deleteCookie(c, STAFF_COOKIE, { path: STAFF_COOKIE_PATH });
}
