/**
 * The Stripe fake's money beyond payments: the balance transactions Stripe keeps for each charge and
 * refund (with Stripe's standard US card fee of 2.9% + 30¢ on a charge), listed as
 * GET /v1/balance_transactions lists them (created[gte], created[lt], limit, starting_after), and the
 * disputes (chargebacks) a test opens and closes. Every object goes through the shop's contract.
 */
import type * as z from 'zod';
import * as stripe from '../../worker/payments/contracts/stripe.ts';

type Txn = z.infer<typeof stripe.balanceTransaction>;
type Intent = z.infer<typeof stripe.paymentIntent>;
type Refund = z.infer<typeof stripe.refund>;

export function fakeStripeMoney(nextId: (prefix: string) => string) {
  const transactions: Txn[] = [];
  const now = () => Math.floor(Date.now() / 1000);
  const add = (type: string, amount: number, fee: number, currency: string, source: string | null) =>
    transactions.push(
      stripe.balanceTransaction.parse({
        id: nextId('txn'),
        object: 'balance_transaction',
        amount,
        fee,
        net: amount - fee,
        currency,
        type,
        source,
        created: now(),
      }),
    );

  return {
    transactions,
    /** A PaymentIntent succeeded: its charge lands in the balance, less Stripe's fee. */
    charged(intent: Intent) {
      const amount = intent.amount_received ?? intent.amount;
      add('charge', amount, Math.round(amount * 0.029) + 30, intent.currency, intent.latest_charge ?? null);
    },
    refunded(refund: Refund) {
      add('refund', -refund.amount, 0, refund.currency, refund.id);
    },
    /** A chargeback on an intent's charge, as `charge.dispute.*` events carry it. */
    dispute(intent: Intent, status: string, reason = 'fraudulent', id = nextId('dp')) {
      return stripe.dispute.parse({
        id,
        object: 'dispute',
        amount: intent.amount_received ?? intent.amount,
        currency: intent.currency,
        charge: intent.latest_charge ?? nextId('ch'),
        payment_intent: intent.id,
        reason,
        status,
        evidence_details: { due_by: now() + 7 * 86_400 },
      });
    },
    /** GET /v1/balance_transactions, newest first as Stripe lists them. */
    list(query: URLSearchParams) {
      const gte = Number(query.get('created[gte]') ?? 0);
      const lt = Number(query.get('created[lt]') ?? Number.MAX_SAFE_INTEGER);
      const limit = Math.min(100, Number(query.get('limit') ?? 10));
      let rows = transactions.filter((txn) => txn.created >= gte && txn.created < lt).reverse();
      const after = query.get('starting_after');
      if (after) rows = rows.slice(rows.findIndex((txn) => txn.id === after) + 1);
      return stripe
        .listOf(stripe.balanceTransaction)
        .parse({ object: 'list', data: rows.slice(0, limit), has_more: rows.length > limit });
    },
  };
}
