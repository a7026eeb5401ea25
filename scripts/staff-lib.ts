// What the staff scripts share (npm run staff:add, staff:code, and npm start's local owner):
// writing a staff member into a D1 (local or remote) and reading their TOTP secret back.
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { StaffRole } from '../shared/staff-permissions.ts';
import { hashPassword } from '../worker/accounts/passwords.ts';
import { newStaffPassword } from '../worker/admin/credentials.ts';
import { base32Encode, newTotpSecret, otpauthUrl, totpCode, TOTP_STEP_SECONDS } from '../worker/admin/totp.ts';
import { type D1Target, d1Rows, isRemote } from './lib/d1-target.ts';
import { ensureDevVars } from './lib/dev-secrets.ts';

/** A value of .dev.vars (the local secrets npm start writes); undefined when absent. */
export function devVar(name: string, file = '.dev.vars'): string | undefined {
  if (!existsSync(file)) return undefined;
  return readFileSync(file, 'utf8').match(new RegExp(`^\\s*${name}\\s*=\\s*(.*?)\\s*$`, 'm'))?.[1];
}

/**
 * The password pepper of the target: PASSWORD_PEPPER from the environment, else (locally) .dev.vars, written with
 * the local secrets as npm start writes them when it is not there yet (so a staff member added first still signs in).
 */
export async function pepperFor(target: D1Target): Promise<string> {
  if (!process.env.PASSWORD_PEPPER && !isRemote(target)) await ensureDevVars();
  const pepper = process.env.PASSWORD_PEPPER ?? (isRemote(target) ? undefined : devVar('PASSWORD_PEPPER'));
  if (!pepper) {
    throw new Error(
      isRemote(target)
        ? `set PASSWORD_PEPPER to the ${target.env} secret to give a password (or use Cloudflare Access)`
        : 'no PASSWORD_PEPPER in .dev.vars',
    );
  }
  return pepper;
}

const sql = (text: string | null) => (text === null ? 'NULL' : `'${text.replace(/'/g, "''")}'`);

export interface StaffCredentials {
  email: string;
  password: string;
  totpSecret: string;
  otpauthUrl: string;
}

/**
 * Writes a staff member with a password and TOTP secret, and its audit entry (by "script").
 * `replace` overwrites an existing row's password, secret and role (the local owner); otherwise an
 * existing email is an error.
 */
export async function writeStaff(
  target: D1Target,
  staff: { email: string; name: string; role: StaffRole; password?: string; totpSecret?: string },
  replace = false,
): Promise<StaffCredentials> {
  const password = staff.password ?? newStaffPassword();
  const totpSecret = staff.totpSecret ?? newTotpSecret();
  const hash = await hashPassword(password, await pepperFor(target));
  const values = [staff.email, staff.name, staff.role, hash, totpSecret].map(sql).join(', ');
  const conflict = replace
    ? `ON CONFLICT (email) DO UPDATE SET name = excluded.name, role = excluded.role, active = 1,
       password_hash = excluded.password_hash, totp_secret = excluded.totp_secret`
    : 'ON CONFLICT (email) DO NOTHING';
  const after = sql(JSON.stringify({ email: staff.email, name: staff.name, role: staff.role }));
  const [written] = await d1Rows<{ id: number }>(
    target,
    `INSERT INTO staff (email, name, role, password_hash, totp_secret) VALUES (${values}) ${conflict} RETURNING id`,
  );
  if (!written) throw new Error(`${staff.email} is already on the staff`);
  await d1Rows(
    target,
    `INSERT INTO audit_log (staff_email, action, record_type, record_id, after_json)
     VALUES ('script', '${replace ? 'staff.seedLocal' : 'staff.add'}', 'staff', '${written.id}', ${after})`,
  );
  return {
    email: staff.email,
    password,
    totpSecret,
    otpauthUrl: otpauthUrl(totpSecret, staff.email, 'AutoHaven staff'),
  };
}

/** The TOTP secret of a staff member; null when there is no such staff member (or they use Access only). */
export async function staffSecret(target: D1Target, email: string): Promise<string | null> {
  const [row] = await d1Rows<{ secret: string | null }>(
    target,
    `SELECT totp_secret AS secret FROM staff WHERE email = ${sql(email.toLowerCase())}`,
  );
  return row?.secret ?? null;
}

/** The code an authenticator shows now, and how many seconds it has left. */
export async function currentCode(secret: string, now = Date.now()) {
  const left = TOTP_STEP_SECONDS - (Math.floor(now / 1000) % TOTP_STEP_SECONDS);
  return { code: await totpCode(secret, now), secondsLeft: left };
}

/**
 * The local owner's password and TOTP secret: derived from the local AUTH_SECRET, so every npm start
 * prints the same ones and an authenticator set up once keeps working.
 */
export function localOwnerCredentials(authSecret: string): { password: string; totpSecret: string } {
  const derive = (purpose: string) => createHmac('sha256', authSecret).update(`local back-office owner ${purpose}`);
  return {
    password: derive('password').digest('base64url').slice(0, 20),
    totpSecret: base32Encode(derive('totp').digest().subarray(0, 20)),
  };
}
