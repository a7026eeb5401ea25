import type { Context } from 'hono';
import { readCookie, removeCookie, writeCookie } from './cookies.ts';

/**
 * Credentials in emailed links (issue 35): a password reset, an email confirmation, an order's access token.
 * The email needs them in the link's query, but an address is read by every script on the page, sent as the
 * referrer, stored by analytics and kept in the browser's history. So a page an emailed link opens exchanges the
 * credential on arrival, before anything renders: it moves into an HttpOnly cookie (SameSite=Lax, Secure over
 * HTTPS) and the answer is a redirect to the same address without it. The page then reads the cookie, and the
 * calls it makes send it by themselves; no script ever holds the credential.
 */

/** Where an arriving credential goes: its cookie and how long the cookie lasts. */
export interface CredentialCookie {
  cookie: string;
  maxAgeSeconds: number;
}

/** A credential longer than this is no credential of the shop's (signed links stay under 1 KB). */
const MAX_LENGTH = 4096;

/** The credential a request's query carries under `param`, or null (absent, empty or over-long). */
export function credentialInQuery(c: Context, param: string): string | null {
  const value = c.req.query(param);
  return value && value.length <= MAX_LENGTH ? value : null;
}

/**
 * On a GET whose query carries the credential `param`: the credential moves into `into`'s cookie and the answer
 * is a 303 to the same path and query without it (never stored by a cache, no referrer). Any other request, or a
 * query without it, answers null: the page goes on and reads the cookie with `credentialCookie`. `into` may
 * answer null (the credential names nothing this page can open): the query is still cleaned, nothing is kept.
 */
export function exchangeOnArrival(
  c: Context,
  param: string,
  into: CredentialCookie | ((credential: string) => CredentialCookie | null),
): Response | null {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return null;
  const url = new URL(c.req.url);
  if (!url.searchParams.has(param)) return null;
  const credential = credentialInQuery(c, param);
  const target = credential ? (typeof into === 'function' ? into(credential) : into) : null;
  if (credential && target) writeCookie(c, target.cookie, credential, target.maxAgeSeconds, true);
  url.searchParams.delete(param);
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.redirect(`${url.pathname}${url.search}`, 303);
}

/** The credential an emailed link left in its cookie, or null. */
export function credentialCookie(c: Context, cookie: string): string | null {
  const value = readCookie(c, cookie);
  return value && value.length <= MAX_LENGTH ? value : null;
}

/** Forgets a credential once it is used up (a password reset, a confirmed email). */
export function forgetCredential(c: Context, cookie: string): void {
  removeCookie(c, cookie);
}
