import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { STAFF_LOCK } from '../../worker/admin/staff-lock.ts';
import { totpCode } from '../../worker/admin/totp.ts';
import { outboxMessages } from '../../worker/platform/email.ts';
import { ADMIN, postForm, signInAttempt, staffMember, staffSession } from './admin-helpers.ts';
import { shop } from './helpers.ts';

interface AuditLine {
  action: string;
  staff_id: number | null;
  staff_email: string;
  after_json: string | null;
}

const staffAudit = async (staffId: number, action: string) =>
  (
    await env.DB.prepare(
      `SELECT action, staff_id, staff_email, after_json FROM audit_log
       WHERE record_type = 'staff' AND record_id = ? AND action = ? ORDER BY id`,
    )
      .bind(String(staffId), action)
      .all<AuditLine>()
  ).results;

const reasons = async (staffId: number) =>
  (await staffAudit(staffId, 'staff.signInFailed')).map((line) => JSON.parse(line.after_json!).reason as string);

const lockedUntil = async (staffId: number) =>
  (
    await env.DB.prepare('SELECT locked_until AS until FROM staff WHERE id = ?')
      .bind(staffId)
      .first<{ until: number }>()
  )?.until ?? null;

const fromIp = (i: number) => ({ 'cf-connecting-ip': `198.18.${40 + Math.floor(i / 250)}.${(i % 250) + 1}` });

/** A code that is not the current one (nor the one before or after it). */
async function wrongCode(secret: string) {
  const near = await Promise.all([-30_000, 0, 30_000].map((shift) => totpCode(secret, Date.now() + shift)));
  let code = 100_000;
  while (near.includes(String(code))) code++;
  return String(code);
}

describe('a staff account takes a limited number of wrong passwords and codes over every source', () => {
  it('100 wrong passwords at once from 100 IPs: the ceiling is checked, one lock, owners told', async () => {
    const owner = await staffMember('lock-owner@staff.test', 'owner');
    const staff = await staffMember('lock-parallel@staff.test', 'support');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signInAttempt(staff.email, { password: `wrong ${i}` }, fromIp(i))),
    );
    expect(answers.every((answer) => answer.status === 401)).toBe(true);
    const failed = await reasons(staff.id);
    expect(failed).toHaveLength(100);
    expect(failed.filter((reason) => reason === 'password')).toHaveLength(STAFF_LOCK.attempts);
    expect(failed.filter((reason) => reason === 'locked')).toHaveLength(100 - STAFF_LOCK.attempts);
    const locks = await staffAudit(staff.id, 'staff.lock');
    expect(locks).toHaveLength(1);
    expect(JSON.parse(locks[0]!.after_json!)).toMatchObject({ attempts: STAFF_LOCK.attempts });
    const until = await lockedUntil(staff.id);
    expect(until! - Date.now() / 1000).toBeGreaterThan(STAFF_LOCK.lockSeconds - 120);
    for (const to of [owner.email, staff.email]) {
      const sent = (await outboxMessages(env.DB, to)).filter((mail) => mail.kind === 'staff-locked');
      expect(sent, to).toHaveLength(1);
      expect(sent[0]!.subject).toContain(`staff account locked: ${staff.email}`);
      expect(sent[0]!.text_body).toContain('http://us.shop.localhost:8787/admin/staff');
    }
    // The right password and code from a new place are refused while the lock lasts, and audited as such.
    const right = await signInAttempt(staff.email, { secret: staff.totpSecret }, fromIp(200));
    expect(right.status).toBe(401);
    expect(await right.text()).toContain('Email, password or code is incorrect.');
    expect((await reasons(staff.id)).at(-1)).toBe('locked');
  }, 120_000);

  it('wrong authenticator codes with the right password count toward the same ceiling', async () => {
    const staff = await staffMember('lock-code@staff.test', 'owner');
    const code = await wrongCode(staff.totpSecret);
    for (let i = 0; i < STAFF_LOCK.attempts; i++)
      expect((await signInAttempt(staff.email, { code }, fromIp(300 + i))).status).toBe(401);
    expect(await reasons(staff.id)).toEqual(Array(STAFF_LOCK.attempts).fill('code'));
    expect(await lockedUntil(staff.id)).not.toBeNull();
    expect((await signInAttempt(staff.email, { secret: staff.totpSecret }, fromIp(320))).status).toBe(401);
  });

  it('100 wrong codes at once are checked only up to the ceiling', async () => {
    const staff = await staffMember('lock-code-parallel@staff.test', 'owner');
    const code = await wrongCode(staff.totpSecret);
    await Promise.all(Array.from({ length: 100 }, (_, i) => signInAttempt(staff.email, { code }, fromIp(400 + i))));
    const failed = await reasons(staff.id);
    expect(failed.filter((reason) => reason === 'code')).toHaveLength(STAFF_LOCK.attempts);
    expect(await staffAudit(staff.id, 'staff.lock')).toHaveLength(1);
  }, 120_000);

  it('a good sign-in before the ceiling starts the count again', async () => {
    const staff = await staffMember('lock-reset@staff.test', 'owner');
    for (let i = 0; i < STAFF_LOCK.attempts - 1; i++)
      expect((await signInAttempt(staff.email, { password: 'wrong' }, fromIp(520 + i))).status).toBe(401);
    expect((await signInAttempt(staff.email, { secret: staff.totpSecret }, fromIp(540))).status).toBe(303);
    for (let i = 0; i < STAFF_LOCK.attempts - 1; i++)
      expect((await signInAttempt(staff.email, { password: 'wrong' }, fromIp(550 + i))).status).toBe(401);
    expect(await lockedUntil(staff.id)).toBeNull();
  });

  it('every failed sign-in is audited with why and where from; the lock runs out after the hour', async () => {
    const staff = await staffMember('lock-expire@staff.test', 'owner');
    for (let i = 0; i < STAFF_LOCK.attempts; i++)
      await signInAttempt(staff.email, { password: 'wrong' }, { 'cf-connecting-ip': `198.18.60.${i + 1}` });
    const first = (await staffAudit(staff.id, 'staff.signInFailed'))[0]!;
    expect(first.staff_id).toBeNull();
    expect(first.staff_email).toBe(staff.email);
    expect(JSON.parse(first.after_json!)).toEqual({ reason: 'password', ip: '198.18.60.1', attempt: 1 });
    // The hour passes.
    await env.DB.prepare('UPDATE staff SET locked_until = unixepoch() - 1 WHERE id = ?').bind(staff.id).run();
    expect((await signInAttempt(staff.email, { secret: staff.totpSecret }, fromIp(600))).status).toBe(303);
  });

  it('a sign-in under an email that is no staff account is audited too, with the email and IP', async () => {
    expect((await signInAttempt('nobody-here@staff.test', {}, { 'cf-connecting-ip': '198.18.61.7' })).status).toBe(401);
    const row = await env.DB.prepare(
      "SELECT staff_id, record_id, after_json FROM audit_log WHERE action = 'staff.signInFailed' AND staff_email = ?",
    )
      .bind('nobody-here@staff.test')
      .first<{ staff_id: number | null; record_id: string | null; after_json: string }>();
    expect(row).toMatchObject({ staff_id: null, record_id: null });
    expect(JSON.parse(row!.after_json)).toEqual({ reason: 'unknown', ip: '198.18.61.7' });
  });

  it('an owner sees the lock on the Staff page and lifts it, audited; twice at once unlocks once', async () => {
    const { staff: owner, headers, csrf } = await staffSession('owner');
    const staff = await staffMember('lock-unlock@staff.test', 'support');
    for (let i = 0; i < STAFF_LOCK.attempts; i++)
      await signInAttempt(staff.email, { password: 'wrong' }, fromIp(700 + i));
    const page = await (await shop(`${ADMIN}/staff`, { headers })).text();
    expect(page).toMatch(/data-locked="lock-unlock@staff.test"[\s\S]*Locked until \d\d:\d\d UTC/);
    expect(page).toContain(`action="/admin/staff/${staff.id}/unlock"`);
    const path = `/admin/staff/${staff.id}/unlock`;
    const both = await Promise.all([
      postForm(path, { _csrf: csrf }, headers),
      postForm(path, { _csrf: csrf }, headers),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([303, 409]);
    const unlocks = await staffAudit(staff.id, 'staff.unlock');
    expect(unlocks).toHaveLength(1);
    expect(unlocks[0]).toMatchObject({ staff_id: owner.id, staff_email: owner.email });
    expect(await lockedUntil(staff.id)).toBeNull();
    expect((await signInAttempt(staff.email, { secret: staff.totpSecret }, fromIp(720))).status).toBe(303);
  });

  it('only an owner may lift a lock', async () => {
    const { headers, csrf } = await staffSession('support');
    const staff = await staffMember('lock-not-owner@staff.test', 'support');
    for (let i = 0; i < STAFF_LOCK.attempts; i++)
      await signInAttempt(staff.email, { password: 'wrong' }, fromIp(740 + i));
    const refused = await postForm(`/admin/staff/${staff.id}/unlock`, { _csrf: csrf }, headers);
    expect(refused.status).toBe(403);
    expect(await lockedUntil(staff.id)).not.toBeNull();
  });
});
