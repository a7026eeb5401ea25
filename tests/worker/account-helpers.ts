import { env } from 'cloudflare:test';
import { US_HOST, api } from './helpers.ts';

let ipCounter = 0;
/** A fresh client IP per call, so rate limits only bite where a test means them to. */
export const freshIp = () => `203.0.113.${(ipCounter++ % 250) + 1}-${Date.now()}`;

export function json(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp(), ...headers },
    body: JSON.stringify(body),
  };
}

/** The token in the newest link emailed to an address. */
export async function linkToken(to: string, kind?: string, parameter = 'token'): Promise<string> {
  const row = await env.DB.prepare(
    `SELECT text_body FROM email_outbox WHERE to_address = ? ${kind ? 'AND kind = ?' : ''} ORDER BY id DESC LIMIT 1`,
  )
    .bind(...(kind ? [to, kind] : [to]))
    .first<{ text_body: string }>();
  const match = row?.text_body.match(new RegExp(`[?&]${parameter}=([^\\s&]+)`));
  if (!match) throw new Error(`no link emailed to ${to}`);
  return decodeURIComponent(match[1]!);
}

/** Registers, confirms and signs in a member; returns their bearer token. */
export async function member(email: string, password = 'correct horse battery'): Promise<string> {
  await api(`${US_HOST}/account/public/buyer/register`, json('POST', { email, password }));
  const confirmed = await api<{ accountToken: string }>(
    `${US_HOST}/account/public/buyer/email-verify`,
    json('POST', { token: await linkToken(email, 'verify-email') }),
  );
  if (!confirmed.body.success) throw new Error(confirmed.body.msg);
  return confirmed.body.data.accountToken;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
