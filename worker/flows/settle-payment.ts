import { PAYABLE_STATUSES } from '../../shared/order-status.ts';
import { pointsEarned } from '../../shared/orders.ts';
import { getShopSettings } from '../content/service.ts';
import type { Bindings } from '../env.ts';
import { systemClock } from '../platform/clock.ts';
import { mailerFor } from '../platform/email.ts';
import { marketOrigin } from '../platform/origin.ts';
import { unitOfWork } from '../platform/unit-of-work.ts';
import { removeBoughtLinesInto } from '../cart/writers.ts';
import { levelBenefitsFor } from '../members/service.ts';
import { pointsEntryInto } from '../members/writers.ts';
import { orderLinesOf, orderRecord, orderView, type OrderRecord } from '../orders/service.ts';
import { moveOrderInto, paidInto, queueOrderConfirmation } from '../orders/writers.ts';
import {
  claimOrderCapture,
  findPayment,
  giveBackPayment,
  type PaymentRecord,
  type WebhookEvent,
} from '../payments/service.ts';
import { recordPaidOrder } from '../tracking/service.ts';
import { queueTaxJob } from './commit-tax.ts';
import { tellPaymentDeclined } from './pay-link.ts';

/**
 * A payment that succeeded (issue 8 §4): only one capture stands per order; the first to claim it
 * pays the order once (PROCESSING, points earned, the parts leave the cart, one confirmation email
 * and one paid-order report); any other capture, one of the wrong amount or currency, or one for a
 * cancelled order, is refunded at once through its provider (an authorization is voided).
 */

/** What a provider reports a payment was for, when it says so (a webhook). */
export interface ReportedCharge {
  provider?: string;
  amountCent?: number | null;
  currency?: string | null;
  capturedCent?: number | null;
}

/** Whether the payment, and what its provider reports, is for exactly the order's amount and currency. */
function chargedAsOrdered(order: OrderRecord, payment: PaymentRecord, reported: ReportedCharge): boolean {
  const amountCent = reported.amountCent ?? payment.amountCent;
  const currency = (reported.currency ?? payment.currency).toUpperCase();
  const capturedCent = reported.capturedCent ?? payment.capturedCent;
  return (
    payment.amountCent === order.totalCent &&
    amountCent === order.totalCent &&
    payment.currency === order.currency &&
    currency === order.currency &&
    (capturedCent === 0 || capturedCent === order.totalCent)
  );
}

/** Settles a payment that succeeded: it pays its order once, or is given back. */
export async function settleCapturedPayment(
  env: Bindings,
  paymentId: string,
  reported: ReportedCharge = {},
): Promise<void> {
  const payment = await findPayment(env.DB, paymentId);
  if (payment?.status !== 'SUCCEEDED') return;
  if (reported.provider && reported.provider !== payment.provider) return;
  const order = await orderRecord(env.DB, payment.orderId);
  if (!order) return;
  if (!chargedAsOrdered(order, payment, reported)) {
    await giveBackPayment(env, payment.id, 'amount_mismatch');
    return;
  }
  if (!(await claimOrderCapture(env.DB, payment, Date.now()))) {
    await giveBackPayment(env, payment.id, 'duplicate_capture');
    return;
  }
  if (await settlePaidOrder(env, order.id)) return;
  if ((await orderRecord(env.DB, order.id))?.status === 'CANCELLED')
    await giveBackPayment(env, payment.id, 'order_cancelled');
}

/**
 * What a verified payment event does to orders: a success settles its payment; a decline (or a failed card check)
 * changes no order but emails its shopper the link to pay another way (once per order); others change nothing.
 */
export async function applyPaymentEvent(event: WebhookEvent, env: Bindings): Promise<void> {
  if (!event.paymentId) return;
  if (event.status === 'DECLINED' || event.status === 'FAILED')
    await tellPaymentDeclined(env, event.paymentId, Date.now());
  if (event.status !== 'SUCCEEDED') return;
  await settleCapturedPayment(env, event.paymentId, event);
}

/** Marks the order paid (once), reports it to tracking (once, from the server) and sends its confirmation email. */
async function settlePaidOrder(env: Bindings, orderId: string): Promise<boolean> {
  const paidAt = Date.now();
  if (!(await markOrderPaid(env.DB, orderId, paidAt))) return false;
  await queueTaxJob(env, { kind: 'commit', orderId });
  const paid = await orderRecord(env.DB, orderId);
  if (paid)
    await recordPaidOrder(env, {
      orderId,
      market: paid.market,
      totalCent: paid.totalCent,
      currency: paid.currency,
      visitorKey: paid.visitorKey ?? null,
      paidAt,
    });
  const order = await orderView(env.DB, orderId);
  if (order) {
    const { SHOP_NAME } = await getShopSettings(env.SETTINGS, systemClock);
    const shop = { name: SHOP_NAME, origin: marketOrigin(env, order.market) };
    await queueOrderConfirmation(env.DB, order, shop, await mailerFor(env));
  }
  return true;
}

/**
 * Moves an unpaid order to PROCESSING in one batch: the member earns points at the rate of the level
 * they hold before it (the order keeps them, so a refund takes back exactly those), and the parts kept
 * in the cart while the order waited for its payment leave it. False when it was not awaiting payment.
 */
export async function markOrderPaid(db: D1Database, orderId: string, now: number, note = 'Payment received') {
  const order = await orderRecord(db, orderId);
  if (!order || !PAYABLE_STATUSES.includes(order.status)) return false;
  const level = await levelBenefitsFor(db, order.accountId, now);
  const earned = pointsEarned(order, level?.benefits.earnRate);
  const work = unitOfWork(db);
  moveOrderInto(work, { orderId, event: 'pay', to: 'PROCESSING', now, note, paidAt: now });
  paidInto(work, orderId, earned);
  if (order.cartUuid) removeBoughtLinesInto(work, order.cartUuid, await orderLinesOf(db, orderId));
  if (order.accountId !== null)
    pointsEntryInto(work, {
      accountId: order.accountId,
      points: earned,
      reason: 'EARNED_ORDER',
      reference: orderId,
      now,
    });
  return (await work.commit()).ok;
}
