import type { BrowserContext } from 'playwright-core';

/** Node cannot resolve *.localhost as Chromium does: call loopback with the market's Host header. */
function shopFetch(origin: string, path: string, init: RequestInit = {}): Promise<Response> {
  const target = new URL(origin);
  return fetch(`http://127.0.0.1:${target.port}${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), host: target.host },
  });
}

/** The token in the newest link emailed to an address, read from the shop's local outbox page. */
export async function emailedToken(origin: string, to: string, parameter = 'token'): Promise<string> {
  const html = await (await shopFetch(origin, `/dev/outbox?to=${encodeURIComponent(to)}`)).text();
  const match = html.match(new RegExp(`[?&]${parameter}=([^\\s&"<]+)`));
  if (!match) throw new Error(`no link emailed to ${to}`);
  return decodeURIComponent(match[1]!);
}

/**
 * Registers and confirms a member through the API; returns the session token. Each registration
 * comes from an address of its own (the shop allows 10 an hour per address, and the whole browser
 * run is one machine).
 */
export async function registerMember(origin: string, email: string, password: string): Promise<string> {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3));
  const ip = `10.${a}.${b}.${c}`;
  const post = (path: string, body: unknown) =>
    shopFetch(origin, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  await post('/account/public/buyer/register', { email, password });
  const confirmed = (await post('/account/public/buyer/email-verify', {
    token: await emailedToken(origin, email),
  })) as { data: { accountToken: string } };
  return confirmed.data.accountToken;
}

/** Signs a browser context in as the member: the HttpOnly cookie and the stored token. */
export async function signIn(context: BrowserContext, origin: string, token: string): Promise<void> {
  await context.addCookies([{ name: 'token', value: token, url: origin, httpOnly: true, sameSite: 'Lax' }]);
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
}
