import { ApiError } from '../platform/api-error.ts';
import { paymentResult } from './order-payments.ts';
import type { PaymentEnv, PaymentResult } from './provider.ts';
import { paymentRepository } from './repository.ts';
import { checkSignature, signatureHeader } from './signatures.ts';

/**
 * The hosted card gateway's signed parameters. The signature binds the payment to its amount,
 * so a page that tampers with the amount cannot get a valid check.
 */

const SIGNED_FOR_SECONDS = 30 * 60;
const signed = (paymentId: string, amount: number, currency: string) => `${paymentId}.${amount}.${currency}`;

function secretOf(env: PaymentEnv): string {
  const secret = env.PAYMENT_WEBHOOK_SECRET;
  if (!secret)
    throw new ApiError(503, 503, 'Card payments are not available right now. Please choose another payment method.');
  return secret;
}

/** Signs a hosted payment's id, amount and currency; valid for 30 minutes. */
export function signHostedPayment(
  env: PaymentEnv,
  payment: { paymentId: string; amountCent: number; currency: string },
  now: number,
): Promise<string> {
  return signatureHeader(secretOf(env), signed(payment.paymentId, payment.amountCent, payment.currency), now);
}

/** The result of a signed hosted payment; a 401 unless the signature matches the payment and its amount. */
export async function checkHostedPayment(
  env: PaymentEnv,
  query: { paymentId: string; amount: number; signature: string },
  now: number,
): Promise<PaymentResult> {
  const payment = await paymentRepository(env.DB).find(query.paymentId);
  if (!payment) throw ApiError.notFound('No such payment');
  const verdict = await checkSignature(
    secretOf(env),
    query.signature,
    signed(payment.id, query.amount, payment.currency),
    now,
    SIGNED_FOR_SECONDS,
  );
  if (verdict !== 'valid' || query.amount !== payment.amountCent)
    throw new ApiError(401, 401, 'This payment signature is not valid.');
  return paymentResult(payment);
}
