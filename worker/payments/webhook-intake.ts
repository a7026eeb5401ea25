import type { Bindings } from '../env.ts';
import { forgetPaymentEvent, recordPaymentEvent, verifiedPaymentEvent } from './events.ts';
import type { ProviderRuntime, WebhookEvent } from './provider.ts';

/**
 * What the shop does with a verified payment event (the settle-payment flow); once per event id,
 * never for a redelivery.
 */
export type ApplyPaymentEvent = (event: WebhookEvent, env: Bindings) => Promise<void>;

/**
 * Takes a verified event once: records it by provider event id, moves its payment on (never
 * back), then hands it to `apply` (a success pays the order). If that fails the record is
 * dropped, so the provider's redelivery runs it again. Answers whether the event had been taken before.
 */
export async function receivePaymentEvent(
  env: Bindings,
  event: WebhookEvent,
  now: number,
  apply: ApplyPaymentEvent,
): Promise<{ duplicate: boolean }> {
  if (!(await recordPaymentEvent(env, event, now))) return { duplicate: true };
  try {
    await apply(event, env);
  } catch (error) {
    await forgetPaymentEvent(env, event);
    throw error;
  }
  return { duplicate: false };
}

/** A provider's webhook request, verified and taken once; null when its signature is bad or stale. */
export async function receiveWebhook(
  env: Bindings,
  runtime: ProviderRuntime,
  providerName: string,
  request: Request,
  now: number,
  apply: ApplyPaymentEvent,
): Promise<{ duplicate: boolean } | null> {
  const event = await verifiedPaymentEvent(env, runtime, providerName, request);
  return event ? receivePaymentEvent(env, event, now, apply) : null;
}
