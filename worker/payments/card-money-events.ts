import { ApiError } from '../platform/api-error.ts';
import { dispute as stripeDispute, payout, refund as stripeRefund } from './contracts/stripe.ts';
import type { DisputeNews, MoneyNews, MovementNews } from './movements.ts';
import type { PaymentRepository } from './repository.ts';
import type { PaymentRecord } from './records.ts';

/**
 * The card provider's events about money beyond the payment itself (issue 38): refunds
 * (`refund.created` / `refund.updated` / `refund.failed`, sent for every refund since API version
 * 2024-10-28), chargebacks (`charge.dispute.created` / `.closed`) and payouts (`payout.paid`), read
 * through their contracts into ledger movements and disputes.
 */

type Found = Pick<MoneyNews, 'movements' | 'dispute'> & { paymentId: string | null; orderId: string | null };

const upper = (currency: string) => currency.toUpperCase();

/** A PaymentIntent's payment: an in-page one by its own id, a hosted page's by the intent it paid with. */
async function paymentOfIntent(payments: PaymentRepository, intentId: string | null): Promise<PaymentRecord | null> {
  if (!intentId) return null;
  return (await payments.findByProviderRef('card', intentId)) ?? payments.findByTxnRef('card', intentId);
}

const owner = (payment: PaymentRecord | null) => ({
  paymentId: payment?.id ?? null,
  orderId: payment?.orderId ?? null,
});

/** Stripe's dispute outcome in our words; an inquiry (`warning_*`) withdraws no money. */
function disputeNews(type: string, object: ReturnType<typeof stripeDispute.parse>): DisputeNews {
  const closed = type === 'charge.dispute.closed';
  const won = object.status === 'won' || object.status === 'warning_closed';
  const due = object.evidence_details?.due_by;
  return {
    ref: object.id,
    status: !closed ? 'OPEN' : won ? 'WON' : 'LOST',
    amountCent: object.amount,
    currency: upper(object.currency),
    reason: object.reason,
    evidenceDueAt: due ? due * 1000 : null,
  };
}

/** The money news of a card provider event, or null for an event about the payment itself. */
export async function cardMoneyEvent(
  payments: PaymentRepository,
  type: string,
  object: Record<string, unknown>,
): Promise<(Found & { status: null }) | null> {
  if (type === 'refund.created' || type === 'refund.updated' || type === 'refund.failed') {
    const parsed = stripeRefund.safeParse(object);
    if (!parsed.success) throw ApiError.badRequest('data.object is not a refund');
    const refund = parsed.data;
    const failed = refund.status === 'failed' || refund.status === 'canceled';
    const movement: MovementNews = {
      kind: failed ? 'REFUND_FAILED' : 'REFUND',
      ref: refund.id,
      amountCent: refund.amount,
      currency: upper(refund.currency),
    };
    // A failed refund is kept beside the refund it undoes, so what the provider gave back is their difference.
    const movements = failed ? [{ ...movement, kind: 'REFUND' as const }, movement] : [movement];
    return { ...owner(await paymentOfIntent(payments, refund.payment_intent)), status: null, movements };
  }
  if (type === 'charge.dispute.created' || type === 'charge.dispute.closed') {
    const parsed = stripeDispute.safeParse(object);
    if (!parsed.success) throw ApiError.badRequest('data.object is not a dispute');
    const news = disputeNews(type, parsed.data);
    const inquiry = parsed.data.status.startsWith('warning_');
    // The withdrawal is kept again with the outcome (once by its id), so a close whose opening was missed still counts.
    const kinds: MovementNews['kind'][] = inquiry
      ? []
      : news.status === 'WON'
        ? ['DISPUTE', 'DISPUTE_REVERSAL']
        : ['DISPUTE'];
    const movements = kinds.map((kind) => ({
      kind,
      ref: news.ref,
      amountCent: news.amountCent,
      currency: news.currency,
    }));
    const payment = await paymentOfIntent(payments, parsed.data.payment_intent);
    return { ...owner(payment), status: null, movements, dispute: news };
  }
  if (type === 'payout.paid') {
    const parsed = payout.safeParse(object);
    if (!parsed.success) throw ApiError.badRequest('data.object is not a payout');
    const { id, amount, currency } = parsed.data;
    const movements: MovementNews[] = [{ kind: 'PAYOUT', ref: id, amountCent: amount, currency: upper(currency) }];
    return { paymentId: null, orderId: null, status: null, movements };
  }
  return null;
}
