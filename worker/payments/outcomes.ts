import {
  PAYMENT_MSG,
  declineMessage,
  failureMessage,
  isIssuerDecline,
  type PaymentFailureReason,
} from '../../shared/payment-methods.ts';
import { OPEN_PAYMENT_STATUSES, REFUNDABLE_PAYMENT_STATUSES, type PaymentStatus } from '../../shared/payment-status.ts';
import { ApiError } from '../platform/api-error.ts';
import type { Failed, PaymentEnv, PaymentResult, RefundResult } from './provider.ts';
import { paymentRepository, type RefundReason } from './repository.ts';
import type { PaymentRecord } from './records.ts';
import { randomHex } from '../platform/signing.ts';

/** What every provider shares: ids, amount checks, what a stored payment means, refunds and captures. */

/** A random id with a readable prefix (pay_, evt_, re_). */
export function newPaymentId(prefix: string): string {
  return `${prefix}_${randomHex(12)}`;
}

/** Refuses an amount that is not a positive whole number of cents (money is never a float). */
export function assertAmount(amountCent: number, field = 'amount'): void {
  if (!Number.isSafeInteger(amountCent) || amountCent <= 0)
    throw ApiError.badRequest(`${field} must be a positive whole number of cents`);
}

/** A Failed result with the shopper's message for its reason (or a more precise one). */
export function failed(
  paymentId: string,
  status: PaymentStatus,
  reason: PaymentFailureReason,
  message = failureMessage(reason),
): Failed {
  return { kind: 'Failed', paymentId, status, reason, message };
}

/** What a stored payment means to checkout now; `windowUrl` is where its shopper still has to act. */
export function resultOf(payment: PaymentRecord, windowUrl: string | null = null): PaymentResult {
  const base = { paymentId: payment.id, status: payment.status };
  switch (payment.status) {
    case 'CREATED':
      return { ...base, kind: 'RequiresAction', action: windowUrl ? 'redirect' : 'confirm', url: windowUrl };
    case 'REQUIRES_ACTION':
      return { ...base, kind: 'RequiresAction', action: 'challenge', url: windowUrl };
    case 'PROCESSING':
      return { ...base, kind: 'Pending' };
    case 'SUCCEEDED':
    case 'REFUNDED':
    case 'PARTIALLY_REFUNDED':
      return { ...base, kind: 'Succeeded', captured: payment.capturedCent > 0 };
    case 'DECLINED': {
      const code = payment.declineCode ?? 'generic_decline';
      return { ...base, kind: 'Declined', code, issuerDecline: isIssuerDecline(code), message: declineMessage(code) };
    }
    case 'FAILED':
    case 'EXPIRED': {
      const reason = (payment.declineCode ??
        (payment.status === 'EXPIRED' ? 'expired' : 'provider_error')) as PaymentFailureReason;
      return failed(payment.id, payment.status, reason);
    }
  }
}

/** Checks a payment can give back `amountCent`, records the refund and moves its status. */
export async function recordRefund(
  env: PaymentEnv,
  payment: PaymentRecord,
  amountCent: number,
  providerRef: string | null,
  now: number,
  reason: RefundReason | null = null,
): Promise<RefundResult> {
  const repo = paymentRepository(env.DB);
  const refundId = newPaymentId('re');
  const within = await repo.insertRefundWithin(
    { id: refundId, paymentId: payment.id, amountCent, providerRef, createdAt: now, reason },
    payment.capturedCent,
  );
  if (!within) return failed(payment.id, payment.status, 'invalid_request', PAYMENT_MSG.refundTooLarge);
  const refundedCent = await repo.refundedCent(payment.id);
  const status: PaymentStatus = refundedCent >= payment.capturedCent ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  await repo.transition(payment.id, REFUNDABLE_PAYMENT_STATUSES, { status }, now);
  return { kind: 'Refunded', paymentId: payment.id, refundId, amountCent, refundedCent, status };
}

/** Why a refund cannot start, or null when the payment still holds `amountCent` of captured money to give back. */
export function refundRefusal(payment: PaymentRecord, amountCent: number, refundedCent: number): Failed | null {
  const refundable = REFUNDABLE_PAYMENT_STATUSES.includes(payment.status);
  if (!refundable || payment.capturedCent === 0)
    return failed(payment.id, payment.status, 'invalid_request', PAYMENT_MSG.notRefundable);
  if (refundedCent + amountCent > payment.capturedCent)
    return failed(payment.id, payment.status, 'invalid_request', PAYMENT_MSG.refundTooLarge);
  return null;
}

/** Whether a payment can still be voided: it is under way, or authorized with nothing captured yet. */
export function voidable(payment: PaymentRecord): boolean {
  return (
    OPEN_PAYMENT_STATUSES.includes(payment.status) || (payment.status === 'SUCCEEDED' && payment.capturedCent === 0)
  );
}

/** Why a capture cannot run, or null when the payment is authorized and not yet captured. */
export function captureRefusal(payment: PaymentRecord, amountCent: number): Failed | null {
  if (payment.capturedCent > 0)
    return failed(payment.id, payment.status, 'invalid_request', PAYMENT_MSG.alreadyCaptured);
  if (payment.status !== 'SUCCEEDED')
    return failed(payment.id, payment.status, 'invalid_request', PAYMENT_MSG.notCapturable);
  if (amountCent > payment.amountCent)
    return failed(payment.id, payment.status, 'invalid_request', PAYMENT_MSG.captureTooLarge);
  return null;
}
