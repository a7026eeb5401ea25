import { exports } from 'cloudflare:workers';

export const US_HOST = 'http://us.shop.localhost';
export const CA_HOST = 'http://ca.shop.localhost';

const worker = (exports as unknown as { default: Fetcher }).default;

/** Sends a request through the real Worker. */
export function shop(url: string, init?: RequestInit): Promise<Response> {
  return worker.fetch(new Request(url, init));
}

export async function page(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; html: string; response: Response }> {
  const response = await shop(url, init);
  return { status: response.status, html: await response.text(), response };
}

export async function api<T = unknown>(url: string, init?: RequestInit) {
  const response = await shop(url, init);
  const body = (await response.json()) as { success: boolean; httpCode: number; data: T; msg: string; code: number };
  return { status: response.status, body, response };
}

/** The Set-Cookie lines of a response, by cookie name. */
export function cookiesOf(response: Response): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const line of response.headers.getSetCookie()) {
    const name = line.slice(0, line.indexOf('='));
    cookies[name] = line;
  }
  return cookies;
}

/** The cookies of a Cookie header and of a response's Set-Cookie lines, as one Cookie header (the latter win). */
export function withCookies(cookieHeader: string | undefined, response: Response): string {
  const jar = new Map<string, string>();
  for (const pair of (cookieHeader ?? '').split(/;\s*/).filter(Boolean)) jar.set(pair.split('=')[0]!, pair);
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    jar.set(pair.split('=')[0]!, pair);
  }
  return [...jar.values()].join('; ');
}

/**
 * Opens an emailed link as a browser does (issue 35): the page answers a 303 to itself without the link's
 * credential, which it set in an HttpOnly cookie; the redirect is followed with that cookie. Throws when the page
 * kept the credential in its address.
 */
export async function arrive(url: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  const first = await shop(url, { ...init, headers, redirect: 'manual' });
  const location = first.headers.get('location');
  if (first.status !== 303 || !location) throw new Error(`${url} answered ${first.status}, not the exchange`);
  const cookie = withCookies(headers.get('cookie') ?? undefined, first);
  headers.set('cookie', cookie);
  const landed = new URL(location, url).href;
  const next = await page(landed, { ...init, headers, redirect: 'manual' });
  return { ...next, cookie, landed, exchange: first };
}
