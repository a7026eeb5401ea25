import { env } from 'cloudflare:test';
import { ledgerRepository } from '../../worker/payments/ledger-repository.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bindings } from '../../worker/env.ts';
import { payOrder } from '../../worker/flows/pay-order.ts';
import { refundOrderByShop } from '../../worker/flows/refund-order.ts';
import { applyPaymentEvent } from '../../worker/flows/settle-payment.ts';
import { receiveWebhook } from '../../worker/payments/service.ts';
import {
  buildDailyReconciliation,
  buildReconciliation,
  dayOf,
  keptReconciliation,
  providerMoneyOfOrder,
} from '../../worker/payments/staff.ts';
import { ADMIN, staffSession } from './admin-helpers.ts';
import { testAudit } from './audit-helpers.ts';
import { checkoutFixture, placedMemberOrder } from './checkout-helpers.ts';
import { shop } from './helpers.ts';
import { shipAll } from './returns-helpers.ts';
import { fakeStripe, type FakeStripe } from '../fakes/stripe.ts';

/**
 * Money that reconciles (issue 38): every capture, refund, dispute, fee and payout the card provider
 * reports is kept against its order, once; the back office shows per order what the provider holds
 * beside the shop's books; a dispute is a task for staff with the shop's evidence; the daily report
 * totals each provider's money by currency and flags the orders whose two sides disagree. One Stripe
 * fake serves the whole file, so its own record (intents, refunds, balance) is what the shop must match.
 */

const WEBHOOK_SECRET = 'whsec_reconcile_secret';
const prodEnv = {
  ...env,
  DEV_TOOLS: undefined,
  CARD_PROVIDER_SECRET_KEY: 'sk_test_reconcile',
  CARD_PROVIDER_PUBLISHABLE_KEY: 'pk_test_reconcile',
  CARD_PROVIDER_API_BASE: 'http://stripe.fake',
  CARD_PROVIDER_WEBHOOK_SECRET: WEBHOOK_SECRET,
} as unknown as Bindings;

const realFetch = globalThis.fetch;
let skuIds: number[];
let stripe: FakeStripe;

beforeAll(async () => {
  skuIds = await checkoutFixture();
  stripe = fakeStripe({
    webhookSecret: WEBHOOK_SECRET,
    deliver: async (request) => {
      const taken = await receiveWebhook(prodEnv, {}, 'card', request, Date.now(), applyPaymentEvent);
      return new Response(null, { status: taken ? 200 : 401 });
    },
  });
  vi.stubGlobal('fetch', ((input: RequestInfo | URL, init?: RequestInit) =>
    String(input instanceof Request ? input.url : input).startsWith('http://stripe.fake')
      ? stripe.fetch(input, init)
      : realFetch(input, init)) as typeof fetch);
});
afterAll(() => {
  vi.unstubAllGlobals();
});

/** A member's order paid with a wallet card: the PaymentIntent succeeds at once and its webhook arrives. */
async function paidOrder() {
  const placed = await placedMemberOrder(skuIds[0]!, 'rec');
  const row = await env.DB.prepare('SELECT account_id AS accountId FROM orders WHERE id = ?')
    .bind(placed.orderId)
    .first<{ accountId: number }>();
  const owner = { accountId: row!.accountId, email: null };
  const paid = await payOrder(
    prodEnv,
    {},
    { orderId: placed.orderId, owner, method: 'GOOGLE_PAY', token: 'pm_card_visa' },
  );
  expect(paid).toMatchObject({ kind: 'Succeeded' });
  const intent = [...stripe.intents.values()].find((one) => one.metadata.order_id === placed.orderId)!;
  return { ...placed, intent };
}

const shopRefund = (orderId: string, amountCent: number) =>
  refundOrderByShop(
    prodEnv,
    orderId,
    { key: `refund-${crypto.randomUUID()}`, lines: [], amountCent, withShipping: false, reason: 'Customer asked' },
    { staffId: null, audit: testAudit('orders.refund', orderId) },
    Date.now(),
  );

const today = () => dayOf(Date.now());

describe("the provider's money, kept against its order", () => {
  it('keeps the capture and each refund Stripe reports once, however often it reports them, and agrees', async () => {
    const placed = await paidOrder();
    expect(await shopRefund(placed.orderId, 500)).toMatchObject({ ok: true });
    const refund = stripe.refunds.at(-1)!;
    // The same refund reported again under a new event (a redelivery, or refund.updated): counted once.
    await stripe.emit('refund.updated', refund);
    await stripe.emit('refund.created', refund);
    const { money } = await providerMoneyOfOrder(env.DB, placed.orderId);
    expect(money).toEqual([
      expect.objectContaining({
        provider: 'card',
        currency: 'USD',
        shopCapturedCent: placed.total,
        providerCapturedCent: placed.total,
        shopRefundedCent: 500,
        providerRefundedCent: 500,
        disputedCent: 0,
        mismatch: false,
      }),
    ]);
  });

  it('counts a refund the provider reports as failed back out of what it gave', async () => {
    const placed = await paidOrder();
    expect(await shopRefund(placed.orderId, 700)).toMatchObject({ ok: true });
    await stripe.emit('refund.failed', { ...stripe.refunds.at(-1)!, status: 'failed' });
    const [money] = (await providerMoneyOfOrder(env.DB, placed.orderId)).money;
    // The shop believes it gave 7.00 back; the provider says nothing left: the order is flagged.
    expect(money).toMatchObject({ shopRefundedCent: 700, providerRefundedCent: 0, mismatch: true });
  });
});

describe('money in a currency the shop does not sell in', () => {
  it('is left out of the ledger, and the event that reported it is still taken', async () => {
    const ledger = ledgerRepository(env.DB);
    const owner = { provider: 'card', eventId: 'evt_eur', orderId: null, paymentId: null };
    const movement = { kind: 'FEE' as const, ref: 'txn_eur_1', amountCent: 120, currency: 'EUR' };
    await expect(ledger.record(owner, [movement], null, Date.now())).resolves.toBeUndefined();
    await expect(ledger.recordFee('card', 'txn_eur_2', 80, 'EUR', Date.now())).resolves.toBeUndefined();
    const kept = await env.DB.prepare(
      "SELECT count(*) AS n FROM provider_movement WHERE ref IN ('txn_eur_1', 'txn_eur_2')",
    ).first<{ n: number }>();
    expect(kept!.n).toBe(0);
  });
});

describe('a dispute (chargeback) is a task for staff', () => {
  it("opens with the order's evidence (parts, ship-to, tracking, delivery) and closes when the shop wins", async () => {
    const placed = await paidOrder();
    await shipAll(placed.orderId, { deliveredAt: Date.now() - 3_600_000 });
    const disputeId = await stripe.dispute(placed.intent.id, 'product_not_received');
    const support = await staffSession('support');
    const page = await (await shop(`${ADMIN}/payments/disputes`, { headers: support.headers })).text();
    const task = page.slice(page.indexOf(`data-dispute="${disputeId}"`));
    expect(task).toContain('reason: product_not_received');
    expect(task).toContain(placed.orderId);
    expect(task).toContain('data-evidence-shipment="1Z999AA10123456784"');
    expect(task).toMatch(/delivered \d{4}-\d{2}-\d{2}/);
    expect(task).toMatch(/evidence due \d{4}-\d{2}-\d{2}/);
    let held = await providerMoneyOfOrder(env.DB, placed.orderId);
    expect(held.disputes).toEqual([expect.objectContaining({ ref: disputeId, status: 'OPEN' })]);
    expect(held.money[0]).toMatchObject({ disputedCent: placed.total, disputeReturnedCent: 0, mismatch: false });

    await stripe.closeDispute(placed.intent.id, disputeId, 'won');
    // A late copy of the opening never reopens it.
    await stripe.emit('charge.dispute.created', {
      ...stripe.events.find((e) => e.type === 'charge.dispute.created')!.data.object,
    });
    held = await providerMoneyOfOrder(env.DB, placed.orderId);
    expect(held.disputes).toEqual([expect.objectContaining({ ref: disputeId, status: 'WON' })]);
    expect(held.money[0]).toMatchObject({ disputedCent: placed.total, disputeReturnedCent: placed.total });
    const after = await (await shop(`${ADMIN}/payments/disputes`, { headers: support.headers })).text();
    expect(after).not.toContain(`data-dispute="${disputeId}"`);
  });

  it('shows on the order page what the provider holds, with the dispute lost', async () => {
    const placed = await paidOrder();
    const disputeId = await stripe.dispute(placed.intent.id);
    await stripe.closeDispute(placed.intent.id, disputeId, 'lost');
    const owner = await staffSession('owner');
    const page = await (await shop(`${ADMIN}/orders/${placed.orderId}`, { headers: owner.headers })).text();
    expect(page).toContain('What the providers hold');
    expect(page).toContain(`Dispute ${disputeId}`);
    expect(page).toContain('Lost');
  });
});

describe('the daily reconciliation report', () => {
  it("totals each provider's day as the provider's own records do, and flags a planted mismatch", async () => {
    const agreeing = await paidOrder();
    const planted = await paidOrder();
    // Money moved at the provider that the shop never asked for: a refund made in the provider's dashboard.
    await stripe.emit('refund.created', {
      id: `re_planted_${crypto.randomUUID().slice(0, 8)}`,
      object: 'refund',
      amount: 1_234,
      currency: 'usd',
      payment_intent: planted.intent.id,
      status: 'succeeded',
      metadata: {},
    });
    // The provider paid the shop's balance out to its bank: a day total, no order.
    const payoutId = `po_${crypto.randomUUID().slice(0, 8)}`;
    await stripe.emit('payout.paid', {
      id: payoutId,
      object: 'payout',
      amount: 25_000,
      currency: 'usd',
      arrival_date: Math.floor(Date.now() / 1000),
      status: 'paid',
    });
    const report = await buildReconciliation(prodEnv, {}, today());
    const flagged = report.flagged.map((row) => row.orderId);
    expect(flagged).toContain(planted.orderId);
    expect(flagged).not.toContain(agreeing.orderId);
    expect(report.flagged.find((row) => row.orderId === planted.orderId)).toMatchObject({
      shopRefundedCent: 0,
      providerRefundedCent: 1_234,
    });
    // The provider's side of the day equals the fake's own books: every capture, refund and fee it kept.
    const card = report.providers.find((row) => row.provider === 'card' && row.currency === 'USD')!;
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    expect(card.totals.CAPTURE).toBe(sum([...stripe.intents.values()].map((intent) => intent.amount_received ?? 0)));
    expect(card.totals.REFUND).toBe(sum(stripe.refunds.map((refund) => refund.amount)) + 1_234);
    expect(card.totals.FEE).toBe(sum(stripe.balance.map((txn) => txn.fee)));
    expect(card.totals.FEE).toBeGreaterThan(0);
    expect(card.totals.PAYOUT).toBe(25_000);
    expect(report.feesMissing).toEqual([]);
  });

  it('is built once a day after 06:00 UTC for the day before, once even when two runs race', async () => {
    const tomorrow = Date.parse(`${today()}T00:00:00Z`) + 86_400_000;
    expect(await buildDailyReconciliation(prodEnv, {}, tomorrow + 5 * 3_600_000)).toBeNull();
    const runs = await Promise.all([
      buildDailyReconciliation(prodEnv, {}, tomorrow + 6 * 3_600_000 + 60_000),
      buildDailyReconciliation(prodEnv, {}, tomorrow + 6 * 3_600_000 + 120_000),
    ]);
    expect(runs.filter((day) => day === today())).toHaveLength(1);
    const { results } = await env.DB.prepare('SELECT day, flagged FROM reconciliation_report').all();
    expect(results).toEqual([{ day: today(), flagged: expect.any(Number) }]);
    const kept = await keptReconciliation(env.DB, today());
    expect(kept!.flagged.length).toBe(results[0]!.flagged);
    expect(kept!.flagged.length).toBeGreaterThan(0);
  });

  it('is for owners: support is refused, a bad day is answered with what to enter', async () => {
    const owner = await staffSession('owner');
    const support = await staffSession('support');
    const path = `${ADMIN}/payments/reconciliation?day=${today()}`;
    const page = await shop(path, { headers: owner.headers });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Payment reconciliation');
    expect(html).toMatch(/data-flagged="[1-9]/);
    expect((await shop(path, { headers: support.headers })).status).toBe(403);
    for (const day of ['2026-02-30', 'yesterday', '2999-01-01']) {
      const bad = await shop(`${ADMIN}/payments/reconciliation?day=${day}`, { headers: owner.headers });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain('Enter a day as YYYY-MM-DD, today or earlier.');
    }
  });
});
