import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MemberPointsAnswer, PointsLogAnswer, PointsReminderAnswer } from '../../shared/api/members.ts';
import { API } from '../../shared/api-routes.ts';
import { MSG } from '../../shared/messages.ts';
import { adjustPoints } from '../../worker/members/staff.ts';
import { testAudit } from './audit-helpers.ts';
import { spendPoints } from './points-helpers.ts';
import { expiryOf } from '../../worker/members/points-rules.ts';
import { bearer, member } from './account-helpers.ts';
import { checkoutFixture, placedMemberOrder, shopper } from './checkout-helpers.ts';
import { paidMemberOrder } from './fulfilment-helpers.ts';

const DAY = 86_400_000;
let skuIds: number[];

beforeAll(async () => {
  skuIds = await checkoutFixture(3);
});

type Buyer = ReturnType<typeof shopper>;
const points = async (buyer: Buyer) => (await buyer.call<MemberPointsAnswer>('GET', API.memberPoints.path)).body.data;
const log = async (buyer: Buyer, query = '') =>
  (await buyer.call<PointsLogAnswer>('GET', `${API.memberPointsLog.path}${query}`)).body.data;
const accountOf = async (buyer: Buyer) =>
  (await buyer.call<{ accountId: number }>('GET', '/account/buyer/account/current')).body.data.accountId;
/** A new signed-in member with no orders. */
const newMember = async (prefix: string) =>
  shopper(undefined, bearer(await member(`${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`)));
const earnedOn = async (orderId: string) =>
  (await env.DB.prepare('SELECT points_earned AS n FROM orders WHERE id = ?').bind(orderId).first<{ n: number }>())!.n;

describe('the member points calls', () => {
  it('answer 401 without a token or with a bad one, each of the four', async () => {
    const calls = [API.memberPoints, API.memberPointsLog, API.memberPointsReminder, API.memberLevel];
    for (const call of calls) {
      const visitor = await shopper().call('GET', call.path);
      expect(visitor.status, call.path).toBe(401);
      expect(visitor.body.msg).toBe(MSG.loginInvalid);
      const forged = await shopper(undefined, { authorization: 'Bearer not-a-real-token-at-all' }).call(
        'GET',
        call.path,
      );
      expect(forged.status, call.path).toBe(401);
    }
  });

  it('refuse a bad log query with a 400 naming the field', async () => {
    const buyer = await newMember('bad-query');
    for (const [query, field] of [
      ['?pageSize=0', 'pageSize'],
      ['?pageSize=101', 'pageSize'],
      ['?page=abc', 'page'],
      ['?kind=BONUS', 'kind'],
    ]) {
      const answer = await buyer.call('GET', `${API.memberPointsLog.path}${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.msg.startsWith(`${field} `), answer.body.msg).toBe(true);
    }
  });

  it('count an unpaid order as pending, not in the balance', async () => {
    const { orderId, buyer } = await placedMemberOrder(skuIds[1]!, 'due');
    const order = (await env.DB.prepare(
      'SELECT subtotal_cent - discount_cent - points_cent AS paid, status FROM orders WHERE id = ?',
    )
      .bind(orderId)
      .first<{ paid: number; status: string }>())!;
    expect(order.status).toBe('PAYMENT_PENDING');
    const answer = await points(buyer);
    expect(answer.pending).toBe(Math.floor(order.paid / 100));
    expect(answer.pending).toBeGreaterThan(0);
    expect(answer.balance).toBe(0);
  });

  it('add up an earn, a spend, an adjustment and a refund reversal, never below zero', async () => {
    const { orderId, buyer } = await paidMemberOrder([{ skuId: skuIds[0]!, quantity: 2 }], 'ledger');
    const accountId = await accountOf(buyer);
    const earned = await earnedOn(orderId);
    expect(earned).toBeGreaterThan(10);

    const afterEarn = await points(buyer);
    expect(afterEarn).toEqual({
      balance: earned,
      pending: 0,
      worthCent: earned,
      currency: 'USD',
      expiringSoon: { points: 0, expiresAt: null },
      expiryMonths: 12,
    });
    const [earnEntry] = (await log(buyer)).list;
    expect(earnEntry).toMatchObject({ kind: 'EARN', reason: 'EARNED_ORDER', delta: earned, reference: orderId });
    expect(earnEntry!.label).toBe(`Earned on order ${orderId}`);
    expect(earnEntry!.expiresAt).toBe(expiryOf(earnEntry!.createdAt, 12));

    expect(await spendPoints(env.DB, accountId, earned - 3, 'REDEEM_COUPON', 'coupon-9', Date.now())).toBe(true);
    expect((await points(buyer)).balance).toBe(3);
    const adjusted = await adjustPoints(
      env.DB,
      { accountId, delta: 7, note: 'Sorry for the late parcel', key: `k-${orderId}`, now: Date.now() + 1 },
      testAudit('customer.adjustPoints', String(accountId)),
    );
    expect(adjusted).toEqual({ outcome: 'adjusted', balance: 10 });

    // The order is cancelled: its earned points are taken back, but only what is left (10 of them).
    const cancelled = await buyer.call('POST', '/order/public/requisition/order/cancel', { orderId });
    expect(cancelled.body.success).toBe(true);
    const afterRefund = await points(buyer);
    expect(afterRefund.balance).toBe(0);
    expect(afterRefund.worthCent).toBe(0);
    const sum = await env.DB.prepare('SELECT sum(delta) AS n FROM points_ledger WHERE account_id = ?')
      .bind(accountId)
      .first<{ n: number }>();
    expect(sum!.n).toBe(0);

    const { list, total } = await log(buyer);
    expect(total).toBe(4);
    expect(list.map((entry) => [entry.kind, entry.delta, entry.label])).toEqual([
      ['REVERSAL', -10, `Taken back: order ${orderId} refunded`],
      ['ADJUSTMENT', 7, 'Adjusted by the shop: Sorry for the late parcel'],
      ['SPEND', -(earned - 3), 'Coupon bought with points'],
      ['EARN', earned, `Earned on order ${orderId}`],
    ]);
    // Staff's idempotency key is not the shopper's business; the earned points are all used now.
    expect(list[1]!.reference).toBeNull();
    expect(list[3]!.expiresAt).toBeNull();
  });

  it('filter the log by kind and page it, newest first', async () => {
    const buyer = await newMember('paging');
    const accountId = await accountOf(buyer);
    const at = Date.UTC(2026, 0, 1);
    const rows: [number, string, string][] = [
      [40, 'EARNED_ORDER', 'US-1001'],
      [-10, 'REDEEM_ORDER', 'US-1002'],
      [25, 'EARNED_ORDER', 'US-1003'],
      [-5, 'REDEEM_COUPON', 'c-1'],
      [15, 'REFUND', 'US-1002'],
    ];
    await env.DB.batch(
      rows.map(([delta, reason, reference], i) =>
        env.DB.prepare(
          'INSERT INTO points_ledger (account_id, delta, reason, reference, created_at) VALUES (?, ?, ?, ?, ?)',
        ).bind(accountId, delta, reason, reference, at + i * DAY),
      ),
    );
    const earns = await log(buyer, '?kind=EARN');
    expect(earns.total).toBe(2);
    expect(earns.list.map((entry) => entry.reference)).toEqual(['US-1003', 'US-1001']);
    const spends = await log(buyer, '?kind=SPEND');
    expect(spends.list.map((entry) => entry.label)).toEqual(['Coupon bought with points', 'Spent on order US-1002']);
    const reversals = await log(buyer, '?kind=REVERSAL');
    expect(reversals.list.map((entry) => entry.label)).toEqual(['Given back: order US-1002 refunded']);
    expect((await log(buyer, '?kind=EXPIRY')).total).toBe(0);

    const second = await log(buyer, '?page=2&pageSize=2');
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(second.list.map((entry) => entry.reference)).toEqual(['US-1003', 'US-1002']);
    expect((await log(buyer, '?page=3&pageSize=2')).list.map((entry) => entry.reference)).toEqual(['US-1001']);
  });

  it('remind of the points expiring in the next 30 days, and when', async () => {
    const buyer = await newMember('reminder');
    const accountId = await accountOf(buyer);
    const now = Date.now();
    // Earned almost 12 months ago (expires in about 10 days), and 11 months ago (expires in about a month).
    const soon = now - 355 * DAY;
    const later = now - 320 * DAY;
    await env.DB.batch(
      [
        [soon, 60],
        [later, 45],
      ].map(([at, delta]) =>
        env.DB.prepare(
          `INSERT INTO points_ledger (account_id, delta, reason, reference, created_at)
           VALUES (?, ?, 'EARNED_ORDER', 'US-OLD', ?)`,
        ).bind(accountId, delta, at),
      ),
    );
    const expected = { points: 60, expiresAt: expiryOf(soon, 12) };
    const reminder = (await buyer.call<PointsReminderAnswer>('GET', API.memberPointsReminder.path)).body.data;
    expect(reminder).toEqual({ ...expected, withinDays: 30 });
    const answer = await points(buyer);
    expect(answer.balance).toBe(105);
    expect(answer.expiringSoon).toEqual(expected);
  });
});
