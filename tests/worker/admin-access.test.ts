import { env } from 'cloudflare:test';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app.ts';
import { staffMember } from './admin-helpers.ts';

const executionContext = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const AUD = 'access-application-aud-tag';

/**
 * A Cloudflare Access team of the test's own: a key pair, its JWKS served at the team's certs URL
 * through a stubbed fetch (the Worker's only outside call here), and tokens signed with it.
 */
async function accessTeam(name: string) {
  const issuer = `https://${name}.cloudflareaccess.com`;
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: `${name}-key`, alg: 'RS256' }] };
  const fetched: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    fetched.push(url);
    if (url === `${issuer}/cdn-cgi/access/certs`) return Response.json(jwks);
    return new Response('not found', { status: 404 });
  });
  const token = (email: string, audience = AUD, key = privateKey) =>
    new SignJWT({ email, type: 'app' })
      .setProtectedHeader({ alg: 'RS256', kid: `${name}-key` })
      .setIssuer(issuer)
      .setAudience([audience])
      .setSubject(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(key);
  const app = createApp();
  const request = (path: string, jwt?: string, init: RequestInit = {}) =>
    app.request(
      `https://admin.autohaven.test${path}`,
      { redirect: 'manual', ...init, headers: { ...(jwt ? { 'cf-access-jwt-assertion': jwt } : {}), ...init.headers } },
      { ...env, ACCESS_TEAM_DOMAIN: `${name}.cloudflareaccess.com`, ACCESS_AUD: AUD },
      executionContext,
    );
  return { token, request, fetched };
}

afterEach(() => vi.unstubAllGlobals());

describe('sign-in through Cloudflare Access', () => {
  it('accepts an Access token from the team’s keys and maps its email to an active staff row', async () => {
    await staffMember('access.owner@staff.test', 'owner');
    const team = await accessTeam('team-one');
    const response = await team.request('/admin/staff', await team.token('Access.Owner@staff.test'));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('access.owner@staff.test');
    expect(team.fetched).toEqual(['https://team-one.cloudflareaccess.com/cdn-cgi/access/certs']);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('staff_session='));
    for (const attribute of ['HttpOnly', 'Path=/admin', 'Secure', 'SameSite=Strict'])
      expect(cookie).toContain(`; ${attribute}`);
    const signIn = await env.DB.prepare(
      "SELECT after_json FROM audit_log WHERE action = 'staff.signIn' AND staff_email = ?",
    )
      .bind('access.owner@staff.test')
      .first<{ after_json: string }>();
    expect(JSON.parse(signIn!.after_json)).toEqual({ method: 'access' });
  });

  it('refuses a token for another audience, from another key, or without one (401)', async () => {
    await staffMember('access.aud@staff.test', 'owner');
    const team = await accessTeam('team-two');
    expect((await team.request('/admin', await team.token('access.aud@staff.test', 'another-app'))).status).toBe(401);
    const { privateKey: stranger } = await generateKeyPair('RS256');
    expect((await team.request('/admin', await team.token('access.aud@staff.test', AUD, stranger))).status).toBe(401);
    expect((await team.request('/admin')).status).toBe(401);
    expect((await team.request('/admin', 'not.a.jwt')).status).toBe(401);
  });

  it('refuses an Access identity that is no active staff member (403); the password form is off', async () => {
    const team = await accessTeam('team-three');
    expect((await team.request('/admin', await team.token('nobody@staff.test'))).status).toBe(403);
    const inactive = await staffMember('access.gone@staff.test', 'support');
    await env.DB.prepare('UPDATE staff SET active = 0 WHERE id = ?').bind(inactive.id).run();
    expect((await team.request('/admin', await team.token('access.gone@staff.test'))).status).toBe(403);
    // Both refusals are failed staff sign-ins in the audit log, with why.
    const failed = await env.DB.prepare(
      `SELECT staff_email AS email, record_id AS recordId, after_json AS after FROM audit_log
       WHERE action = 'staff.signInFailed' AND staff_email IN ('nobody@staff.test', 'access.gone@staff.test')
       ORDER BY id`,
    ).all<{ email: string; recordId: string | null; after: string }>();
    expect(failed.results.map((row) => ({ ...row, after: JSON.parse(row.after) }))).toEqual([
      {
        email: 'nobody@staff.test',
        recordId: null,
        after: { reason: 'unknown', ip: expect.any(String), method: 'access' },
      },
      {
        email: 'access.gone@staff.test',
        recordId: String(inactive.id),
        after: { reason: 'inactive', ip: expect.any(String), method: 'access' },
      },
    ]);
    const form = await team.request('/admin/sign-in');
    expect(form.status).toBe(302);
    expect(form.headers.get('location')).toBe('/admin');
  });

  it('still checks roles and the CSRF value for Access sessions', async () => {
    await staffMember('access.fulfil@staff.test', 'fulfilment');
    const team = await accessTeam('team-four');
    const jwt = await team.token('access.fulfil@staff.test');
    const home = await team.request('/admin', jwt);
    expect(home.status).toBe(200);
    const cookie = home.headers
      .getSetCookie()
      .find((line) => line.startsWith('staff_session='))!
      .split(';')[0]!;
    const csrf = (await home.text()).match(/name="_csrf" value="([^"]+)"/)![1]!;
    expect((await team.request('/admin/staff', jwt, { headers: { cookie } })).status).toBe(403);
    const post = (fields: Record<string, string>) =>
      team.request('/admin/sign-out', jwt, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
    expect((await post({})).status).toBe(403);
    expect((await post({ _csrf: csrf })).status).toBe(303);
  });
});
