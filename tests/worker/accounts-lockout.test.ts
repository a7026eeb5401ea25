import { describe, expect, it } from 'vitest';
import { US_HOST, api, cookiesOf } from './helpers.ts';
import { json, member } from './account-helpers.ts';

const PASSWORD = 'correct horse battery';
const loginUrl = `${US_HOST}/account/public/buyer/login`;

const attempt = (email: string, password: string, headers: Record<string, string>) =>
  api(loginUrl, json('POST', { email, password }, headers));

async function eightWrong(email: string, headers: Record<string, string>) {
  for (let count = 0; count < 8; count++) expect((await attempt(email, 'a wrong password', headers)).status).toBe(400);
}

describe('wrong passwords lock an account only for the source that sent them', () => {
  it('lets the owner in with the right password from another IP after 8 wrong ones from one IP', async () => {
    await member('lock-ip@example.com');
    const attacker = { 'cf-connecting-ip': '198.51.100.21' };
    await eightWrong('lock-ip@example.com', attacker);
    const fromAttacker = await attempt('lock-ip@example.com', PASSWORD, attacker);
    expect(fromAttacker.status).toBe(429);
    expect(fromAttacker.body.msg).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    const owner = await attempt('lock-ip@example.com', PASSWORD, { 'cf-connecting-ip': '198.51.100.22' });
    expect(owner.status).toBe(200);
  });

  it('lets the owner in from a browser they signed in from before, even on the attacked IP', async () => {
    await member('lock-device@example.com');
    const shared = { 'cf-connecting-ip': '198.51.100.23' };
    const earlier = await attempt('lock-device@example.com', PASSWORD, shared);
    const device = cookiesOf(earlier.response).device!.split(';')[0]!;
    await eightWrong('lock-device@example.com', shared);
    expect((await attempt('lock-device@example.com', PASSWORD, shared)).status).toBe(429);
    const owner = await attempt('lock-device@example.com', PASSWORD, { ...shared, cookie: device });
    expect(owner.status).toBe(200);
  });

  it('counts a forged device cookie as its IP', async () => {
    await member('lock-forged@example.com');
    const ip = { 'cf-connecting-ip': '198.51.100.24' };
    for (let count = 0; count < 8; count++)
      await attempt('lock-forged@example.com', 'a wrong password', { ...ip, cookie: `device=forged-${count}` });
    const next = await attempt('lock-forged@example.com', PASSWORD, { ...ip, cookie: 'device=forged-next' });
    expect(next.status).toBe(429);
  });

  it('forgets the wrong passwords of a source once the right one arrives from it', async () => {
    await member('lock-forgive@example.com');
    const ip = { 'cf-connecting-ip': '198.51.100.25' };
    for (let count = 0; count < 7; count++) await attempt('lock-forgive@example.com', 'a wrong password', ip);
    expect((await attempt('lock-forgive@example.com', PASSWORD, ip)).status).toBe(200);
    for (let count = 0; count < 7; count++) await attempt('lock-forgive@example.com', 'a wrong password', ip);
    expect((await attempt('lock-forgive@example.com', PASSWORD, ip)).status).toBe(200);
  });
});
