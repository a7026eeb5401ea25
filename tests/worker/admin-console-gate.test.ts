import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app.ts';
import { signInAttempt, staffMember } from './admin-helpers.ts';

const executionContext = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

/** The Worker as an environment of production's configuration answers: no Access, and no owner's opt-in. */
const asProduction = (path: string, init: RequestInit = {}, vars: Record<string, string> = {}) =>
  createApp().request(
    `https://www.autohaven.test${path}`,
    { redirect: 'manual', ...init },
    { ...env, ACCESS_TEAM_DOMAIN: '', ACCESS_AUD: '', ADMIN_PASSWORD_SIGN_IN: '', ...vars },
    executionContext,
  );

describe('the console is not served from the internet without Cloudflare Access unless an owner opts in', () => {
  it('without Access or the opt-in, every /admin path answers 403 and the password form is never shown', async () => {
    for (const path of ['/admin', '/admin/sign-in', '/admin/staff', '/admin/orders']) {
      const response = await asProduction(path);
      expect(response.status, path).toBe(403);
      const html = await response.text();
      expect(html).toContain('Console closed');
      expect(html).not.toContain('name="password"');
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    }
  });

  it('a right password and code posted there sign nobody in', async () => {
    const staff = await staffMember('gate@staff.test', 'owner');
    const { totpCode } = await import('../../worker/admin/totp.ts');
    const body = new URLSearchParams({
      email: staff.email,
      password: 'staff password for tests',
      code: await totpCode(staff.totpSecret),
    });
    const response = await asProduction('/admin/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': '198.18.90.1' },
      body,
    });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie().some((line) => line.startsWith('staff_session='))).toBe(false);
  });

  it('an owner’s explicit opt-in opens the password form; other values do not', async () => {
    expect((await asProduction('/admin/sign-in', {}, { ADMIN_PASSWORD_SIGN_IN: 'on' })).status).toBe(200);
    for (const value of ['yes', 'true', 'ON ', 'off'])
      expect((await asProduction('/admin/sign-in', {}, { ADMIN_PASSWORD_SIGN_IN: value })).status, value).toBe(403);
    // Local development opts in (wrangler.toml [env.dev.vars]), so the console works there.
    const staff = await staffMember('gate-local@staff.test', 'owner');
    expect((await signInAttempt(staff.email, { secret: staff.totpSecret })).status).toBe(303);
  });
});
