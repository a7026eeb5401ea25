/**
 * The back office's door: staff sign-in (password + TOTP, or Cloudflare Access), the session's
 * staff member, staff management and the audit log. Every change a staff member makes is written
 * to the audit log in the same write as the change.
 */
import type { AuditedChange } from '../platform/audit.ts';
import { type StaffRole, staffMay, type StaffAction } from '../../shared/staff-permissions.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../accounts/staff.ts';
import { staffRepository } from './staff-repository.ts';
import type { AuditRecord, StaffRecord } from './records.ts';
import type { AuditEntry } from '../platform/records.ts';
import { newStaffPassword } from './credentials.ts';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp.ts';

export interface AdminDeps {
  db: D1Database;
  pepper: string;
  now?: () => number;
}

/** Who a staff session belongs to. */
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  sessionVersion: number;
}

export const ADMIN_MSG = {
  badCredentials: 'Email, password or code is incorrect.',
  notStaff: 'This Cloudflare Access identity is not an active staff member.',
  emailTaken: 'A staff member with this email already exists.',
  emailInvalid: 'Please enter a valid email address.',
  nameRequired: 'Please enter a name (up to 80 characters).',
  roleInvalid: 'Please choose a role.',
  notYourself: 'You cannot change your own role or deactivate yourself.',
  noSuchStaff: 'No such staff member.',
  forbidden: 'You do not have permission to do this.',
} as const;

const member = (row: StaffRecord): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  sessionVersion: row.sessionVersion,
});

/** Whether a staff member may take an action (the one check every staff route goes through). */
export const mayDo = (staff: StaffMember, action: StaffAction) => staffMay(staff.role, action);

export type SignInResult = { ok: true; staff: StaffMember } | { ok: false; message: string };

/**
 * Signs in with email, password and the current TOTP code. Unknown email, wrong password, wrong
 * or reused code and a deactivated account all get the same answer, in about the same time.
 */
export async function signInWithPassword(
  deps: AdminDeps,
  input: { email: string; password: string; code: string },
): Promise<SignInResult> {
  const repo = staffRepository(deps.db);
  const row = await repo.byEmail(input.email);
  const passwordOk = await verifyPassword(input.password, row?.passwordHash ?? DUMMY_HASH, deps.pepper);
  const step =
    row?.totpSecret && passwordOk
      ? await matchTotp(row.totpSecret, input.code.trim(), deps.now?.() ?? Date.now(), row.totpLastStep)
      : null;
  if (row?.active !== 1 || !row.passwordHash || step === null || !(await repo.signedIn(row.id, step))) {
    if (row) await repo.failedSignIn(row.id);
    return { ok: false, message: ADMIN_MSG.badCredentials };
  }
  await repo.audit(signInEntry(row, 'password'));
  return { ok: true, staff: member(row) };
}

const signInEntry = (row: StaffRecord, method: 'password' | 'access') => ({
  staffId: row.id,
  staffEmail: row.email,
  action: 'staff.signIn',
  recordType: 'staff',
  recordId: String(row.id),
  before: null,
  after: { method },
});

/** The active staff member a verified Cloudflare Access email names; null for anyone else. */
export async function signInWithAccess(deps: AdminDeps, email: string): Promise<StaffMember | null> {
  const repo = staffRepository(deps.db);
  const row = await repo.byEmail(email);
  if (row?.active !== 1) return null;
  await Promise.all([repo.accessSignedIn(row.id), repo.audit(signInEntry(row, 'access'))]);
  return member(row);
}

/** The staff member of a session while it is current: active, and no role change or sign-out since. */
export async function sessionStaff(deps: AdminDeps, staffId: number, version: number): Promise<StaffMember | null> {
  const row = await staffRepository(deps.db).byId(staffId);
  return row && row.active === 1 && row.sessionVersion === version ? member(row) : null;
}

/** Signs a staff member out of every session. */
export async function signOut(deps: AdminDeps, staff: StaffMember): Promise<void> {
  const repo = staffRepository(deps.db);
  await Promise.all([
    repo.endSessions(staff.id),
    repo.audit({
      staffId: staff.id,
      staffEmail: staff.email,
      action: 'staff.signOut',
      recordType: 'staff',
      recordId: String(staff.id),
      before: null,
      after: null,
    }),
  ]);
}

/**
 * The audit entry of a staff member's change to another domain's record, as data: that domain writes
 * it into the unit of work of the change, so the change and its entry land together.
 */
export function auditOf(actor: StaffMember, entry: Omit<AuditEntry, 'staffId' | 'staffEmail'>): AuditEntry {
  return { ...entry, staffId: actor.id, staffEmail: actor.email };
}

/** A change's audit entry for one record, from the change's before and after (the domain tells them). */
export const auditedBy =
  (actor: StaffMember, entry: { action: string; recordType: string; recordId: string | null }): AuditedChange =>
  (change) =>
    auditOf(actor, { ...entry, ...change });

/** Writes an audit entry on its own, for a change that is not one batch (a KV write). */
export function recordAudit(db: D1Database, actor: StaffMember, entry: Omit<AuditEntry, 'staffId' | 'staffEmail'>) {
  return staffRepository(db).audit(auditOf(actor, entry));
}

/** One audit log entry as the console shows it. */
export interface AuditView extends Omit<AuditRecord, 'beforeJson' | 'afterJson'> {
  before: string | null;
  after: string | null;
}

/** The audit log, newest first, a page of `size` at a time. */
export async function auditLog(deps: AdminDeps, page: number, size = 50) {
  const { rows, total } = await staffRepository(deps.db).auditPage(size, (page - 1) * size);
  const entries: AuditView[] = rows.map(({ beforeJson, afterJson, ...row }) => ({
    ...row,
    before: beforeJson,
    after: afterJson,
  }));
  return { entries, total, page, pages: Math.max(1, Math.ceil(total / size)) };
}

/** What adding a staff member hands back once: the first password and the TOTP secret. */
export interface NewStaff {
  id: number;
  email: string;
  password: string;
  totpSecret: string;
  otpauthUrl: string;
}

/** Adds a staff member with a first password and a TOTP secret (audited); an error message when refused. */
export async function addStaff(
  deps: AdminDeps & { shopName: string },
  actor: StaffMember | null,
  input: { email: string; name: string; role: StaffRole; password?: string; totpSecret?: string },
): Promise<{ ok: true; staff: NewStaff } | { ok: false; message: string }> {
  const password = input.password ?? newStaffPassword();
  const totpSecret = input.totpSecret ?? newTotpSecret();
  const id = await staffRepository(deps.db).create(
    { ...input, passwordHash: await hashPassword(password, deps.pepper), totpSecret },
    { staffId: actor?.id ?? null, staffEmail: actor?.email ?? 'system', action: 'staff.add', recordType: 'staff' },
  );
  if (id === null) return { ok: false, message: ADMIN_MSG.emailTaken };
  const url = otpauthUrl(totpSecret, input.email, `${deps.shopName} staff`);
  return { ok: true, staff: { id, email: input.email, password, totpSecret, otpauthUrl: url } };
}

/** Everyone on the staff, for the owners' page. */
export async function listStaff(deps: AdminDeps) {
  return (await staffRepository(deps.db).list()).map((row) => ({
    ...member(row),
    active: row.active === 1,
    failedAttempts: row.failedAttempts,
    lastSignInAt: row.lastSignInAt,
  }));
}

/** Changes a staff member's role or active flag (audited; their sessions end). Null when done, else the reason. */
export async function changeStaff(
  deps: AdminDeps,
  actor: StaffMember,
  id: number,
  change: { role: StaffRole; active: boolean },
): Promise<string | null> {
  if (id === actor.id) return ADMIN_MSG.notYourself;
  const repo = staffRepository(deps.db);
  const row = await repo.byId(id);
  if (!row) return ADMIN_MSG.noSuchStaff;
  await repo.update(id, change, {
    staffId: actor.id,
    staffEmail: actor.email,
    action: 'staff.change',
    recordType: 'staff',
    recordId: String(id),
    before: { role: row.role, active: row.active === 1 },
    after: change,
  });
  return null;
}
