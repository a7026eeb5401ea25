import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../../worker/admin/totp.ts';
import { ADMIN, freshIp, postForm, signInAttempt, staffMember, staffSession } from './admin-helpers.ts';
import { US_HOST, shop } from './helpers.ts';
import { bearer, member } from './account-helpers.ts';

const auditRows = (action: string, recordId?: string) =>
  env.DB.prepare('SELECT * FROM audit_log WHERE action = ? AND (? IS NULL OR record_id = ?) ORDER BY id')
    .bind(action, recordId ?? null, recordId ?? null)
    .all<{ staff_email: string; before_json: string | null; after_json: string | null }>();

describe('staff sign-in with password and TOTP', () => {
  it('shows a noindex sign-in page with no storefront header or footer', async () => {
    const response = await shop(`${ADMIN}/sign-in`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('Staff sign-in');
    expect(html).not.toContain('<footer');
    const home = await (await shop(`${US_HOST}/`)).text();
    expect(home).not.toContain('/admin');
  });

  it('signs in with password and code into an 8-hour, HttpOnly, SameSite=Strict cookie on /admin', async () => {
    const staff = await staffMember('cookie@staff.test', 'owner');
    const response = await signInAttempt(staff.email, { secret: staff.totpSecret });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/admin');
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('staff_session='))!;
    // Eight hours from the sign-in, less the second that may pass while it is answered.
    const maxAge = Number(cookie.match(/; Max-Age=(\d+)/)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(28_800 - 5);
    expect(maxAge).toBeLessThanOrEqual(28_800);
    expect(cookie).toMatch(/; Path=\/admin/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).not.toMatch(/; Secure/); // http:// locally; https:// gets Secure (next test)
    const home = await shop(ADMIN, { headers: { cookie: cookie.split(';')[0]! } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Welcome, owner cookie');
  });

  it('marks the cookie Secure over https', async () => {
    const staff = await staffMember('secure@staff.test', 'support');
    const response = await shop('https://us.shop.localhost/admin/sign-in', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': freshIp() },
      body: new URLSearchParams({
        email: staff.email,
        password: 'staff password for tests',
        code: await totpCode(staff.totpSecret),
      }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.getSetCookie().find((line) => line.startsWith('staff_session='))).toMatch(/; Secure/);
  });

  it('refuses a wrong password, a wrong code, a used code and a deactivated account with one message', async () => {
    const staff = await staffMember('refused@staff.test', 'owner');
    const code = await totpCode(staff.totpSecret);
    const wrongPassword = await signInAttempt(staff.email, { password: 'not it', code });
    expect(wrongPassword.status).toBe(401);
    expect(await wrongPassword.text()).toContain('Email, password or code is incorrect.');
    const wrongCode = await signInAttempt(staff.email, { code: code === '123456' ? '654321' : '123456' });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.headers.getSetCookie().some((line) => line.startsWith('staff_session='))).toBe(false);
    expect((await signInAttempt(staff.email, { code })).status).toBe(303);
    expect((await signInAttempt(staff.email, { code })).status).toBe(401); // a code is good once
    const failed = await env.DB.prepare('SELECT failed_attempts AS n FROM staff WHERE email = ?')
      .bind(staff.email)
      .first();
    expect(failed).toEqual({ n: 1 }); // the two before the good sign-in were forgotten
    await env.DB.prepare('UPDATE staff SET active = 0 WHERE email = ?').bind(staff.email).run();
    const deactivated = await signInAttempt(staff.email, {
      code: await totpCode(staff.totpSecret, Date.now() + 30_000),
    });
    expect(deactivated.status).toBe(401);
  });

  it('rate limits wrong sign-ins per email and source as for shoppers, and spares other sources', async () => {
    const staff = await staffMember('limited@staff.test', 'owner');
    const attacker = { 'cf-connecting-ip': '198.51.100.77' };
    for (let count = 0; count < 8; count++)
      expect((await signInAttempt(staff.email, { password: 'wrong' }, attacker)).status).toBe(401);
    const blocked = await signInAttempt(staff.email, { secret: staff.totpSecret }, attacker);
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
    expect((await signInAttempt(staff.email, { secret: staff.totpSecret })).status).toBe(303);
  });

  it('never opens /admin without a staff session, or with a shopper token', async () => {
    const anonymous = await shop(ADMIN, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/admin/sign-in');
    const shopper = await member('shopper-admin@example.com');
    expect((await shop(`${US_HOST}/account/buyer/account/current`, { headers: bearer(shopper) })).status).toBe(200);
    const withToken = { ...bearer(shopper), cookie: `token=${shopper}` };
    for (const path of ['', '/staff', '/audit', '/orders']) {
      const response = await shop(`${ADMIN}${path}`, { redirect: 'manual', headers: withToken });
      expect(response.status, path).toBe(302);
    }
    const forgedStaff = await shop(`${ADMIN}/staff`, {
      redirect: 'manual',
      headers: { cookie: `staff_session=${shopper}` },
    });
    expect(forgedStaff.status).toBe(302);
    expect((await postForm('/admin/staff', { email: 'x@y.test', name: 'X', role: 'owner' })).status).toBe(401);
  });

  it('refuses a staff form without the session CSRF value, and one from another site', async () => {
    const { headers, csrf } = await staffSession('owner');
    const fields = { email: 'csrf-new@staff.test', name: 'New', role: 'support' };
    expect((await postForm('/admin/staff', fields, headers)).status).toBe(403);
    expect((await postForm('/admin/staff', { ...fields, _csrf: 'guess' }, headers)).status).toBe(403);
    const foreign = { ...headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    expect((await postForm('/admin/staff', { ...fields, _csrf: csrf }, foreign)).status).toBe(403);
    expect((await postForm('/admin/staff', { ...fields, _csrf: csrf }, headers)).status).toBe(200);
  });

  it('ends the session on sign-out, and a copied cookie no longer works', async () => {
    const { headers, csrf } = await staffSession('fulfilment');
    const out = await postForm('/admin/sign-out', { _csrf: csrf }, headers);
    expect(out.status).toBe(303);
    expect(out.headers.getSetCookie().find((line) => line.startsWith('staff_session='))).toMatch(/Max-Age=0/);
    const spent = await shop(ADMIN, { redirect: 'manual', headers });
    expect(spent.status).toBe(302);
    expect(spent.headers.getSetCookie().find((line) => line.startsWith('staff_session='))).toMatch(/Max-Age=0/);
    expect((await shop(`${ADMIN}/sign-in`, { redirect: 'manual', headers })).status).toBe(200); // no redirect loop
    expect((await auditRows('staff.signOut')).results.length).toBeGreaterThan(0);
  });
});

describe('staff management and the audit log', () => {
  it('adds staff (secret shown once), changes a role and deactivates, each audited with before and after', async () => {
    const { headers, csrf, staff: owner } = await staffSession('owner');
    const added = await postForm(
      '/admin/staff',
      { email: 'New.Hire@staff.test', name: 'New Hire', role: 'fulfilment', _csrf: csrf },
      headers,
    );
    const html = await added.text();
    expect(added.status).toBe(200);
    const secret = html.match(/data-field="totp-secret">([A-Z2-7]+)</)?.[1];
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(html).toContain('otpauth://totp/');
    expect(await (await shop(`${ADMIN}/staff`, { headers })).text()).not.toContain(secret!);
    const row = await env.DB.prepare('SELECT id, role, active FROM staff WHERE email = ?')
      .bind('new.hire@staff.test')
      .first<{ id: number }>();
    expect(row).toMatchObject({ role: 'fulfilment', active: 1 });
    const again = await postForm(
      '/admin/staff',
      { email: 'new.hire@staff.test', name: 'Dup', role: 'support', _csrf: csrf },
      headers,
    );
    expect(again.status).toBe(409);

    const change = await postForm(`/admin/staff/${row!.id}`, { role: 'support', active: 'true', _csrf: csrf }, headers);
    expect(change.status).toBe(303);
    expect(
      (await postForm(`/admin/staff/${row!.id}`, { role: 'support', active: 'false', _csrf: csrf }, headers)).status,
    ).toBe(303);
    const entries = (
      await env.DB.prepare("SELECT * FROM audit_log WHERE record_type = 'staff' AND record_id = ? ORDER BY id")
        .bind(String(row!.id))
        .all()
    ).results;
    expect(entries.map((entry) => entry.action)).toEqual(['staff.add', 'staff.change', 'staff.change']);
    expect(entries.every((entry) => entry.staff_email === owner.email)).toBe(true);
    expect(JSON.parse(entries[1]!.before_json as string)).toEqual({ role: 'fulfilment', active: true });
    expect(JSON.parse(entries[2]!.after_json as string)).toEqual({ role: 'support', active: false });

    const audit = await (await shop(`${ADMIN}/audit`, { headers })).text();
    expect(audit).toContain('staff.change');
    expect(audit).toContain(owner.email);
  });

  it('ends a deactivated member’s session at once', async () => {
    const owner = await staffSession('owner');
    const support = await staffSession('support');
    expect((await shop(ADMIN, { headers: support.headers })).status).toBe(200);
    const fields = { role: 'support', active: 'false', _csrf: owner.csrf };
    expect((await postForm(`/admin/staff/${support.staff.id}`, fields, owner.headers)).status).toBe(303);
    expect((await shop(ADMIN, { redirect: 'manual', headers: support.headers })).status).toBe(302);
  });

  it('will not let an owner demote or deactivate themselves', async () => {
    const { headers, csrf, staff } = await staffSession('owner');
    const response = await postForm(
      `/admin/staff/${staff.id}`,
      { role: 'support', active: 'true', _csrf: csrf },
      headers,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('You cannot change your own role or deactivate yourself.');
  });

  it('refuses to update or delete audit rows', async () => {
    await staffSession('owner');
    await expect(env.DB.prepare("UPDATE audit_log SET action = 'x'").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare('DELETE FROM audit_log').run()).rejects.toThrow(/append-only/);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM audit_log').first<{ n: number }>())!.n).toBeGreaterThan(0);
  });
});
