import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/** Reads a cookie, treating a malformed Cookie header as absent rather than failing. */
export function readCookie(c: Context, name: string): string | undefined {
  try {
    const value = getCookie(c, name);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Sets a first-party cookie the browser scripts may read (Secure only on https). */
export function writeCookie(c: Context, name: string, value: string, maxAge: number, httpOnly = false): void {
  setCookie(c, name, value, {
    path: '/',
    maxAge,
    httpOnly,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
  });
}

export function removeCookie(c: Context, name: string): void {
  deleteCookie(c, name, { path: '/' });
}
