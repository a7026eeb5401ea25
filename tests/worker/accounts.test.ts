import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.ts';
import { ACCOUNT_MSG } from '../../worker/accounts/service.ts';
import { signLink } from '../../worker/platform/tokens.ts';
import { US_HOST, api, cookiesOf } from './helpers.ts';
import { bearer, json, linkToken, member } from './account-helpers.ts';

const url = (path: string) => `${US_HOST}${path}`;

describe('registration and sign-in', () => {
  it('registers, emails a confirmation link, confirms, and signs in with a token and its validity', async () => {
    const registered = await api<{ message: string }>(
      url('/account/public/buyer/register'),
      json('POST', { email: 'Ana@Example.com ', password: 'brake pads 2024' }),
    );
    expect(registered.body).toMatchObject({ success: true, data: { message: ACCOUNT_MSG.registered } });
    const early = await api(
      url('/account/public/buyer/login'),
      json('POST', { email: 'ana@example.com', password: 'brake pads 2024' }),
    );
    expect(early.status).toBe(403);
    expect(early.body.msg).toBe(ACCOUNT_MSG.confirmFirst);
    const confirmed = await api<{ accountToken: string; expiresIn: number }>(
      url('/account/public/buyer/email-verify'),
      json('POST', { token: await linkToken('ana@example.com', 'verify-email') }),
    );
    expect(confirmed.body.data.expiresIn).toBe(2592000);
    const login = await api<{ accountToken: string; expiresIn: number; email: string }>(
      url('/account/public/buyer/login'),
      json('POST', { email: 'ANA@example.com', password: 'brake pads 2024' }),
    );
    expect(login.body.data).toMatchObject({ email: 'ana@example.com', expiresIn: 2592000 });
    const cookies = cookiesOf(login.response);
    expect(cookies.token).toMatch(/HttpOnly/);
    expect(cookies.token).toMatch(/SameSite=Lax/);
    expect(cookies.user_id).toContain('Max-Age=2592000');
    const me = await api<{ email: string; emailVerified: boolean }>(url('/account/buyer/account/current'), {
      headers: bearer(login.body.data.accountToken),
    });
    expect(me.body.data).toMatchObject({ email: 'ana@example.com', emailVerified: true });
  });

  it('knows the member from the cookie as well as the bearer header', async () => {
    const token = await member('cookie@example.com');
    const me = await api<{ email: string }>(url('/account/buyer/account/current'), {
      headers: { cookie: `token=${token}` },
    });
    expect(me.body.data.email).toBe('cookie@example.com');
  });

  it('gives the same answer for a taken email, and tells its owner by email instead', async () => {
    await member('taken@example.com');
    const again = await api<{ message: string }>(
      url('/account/public/buyer/register'),
      json('POST', { email: 'taken@example.com', password: 'another password' }),
    );
    expect(again.body.data.message).toBe(ACCOUNT_MSG.registered);
    const mail = await env.DB.prepare(
      "SELECT kind FROM email_outbox WHERE to_address = 'taken@example.com' ORDER BY id DESC LIMIT 1",
    ).first<{ kind: string }>();
    expect(mail!.kind).toBe('account-exists');
  });

  it('says the same for an unknown email and a wrong password', async () => {
    await member('known@example.com');
    const wrong = await api(
      url('/account/public/buyer/login'),
      json('POST', { email: 'known@example.com', password: 'not the password' }),
    );
    const unknown = await api(
      url('/account/public/buyer/login'),
      json('POST', { email: 'nobody@example.com', password: 'not the password' }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe(ACCOUNT_MSG.badCredentials);
    expect(unknown.body.msg).toBe(ACCOUNT_MSG.badCredentials);
  });

  it('registers with email only and signs in from the emailed link', async () => {
    const registered = await api(
      url('/account/public/buyer/register/no-password'),
      json('POST', { email: 'nopass@example.com' }),
    );
    expect(registered.body.success).toBe(true);
    const confirmed = await api<{ email: string }>(
      url('/account/public/buyer/email-verify'),
      json('POST', { token: await linkToken('nopass@example.com', 'verify-email') }),
    );
    expect(confirmed.body.data.email).toBe('nopass@example.com');
  });

  it('rejects bad fields with the §5 message as "field message"', async () => {
    const cases: [unknown, RegExp][] = [
      [{ email: 'not-an-email', password: 'long enough' }, /^email Provide a valid email address\.$/],
      [
        { email: `${'a'.repeat(50)}@example.com`, password: 'long enough' },
        /^email Only can enter up to 55 characters$/,
      ],
      [{ email: 'short@example.com', password: 'short' }, /^password Password must be 8 to 128 characters\.$/],
      [{ email: "x'; DROP TABLE account; --@example.com", password: 'long enough' }, /^email /],
      [{ email: '<script>alert(1)</script>@example.com', password: 'long enough' }, /^email /],
      [{ email: 'a@exаmple.com', password: 'long enough' }, /^email /],
      [{ email: 42, password: 'long enough' }, /^email /],
      [{}, /^email /],
    ];
    for (const [body, message] of cases) {
      const { status, body: answer } = await api(url('/account/public/buyer/register'), json('POST', body));
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.msg, JSON.stringify(body)).toMatch(message);
    }
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM account WHERE email LIKE ?')
        .bind('%script%')
        .first<{ n: number }>())!.n,
    ).toBe(0);
  });
});

describe('tokens and links', () => {
  it("refuses member endpoints without a valid token: 'Login is invalid. Please log in again'", async () => {
    const token = await member('tokens@example.com');
    const tampered = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const attempts: Record<string, string>[] = [
      {},
      bearer('garbage-token-value'),
      bearer(tampered),
      { cookie: 'token=%%%' },
    ];
    for (const headers of attempts) {
      const { status, body } = await api(url('/account/buyer/account/current'), { headers });
      expect(status).toBe(401);
      expect(body.msg).toBe(MSG.loginInvalid);
    }
  });

  it('signs out every other session when the password changes', async () => {
    const old = await member('change@example.com', 'first password 1');
    const changed = await api<{ accountToken: string }>(
      url('/account/buyer/account/password'),
      json('PUT', { oldPassword: 'first password 1', newPassword: 'second password 2' }, bearer(old)),
    );
    expect(changed.body.success).toBe(true);
    expect((await api(url('/account/buyer/account/current'), { headers: bearer(old) })).status).toBe(401);
    expect(
      (await api(url('/account/buyer/account/current'), { headers: bearer(changed.body.data.accountToken) })).status,
    ).toBe(200);
    const wrongOld = await api(
      url('/account/buyer/account/password'),
      json(
        'PUT',
        { oldPassword: 'nope nope', newPassword: 'third password 3' },
        bearer(changed.body.data.accountToken),
      ),
    );
    expect(wrongOld.body.msg).toBe(ACCOUNT_MSG.wrongPassword);
  });

  it('resets a forgotten password once; the link cannot be reused', async () => {
    await member('forgot@example.com', 'old password 11');
    const init = await api<{ message: string }>(
      url('/account/public/buyer/forget-password/init'),
      json('PUT', { email: 'forgot@example.com' }),
    );
    const unknown = await api<{ message: string }>(
      url('/account/public/buyer/forget-password/init'),
      json('PUT', { email: 'ghost@example.com' }),
    );
    expect(init.body.data.message).toBe(ACCOUNT_MSG.resetSent);
    expect(unknown.body.data.message).toBe(ACCOUNT_MSG.resetSent);
    const token = await linkToken('forgot@example.com', 'reset-password');
    expect(
      (
        await api(
          url('/account/public/buyer/forget-password/reset'),
          json('PUT', { token, password: 'new password 22' }),
        )
      ).body.success,
    ).toBe(true);
    const reused = await api(
      url('/account/public/buyer/forget-password/reset'),
      json('PUT', { token, password: 'newer password 33' }),
    );
    expect(reused.body.msg).toBe(ACCOUNT_MSG.linkUsed);
    expect(
      (
        await api(
          url('/account/public/buyer/login'),
          json('POST', { email: 'forgot@example.com', password: 'new password 22' }),
        )
      ).body.success,
    ).toBe(true);
  });

  it('refuses expired, tampered and wrong-purpose links', async () => {
    const expired = await signLink(
      { purpose: 'reset-password', email: 'x@example.com', accountId: 1, tokenVersion: 1 },
      env.AUTH_SECRET,
      Date.now() - 2 * 3600_000,
    );
    const otherPurpose = await signLink(
      { purpose: 'verify-email', email: 'x@example.com', accountId: 1 },
      env.AUTH_SECRET,
    );
    const forged = await signLink(
      { purpose: 'reset-password', email: 'x@example.com', accountId: 1, tokenVersion: 1 },
      'someone-elses-secret-value-here',
    );
    for (const token of [expired, otherPurpose, forged]) {
      const { body } = await api(
        url('/account/public/buyer/forget-password/reset'),
        json('PUT', { token, password: 'whatever password' }),
      );
      expect(body.msg).toBe(ACCOUNT_MSG.linkInvalid);
    }
  });

  it('changes the email after the new address confirms', async () => {
    const token = await member('before@example.com', 'password for email');
    const init = await api(
      url('/account/buyer/account/change-email-init'),
      json('PUT', { newEmail: 'after@example.com', password: 'password for email' }, bearer(token)),
    );
    expect(init.body.success).toBe(true);
    const finished = await api<{ email: string; accountToken: string }>(
      url('/account/buyer/account/change-email-finish'),
      json('PUT', { token: await linkToken('after@example.com', 'change-email') }, bearer(token)),
    );
    expect(finished.body.data.email).toBe('after@example.com');
    expect(
      (
        await api(
          url('/account/public/buyer/login'),
          json('POST', { email: 'after@example.com', password: 'password for email' }),
        )
      ).body.success,
    ).toBe(true);
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per account from one source with a clear message', async () => {
    await member('limited@example.com');
    let last: Awaited<ReturnType<typeof api>> | undefined;
    for (let attempt = 0; attempt < 9; attempt++) {
      last = await api(
        url('/account/public/buyer/login'),
        json(
          'POST',
          { email: 'limited@example.com', password: 'wrong password' },
          { 'cf-connecting-ip': '198.51.100.8' },
        ),
      );
    }
    expect(last!.status).toBe(429);
    expect(last!.body.msg).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('limits sign-in attempts per IP', async () => {
    const headers = { 'cf-connecting-ip': '198.51.100.77' };
    const statuses = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      statuses.push(
        (
          await api(
            url('/account/public/buyer/login'),
            json('POST', { email: `ip${attempt}@example.com`, password: 'wrong password' }, headers),
          )
        ).status,
      );
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
