import { resultOf } from './outcomes.ts';
import type { PaymentEnv, PaymentResult } from './provider.ts';
import { providerForPayment } from './registry.ts';
import { paymentRepository, type PaymentRow } from './repository.ts';
import { sandboxWindowPath } from './sandbox.ts';

/** An order's payments as the order's pages and calls see them: the one under way, the result, refunds. */

/** The statuses of a payment still under way: the shopper or the provider has yet to finish it. */
const UNDER_WAY = ['CREATED', 'REQUIRES_ACTION', 'PROCESSING'];
/** The statuses a shopper can still walk away from: nothing has gone to the provider yet. */
const ABANDONABLE = ['CREATED', 'REQUIRES_ACTION'] as const;

/** What a stored payment means now, with the sandbox window its shopper may still have to act in. */
export function paymentResult(payment: PaymentRow): PaymentResult {
  return resultOf(payment, payment.provider === 'sandbox' ? sandboxWindowPath(payment.id) : null);
}

/** The order's payment still under way, if any: a second start answers it instead of charging twice. */
export async function paymentUnderWay(db: D1Database, orderId: string): Promise<PaymentRow | undefined> {
  return (await paymentRepository(db).listForOrder(orderId)).find((payment) => UNDER_WAY.includes(payment.status));
}

/** The payment the order's payment calls answer about: the last one its listing holds. */
export async function latestPayment(db: D1Database, orderId: string): Promise<PaymentRow | null> {
  return (await paymentRepository(db).listForOrder(orderId)).at(-1) ?? null;
}

/** Ends the order's payments the shopper gave up on (another method chosen); answers how many ended. */
export async function abandonPayments(db: D1Database, orderId: string, now: number): Promise<number> {
  const payments = paymentRepository(db);
  let released = 0;
  for (const payment of await payments.listForOrder(orderId)) {
    if (!(ABANDONABLE as readonly string[]).includes(payment.status)) continue;
    if (await payments.transition(payment.id, ABANDONABLE, { status: 'EXPIRED', declineCode: 'expired' }, now))
      released++;
  }
  return released;
}

/** Refunds, in full, every payment of the order that captured money; answers whether any refund went through. */
export async function refundOrderPayments(env: PaymentEnv, orderId: string): Promise<boolean> {
  const paid = (await paymentRepository(env.DB).listForOrder(orderId)).filter(
    (payment) => payment.status === 'SUCCEEDED' && payment.capturedCent > 0,
  );
  let refunded = false;
  for (const payment of paid) {
    const provider = await providerForPayment(payment.id, env);
    const result = await provider.refund(payment.id, payment.capturedCent);
    refunded ||= result.kind === 'Refunded';
  }
  return refunded;
}
