import { ApiError } from '../platform/api-error.ts';
import { charge, checkoutSession, event as stripeEvent, paymentIntent } from './contracts/stripe.ts';
import { cardMoneyEvent } from './card-money-events.ts';
import { declineCodeOf } from './stripe-api.ts';
import type { PaymentChange, PaymentRepository } from './repository.ts';
import type { PaymentEnv, WebhookEvent } from './provider.ts';
import { parseEventBody, readSignedBody } from './signatures.ts';

/** The card provider's signed webhooks (Stripe-Signature), read through its contract into our words. */

export const CARD_SIGNATURE_HEADER = 'Stripe-Signature';

const EVENT_STATUS: Record<string, PaymentChange['status']> = {
  'payment_intent.succeeded': 'SUCCEEDED',
  'payment_intent.amount_capturable_updated': 'SUCCEEDED',
  'payment_intent.processing': 'PROCESSING',
  'payment_intent.requires_action': 'REQUIRES_ACTION',
  'payment_intent.canceled': 'EXPIRED',
};

/** A capture as the ledger keeps it: by the PaymentIntent, so the hosted page's two events about it count once. */
const capture = (ref: string, amountCent: number | null | undefined, currency: string | null | undefined) => ({
  kind: 'CAPTURE' as const,
  ref,
  amountCent: amountCent ?? 0,
  currency: (currency ?? '').toUpperCase(),
});

/** Verifies `Stripe-Signature` (HMAC-SHA256 over `t.body`, 300 s tolerance) and reads the event; null when refused. */
export async function cardWebhookEvent(
  env: PaymentEnv,
  payments: PaymentRepository,
  request: Request,
  now: number,
): Promise<WebhookEvent | null> {
  const rawBody = await readSignedBody(request, CARD_SIGNATURE_HEADER, env.CARD_PROVIDER_WEBHOOK_SECRET, now);
  if (rawBody === null) return null;
  const parsed = stripeEvent.safeParse(parseEventBody(rawBody));
  if (!parsed.success) throw ApiError.badRequest('body is not a provider event');
  const { id, type, data } = parsed.data;
  const base: Omit<WebhookEvent, 'paymentId' | 'orderId' | 'status'> = {
    provider: 'card' as const,
    eventId: id,
    type,
    payload: rawBody,
    declineCode: null,
    capturedCent: null,
  };
  const money = await cardMoneyEvent(payments, type, data.object);
  if (money) return { ...base, ...money };
  if (type === 'charge.refunded') {
    const refunded = charge.safeParse(data.object);
    if (!refunded.success || !refunded.data.payment_intent) throw ApiError.badRequest('data.object is not a charge');
    const payment = await payments.findByProviderRef('card', refunded.data.payment_intent);
    const status = refunded.data.amount_refunded >= refunded.data.amount_captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    return { ...base, paymentId: payment?.id ?? null, orderId: payment?.orderId ?? null, status };
  }
  if (type === 'checkout.session.completed' || type === 'checkout.session.expired') {
    const session = checkoutSession.safeParse(data.object);
    if (!session.success) throw ApiError.badRequest('data.object is not a checkout session');
    const paymentId = session.data.metadata.payment_id ?? null;
    const orderId = session.data.metadata.order_id ?? session.data.client_reference_id;
    if (type === 'checkout.session.expired')
      return { ...base, paymentId, orderId, status: 'EXPIRED', declineCode: 'expired' };
    // Paid on the hosted page: the session names the PaymentIntent that holds the money.
    const paid = session.data.payment_status === 'paid';
    const intentId = session.data.payment_intent;
    return {
      ...base,
      paymentId,
      orderId,
      status: paid ? 'SUCCEEDED' : null,
      movements: paid ? [capture(intentId ?? session.data.id, session.data.amount_total, session.data.currency)] : [],
      capturedCent: paid ? session.data.amount_total : null,
      amountCent: session.data.amount_total,
      currency: session.data.currency?.toUpperCase() ?? null,
      providerTxnRef: session.data.payment_intent,
    };
  }
  const intent = paymentIntent.safeParse(data.object);
  if (!type.startsWith('payment_intent.') || !intent.success)
    return { ...base, paymentId: null, orderId: null, status: null };
  const payment = intent.data.metadata.payment_id ? null : await payments.findByProviderRef('card', intent.data.id);
  const paymentId = intent.data.metadata.payment_id ?? payment?.id ?? null;
  const orderId = intent.data.metadata.order_id ?? payment?.orderId ?? null;
  if (type === 'payment_intent.payment_failed') {
    const declineCode = declineCodeOf(intent.data.last_payment_error);
    return {
      ...base,
      paymentId,
      orderId,
      status: declineCode ? 'DECLINED' : 'FAILED',
      declineCode: declineCode ?? 'provider_error',
    };
  }
  const capturedCent = type === 'payment_intent.succeeded' ? (intent.data.amount_received ?? intent.data.amount) : null;
  const amount = { amountCent: intent.data.amount, currency: intent.data.currency.toUpperCase() };
  const status = EVENT_STATUS[type] ?? null;
  const movements = capturedCent ? [capture(intent.data.id, capturedCent, intent.data.currency)] : [];
  return { ...base, ...amount, paymentId, orderId, status, capturedCent, providerTxnRef: intent.data.id, movements };
}
