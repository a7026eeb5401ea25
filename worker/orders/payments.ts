import { isPaymentMethodId, isOfferedIn, type PaymentMethodId } from '../../shared/payment-methods.ts';
import { marketById } from '../../shared/markets.ts';
import { ORDER_MSG } from '../../shared/orders.ts';
import { ApiError } from '../platform/api-error.ts';
import { orderRepository, type OrderRow } from './repository.ts';
import { paymentRepository } from '../payments/repository.ts';
import type { Bindings } from '../env.ts';
import { systemClock } from '../platform/clock.ts';
import { mailerFor } from '../platform/email.ts';
import { getShopSettings } from '../content/settings.ts';
import { queueOrderConfirmation } from './email.ts';
import { markOrderPaid } from './service.ts';
import {
  providerFor,
  providerForPayment,
  resultOf,
  type PaymentResult,
  type ProviderRuntime,
  type WebhookEvent,
} from '../payments/provider.ts';
import { sandboxWindowPath } from '../payments/sandbox.ts';

/**
 * Paying for an order (issue 8 §3, §4): one open payment per order at a time (a second start
 * answers the one in progress, so nothing is charged twice), a payment that succeeds marks the
 * order paid once and sends the confirmation email, a cancelled paid order is refunded.
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

/** Starts paying for an unpaid order, or answers the payment already under way. */
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
  const open = (await paymentRepository(env.DB).listForOrder(order.id)).find((payment) =>
    ['CREATED', 'REQUIRES_ACTION', 'PROCESSING'].includes(payment.status),
  );
  if (open && open.method === method)
    return resultOf(open, open.provider === 'sandbox' ? sandboxWindowPath(open.id) : null);
  const provider = providerFor(method as PaymentMethodId, env, runtime);
  const result = await provider.create({
    orderId: order.id,
    method: method as PaymentMethodId,
    amount: { cent: order.totalCent, currency: order.currency },
    paymentMethodToken: token,
    returnUrl: `${runtime.origin ?? ''}${resultPath(order.id)}`,
  });
  if (result.kind === 'Succeeded') await settlePaidOrder(env, order.id);
  return result;
}

/** Marks the order paid (once) and sends its confirmation email. */
export async function settlePaidOrder(env: Bindings, orderId: string): Promise<boolean> {
  if (!(await markOrderPaid(env.DB, orderId, Date.now()))) return false;
  const order = await orderRepository(env.DB).view(orderId);
  if (order) {
    const origin = order.market === 'ca' ? env.CA_ORIGIN : env.US_ORIGIN;
    const { SHOP_NAME } = await getShopSettings(env.SETTINGS, systemClock);
    await queueOrderConfirmation(env.DB, order, { name: SHOP_NAME, origin }, await mailerFor(env));
  }
  return true;
}

/** What orders do with a verified payment event: a success pays the order; other outcomes leave it awaiting payment. */
export async function applyPaymentEvent(event: WebhookEvent, env: Bindings): Promise<void> {
  if (event.status !== 'SUCCEEDED' || !event.orderId) return;
  await settlePaidOrder(env, event.orderId);
}

/** Refunds what a cancelled order was charged, in full. */
export async function refundOrder(env: Bindings, orderId: string): Promise<boolean> {
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
