import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../../worker/platform/email.ts';
import { SIGN_IN_CEILING } from '../../worker/platform/rate-limit.ts';
import { bearer, json, member } from './account-helpers.ts';
import { api, cookiesOf, US_HOST } from './helpers.ts';

const PASSWORD = 'correct horse battery';
const loginUrl = `${US_HOST}/account/public/buyer/login`;
const MINUTE = 60_000;

const attempt = (email: string, password: string, headers: Record<string, string>) =>
  api(loginUrl, json('POST', { email, password }, headers));

/** The device cookie a browser gets when it signs in (to be sent back as `cookie`). */
async function deviceOf(email: string) {
  const signedIn = await attempt(email, PASSWORD, { 'cf-connecting-ip': '192.0.2.200' });
  expect(signedIn.status).toBe(200);
  return cookiesOf(signedIn.response).device!.split(';')[0]!;
}

const alerts = async (email: string) =>
  (await outboxMessages(env.DB, email)).filter((mail) => mail.kind === 'sign-in-attempts');

describe('one account takes a limited number of wrong passwords over every source', () => {
  it('100 wrong passwords at once from 100 IPs: only the ceiling is checked, the owner is emailed once', async () => {
    const email = 'ceiling-parallel@example.com';
    await member(email);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => attempt(email, `wrong ${i}`, { 'cf-connecting-ip': `198.18.1.${i + 1}` })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(SIGN_IN_CEILING.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - SIGN_IN_CEILING.limit);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.msg).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    const sent = await alerts(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('Someone is trying to sign in to your AutoHaven account');
    expect(sent[0]?.text_body).toContain('http://us.shop.localhost:8787/retrievePassword');
  }, 120_000);

  it('the owner’s own browser still signs in; a new place waits, even with the right password', async () => {
    const email = 'ceiling-owner@example.com';
    await member(email);
    const device = await deviceOf(email);
    for (let i = 0; i < SIGN_IN_CEILING.limit; i++)
      expect((await attempt(email, 'wrong', { 'cf-connecting-ip': `198.18.2.${i + 1}` })).status).toBe(400);
    const elsewhere = await attempt(email, PASSWORD, { 'cf-connecting-ip': '198.18.2.200' });
    expect(elsewhere.status).toBe(429);
    const owner = await attempt(email, PASSWORD, { 'cf-connecting-ip': '198.18.2.201', cookie: device });
    expect(owner.status).toBe(200);
  });

  it('a browser trusted by another account counts like any stranger', async () => {
    const attacker = 'ceiling-attacker@example.com';
    const victim = 'ceiling-victim@example.com';
    await member(attacker);
    await member(victim);
    const device = await deviceOf(attacker);
    for (let i = 0; i < SIGN_IN_CEILING.limit - 1; i++)
      expect((await attempt(victim, 'wrong', { 'cf-connecting-ip': `198.18.3.${i + 1}` })).status).toBe(400);
    const withDevice = { 'cf-connecting-ip': '198.18.3.200', cookie: device };
    expect((await attempt(victim, 'wrong', withDevice)).status).toBe(400);
    expect((await attempt(victim, 'wrong', withDevice)).status).toBe(429);
  });

  it('an unknown email is answered as a known one, and nobody is emailed', async () => {
    const email = 'ceiling-nobody@example.com';
    for (let i = 0; i < SIGN_IN_CEILING.limit; i++)
      expect((await attempt(email, 'wrong', { 'cf-connecting-ip': `198.18.4.${i + 1}` })).status).toBe(400);
    expect((await attempt(email, 'wrong', { 'cf-connecting-ip': '198.18.4.200' })).status).toBe(429);
    expect(await outboxMessages(env.DB, email)).toHaveLength(0);
  });

  it('the delay doubles from a minute up to an hour, and the count starts again the next day', async () => {
    const ceiling = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName('ceiling-clock-test'));
    const t0 = Date.UTC(2026, 10, 1);
    for (let i = 0; i < SIGN_IN_CEILING.limit; i++) {
      const answer = await ceiling.attempt(SIGN_IN_CEILING, null, t0);
      expect(answer).toEqual({ allowed: true, counted: true, tripped: i === SIGN_IN_CEILING.limit - 1 });
    }
    expect(await ceiling.attempt(SIGN_IN_CEILING, null, t0 + 1000)).toEqual({ allowed: false, retryAfterSeconds: 59 });
    let at = t0;
    const waits: number[] = [];
    for (let delay = MINUTE; waits.length < 8; delay = Math.min(delay * 2, 60 * MINUTE)) {
      at += delay;
      expect((await ceiling.attempt(SIGN_IN_CEILING, null, at - 1000)).allowed).toBe(false);
      expect((await ceiling.attempt(SIGN_IN_CEILING, null, at)).allowed).toBe(true);
      waits.push(delay / MINUTE);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    const nextDay = t0 + SIGN_IN_CEILING.windowMs;
    expect(await ceiling.attempt(SIGN_IN_CEILING, null, nextDay)).toEqual({
      allowed: true,
      counted: true,
      tripped: false,
    });
  });

  it('a signed-in session guessing the current password (100 at once) is held to the same ceiling', async () => {
    const email = 'ceiling-session@example.com';
    const token = await member(email);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        api(
          `${US_HOST}/account/buyer/account/password`,
          json('PUT', { oldPassword: `guess ${i}`, newPassword: 'a taken over password' }, bearer(token)),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(SIGN_IN_CEILING.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - SIGN_IN_CEILING.limit);
    // The email change asks for the password too: it waits with the rest, and so do sign-ins from elsewhere.
    const changeEmail = await api(
      `${US_HOST}/account/buyer/account/change-email-init`,
      json('PUT', { newEmail: 'elsewhere@example.com', password: PASSWORD }, bearer(token)),
    );
    expect(changeEmail.status).toBe(429);
    expect((await attempt(email, PASSWORD, { 'cf-connecting-ip': '198.18.5.1' })).status).toBe(429);
  }, 120_000);

  it('the right current password clears the count, as a sign-in does', async () => {
    const email = 'ceiling-session-right@example.com';
    const token = await member(email);
    const change = (oldPassword: string) =>
      api(
        `${US_HOST}/account/buyer/account/password`,
        json('PUT', { oldPassword, newPassword: PASSWORD }, bearer(token)),
      );
    for (let i = 0; i < SIGN_IN_CEILING.limit - 1; i++) expect((await change('wrong')).status).toBe(400);
    const right = await change(PASSWORD);
    expect(right.status).toBe(200);
    for (let i = 0; i < SIGN_IN_CEILING.limit - 1; i++)
      expect((await attempt(email, 'wrong', { 'cf-connecting-ip': `198.18.6.${i + 1}` })).status).toBe(400);
  });
});
