import { ApiError } from '../platform/api-error.ts';
import { paymentStatusesBefore } from '../../shared/payment-status.ts';
import { PROVIDER_IDS, type PaymentEnv, type ProviderId, type ProviderRuntime, type WebhookEvent } from './provider.ts';
import { providerNamed } from './registry.ts';
import { ledgerRepository } from './ledger-repository.ts';
import { paymentRepository } from './repository.ts';

/** A provider's webhook events: verified by the provider that sent them, kept once by event id. */

/**
 * The event a provider's webhook request carries, or null when its signature is bad or stale;
 * a 404 for no such provider.
 */
export async function verifiedPaymentEvent(
  env: PaymentEnv,
  runtime: ProviderRuntime,
  providerName: string,
  request: Request,
): Promise<WebhookEvent | null> {
  if (!(PROVIDER_IDS as readonly string[]).includes(providerName)) throw ApiError.notFound('No such payment provider');
  return providerNamed(providerName as ProviderId, env, runtime).verifyWebhook(request);
}

/**
 * Keeps a verified event by its provider event id, keeps what it says of money in the ledger, and
 * moves its payment on (never back).
 * Answers false, changing nothing, when the event was taken before.
 */
export async function recordPaymentEvent(env: PaymentEnv, event: WebhookEvent, now: number): Promise<boolean> {
  const payments = paymentRepository(env.DB);
  const fresh = await payments.recordEvent({
    provider: event.provider,
    eventId: event.eventId,
    type: event.type,
    paymentId: event.paymentId,
    payload: event.payload,
    receivedAt: now,
  });
  if (!fresh) return false;
  // What the event says of money goes to the provider ledger, against its order (issue 38).
  const { provider, eventId, orderId, paymentId } = event;
  const movements = event.movements?.filter((movement) => movement.amountCent > 0) ?? [];
  await ledgerRepository(env.DB).record(
    { provider, eventId, orderId, paymentId },
    movements,
    event.dispute ?? null,
    now,
  );
  const payment = event.paymentId ? await payments.find(event.paymentId) : null;
  if (payment && event.status && payment.provider === event.provider) {
    const change = {
      status: event.status,
      ...(event.declineCode ? { declineCode: event.declineCode } : {}),
      ...(event.capturedCent ? { capturedCent: event.capturedCent } : {}),
      ...(event.providerTxnRef ? { providerTxnRef: event.providerTxnRef } : {}),
    };
    await payments.transition(payment.id, paymentStatusesBefore(event.status), change, now);
  }
  return true;
}

/** Forgets an event whose handling failed, so the provider's redelivery is taken again. */
export function forgetPaymentEvent(env: PaymentEnv, event: WebhookEvent): Promise<void> {
  return paymentRepository(env.DB).forgetEvent(event.provider, event.eventId);
}
