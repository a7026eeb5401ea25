import { isPaymentMethodId, isOfferedIn, type PaymentMethodId } from '../../shared/payment-methods.ts';
import { marketById } from '../../shared/markets.ts';
import { ORDER_MSG } from '../../shared/orders.ts';
import { ApiError } from '../platform/api-error.ts';
import { orderRepository, type OrderRow } from './repository.ts';
import type { Bindings } from '../env.ts';
import { systemClock } from '../platform/clock.ts';
import { mailerFor } from '../platform/email.ts';
import { getShopSettings } from '../content/service.ts';
import { queueOrderConfirmation } from './email.ts';
import { cancelOrder, markOrderPaid } from './lifecycle.ts';
import {
  paymentResult,
  paymentUnderWay,
  providerFor,
  refundOrderPayments,
  type PaymentResult,
  type ProviderRuntime,
  type WebhookEvent,
} from '../payments/service.ts';

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
  const open = await paymentUnderWay(env.DB, order.id);
  if (open && open.method === method) return paymentResult(open);
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

/** Pays for the order these credentials own with a §3 method (a token for the card provider). */
export async function payOrder(
  env: Bindings,
  runtime: ProviderRuntime,
  request: { orderId: string; owner: OrderOwner; method: string; token?: string },
): Promise<PaymentResult> {
  const order = await ownedOrder(env.DB, request.orderId, request.owner);
  return startPayment(env, runtime, order, request.method, request.token);
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
  const refunded = wasPaid ? await refundOrder(env, order.id) : false;
  return { orderId: order.id, status: 'CANCELLED', refunded };
}
