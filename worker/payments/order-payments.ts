import {
  ABANDONABLE_PAYMENT_STATUSES,
  OPEN_PAYMENT_STATUSES,
  REFUNDABLE_PAYMENT_STATUSES,
} from '../../shared/payment-status.ts';
import { resultOf } from './outcomes.ts';
import type { PaymentEnv, PaymentResult, ProviderRuntime } from './provider.ts';
import { providerForPayment } from './registry.ts';
import { paymentRepository, type RefundReason } from './repository.ts';
import type { PaymentRecord } from './records.ts';
import { sandboxWindowPath } from './sandbox.ts';

/** An order's payments as the order's pages and calls see them: the one under way, the result, refunds. */

/** The statuses of a payment still under way: the shopper or the provider has yet to finish it. */
const UNDER_WAY = OPEN_PAYMENT_STATUSES;
/** The statuses a shopper can still walk away from: nothing has gone to the provider yet. */
const ABANDONABLE = ABANDONABLE_PAYMENT_STATUSES;

/** What a stored payment means now, with the sandbox window its shopper may still have to act in. */
export function paymentResult(payment: PaymentRecord): PaymentResult {
  const result = resultOf(payment, payment.provider === 'sandbox' ? sandboxWindowPath(payment.id) : null);
  // A PayPal order still awaiting the payer: its buttons continue it (a second click, or pay again after a close).
  if (result.kind === 'RequiresAction' && payment.provider === 'paypal' && payment.providerRef)
    return { ...result, providerRef: payment.providerRef };
  return result;
}

/** The order's payment still under way, if any: a second start answers it instead of charging twice. */
export async function paymentUnderWay(db: D1Database, orderId: string): Promise<PaymentRecord | undefined> {
  return (await paymentRepository(db).listForOrder(orderId)).find((payment) => UNDER_WAY.includes(payment.status));
}

/** The payment the order's payment calls answer about: the newest (after a method switch, the one in flight). */
export async function latestPayment(db: D1Database, orderId: string): Promise<PaymentRecord | null> {
  return (await paymentRepository(db).listForOrder(orderId))[0] ?? null;
}

/**
 * Voids the order's payments under way at their providers (another method chosen, the shopper
 * walked away, the order cancelled); `statuses` narrows which. Answers how many were voided.
 */
export async function voidOpenPayments(
  env: PaymentEnv,
  runtime: ProviderRuntime,
  orderId: string,
  statuses: readonly string[] = UNDER_WAY,
): Promise<number> {
  let voided = 0;
  for (const payment of await paymentRepository(env.DB).listForOrder(orderId)) {
    if (!statuses.includes(payment.status)) continue;
    const provider = await providerForPayment(payment.id, env, runtime);
    if ((await provider.cancel(payment.id)).status === 'EXPIRED') voided++;
  }
  return voided;
}

/** Ends the order's payments the shopper gave up on (another method chosen); answers how many ended. */
export function abandonPayments(env: PaymentEnv, runtime: ProviderRuntime, orderId: string): Promise<number> {
  return voidOpenPayments(env, runtime, orderId, ABANDONABLE);
}

/** A stored payment by our id. */
export function findPayment(db: D1Database, paymentId: string): Promise<PaymentRecord | null> {
  return paymentRepository(db).find(paymentId);
}

/**
 * Claims the payment as the one capture standing for its order; answers false when another
 * payment already holds that place (this one must be given back). Atomic: of two at once, one wins.
 */
export async function claimOrderCapture(db: D1Database, payment: PaymentRecord, now: number): Promise<boolean> {
  return (await paymentRepository(db).claimStanding(payment.orderId, payment.id, now)) === payment.id;
}

/**
 * Gives back all a payment took, through its provider: what it captured is refunded (a refund row
 * with `reason`), an authorization with nothing captured is voided. Answers whether money is back.
 */
export async function giveBackPayment(env: PaymentEnv, paymentId: string, reason: RefundReason): Promise<boolean> {
  const payments = paymentRepository(env.DB);
  const payment = await payments.find(paymentId);
  if (!payment) return false;
  const provider = await providerForPayment(payment.id, env);
  if (payment.status === 'SUCCEEDED' && payment.capturedCent === 0)
    return (await provider.cancel(payment.id)).status === 'EXPIRED';
  const left = payment.capturedCent - (await payments.refundedCent(payment.id));
  if (left <= 0) return payment.capturedCent > 0;
  return (await provider.refund(payment.id, left, reason)).kind === 'Refunded';
}

/** Refunds, in full, every payment of the order that captured money; answers whether any refund went through. */
export async function refundOrderPayments(env: PaymentEnv, orderId: string): Promise<boolean> {
  const paid = (await paymentRepository(env.DB).listForOrder(orderId)).filter(
    (payment) => payment.status === 'SUCCEEDED' && payment.capturedCent > 0,
  );
  let refunded = false;
  for (const payment of paid) {
    const provider = await providerForPayment(payment.id, env);
    const result = await provider.refund(payment.id, payment.capturedCent, 'order_cancelled');
    refunded ||= result.kind === 'Refunded';
  }
  return refunded;
}

/**
 * Gives back `amountCent` of what the order's payments captured, through their providers (the
 * shop's refund from the back office); answers how much went back. Each provider refuses a refund
 * past what its payment captured, so this never returns more than was paid.
 */
export async function refundOrderAmount(env: PaymentEnv, orderId: string, amountCent: number): Promise<number> {
  const payments = paymentRepository(env.DB);
  let left = amountCent;
  for (const payment of await payments.listForOrder(orderId)) {
    if (left === 0) break;
    if (!REFUNDABLE_PAYMENT_STATUSES.includes(payment.status) || payment.capturedCent === 0) continue;
    const room = payment.capturedCent - (await payments.refundedCent(payment.id));
    if (room <= 0) continue;
    const part = Math.min(room, left);
    const provider = await providerForPayment(payment.id, env);
    if ((await provider.refund(payment.id, part, 'shop_refund')).kind === 'Refunded') left -= part;
  }
  return amountCent - left;
}

/** Every payment of an order, newest first, with the refunds each gave back: the back office's history. */
export async function orderPaymentHistory(db: D1Database, orderId: string) {
  const payments = paymentRepository(db);
  const [list, refunds] = await Promise.all([payments.listForOrder(orderId), payments.refundsForOrder(orderId)]);
  return list.map((payment) => ({ ...payment, refunds: refunds.filter((refund) => refund.paymentId === payment.id) }));
}
