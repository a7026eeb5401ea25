import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index.ts';
import { expireDuePoints, sendExpiryReminders } from '../../worker/members/service.ts';
import { spendPoints } from './points-helpers.ts';
import { dueExpiries } from '../../worker/members/points-rules.ts';
import { pointsRepository } from '../../worker/members/repository.ts';
import { mailTo } from './fulfilment-helpers.ts';

const at = (iso: string) => Date.parse(iso);
let accounts = 0;

/** A member account with the ledger rows given ([delta, reason, reference, when]); answers its id and email. */
async function memberWith(rows: [number, string, string, string][], market = 'us') {
  const email = `expiry-${++accounts}-${crypto.randomUUID().slice(0, 6)}@example.com`;
  const account = await env.DB.prepare('INSERT INTO account (email, market) VALUES (?, ?) RETURNING id')
    .bind(email, market)
    .first<{ id: number }>();
  const accountId = account!.id;
  if (rows.length > 0)
    await env.DB.batch(
      rows.map(([delta, reason, reference, when]) =>
        env.DB.prepare(
          'INSERT INTO points_ledger (account_id, delta, reason, reference, created_at) VALUES (?, ?, ?, ?, ?)',
        ).bind(accountId, delta, reason, reference, at(when)),
      ),
    );
  return { accountId, email };
}

const balanceOf = async (accountId: number) =>
  (await env.DB.prepare('SELECT coalesce(sum(delta), 0) AS n FROM points_ledger WHERE account_id = ?')
    .bind(accountId)
    .first<{ n: number }>())!.n;

const expiredRows = async (accountId: number) =>
  (
    await env.DB.prepare(
      `SELECT delta, reference FROM points_ledger WHERE account_id = ? AND reason = 'EXPIRED' ORDER BY reference`,
    )
      .bind(accountId)
      .all<{ delta: number; reference: string }>()
  ).results;

/** Two earns used by a spend, one earned on the cutoff's day, one after it, and a later spend. */
const HISTORY: [number, string, string, string][] = [
  [100, 'EARNED_ORDER', 'US-A', '2025-05-01T12:00:00Z'],
  [50, 'EARNED_ORDER', 'US-B', '2025-06-10T12:00:00Z'],
  [40, 'EARNED_ORDER', 'US-D', '2025-06-15T23:00:00Z'],
  [80, 'EARNED_ORDER', 'US-C', '2025-06-16T01:00:00Z'],
  [-120, 'REDEEM_ORDER', 'US-S1', '2025-07-01T12:00:00Z'],
  [-10, 'REDEEM_COUPON', 'coupon-1', '2026-01-01T12:00:00Z'],
];
const CUTOFF_D = at('2026-06-15T00:00:00Z');

describe('points expire 12 months after they were earned, oldest first', () => {
  it('expires what spends left of each earn day at its cutoff, never points earned after it', async () => {
    const { accountId } = await memberWith(HISTORY);
    expect(await balanceOf(accountId)).toBe(140);
    // The spends used all of A and 30 of B; so 20 of B expire, D not yet (its cutoff is a millisecond away).
    expect(await expireDuePoints(env.DB, 12, CUTOFF_D - 1)).toBe(20);
    expect(await expiredRows(accountId)).toEqual([{ delta: -20, reference: '2025-06-10' }]);
    expect(await balanceOf(accountId)).toBe(120);
    // At D's cutoff its 40 expire; C, earned the next day, is untouched.
    expect(await expireDuePoints(env.DB, 12, CUTOFF_D)).toBe(40);
    expect(await expiredRows(accountId)).toEqual([
      { delta: -20, reference: '2025-06-10' },
      { delta: -40, reference: '2025-06-15' },
    ]);
    expect(await balanceOf(accountId)).toBe(80);
    // Run again, nothing more.
    expect(await expireDuePoints(env.DB, 12, CUTOFF_D + 3_600_000)).toBe(0);
    expect(await balanceOf(accountId)).toBe(80);
    // A day later C goes too, and the balance stops at zero.
    expect(await expireDuePoints(env.DB, 12, at('2026-06-16T00:00:00Z'))).toBe(80);
    expect(await balanceOf(accountId)).toBe(0);
  });

  it('follows the shop setting for the months', async () => {
    const { accountId } = await memberWith([[30, 'EARNED_ORDER', 'US-E', '2025-01-20T08:00:00Z']]);
    expect(await expireDuePoints(env.DB, 6, at('2025-07-19T23:59:59Z'))).toBe(0);
    expect(await expireDuePoints(env.DB, 6, at('2025-07-20T00:00:00Z'))).toBe(30);
    expect(await balanceOf(accountId)).toBe(0);
  });

  it('expires once when two runs race', async () => {
    const { accountId } = await memberWith(HISTORY);
    const runs = await Promise.all([
      expireDuePoints(env.DB, 12, CUTOFF_D),
      expireDuePoints(env.DB, 12, CUTOFF_D),
      expireDuePoints(env.DB, 12, CUTOFF_D + 1),
    ]);
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(60);
    expect(await expiredRows(accountId)).toEqual([
      { delta: -20, reference: '2025-06-10' },
      { delta: -40, reference: '2025-06-15' },
    ]);
    expect(await balanceOf(accountId)).toBe(80);
  });

  it('takes a spend racing the run from the oldest points: the points earned after the cutoff stay', async () => {
    for (let round = 0; round < 5; round++) {
      const { accountId } = await memberWith([
        [50, 'EARNED_ORDER', 'US-K', '2025-06-01T12:00:00Z'],
        [30, 'EARNED_ORDER', 'US-L', '2025-06-20T12:00:00Z'],
      ]);
      const [spent] = await Promise.all([
        spendPoints(env.DB, accountId, 50, 'REDEEM_ORDER', 'US-M', CUTOFF_D),
        expireDuePoints(env.DB, 12, CUTOFF_D),
      ]);
      // Spent first: the spend used the due points and nothing expires; expired first: the spend is refused.
      expect(await balanceOf(accountId)).toBe(30);
      expect((await expiredRows(accountId)).length).toBe(spent ? 0 : 1);
    }
  });

  it('writes nothing from a read made before a spend: the spend used the due points first', async () => {
    const { accountId } = await memberWith([
      [50, 'EARNED_ORDER', 'US-N', '2025-06-01T12:00:00Z'],
      [80, 'EARNED_ORDER', 'US-O', '2025-06-20T12:00:00Z'],
    ]);
    const ledger = pointsRepository(env.DB);
    const stale = await ledger.facts(accountId);
    const due = dueExpiries(stale, 12, CUTOFF_D);
    expect(due).toEqual([{ day: '2025-06-01', points: 50 }]);
    expect(await spendPoints(env.DB, accountId, 50, 'REDEEM_ORDER', 'US-P', CUTOFF_D)).toBe(true);
    expect(await ledger.expire(accountId, due, Math.max(...stale.map((fact) => fact.id)), CUTOFF_D)).toBe(0);
    expect(await expireDuePoints(env.DB, 12, CUTOFF_D)).toBe(0);
    expect(await balanceOf(accountId)).toBe(80);
  });

  it('runs from the cron once a day, even when two ticks come at once', async () => {
    const { accountId } = await memberWith(HISTORY);
    const tick = async (time: number) => {
      const context = createExecutionContext();
      await worker.scheduled(
        createScheduledController({ scheduledTime: time, cron: '*/5 * * * *' }),
        env as never,
        context,
      );
      await waitOnExecutionContext(context);
    };
    await Promise.all([tick(CUTOFF_D + 60_000), tick(CUTOFF_D + 60_000)]);
    expect(await balanceOf(accountId)).toBe(80);
    expect((await expiredRows(accountId)).length).toBe(2);
    await tick(at('2026-06-16T00:05:00Z'));
    expect(await balanceOf(accountId)).toBe(0);
  });
});

describe('the expiry reminder email', () => {
  const NOW = at('2026-03-01T03:00:00Z');

  it('goes 14 days ahead, once per expiry date, with a link on the market’s configured origin', async () => {
    const us = await memberWith([
      [30, 'EARNED_ORDER', 'US-F', '2025-03-10T15:00:00Z'],
      [12, 'ADJUSTMENT', 'key-1', '2025-03-10T16:00:00Z'],
      [-2, 'REDEEM_COUPON', 'coupon-2', '2025-04-01T00:00:00Z'],
      [25, 'EARNED_ORDER', 'US-G', '2025-03-20T15:00:00Z'],
    ]);
    const ca = await memberWith([[9, 'EARNED_ORDER', 'CA-H', '2025-03-14T15:00:00Z']], 'ca');
    const usedUp = await memberWith([
      [9, 'EARNED_ORDER', 'US-I', '2025-03-12T15:00:00Z'],
      [-9, 'REDEEM_ORDER', 'US-J', '2025-03-13T15:00:00Z'],
    ]);
    await Promise.all([sendExpiryReminders(env, 12, NOW), sendExpiryReminders(env, 12, NOW)]);
    await sendExpiryReminders(env, 12, NOW + 3_600_000);

    const usMail = await mailTo(us.email);
    expect(usMail.map((mail) => mail.subject)).toEqual(['Your 40 points expire on March 10, 2026']);
    expect(usMail[0]!.text).toContain('40 points in your AutoHaven account expire on March 10, 2026.');
    expect(usMail[0]!.text).toContain(`See your points: ${env.US_ORIGIN}/myAccount?type=member`);
    expect(usMail[0]!.html).toContain(`href="${env.US_ORIGIN}/myAccount?type=member"`);
    const caMail = await mailTo(ca.email);
    expect(caMail.map((mail) => mail.subject)).toEqual(['Your 9 points expire on March 14, 2026']);
    expect(caMail[0]!.text).toContain(`${env.CA_ORIGIN}/myAccount?type=member`);
    expect(await mailTo(usedUp.email)).toEqual([]);

    // Six days on, G's points (March 20) come within the 14 days: one more email, the first not again.
    await sendExpiryReminders(env, 12, NOW + 6 * 86_400_000);
    expect((await mailTo(us.email)).map((mail) => mail.subject)).toEqual([
      'Your 40 points expire on March 10, 2026',
      'Your 25 points expire on March 20, 2026',
    ]);
  });
});
