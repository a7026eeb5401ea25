import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '../../worker/accounts/service.ts';
import { signLink } from '../../worker/platform/tokens.ts';
import { US_HOST, api, arrive, page } from './helpers.ts';
import { bearer, json, linkToken, member } from './account-helpers.ts';

const url = (path: string) => `${US_HOST}${path}`;
const PASSWORD = 'correct horse battery';

type SessionAnswer = { accountToken: string; email: string };

const changeInit = (session: string, newEmail: string, headers: Record<string, string> = {}) =>
  api(
    url('/account/buyer/account/change-email-init'),
    json('PUT', { newEmail, password: PASSWORD }, { ...bearer(session), ...headers }),
  );
const changeFinish = (session: string, link: string) =>
  api<SessionAnswer>(url('/account/buyer/account/change-email-finish'), json('PUT', { token: link }, bearer(session)));
const emailOfAccount = async (id: number) =>
  (await env.DB.prepare('SELECT email FROM account WHERE id = ?').bind(id).first<{ email: string }>())!.email;
const idOf = async (email: string) =>
  (await env.DB.prepare('SELECT id FROM account WHERE email = ?').bind(email).first<{ id: number }>())!.id;
const login = (email: string, password = PASSWORD) =>
  api<SessionAnswer>(url('/account/public/buyer/login'), json('POST', { email, password }));

describe('changing the login email', () => {
  it("refuses another signed-in account finishing the victim's change-email link", async () => {
    const victim = await member('victim1@example.com');
    const attacker = await member('attacker1@example.com');
    await changeInit(victim, 'thief-inbox1@example.com');
    const link = await linkToken('thief-inbox1@example.com', 'change-email');
    const stolen = await changeFinish(attacker, link);
    expect(stolen.status).toBe(400);
    expect(stolen.body.msg).toBe(ACCOUNT_MSG.linkInvalid);
    expect(await emailOfAccount(await idOf('victim1@example.com'))).toBe('victim1@example.com');
    expect((await login('victim1@example.com')).body.success).toBe(true);
  });

  it('refuses a change-email link once the password of the account has changed', async () => {
    const victim = await member('victim2@example.com');
    await changeInit(victim, 'thief-inbox2@example.com');
    const link = await linkToken('thief-inbox2@example.com', 'change-email');
    const changed = await api<SessionAnswer>(
      url('/account/buyer/account/password'),
      json('PUT', { oldPassword: PASSWORD, newPassword: 'a brand new password' }, bearer(victim)),
    );
    const late = await changeFinish(changed.body.data.accountToken, link);
    expect(late.body.msg).toBe(ACCOUNT_MSG.linkInvalid);
    expect(await emailOfAccount(await idOf('victim2@example.com'))).toBe('victim2@example.com');
  });

  it('refuses a change-email link used a second time', async () => {
    const session = await member('twice@example.com');
    await changeInit(session, 'twice-new@example.com');
    const link = await linkToken('twice-new@example.com', 'change-email');
    const first = await changeFinish(session, link);
    expect(first.body.success).toBe(true);
    const second = await changeFinish(first.body.data.accountToken, link);
    expect(second.body.success).toBe(false);
    expect(second.status).toBe(400);
  });

  it('lets only one of two simultaneous uses of a change-email link succeed', async () => {
    const session = await member('race@example.com');
    await changeInit(session, 'race-new@example.com');
    const link = await linkToken('race-new@example.com', 'change-email');
    const answers = await Promise.all([changeFinish(session, link), changeFinish(session, link)]);
    expect(answers.filter((answer) => answer.body.success)).toHaveLength(1);
    expect(await emailOfAccount(await idOf('race-new@example.com'))).toBe('race-new@example.com');
  });

  it('refuses a change-email link older than 30 minutes', async () => {
    const session = await member('slow@example.com');
    const id = await idOf('slow@example.com');
    const link = await signLink(
      {
        purpose: 'change-email',
        email: 'slow@example.com',
        accountId: id,
        newEmail: 'slow-new@example.com',
        tokenVersion: 1,
      },
      env.AUTH_SECRET,
      Date.now() - 31 * 60_000,
    );
    expect((await changeFinish(session, link)).body.msg).toBe(ACCOUNT_MSG.linkInvalid);
  });

  it('tells the old address, whose undo link restores it, signs devices out and offers a new password', async () => {
    const session = await member('owner@example.com');
    const id = await idOf('owner@example.com');
    await changeInit(session, 'moved@example.com');
    const finished = await changeFinish(session, await linkToken('moved@example.com', 'change-email'));
    expect(finished.body.data.email).toBe('moved@example.com');
    const undo = await linkToken('owner@example.com', 'email-changed');
    const form = await arrive(url(`/changeEmailUndo?token=${encodeURIComponent(undo)}`));
    expect(form.landed).toBe(url('/changeEmailUndo'));
    expect(form.html).toContain('action="/changeEmailUndo"');
    expect(form.html).not.toContain(undo);
    expect(await emailOfAccount(id)).toBe('moved@example.com');
    const undone = await page(url('/changeEmailUndo'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie },
      body: '',
    });
    expect(undone.html).toContain(ACCOUNT_MSG.emailRestored);
    expect(await emailOfAccount(id)).toBe('owner@example.com');
    const me = await api(url('/account/buyer/account/current'), { headers: bearer(finished.body.data.accountToken) });
    expect(me.status).toBe(401);
    expect(await linkToken('owner@example.com', 'reset-password')).toBeTruthy();
    expect((await login('owner@example.com')).body.success).toBe(true);
    const again = await arrive(url(`/changeEmailUndo?token=${encodeURIComponent(undo)}`));
    const refused = await page(url('/changeEmailUndo'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: again.cookie },
      body: '',
    });
    expect(refused.html).toContain(ACCOUNT_MSG.linkUsed);
  });
});

describe('signing out', () => {
  it('revokes the token presented at logout, and only that one', async () => {
    const first = await member('leaver@example.com');
    const second = (await login('leaver@example.com')).body.data.accountToken;
    const out = await api(url('/account/public/buyer/logout'), json('POST', { clearCart: false }, bearer(first)));
    expect(out.body.success).toBe(true);
    expect((await api(url('/account/buyer/account/current'), { headers: bearer(first) })).status).toBe(401);
    expect((await api(url('/account/buyer/account/current'), { headers: { cookie: `token=${first}` } })).status).toBe(
      401,
    );
    expect((await api(url('/account/buyer/account/current'), { headers: bearer(second) })).status).toBe(200);
  });
});

describe('limits on account mails', () => {
  const resend = (session: string, headers: Record<string, string> = {}) =>
    api(url('/account/buyer/account/email-verify-init'), json('PUT', {}, { ...bearer(session), ...headers }));

  it('limits change-email mails per account', async () => {
    const session = await member('many-changes@example.com');
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++)
      statuses.push((await changeInit(session, `many-changes-${attempt}@example.com`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits change-email mails per IP across accounts', async () => {
    const ip = { 'cf-connecting-ip': '198.51.100.91' };
    const statuses = [];
    for (let account = 0; account < 4; account++) {
      const session = await member(`ip-changes-${account}@example.com`);
      for (let attempt = 0; attempt < 3; attempt++)
        statuses.push((await changeInit(session, `ip-changes-${account}-${attempt}@example.com`, ip)).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('limits resent confirmation mails per account', async () => {
    const session = await member('many-resends@example.com');
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push((await resend(session)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits resent confirmation mails per IP across accounts', async () => {
    const ip = { 'cf-connecting-ip': '198.51.100.92' };
    const statuses = [];
    for (let account = 0; account < 4; account++) {
      const session = await member(`ip-resends-${account}@example.com`);
      for (let attempt = 0; attempt < 3; attempt++) statuses.push((await resend(session, ip)).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
