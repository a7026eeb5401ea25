import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import settings from '../../kv-seed/settings.json';
import type { PointsLogAnswer } from '../../shared/api/members.ts';
import { API } from '../../shared/api-routes.ts';
import { BIRTHDAY_MESSAGE } from '../../shared/birthday.ts';
import worker from '../../worker/index.ts';
import { forgetShopSettings } from '../../worker/content/service.ts';
import { giveBirthdayPoints } from '../../worker/members/birthday.ts';
import { bearer, member } from './account-helpers.ts';
import { shopper } from './checkout-helpers.ts';
import { US_HOST, page } from './helpers.ts';

/** Birthday points (issue 21 item 2): the birthday on the profile, and the level's points on the day. */

const at = (iso: string) => Date.parse(iso);
const SILVER_POINTS = 150;

/** Two levels by points earned: Bronze (no birthday points) and Silver from 500 points. */
beforeAll(async () => {
  const levels = {
    basis: 'POINTS',
    levels: [
      {
        id: 'bronze',
        name: 'Bronze',
        threshold: 0,
        benefits: { earnRate: 1, freeShippingThresholdCent: null, birthdayPoints: 0, couponIds: [] },
      },
      {
        id: 'silver',
        name: 'Silver',
        threshold: 500,
        benefits: { earnRate: 2, freeShippingThresholdCent: null, birthdayPoints: SILVER_POINTS, couponIds: [] },
      },
    ],
  };
  await env.SETTINGS.put('shop-settings', JSON.stringify({ ...settings, MEMBER_LEVELS: levels }));
  forgetShopSettings();
});

afterAll(async () => {
  await env.SETTINGS.put('shop-settings', JSON.stringify(settings));
  forgetShopSettings();
});

type Buyer = ReturnType<typeof shopper>;
interface Profile {
  accountId: number;
  birthMonth: number | null;
  birthDay: number | null;
}
interface Refusal {
  errors: { field: string; message: string }[];
}

/** A new signed-in member: their shopper (with token) and account id. */
async function newMember(prefix: string) {
  const token = await member(`${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`);
  const buyer = shopper(US_HOST, bearer(token));
  const accountId = (await buyer.call<Profile>('GET', API.currentUser.path)).body.data.accountId;
  return { token, buyer, accountId };
}

const saveProfile = (buyer: Buyer, body: Record<string, unknown>) =>
  buyer.call<Profile & Refusal>('PUT', API.profileUpdate.path, { firstName: 'Dana', ...body });
const birthdayOf = async (buyer: Buyer) => {
  const { birthMonth, birthDay } = (await buyer.call<Profile>('GET', API.currentUser.path)).body.data;
  return { birthMonth, birthDay };
};

/** 600 points earned on an order the week before `now`: Silver until a year after that. */
const earnSilver = (accountId: number, now: number) =>
  env.DB.prepare(
    `INSERT INTO points_ledger (account_id, delta, reason, reference, created_at)
     VALUES (?, 600, 'EARNED_ORDER', 'US-BDAY', ?)`,
  )
    .bind(accountId, now - 7 * 86_400_000)
    .run();

/** A member with a birthday, Silver or Bronze at `now`. */
async function memberBornOn(month: number, day: number, level: 'bronze' | 'silver', now: number) {
  const created = await newMember(`birthday-${level}`);
  expect((await saveProfile(created.buyer, { birthMonth: month, birthDay: day })).status).toBe(200);
  if (level === 'silver') await earnSilver(created.accountId, now);
  return created;
}

const birthdayRows = async (accountId: number) =>
  (
    await env.DB.prepare(
      `SELECT delta, reference FROM points_ledger WHERE account_id = ? AND reason = 'BIRTHDAY' ORDER BY id`,
    )
      .bind(accountId)
      .all<{ delta: number; reference: string }>()
  ).results;

/** One cron tick of the Worker at `time`, as Cloudflare runs it. */
async function tick(time: number) {
  const context = createExecutionContext();
  await worker.scheduled(
    createScheduledController({ scheduledTime: time, cron: '*/5 * * * *' }),
    env as never,
    context,
  );
  await waitOnExecutionContext(context);
}

describe('the birthday on the profile', () => {
  it('takes a real month and day, February 29 too, and shows it on the account page', async () => {
    const { buyer, token } = await newMember('set');
    const saved = await saveProfile(buyer, { birthMonth: 2, birthDay: 29 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ birthMonth: 2, birthDay: 29, firstName: 'Dana' });
    expect(await birthdayOf(buyer)).toEqual({ birthMonth: 2, birthDay: 29 });
    const { html } = await page(`${US_HOST}/myAccount`, { headers: bearer(token) });
    expect(html).toContain('Birthday month');
    expect(html).toMatch(/<option value="2" selected="">February<\/option>/);
    expect(html).toMatch(/name="birthDay"[^>]*value="29"/);
  });

  it('refuses a day the month does not have, month 13 and half a birthday, with the message at the field', async () => {
    const { buyer } = await newMember('refuse');
    await saveProfile(buyer, { birthMonth: 7, birthDay: 4 });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ birthMonth: 2, birthDay: 30 }, 'birthDay', 'February has only 29 days.'],
      [{ birthMonth: 4, birthDay: 31 }, 'birthDay', 'April has only 30 days.'],
      [{ birthMonth: 13, birthDay: 1 }, 'birthMonth', BIRTHDAY_MESSAGE.month],
      [{ birthMonth: 0, birthDay: 1 }, 'birthMonth', BIRTHDAY_MESSAGE.month],
      [{ birthMonth: 5, birthDay: 0 }, 'birthDay', BIRTHDAY_MESSAGE.day],
      [{ birthMonth: 5, birthDay: 'fifth' }, 'birthDay', BIRTHDAY_MESSAGE.day],
      [{ birthMonth: 5, birthDay: 2.5 }, 'birthDay', BIRTHDAY_MESSAGE.day],
      [{ birthMonth: 5 }, 'birthDay', BIRTHDAY_MESSAGE.dayMissing],
      [{ birthMonth: null, birthDay: 12 }, 'birthMonth', BIRTHDAY_MESSAGE.monthMissing],
    ];
    for (const [body, field, message] of cases) {
      const refused = await saveProfile(buyer, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.data.errors, JSON.stringify(body)).toEqual([{ field, message }]);
    }
    expect(await birthdayOf(buyer)).toEqual({ birthMonth: 7, birthDay: 4 });
  });

  it('is kept when a save leaves it out, and cleared with null', async () => {
    const { buyer } = await newMember('clear');
    await saveProfile(buyer, { birthMonth: 11, birthDay: 30 });
    expect((await saveProfile(buyer, { lastName: 'Ortiz' })).body.data).toMatchObject({ birthMonth: 11, birthDay: 30 });
    const cleared = await saveProfile(buyer, { birthMonth: null, birthDay: null });
    expect(cleared.status).toBe(200);
    expect(await birthdayOf(buyer)).toEqual({ birthMonth: null, birthDay: null });
  });
});

describe('birthday points in the daily run', () => {
  it("gives a Silver member Silver's points once on their birthday, and shows them in the log", async () => {
    const now = at('2027-03-14T00:05:00Z');
    const silver = await memberBornOn(3, 14, 'silver', now);
    const bronze = await memberBornOn(3, 14, 'bronze', now);
    const tomorrow = await memberBornOn(3, 15, 'silver', now);
    const blocked = await memberBornOn(3, 14, 'silver', now);
    await env.DB.prepare('UPDATE account SET blocked_at = unixepoch() WHERE id = ?').bind(blocked.accountId).run();

    await Promise.all([tick(now), tick(now)]);
    await tick(now + 3_600_000);

    expect(await birthdayRows(silver.accountId)).toEqual([{ delta: SILVER_POINTS, reference: '2027' }]);
    expect(await birthdayRows(bronze.accountId)).toEqual([]);
    expect(await birthdayRows(tomorrow.accountId)).toEqual([]);
    expect(await birthdayRows(blocked.accountId)).toEqual([]);
    const log = (await silver.buyer.call<PointsLogAnswer>('GET', API.memberPointsLog.path)).body.data;
    expect(log.list[0]).toMatchObject({ kind: 'EARN', label: 'Birthday points', delta: SILVER_POINTS });
  });

  it('writes one row when two grants race, and none more for a birthday moved later in the same year', async () => {
    const now = at('2027-06-02T09:00:00Z');
    const silver = await memberBornOn(6, 2, 'silver', now);
    const given = await Promise.all([giveBirthdayPoints(env, now), giveBirthdayPoints(env, now)]);
    expect(given[0] + given[1]).toBe(1);
    expect(await birthdayRows(silver.accountId)).toEqual([{ delta: SILVER_POINTS, reference: '2027' }]);

    await saveProfile(silver.buyer, { birthMonth: 6, birthDay: 3 });
    expect(await giveBirthdayPoints(env, at('2027-06-03T09:00:00Z'))).toBe(0);
    await earnSilver(silver.accountId, at('2028-06-03T09:00:00Z'));
    expect(await giveBirthdayPoints(env, at('2028-06-03T09:00:00Z'))).toBe(1);
    expect((await birthdayRows(silver.accountId)).map((row) => row.reference)).toEqual(['2027', '2028']);
  });

  it('counts February 29 on February 28 in a year without one, and on the 29th in a leap year', async () => {
    const leapling = await memberBornOn(2, 29, 'silver', at('2027-02-28T00:00:00Z'));
    expect(await giveBirthdayPoints(env, at('2027-02-27T12:00:00Z'))).toBe(0);
    expect(await giveBirthdayPoints(env, at('2027-02-28T12:00:00Z'))).toBe(1);
    await earnSilver(leapling.accountId, at('2028-02-28T12:00:00Z'));
    expect(await giveBirthdayPoints(env, at('2028-02-28T12:00:00Z'))).toBe(0);
    expect(await giveBirthdayPoints(env, at('2028-02-29T12:00:00Z'))).toBe(1);
    expect((await birthdayRows(leapling.accountId)).map((row) => row.reference)).toEqual(['2027', '2028']);
  });
});
