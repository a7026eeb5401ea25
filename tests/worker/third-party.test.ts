import { env } from 'cloudflare:test';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { devIdp } from '../../worker/dev/idp.routes.ts';
import { ACCOUNT_MSG, type AccountDeps } from '../../worker/accounts/service.ts';
import { localVerifier, verifierFor } from '../../worker/platform/oidc.ts';
import { THIRD_PARTY_MSG, thirdPartyLogin } from '../../worker/accounts/third-party.ts';
import { CA_HOST, US_HOST, api, cookiesOf } from './helpers.ts';
import { bearer, json, member } from './account-helpers.ts';

const url = (path: string) => `${US_HOST}${path}`;
const REGISTER = url('/account/public/buyer/third-register');
const LOGIN = url('/account/public/buyer/third-login');

interface SessionData {
  accountToken: string;
  expiresIn: number;
  accountId: number;
  email: string;
}

/** An id token from the built-in test provider on a host. */
async function idToken(
  claims: { sub: string; email?: string; email_verified?: boolean; aud?: string },
  host = US_HOST,
): Promise<string> {
  const answer = await api<never>(`${host}/dev/idp/token`, json('POST', claims));
  return (answer.body as unknown as { id_token: string }).id_token;
}

const accountsWith = async (email: string) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM account WHERE email = ?').bind(email).first<{ n: number }>())!.n;

/** Signs a token with a key pair of the test's own, which the shop has never seen. */
async function foreignToken(expiresAt: number) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const token = await new SignJWT({ email: 'foreign@example.com', email_verified: true })
    .setProtectedHeader({ alg: 'RS256', kid: 'not-the-shops-key' })
    .setIssuer(`${US_HOST}/dev/idp`)
    .setSubject('foreign-subject')
    .setAudience('autohaven-local')
    .setIssuedAt(expiresAt - 600)
    .setExpirationTime(expiresAt)
    .sign(privateKey);
  return { token, jwks: { keys: [{ ...(await exportJWK(publicKey)), kid: 'not-the-shops-key', alg: 'RS256' }] } };
}

describe('built-in test identity provider', () => {
  it('publishes its discovery document and public key on the request origin', async () => {
    const config = (await api<never>(url('/dev/idp/.well-known/openid-configuration'))).body as unknown as Record<
      string,
      string
    >;
    expect(config).toMatchObject({ issuer: `${US_HOST}/dev/idp`, jwks_uri: `${US_HOST}/dev/idp/jwks.json` });
    const jwks = (await api<never>(url('/dev/idp/jwks.json'))).body as unknown as { keys: Record<string, string>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('answers 404 unless DEV_TOOLS is "true"', async () => {
    for (const path of ['/dev/idp/jwks.json', '/dev/idp/.well-known/openid-configuration']) {
      expect((await devIdp.request(path, {}, { ...env, DEV_TOOLS: 'false' })).status).toBe(404);
    }
    expect(
      (await devIdp.request('/dev/idp/token', json('POST', { sub: 'x' }), { ...env, DEV_TOOLS: undefined })).status,
    ).toBe(404);
  });
});

describe('third-party registration and sign-in', () => {
  it('registers from a verified id token, signs in, and shows the verified email', async () => {
    const registered = await api<SessionData>(
      REGISTER,
      json('POST', { idToken: await idToken({ sub: 'new-1', email: 'Third.One@Example.com' }) }),
    );
    expect(registered.status).toBe(200);
    expect(registered.body.data).toMatchObject({ email: 'third.one@example.com', expiresIn: 2592000 });
    expect(cookiesOf(registered.response).token).toMatch(/HttpOnly/);
    const me = await api<{ email: string; emailVerified: boolean }>(url('/account/buyer/account/current'), {
      headers: bearer(registered.body.data.accountToken),
    });
    expect(me.body.data).toMatchObject({ email: 'third.one@example.com', emailVerified: true });
    const row = await env.DB.prepare(
      'SELECT password_hash AS passwordHash, client_type AS clientType, market FROM account WHERE email = ?',
    )
      .bind('third.one@example.com')
      .first();
    expect(row).toEqual({ passwordHash: null, clientType: 'WEB', market: 'us' });
  });

  it('signs into the same account on third-login with the same subject, even if the email changed', async () => {
    const registered = await api<SessionData>(
      REGISTER,
      json('POST', { idToken: await idToken({ sub: 'same-2', email: 'same2@example.com' }) }),
    );
    const login = await api<SessionData>(
      LOGIN,
      json('POST', { idToken: await idToken({ sub: 'same-2', email: 'renamed2@example.com', email_verified: false }) }),
    );
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ accountId: registered.body.data.accountId, email: 'same2@example.com' });
    const again = await api<SessionData>(
      REGISTER,
      json('POST', { idToken: await idToken({ sub: 'same-2', email: 'same2@example.com' }) }),
    );
    expect(again.body.data.accountId).toBe(registered.body.data.accountId);
    expect(await accountsWith('same2@example.com')).toBe(1);
  });

  it('answers 404 on third-login for an unknown subject whose email is unverified or has no account', async () => {
    await member('unverified-owner@example.com');
    const cases = [
      { sub: 'unknown-3', email: 'unverified-owner@example.com', email_verified: false },
      { sub: 'unknown-4', email: 'nobody-here@example.com' },
      { sub: 'unknown-5' },
    ];
    for (const claims of cases) {
      const { status, body } = await api(LOGIN, json('POST', { idToken: await idToken(claims) }));
      expect(status, claims.sub).toBe(404);
      expect(body.msg, claims.sub).toBe(THIRD_PARTY_MSG.notLinked);
    }
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM account_identity WHERE subject LIKE 'unknown-%'").first('n'),
    ).toBe(0);
  });

  it('refuses to register without a verified email, and creates nothing', async () => {
    for (const claims of [
      { sub: 'noemail-6' },
      { sub: 'unverified-7', email: 'unverified7@example.com', email_verified: false },
    ]) {
      const { status, body } = await api(REGISTER, json('POST', { idToken: await idToken(claims) }));
      expect(status).toBe(400);
      expect(body.msg).toBe(THIRD_PARTY_MSG.noVerifiedEmail);
    }
    expect(await accountsWith('unverified7@example.com')).toBe(0);
  });

  it('links an existing password account with the same verified email instead of creating another', async () => {
    await member('linked8@example.com', 'password of eight');
    const before = await env.DB.prepare('SELECT id FROM account WHERE email = ?')
      .bind('linked8@example.com')
      .first<{ id: number }>();
    const registered = await api<SessionData>(
      REGISTER,
      json('POST', { idToken: await idToken({ sub: 'link-8', email: 'linked8@example.com' }) }),
    );
    expect(registered.body.data.accountId).toBe(before!.id);
    expect(await accountsWith('linked8@example.com')).toBe(1);
    const login = await api<SessionData>(LOGIN, json('POST', { idToken: await idToken({ sub: 'link-8' }) }));
    expect(login.body.data.accountId).toBe(before!.id);
    const password = await api(
      url('/account/public/buyer/login'),
      json('POST', { email: 'linked8@example.com', password: 'password of eight' }),
    );
    expect(password.body.success).toBe(true);
  });

  it('links on third-login by verified email match, so the next sign-in finds the identity', async () => {
    await member('match9@example.com');
    const first = await api<SessionData>(
      LOGIN,
      json('POST', { idToken: await idToken({ sub: 'match-9', email: 'MATCH9@example.com' }) }),
    );
    expect(first.status).toBe(200);
    expect(
      await env.DB.prepare("SELECT account_id FROM account_identity WHERE subject = 'match-9'").first('account_id'),
    ).toBe(first.body.data.accountId);
  });

  it('drops a password set before email confirmation once the provider proves the address (hijacking)', async () => {
    await api(
      url('/account/public/buyer/register'),
      json('POST', { email: 'squatted10@example.com', password: 'attacker password' }),
    );
    const registered = await api<SessionData>(
      REGISTER,
      json('POST', { idToken: await idToken({ sub: 'owner-10', email: 'squatted10@example.com' }) }),
    );
    expect(registered.status).toBe(200);
    expect(await accountsWith('squatted10@example.com')).toBe(1);
    const attacker = await api(
      url('/account/public/buyer/login'),
      json('POST', { email: 'squatted10@example.com', password: 'attacker password' }),
    );
    expect(attacker.body.msg).toBe(ACCOUNT_MSG.badCredentials);
    const me = await api<{ emailVerified: boolean }>(url('/account/buyer/account/current'), {
      headers: bearer(registered.body.data.accountToken),
    });
    expect(me.body.data.emailVerified).toBe(true);
  });
});

describe('tokens that are not accepted', () => {
  it('refuses tampered, foreign-key, expired, wrong-audience and wrong-issuer tokens with one message', async () => {
    const good = await idToken({ sub: 'bad-11', email: 'bad11@example.com' });
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const tamperedSignature = `${header}.${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const forgedPayload = btoa(
      JSON.stringify({ ...JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))), sub: 'someone-else' }),
    )
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    const tokens = {
      tamperedSignature,
      tamperedPayload: `${header}.${forgedPayload}.${signature}`,
      expiredForeignKey: (await foreignToken(Math.floor(Date.now() / 1000) - 3600)).token,
      freshForeignKey: (await foreignToken(Math.floor(Date.now() / 1000) + 600)).token,
      wrongAudience: await idToken({ sub: 'bad-11', email: 'bad11@example.com', aud: 'someone-elses-app' }),
      wrongIssuer: await idToken({ sub: 'bad-11', email: 'bad11@example.com' }, CA_HOST),
      unsigned: `${btoa(JSON.stringify({ alg: 'none' })).replace(/=+$/, '')}.${payload}.`,
      notAJwt: 'definitely not a token',
    };
    for (const [name, token] of Object.entries(tokens)) {
      for (const endpoint of [REGISTER, LOGIN]) {
        const { status, body } = await api(endpoint, json('POST', { idToken: token }));
        expect(status, `${name} ${endpoint}`).toBe(400);
        expect(body.msg, `${name} ${endpoint}`).toBe(THIRD_PARTY_MSG.invalidToken);
      }
    }
    expect(await accountsWith('bad11@example.com')).toBe(0);
  });

  it('rejects an expired token even when its signature is good', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await foreignToken(now - 120);
    const fresh = await foreignToken(now + 600);
    const issuer = `${US_HOST}/dev/idp`;
    expect(await localVerifier(fresh.jwks, issuer, 'autohaven-local').verify(fresh.token)).toMatchObject({
      subject: 'foreign-subject',
      emailVerified: true,
    });
    expect(await localVerifier(expired.jwks, issuer, 'autohaven-local').verify(expired.token)).toBeNull();
  });

  it('answers bad bodies with an "idToken ..." message, never a 500', async () => {
    for (const body of [{}, { idToken: 'x'.repeat(10_000) }, { idToken: 42 }, { idToken: null }, { idToken: '' }]) {
      for (const endpoint of [REGISTER, LOGIN]) {
        const { status, body: answer } = await api(endpoint, json('POST', body));
        expect(status, JSON.stringify(body).slice(0, 40)).toBe(400);
        expect(answer.msg, JSON.stringify(body).slice(0, 40)).toMatch(/^idToken /);
      }
    }
    const malformed = await api(REGISTER, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"idToken":',
    });
    expect(malformed.status).toBe(400);
  });

  it('limits third-party attempts per IP', async () => {
    const headers = { 'cf-connecting-ip': '198.51.100.91' };
    const statuses = [];
    for (let attempt = 0; attempt < 21; attempt++)
      statuses.push((await api(LOGIN, json('POST', { idToken: 'junk.junk.junk' }, headers))).status);
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('provider configuration', () => {
  it('calls no provider unless issuer, client id and key set URL are all configured', () => {
    expect(verifierFor({})).toBeNull();
    expect(verifierFor({ OIDC_ISSUER: 'https://accounts.example.com', OIDC_CLIENT_ID: 'shop' })).toBeNull();
    expect(
      verifierFor({
        OIDC_ISSUER: 'https://accounts.example.com',
        OIDC_CLIENT_ID: 'shop',
        OIDC_JWKS_URL: 'https://accounts.example.com/jwks',
      }),
    ).not.toBeNull();
  });

  it('says third-party sign-in is not available without a provider', async () => {
    const deps = { db: env.DB, secret: env.AUTH_SECRET, pepper: env.PASSWORD_PEPPER } as AccountDeps;
    await expect(thirdPartyLogin(deps, null, 'any.id.token')).rejects.toMatchObject({
      httpCode: 400,
      message: THIRD_PARTY_MSG.unavailable,
    });
  });
});
