/**
 * The account-wide ceiling on staff sign-ins (issue 35): 10 attempts in 24 hours from anywhere, each
 * counted before its password and code are checked; the one that uses the last and fails locks the
 * account for an hour (or until an owner unlocks it), audited, and every owner is alerted by email.
 * Every failed sign-in of a staff account is in the audit log, with why and from where.
 */
import type { EmailSender } from '../platform/email.ts';
import { layoutEmail } from '../platform/email-layout.ts';
import { unitOfWork } from '../platform/unit-of-work.ts';
import type { StaffLockRule, StaffRecord } from './records.ts';
import { staffRepository } from './staff-repository.ts';

export const STAFF_LOCK: StaffLockRule & { lockSeconds: number } = {
  attempts: 10,
  windowSeconds: 24 * 3600,
  lockSeconds: 3600,
};

/** Why a staff sign-in failed, as the audit log records it. */
export type SignInFailure = 'locked' | 'inactive' | 'password' | 'code';

/** Who to tell of a lock, and how. */
export interface LockAlerts {
  mailer: EmailSender;
  shopName: string;
  /** The console's staff page, on the configured origin. */
  staffPageUrl: string;
}

const when = (seconds: number) => `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Records a failed sign-in of a staff account (its reason and IP) in the audit log; when it used the
 * window's last attempt, locks the account (the lock and its entry in one batch, written once however
 * many fail at that moment) and alerts the owners and the member. Answers whether it locked.
 */
export async function recordFailedSignIn(
  db: D1Database,
  row: StaffRecord,
  failure: { reason: SignInFailure; ip: string; attempt: number | null; now: number },
  alerts?: LockAlerts,
): Promise<boolean> {
  const repo = staffRepository(db);
  const entry = { staffId: null, staffEmail: row.email, recordType: 'staff', recordId: String(row.id), before: null };
  const after = { reason: failure.reason, ip: failure.ip, attempt: failure.attempt };
  await unitOfWork(db)
    .audit({ ...entry, action: 'staff.signInFailed', after })
    .run();
  if (failure.attempt === null || failure.attempt < STAFF_LOCK.attempts) return false;
  const until = failure.now + STAFF_LOCK.lockSeconds;
  const locked = await unitOfWork(db)
    .add(repo.lockStatement(row.id, until, failure.now))
    .guard('already locked', repo.changedOne(), async () => false)
    .audit({ ...entry, action: 'staff.lock', after: { lockedUntil: until, attempts: failure.attempt, ip: failure.ip } })
    .commit();
  if (!locked.ok) return false;
  if (alerts) await alertOwners(db, row, until, failure.ip, alerts);
  return true;
}

/** Emails every active owner, and the member locked out, that the account is locked and until when. */
async function alertOwners(db: D1Database, row: StaffRecord, until: number, ip: string, alerts: LockAlerts) {
  const staff = await staffRepository(db).list();
  const owners = staff.filter((person) => person.role === 'owner' && person.active === 1).map((person) => person.email);
  const lines = [
    `The staff account ${row.email} (${row.name}) is locked after ${STAFF_LOCK.attempts} failed sign-ins ` +
      `in 24 hours; the last came from ${ip}.`,
    `It unlocks at ${when(until)}, or when an owner unlocks it on the Staff page. If nobody on the staff ` +
      'was trying to sign in, change its password and consider Cloudflare Access for the console.',
  ];
  for (const to of new Set([...owners, row.email])) {
    const subject = `${alerts.shopName} staff account locked: ${row.email}`;
    await alerts.mailer.send(
      layoutEmail('staff-locked', to, subject, lines, { url: alerts.staffPageUrl, label: 'Open the Staff page' }),
    );
  }
}

/**
 * An owner lifts a lock before it runs out (audited, in one batch with the change); false when the
 * account was not locked, or another owner lifted it first (then only their entry is written).
 */
export async function unlockStaff(
  db: D1Database,
  actor: { id: number; email: string },
  id: number,
  now: number,
): Promise<boolean> {
  const repo = staffRepository(db);
  const row = await repo.byId(id);
  if (!row || row.lockedUntil === null || row.lockedUntil <= now) return false;
  const unlocked = await unitOfWork(db)
    .add(repo.unlockStatement(id, now))
    .guard('not locked', repo.changedOne(), async () => false)
    .audit({
      staffId: actor.id,
      staffEmail: actor.email,
      action: 'staff.unlock',
      recordType: 'staff',
      recordId: String(id),
      before: { lockedUntil: row.lockedUntil },
      after: { lockedUntil: null },
    })
    .commit();
  return unlocked.ok;
}
