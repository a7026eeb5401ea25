import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import seedSql from '../../worker/db/seed/promotions.sql?raw';
import { bearer, json, member } from './account-helpers.ts';
import { loadCatalogFixture } from './catalog-fixture.ts';
import { runSqlFile } from './checkout-helpers.ts';
import { US_HOST, api } from './helpers.ts';

/**
 * Buying coupons with points (issue 21, §3 Coupon integralScore): the points are spent and the
 * coupon joins the wallet in one step, so two redemptions racing for the last points cannot both
 * succeed, and a refused one leaves no coupon behind.
 */

/** A second points coupon beside the seeded "$10 off for 1000 points" (1005). */
const SECOND = 1090;

beforeAll(async () => {
  await loadCatalogFixture();
  await runSqlFile(seedSql);
  await env.DB.prepare(
    `INSERT INTO promotion (id, name, source, promotion_type, discount_type, discount_value, threshold_type,
       threshold_value, applies_to, market, starts_at, ends_at, per_customer_limit, member_only, integral_score,
       limit_scene)
     VALUES (?, '$12 off for 1000 points', 'COUPON', 'DISCOUNT', 'FIXED_AMOUNT', 1200, 'AMOUNT', 6000, 'ALL', NULL,
       unixepoch() - 86400, unixepoch() + 86400, 1, 1, 1000, 'REDEEM')`,
  )
    .bind(SECOND)
    .run();
});

async function memberWithPoints(points: number) {
  const headers = bearer(await member(`redeem-race-${crypto.randomUUID().slice(0, 8)}@example.com`));
  const { accountId } = (await api<{ accountId: number }>(`${US_HOST}/account/buyer/account/current`, { headers })).body
    .data;
  await env.DB.prepare(
    `INSERT INTO points_ledger (account_id, delta, reason, created_at) VALUES (?, ?, 'ADJUSTMENT', 0)`,
  )
    .bind(accountId, points)
    .run();
  const redeem = (promotionId: number) =>
    api<{ points: number }>(`${US_HOST}/promotion/public/promotion/redeem`, json('POST', { promotionId }, headers));
  const held = async () =>
    (
      await env.DB.prepare('SELECT promotion_id AS id FROM member_coupon WHERE account_id = ? ORDER BY id')
        .bind(accountId)
        .all<{ id: number }>()
    ).results.map((row) => row.id);
  const balance = async () =>
    (await env.DB.prepare('SELECT coalesce(sum(delta), 0) AS n FROM points_ledger WHERE account_id = ?')
      .bind(accountId)
      .first<{ n: number }>())!.n;
  return { redeem, held, balance };
}

describe('buying coupons with points', () => {
  it('lets one of two redemptions racing for the last points through, and leaves no unpaid coupon', async () => {
    const shopper = await memberWithPoints(1500);
    const answers = await Promise.all([shopper.redeem(1005), shopper.redeem(SECOND)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(await shopper.held()).toHaveLength(1);
    expect(await shopper.balance()).toBe(500);
  });

  it('keeps no coupon when the points are spent elsewhere between the check and the spend', async () => {
    const shopper = await memberWithPoints(1000);
    // Another spend lands the moment the coupon is written, as a second request racing this one would.
    await env.DB.prepare(
      `CREATE TRIGGER race_spend AFTER INSERT ON member_coupon BEGIN
         INSERT INTO points_ledger (account_id, delta, reason, created_at)
         VALUES (NEW.account_id, -1000, 'REDEEM_ORDER', 0);
       END`,
    ).run();
    try {
      const raced = await shopper.redeem(1005);
      expect(raced.status).toBe(400);
      expect(await shopper.held()).toEqual([]);
      expect(await shopper.balance()).toBe(1000);
    } finally {
      await env.DB.prepare('DROP TRIGGER race_spend').run();
    }
  });

  it('keeps no coupon when the points do not cover it, and takes no points for a coupon already held', async () => {
    const shopper = await memberWithPoints(1000);
    expect((await shopper.redeem(1005)).status).toBe(200);
    const again = await shopper.redeem(1005);
    expect(again.status).toBe(400);
    const poor = await shopper.redeem(SECOND);
    expect(poor.status).toBe(400);
    expect(await shopper.held()).toEqual([1005]);
    expect(await shopper.balance()).toBe(0);
  });
});
