import { isPaymentMethodId, isOfferedIn } from '../../shared/payment-methods.ts';
import { marketById } from '../../shared/markets.ts';
import { ORDER_MSG } from '../../shared/orders.ts';
import { ApiError } from '../platform/api-error.ts';
import { orderRepository, type OrderRow } from './repository.ts';
import type { Bindings } from '../env.ts';
import { systemClock } from '../platform/clock.ts';
import { mailerFor } from '../platform/email.ts';
import { getShopSettings } from '../content/service.ts';
import { queueOrderConfirmation } from './email.ts';
import { recordPaidOrder } from '../tracking/service.ts';
import { cancelOrder, markOrderPaid } from './lifecycle.ts';
import {
  claimOrderCapture,
  findPayment,
  giveBackPayment,
  paymentResult,
  paymentUnderWay,
  providerFor,
  refundOrderPayments,
  voidOpenPayments,
  type PaymentResult,
  type PaymentRow,
  type ProviderRuntime,
  type WebhookEvent,
} from '../payments/service.ts';
import { webOrigin } from '../platform/origins.ts';

/**
 * Paying for an order (issue 8 §3, §4): one payment in flight per order (the same method answers
 * the one in progress, another voids it first), one capture standing per order (any other is
 * refunded at once), a payment that succeeds marks the order paid once and sends the
 * confirmation email, a cancelled paid order is refunded.
 */

export const PAY_MSG = {
  alreadyPaid: 'This order is already paid.',
  cancelled: 'This order was cancelled and can no longer be paid. Please place a new order.',
  method: 'paymentType Please choose one of the payment methods offered.',
} as const;

export interface OrderOwner {
  accountId: number | null;
  email: string | null;
}

/** The order, if these credentials own it: a member their own, a visitor by the order's email. */
export async function ownedOrder(db: D1Database, orderId: string, owner: OrderOwner): Promise<OrderRow> {
  const order = await orderRepository(db).byId(orderId);
  const mine =
    order &&
    (order.accountId !== null && owner.accountId !== null
      ? order.accountId === owner.accountId
      : owner.email !== null && order.email.toLowerCase() === owner.email.toLowerCase());
  if (!order || !mine) throw ApiError.notFound(ORDER_MSG.notFound);
  return order;
}

/** Where the shopper comes back to after the provider's window. */
export const resultPath = (orderId: string) => `/checkout/orderResult?orderId=${encodeURIComponent(orderId)}`;

/**
 * Starts paying for an unpaid order, or answers the payment already under way with this method.
 * Another method first voids the open payment at its provider: an order has one payment in flight.
 */
export async function startPayment(
  env: Bindings,
  runtime: ProviderRuntime,
  order: OrderRow,
  method: string,
  token?: string,
): Promise<PaymentResult> {
  if (order.status === 'CANCELLED') throw ApiError.badRequest(PAY_MSG.cancelled);
  if (order.status !== 'PAYMENT_PENDING') throw ApiError.badRequest(PAY_MSG.alreadyPaid);
  if (!isPaymentMethodId(method) || !isOfferedIn(marketById(order.market), method))
    throw ApiError.badRequest(PAY_MSG.method);
  const open = await paymentUnderWay(env.DB, order.id);
  if (open && open.method === method) return paymentResult(open);
  const origin = webOrigin(env, order.market);
  const marketRuntime: ProviderRuntime = { ...runtime, origin };
  if (open) await voidOpenPayments(env, marketRuntime, order.id);
  const result = await providerFor(method, env, marketRuntime).create({
    orderId: order.id,
    method,
    amount: { cent: order.totalCent, currency: order.currency },
    paymentMethodToken: token,
    returnUrl: `${origin}${resultPath(order.id)}`,
  });
  if (result.kind === 'Succeeded') await settleCapturedPayment(env, result.paymentId);
  return result;
}

/** Pays for the order these credentials own with a §3 method (a token for the card provider). */
export async function payOrder(
  env: Bindings,
  runtime: ProviderRuntime,
  request: { orderId: string; owner: OrderOwner; method: string; token?: string },
): Promise<PaymentResult> {
  const order = await ownedOrder(env.DB, request.orderId, request.owner);
  return startPayment(env, runtime, order, request.method, request.token);
}

/** Marks the order paid (once), reports it to tracking (once, from the server) and sends its confirmation email. */
export async function settlePaidOrder(env: Bindings, orderId: string): Promise<boolean> {
  const paidAt = Date.now();
  if (!(await markOrderPaid(env.DB, orderId, paidAt))) return false;
  const paid = await orderRepository(env.DB).byId(orderId);
  if (paid)
    await recordPaidOrder(env, {
      orderId,
      market: paid.market,
      totalCent: paid.totalCent,
      currency: paid.currency,
      visitorKey: paid.visitorKey ?? null,
      paidAt,
    });
  const order = await orderRepository(env.DB).view(orderId);
  if (order) {
    const { SHOP_NAME } = await getShopSettings(env.SETTINGS, systemClock);
    const shop = { name: SHOP_NAME, origin: webOrigin(env, order.market) };
    await queueOrderConfirmation(env.DB, order, shop, await mailerFor(env));
  }
  return true;
}

/** What a provider reports a payment was for, when it says so (a webhook). */
export interface ReportedCharge {
  provider?: string;
  amountCent?: number | null;
  currency?: string | null;
  capturedCent?: number | null;
}

/** Whether the payment, and what its provider reports, is for exactly the order's amount and currency. */
function chargedAsOrdered(order: OrderRow, payment: PaymentRow, reported: ReportedCharge): boolean {
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

/**
 * Settles a payment that succeeded. Only one capture stands per order: the first to claim it
 * pays the order; any other, one of the wrong amount or currency, or one for a cancelled order,
 * is refunded at once through its provider (an authorization is voided) and the refund recorded.
 */
export async function settleCapturedPayment(
  env: Bindings,
  paymentId: string,
  reported: ReportedCharge = {},
): Promise<void> {
  const payment = await findPayment(env.DB, paymentId);
  if (payment?.status !== 'SUCCEEDED') return;
  if (reported.provider && reported.provider !== payment.provider) return;
  const orders = orderRepository(env.DB);
  const order = await orders.byId(payment.orderId);
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
  if ((await orders.byId(order.id))?.status === 'CANCELLED') await giveBackPayment(env, payment.id, 'order_cancelled');
}

/** What orders do with a verified payment event: a success settles its payment; other outcomes change no order. */
export async function applyPaymentEvent(event: WebhookEvent, env: Bindings): Promise<void> {
  if (event.status !== 'SUCCEEDED' || !event.paymentId) return;
  await settleCapturedPayment(env, event.paymentId, event);
}

/** Refunds what a cancelled order was charged, in full. */
export function refundOrder(env: Bindings, orderId: string): Promise<boolean> {
  return refundOrderPayments(env, orderId);
}

/**
 * Cancels an order for its owner while it is still processing; stock, points and coupons go
 * back, and what a paid order was charged is refunded in full.
 */
export async function cancelAndRefund(
  env: Bindings,
  orderId: string,
  owner: OrderOwner,
  now: number,
): Promise<{ orderId: string; status: 'CANCELLED'; refunded: boolean }> {
  const { wasPaid, order } = await cancelOrder(env.DB, orderId, owner, now);
  // A window still open could take money for an order that no longer exists: it closes first.
  await voidOpenPayments(env, {}, order.id);
  const refunded = wasPaid ? await refundOrder(env, order.id) : false;
  return { orderId: order.id, status: 'CANCELLED', refunded };
}
