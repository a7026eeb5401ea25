import { env } from 'cloudflare:test';
import type { StaffRole } from '../../shared/staff-permissions.ts';
import { addStaff } from '../../worker/admin/service.ts';
import { totpCode } from '../../worker/admin/totp.ts';
import { US_HOST, shop } from './helpers.ts';

export const ADMIN = `${US_HOST}/admin`;
export const STAFF_PASSWORD = 'staff password for tests';

let ip = 0;
/** A fresh client IP, so each sign-in has its own rate-limit counters unless a test shares one. */
export const freshIp = () => `203.0.113.${(ip++ % 250) + 1}`;

/** Adds a staff member straight through the service, with a known password and a new TOTP secret. */
export async function staffMember(email: string, role: StaffRole) {
  const result = await addStaff({ db: env.DB, pepper: env.PASSWORD_PEPPER, shopName: 'Test' }, null, {
    email,
    name: `${role} ${email.split('@')[0]}`,
    role,
    password: STAFF_PASSWORD,
  });
  if (!result.ok) throw new Error(result.message);
  return result.staff;
}

/** Posts a form to the console (as a browser form would, urlencoded). */
export function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return shop(`${US_HOST}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });
}

/** The sign-in form posted with the staff member's password and current code. */
export async function signInAttempt(
  email: string,
  overrides: { password?: string; code?: string; secret?: string } = {},
  headers: Record<string, string> = { 'cf-connecting-ip': freshIp() },
) {
  const code = overrides.code ?? (overrides.secret ? await totpCode(overrides.secret) : '000000');
  return postForm('/admin/sign-in', { email, password: overrides.password ?? STAFF_PASSWORD, code }, headers);
}

/** A signed-in staff member of a role: the cookie header to send and the session's CSRF value. */
export async function staffSession(role: StaffRole, email = `${role}-${crypto.randomUUID().slice(0, 8)}@staff.test`) {
  const staff = await staffMember(email, role);
  const response = await signInAttempt(email, { secret: staff.totpSecret });
  if (response.status !== 303) throw new Error(`sign-in failed: ${response.status}`);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('staff_session='))!;
  const headers = { cookie: cookie.split(';')[0]! };
  const home = await (await shop(ADMIN, { headers })).text();
  const csrf = home.match(/name="_csrf" value="([^"]+)"/)?.[1] ?? '';
  return { staff, headers, csrf, setCookie: cookie };
}
