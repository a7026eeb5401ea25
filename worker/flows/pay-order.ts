import type { AddressFields } from '../../shared/address.ts';
import { marketById } from '../../shared/markets.ts';
import { isOfferedIn, isPaymentMethodId, type PaymentMethodId } from '../../shared/payment-methods.ts';
import { HOLDING_STATUSES } from '../../shared/order-status.ts';
import type { Bindings } from '../env.ts';
import { ApiError } from '../platform/api-error.ts';
import { marketOrigin } from '../platform/origin.ts';
import { ownedOrder, resultPath, type OrderOwner, type OrderRecord } from '../orders/service.ts';
import {
  abandonPayments,
  paymentResult,
  paymentUnderWay,
  providerFor,
  signHostedPayment,
  voidOpenPayments,
  type PaymentResult,
  type ProviderRuntime,
} from '../payments/service.ts';
import { tellPaymentDeclined } from './pay-link.ts';
import { settleCapturedPayment } from './settle-payment.ts';

/**
 * Paying for an order (issue 8 §3, §4): one payment in flight per order (the same method answers
 * the one in progress, another voids it first); a payment that succeeds at once is settled
 * (settle-payment.ts): the order is paid once, any other capture is given back.
 */

export const PAY_MSG = {
  alreadyPaid: 'This order is already paid.',
  cancelled: 'This order was cancelled and can no longer be paid. Please place a new order.',
  method: 'paymentType Please choose one of the payment methods offered.',
} as const;

/**
 * Starts paying for an unpaid order, or answers the payment already under way with this method.
 * Another method first voids the open payment at its provider: an order has one payment in flight.
 */
export async function startPayment(
  env: Bindings,
  runtime: ProviderRuntime,
  order: OrderRecord,
  method: string,
  token?: string,
  bnplProvider?: string,
): Promise<PaymentResult> {
  if (order.status === 'CANCELLED') throw ApiError.badRequest(PAY_MSG.cancelled);
  if (!HOLDING_STATUSES.includes(order.status)) throw ApiError.badRequest(PAY_MSG.alreadyPaid);
  if (!isPaymentMethodId(method) || !isOfferedIn(marketById(order.market), method))
    throw ApiError.badRequest(PAY_MSG.method);
  const open = await paymentUnderWay(env.DB, order.id);
  if (open && open.method === method) return paymentResult(open);
  const origin = marketOrigin(env, order.market);
  const marketRuntime: ProviderRuntime = { ...runtime, origin };
  if (open) await voidOpenPayments(env, marketRuntime, order.id);
  const result = await providerFor(method, env, marketRuntime).create({
    orderId: order.id,
    method,
    amount: { cent: order.totalCent, currency: order.currency },
    paymentMethodToken: token,
    returnUrl: `${origin}${resultPath(order.id)}`,
    bnplProvider,
    buyer: buyerOf(order),
  });
  if (result.kind === 'Succeeded') await settleCapturedPayment(env, result.paymentId);
  // Declined at once (no window): the shopper is emailed the link to pay another way, as a provider's event would.
  if (result.kind === 'Declined') await tellPaymentDeclined(env, result.paymentId, Date.now());
  return result;
}

/** Who pays and where the parts go, as BNPL providers and the hosted page ask for them (never card data). */
function buyerOf(order: OrderRecord) {
  const address = JSON.parse(order.address) as AddressFields;
  return {
    email: order.email,
    name: `${address.firstName} ${address.lastName}`.trim(),
    address: {
      line1: address.addressLine1,
      line2: address.addressLine2 ?? undefined,
      city: address.city,
      state: address.regionCode,
      postalCode: address.postalCode,
      country: order.market === 'ca' ? ('CA' as const) : ('US' as const),
    },
  };
}

/** Pays for the order these credentials own with a §3 method (a token for the card provider, a BNPL provider). */
export async function payOrder(
  env: Bindings,
  runtime: ProviderRuntime,
  request: { orderId: string; owner: OrderOwner; method: string; token?: string; bnplProvider?: string },
): Promise<PaymentResult> {
  const order = await ownedOrder(env.DB, request.orderId, request.owner);
  return startPayment(env, runtime, order, request.method, request.token, request.bnplProvider);
}

/**
 * The shopper is back from the online wallet's approval window: its approved order is captured (or
 * authorized) once, by the payment's own provider, and a capture settles the order. Card payments
 * are settled by their webhooks, never by a shopper's return; null when nothing is under way.
 */
export async function confirmReturnedPayment(
  env: Bindings,
  runtime: ProviderRuntime,
  orderId: string,
  owner: OrderOwner,
): Promise<PaymentResult | null> {
  const order = await ownedOrder(env.DB, orderId, owner);
  const open = await paymentUnderWay(env.DB, order.id);
  if (open?.provider !== 'paypal') return open ? paymentResult(open) : null;
  const provider = providerFor(open.method as PaymentMethodId, env, runtime);
  if (provider.id !== open.provider) return paymentResult(open);
  const result = await provider.confirm(open.id);
  if (result.kind === 'Succeeded') await settleCapturedPayment(env, result.paymentId);
  return result;
}

/**
 * Gives up the payment under way (another method chosen): it is voided at its provider; the order
 * still awaits payment.
 */
export async function giveUpPayment(env: Bindings, runtime: ProviderRuntime, orderId: string, owner: OrderOwner) {
  const order = await ownedOrder(env.DB, orderId, owner);
  return { orderId: order.id, released: await abandonPayments(env, runtime, order.id) };
}

/**
 * Starts (or resumes) the order's hosted card gateway payment and signs its parameters:
 * paymentId, amount, currency and the gateway window url.
 */
export async function startHostedPayment(
  env: Bindings,
  runtime: ProviderRuntime,
  orderId: string,
  owner: OrderOwner,
  now: number,
) {
  const order = await ownedOrder(env.DB, orderId, owner);
  const result = await startPayment(env, runtime, order, 'HOSTED_CARD');
  const url = 'url' in result ? (result.url ?? null) : null;
  const amount = { paymentId: result.paymentId, amountCent: order.totalCent, currency: order.currency };
  const signature = await signHostedPayment(env, amount, now);
  return { paymentId: result.paymentId, url, amount: order.totalCent, currency: order.currency, signature };
}
