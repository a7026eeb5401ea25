import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expireMemberPoints, pointsBalance } from '../../worker/members/service.ts';
import { adjustPoints } from '../../worker/members/staff.ts';
import { testAudit } from '../worker/audit-helpers.ts';
import { creditPoints, spendPoints } from '../worker/points-helpers.ts';
import {
  allowedReversal,
  dueExpiries,
  type LedgerFact,
  type OrderPoints,
  replayLedger,
} from '../../worker/members/points-rules.ts';

/**
 * For any sequence of earns, spends (only while covered), refund reversals, expiry runs at
 * increasing times and staff adjustments, the points ledger adds up: the balance is the ledger's
 * sum and never negative, a refund never gives back more than was spent on its order nor takes
 * back more than was earned on it, and an expiry never takes points earned after its cutoff.
 */

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1, 9);
const ORDERS = ['US-1', 'US-2', 'US-3'];

type Step =
  | { op: 'earn'; order: number; points: number }
  | { op: 'spend'; order: number | null; points: number }
  | { op: 'reverse'; order: number; points: number }
  | { op: 'expire' }
  | { op: 'adjust'; points: number };

const order = fc.integer({ min: 0, max: ORDERS.length - 1 });
const amount = fc.integer({ min: 1, max: 200 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('earn' as const), order, points: amount }),
  fc.record({ op: fc.constant('spend' as const), order: fc.option(order, { nil: null }), points: amount }),
  fc.record({ op: fc.constant('reverse' as const), order, points: fc.integer({ min: -200, max: 200 }) }),
  fc.record({ op: fc.constant('expire' as const) }),
  fc.record({ op: fc.constant('adjust' as const), points: fc.integer({ min: -150, max: 150 }) }),
);
const timed = fc.array(fc.tuple(step, fc.integer({ min: 0, max: 120 })), { minLength: 1, maxLength: 25 });
const months = fc.constantFrom(1, 3, 12);

const sum = (facts: readonly LedgerFact[]) => facts.reduce((total, fact) => total + fact.delta, 0);

function orderPoints(facts: readonly LedgerFact[], reference: string): OrderPoints {
  const own = facts.filter((fact) => fact.reference === reference);
  const total = (reason: string) => own.filter((f) => f.reason === reason).reduce((n, f) => n + f.delta, 0);
  return { earned: total('EARNED_ORDER'), spent: -total('REDEEM_ORDER'), reversed: total('REFUND') };
}

/** The ledger and its invariants after each step, checked as the steps are applied to the pure rules. */
function checkLedger(facts: readonly LedgerFact[]) {
  const state = replayLedger(facts, 12);
  expect(state.debt).toBe(0);
  expect(sum(facts)).toBeGreaterThanOrEqual(0);
  expect(state.lots.reduce((total, lot) => total + lot.left, 0)).toBe(sum(facts));
  for (const reference of ORDERS) {
    const points = orderPoints(facts, reference);
    expect(points.reversed).toBeLessThanOrEqual(points.spent);
    expect(points.reversed).toBeGreaterThanOrEqual(-points.earned);
  }
}

describe('the points rules (pure)', () => {
  it('keep the ledger adding up, never negative, and expire only what is due', () => {
    fc.assert(
      fc.property(timed, months, (steps, expiry) => {
        const facts: LedgerFact[] = [];
        let now = START;
        const add = (delta: number, reason: string, reference: string | null) =>
          facts.push({ id: facts.length + 1, delta, reason, reference, createdAt: now });
        for (const [next, days] of steps) {
          now += days * DAY;
          const balance = sum(facts);
          if (next.op === 'earn') add(next.points, 'EARNED_ORDER', ORDERS[next.order]!);
          if (next.op === 'spend' && balance >= next.points)
            add(-next.points, next.order === null ? 'REDEEM_COUPON' : 'REDEEM_ORDER', ORDERS[next.order ?? 0]!);
          if (next.op === 'reverse') {
            const allowed = allowedReversal(next.points, orderPoints(facts, ORDERS[next.order]!), balance);
            if (allowed !== 0) add(allowed, 'REFUND', ORDERS[next.order]!);
          }
          if (next.op === 'adjust' && balance + next.points >= 0 && next.points !== 0)
            add(next.points, 'ADJUSTMENT', null);
          if (next.op === 'expire') {
            const before = replayLedger(facts, expiry).lots;
            for (const due of dueExpiries(facts, expiry, now)) add(-due.points, 'EXPIRED', due.day);
            const after = replayLedger(facts, expiry).lots;
            after.forEach((lot, i) => {
              // What is due is all gone; what is not due is untouched.
              if (lot.expiresAt <= now) expect(lot.left).toBe(0);
              else expect(lot.left).toBe(before[i]!.left);
            });
          }
          checkLedger(facts);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('the points ledger in D1 (the real SQL)', () => {
  it('agrees with the rules, adds up and never goes negative, whatever the sequence', async () => {
    let member = 0;
    await fc.assert(
      fc.asyncProperty(timed, months, async (steps, expiry) => {
        const email = `ledger-property-${++member}-${crypto.randomUUID().slice(0, 6)}@example.com`;
        const accountId = (await env.DB.prepare('INSERT INTO account (email) VALUES (?) RETURNING id')
          .bind(email)
          .first<{ id: number }>())!.id;
        const ledger = async () =>
          (
            await env.DB.prepare(
              `SELECT id, delta, reason, reference, created_at AS createdAt FROM points_ledger
               WHERE account_id = ? ORDER BY created_at, id`,
            )
              .bind(accountId)
              .all<LedgerFact>()
          ).results;
        let now = START;
        for (const [next, days] of steps) {
          now += days * DAY;
          const before = await ledger();
          const balance = sum(before);
          if (next.op === 'earn')
            await creditPoints(env.DB, accountId, next.points, 'EARNED_ORDER', ORDERS[next.order]!, now);
          if (next.op === 'spend') {
            const reason = next.order === null ? 'REDEEM_COUPON' : 'REDEEM_ORDER';
            const spent = await spendPoints(env.DB, accountId, next.points, reason, ORDERS[next.order ?? 0]!, now);
            expect(spent).toBe(balance >= next.points);
          }
          if (next.op === 'reverse') {
            const reference = ORDERS[next.order]!;
            await creditPoints(env.DB, accountId, next.points, 'REFUND', reference, now);
            const written = sum(await ledger()) - balance;
            expect(written).toBe(allowedReversal(next.points, orderPoints(before, reference), balance));
          }
          if (next.op === 'adjust' && next.points !== 0) {
            const key = crypto.randomUUID();
            const adjustment = { accountId, delta: next.points, note: 'property', key, now };
            const result = await adjustPoints(
              env.DB,
              adjustment,
              testAudit('customer.adjustPoints', String(accountId)),
            );
            expect(result.outcome).toBe(balance + next.points >= 0 ? 'adjusted' : 'belowZero');
          }
          if (next.op === 'expire') {
            const due = dueExpiries(before, expiry, now).reduce((total, d) => total + d.points, 0);
            expect(await expireMemberPoints(env.DB, accountId, expiry, now)).toBe(due);
            // A second run at the same time finds nothing more.
            expect(await expireMemberPoints(env.DB, accountId, expiry, now)).toBe(0);
            const after = replayLedger(await ledger(), expiry).lots;
            const earlier = replayLedger(before, expiry).lots;
            after.forEach((lot, i) => {
              if (lot.expiresAt > now) expect(lot.left).toBe(earlier[i]!.left);
              else expect(lot.left).toBe(0);
            });
          }
          const facts = await ledger();
          expect(await pointsBalance(env.DB, accountId)).toBe(sum(facts));
          checkLedger(facts);
        }
      }),
      { numRuns: 60 },
    );
  }, 180_000);
});
