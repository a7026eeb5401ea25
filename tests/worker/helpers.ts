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
