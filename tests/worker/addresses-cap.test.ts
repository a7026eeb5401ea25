import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { US_HOST, api } from './helpers.ts';
import { bearer, json, member } from './account-helpers.ts';

/**
 * A member's address book holds at most 20 addresses (issue 35 finding 3): the count is part of the
 * insert, so a hundred additions at once store no more than that, the rest are told why, none is a
 * 500, and a refused default address leaves the book's default where it was.
 */

const address = (n: number, isDefault = false) => ({
  market: 'us',
  firstName: 'Dana',
  lastName: 'Cole',
  phone: '614-5550199',
  addressLine1: `${100 + n} Commerce Pkwy`,
  city: 'Columbus',
  regionCode: 'OH',
  postalCode: '43215',
  isDefault,
});

const stored = async (email: string) =>
  (await env.DB.prepare(
    `SELECT count(*) AS n, sum(a.is_default) AS defaults FROM address a JOIN account c ON c.id = a.account_id
     WHERE c.email = ?`,
  )
    .bind(email)
    .first<{ n: number; defaults: number }>())!;

describe('the address book', () => {
  it('keeps 20 of 100 addresses added at once; the rest get 400 with the limit, no 500', async () => {
    const email = 'address-race@example.com';
    const token = await member(email);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        api(`${US_HOST}/account/buyer/current/address`, json('POST', address(n), bearer(token))),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 400)).toHaveLength(80);
    for (const answer of answers.filter((one) => one.status === 400))
      expect(answer.body.msg).toBe('You can keep up to 20 addresses.');
    expect((await stored(email)).n).toBe(20);
  });

  it('refuses a 21st default address without taking the default from the one that has it', async () => {
    const email = 'address-default@example.com';
    const token = await member(email);
    for (let n = 0; n < 20; n++)
      await api(`${US_HOST}/account/buyer/current/address`, json('POST', address(n, n === 0), bearer(token)));
    const refused = await api(
      `${US_HOST}/account/buyer/current/address`,
      json('POST', address(99, true), bearer(token)),
    );
    expect(refused.status).toBe(400);
    expect(await stored(email)).toEqual({ n: 20, defaults: 1 });
  });
});
