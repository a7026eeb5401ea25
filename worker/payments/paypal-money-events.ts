import type { z } from 'zod';
import { type capture, type dispute, fromPaypalValue, type PaypalMoney, type refund } from './contracts/paypal.ts';
import type { MoneyNews, MovementNews } from './movements.ts';
import type { PaymentRecord } from './records.ts';

/**
 * The online wallet's events about money (issue 38), in ledger words: a completed capture and the fee
 * PayPal took from it, a refund, and a dispute from its opening to its resolution.
 */

const movement = (kind: MovementNews['kind'], ref: string, money: PaypalMoney): MovementNews => ({
  kind,
  ref,
  amountCent: fromPaypalValue(money.value),
  currency: money.currency_code,
});

/** A completed capture, and PayPal's fee where its receivable breakdown names one. */
export function captureMovements(txn: z.infer<typeof capture>): MovementNews[] {
  const fee = txn.seller_receivable_breakdown?.paypal_fee;
  return [movement('CAPTURE', txn.id, txn.amount), ...(fee ? [movement('FEE', txn.id, fee)] : [])];
}

/** A refund PayPal reports; one that failed or was cancelled is kept beside it, so the two cancel out. */
export function refundMovements(given: z.infer<typeof refund>, payment: PaymentRecord | null): MovementNews[] {
  const money = given.amount ?? (payment ? { currency_code: payment.currency, value: '0.00' } : null);
  if (!money) return [];
  const refunded = movement('REFUND', given.id, money);
  const failed = given.status === 'FAILED' || given.status === 'CANCELLED';
  return failed ? [refunded, { ...refunded, kind: 'REFUND_FAILED' }] : [refunded];
}

/** A dispute's news: open until PayPal resolves it; won when in the seller's favour (the money comes back). */
export function disputeMoney(
  type: string,
  opened: z.infer<typeof dispute>,
  payment: PaymentRecord | null,
): Pick<MoneyNews, 'movements' | 'dispute'> {
  const amount = opened.dispute_amount ?? (payment ? { currency_code: payment.currency, value: '0.00' } : null);
  if (!amount) return { movements: [] };
  const resolved = type === 'CUSTOMER.DISPUTE.RESOLVED';
  const won = opened.dispute_outcome?.outcome_code === 'RESOLVED_SELLER_FAVOUR';
  const status = !resolved ? 'OPEN' : won ? 'WON' : 'LOST';
  const due = opened.seller_response_due_date ? Date.parse(opened.seller_response_due_date) : Number.NaN;
  const withdrawn = movement('DISPUTE', opened.dispute_id, amount);
  return {
    movements: status === 'WON' ? [withdrawn, { ...withdrawn, kind: 'DISPUTE_REVERSAL' }] : [withdrawn],
    dispute: {
      ref: opened.dispute_id,
      status,
      amountCent: withdrawn.amountCent,
      currency: withdrawn.currency,
      reason: opened.reason ?? 'OTHER',
      evidenceDueAt: Number.isFinite(due) ? due : null,
    },
  };
}
