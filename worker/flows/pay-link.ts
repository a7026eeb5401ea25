import type { Bindings } from '../env.ts';
import { enforce, type Rule } from '../platform/rate-limit.ts';
import { trackedOrder } from '../orders/service.ts';
import { ordersToRemind, sendPayLinkAsked, sendPayNoticeOnce } from '../orders/writers.ts';
import { findPayment } from '../payments/service.ts';

/**
 * An unpaid or declined order is never a dead end (issue 36): its shopper is emailed a signed link to pay it when
 * it is placed, when a payment of it is declined, and before the hold on its parts ends (the cron), each once per
 * order; a shopper tracking it by number and email can have the link sent again to the order's own address.
 */

const HOUR = 3_600_000;
/** Pay links one order may be sent on request: enough for a lost email, too few to flood an inbox. */
export const PAY_LINK_RULE: Rule = { limit: 5, windowMs: HOUR };

/** After placing: an order waiting for its payment gets the link to pay it, once. */
export function tellOrderPlaced(env: Bindings, order: { orderId: string; status: string }, now: number) {
  if (order.status !== 'PAYMENT_PENDING') return Promise.resolve(false);
  return sendPayNoticeOnce(env, order.orderId, 'pay-link', now);
}

/** A payment declined (or failed at the card's check): its order gets the link to pay another way, once. */
export async function tellPaymentDeclined(env: Bindings, paymentId: string, now: number): Promise<boolean> {
  const payment = await findPayment(env.DB, paymentId);
  if (!payment || (payment.status !== 'DECLINED' && payment.status !== 'FAILED')) return false;
  return sendPayNoticeOnce(env, payment.orderId, 'payment-declined', now);
}

/** The cron's work: unpaid orders whose hold ends soon are reminded, once each. Answers how many. */
export async function remindUnpaidOrders(env: Bindings, now: number): Promise<number> {
  let reminded = 0;
  for (const orderId of await ordersToRemind(env.DB, now))
    if (await sendPayNoticeOnce(env, orderId, 'payment-reminder', now)) reminded++;
  return reminded;
}

export type PayLinkAsked = 'sent' | 'not-payable' | 'not-found';

/**
 * The tracking page's "Pay for this order" for a shopper with only the number and email: when they match (counted
 * as a tracking lookup) and the order can still be paid, its link goes to the order's own address, at most
 * PAY_LINK_RULE times an hour (429 past it).
 */
export async function emailPayLinkAsked(
  env: Bindings,
  ip: string,
  pair: { orderNo: string; email: string },
  now: number,
): Promise<PayLinkAsked> {
  const tracked = await trackedOrder(env, ip, pair.orderNo, pair.email);
  if (!tracked) return 'not-found';
  if (tracked.status !== 'PAYMENT_PENDING') return 'not-payable';
  await enforce(env.RATE_LIMITER, [{ key: `pay-link:order:${tracked.orderId}`, rule: PAY_LINK_RULE }]);
  return (await sendPayLinkAsked(env, tracked.orderId, now)) ? 'sent' : 'not-payable';
}
