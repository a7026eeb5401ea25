import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { ok } from '../../shared/envelope.ts';
import { ERROR_CODE } from '../../shared/messages.ts';
import { ApiError } from '../platform/api-error.ts';
import { paymentRepository } from './repository.ts';
import type { AppEnv } from '../env.ts';
import {
  PROVIDER_IDS,
  providerNamed,
  statusesBefore,
  type PaymentEnv,
  type ProviderId,
  type ProviderRuntime,
  type WebhookEvent,
} from './provider.ts';
import { endpoint } from '../platform/contract.ts';

/** What orders do with a verified payment event; it runs once per event id, never for a redelivery. */
export type ApplyPaymentEvent = (event: WebhookEvent, env: PaymentEnv) => Promise<void>;

// Until orders register theirs, an event is only recorded (and its payment moved on).
const recordOnly: ApplyPaymentEvent = async () => {};
let applyPaymentEvent: ApplyPaymentEvent = recordOnly;

/** Registers what orders do with each new verified payment event (mark paid, release stock...). */
export function setPaymentEventHandler(handler: ApplyPaymentEvent | null): void {
  applyPaymentEvent = handler ?? recordOnly;
}

/** The runtime a provider needs from the request it serves: our origin and waitUntil for webhook delivery. */
export function paymentRuntime(c: Context<AppEnv>): ProviderRuntime {
  const origin = new URL(c.req.url).origin;
  try {
    const ctx = c.executionCtx;
    return { origin, waitUntil: (promise) => ctx.waitUntil(promise) };
  } catch {
    // Without an execution context (app.request in a test) deliveries are simply awaited.
    return { origin };
  }
}

/**
 * Takes a verified event once: records it by provider event id, moves its payment on (never
 * back), then hands it to the orders handler. If that handler fails the record is dropped, so the
 * provider's redelivery runs it again. Answers whether the event had been taken before.
 */
export async function receivePaymentEvent(
  env: PaymentEnv,
  event: WebhookEvent,
  now: number,
): Promise<{ duplicate: boolean }> {
  const payments = paymentRepository(env.DB);
  const fresh = await payments.recordEvent({
    provider: event.provider,
    eventId: event.eventId,
    type: event.type,
    paymentId: event.paymentId,
    payload: event.payload,
    receivedAt: now,
  });
  if (!fresh) return { duplicate: true };
  const payment = event.paymentId ? await payments.find(event.paymentId) : null;
  if (payment && event.status && payment.provider === event.provider) {
    const change = {
      status: event.status,
      ...(event.declineCode ? { declineCode: event.declineCode } : {}),
      ...(event.capturedCent ? { capturedCent: event.capturedCent } : {}),
    };
    await payments.transition(payment.id, statusesBefore(event.status), change, now);
  }
  try {
    await applyPaymentEvent(event, env);
  } catch (error) {
    await payments.forgetEvent(event.provider, event.eventId);
    throw error;
  }
  return { duplicate: false };
}

const webhook = endpoint({
  method: 'post',
  path: '/order/public/payment/webhook/:provider',
  tag: 'payment',
  summary:
    "A payment provider's signed event (provider: sandbox or card); the raw body is verified against its signature header " +
    '(X-Sandbox-Signature or Stripe-Signature: t=...,v1=HMAC-SHA256 of "t.body", 5 minute window). 401 on a bad or stale signature; a redelivered event changes nothing',
  response: z.object({ received: z.boolean(), duplicate: z.boolean() }),
});

/** The payment providers' webhooks (issue 8): asynchronous confirmation of payments. */
export const paymentWebhooksApi = new Hono<AppEnv>().post(webhook.path, async (c) => {
  const name = c.req.param('provider') ?? '';
  if (!(PROVIDER_IDS as readonly string[]).includes(name)) throw ApiError.notFound('No such payment provider');
  const provider = providerNamed(name as ProviderId, c.env, paymentRuntime(c));
  const event = await provider.verifyWebhook(c.req.raw);
  if (!event) throw new ApiError(ERROR_CODE.unauthorized, 401, 'Webhook signature is invalid or expired');
  return c.json(ok({ received: true, ...(await receivePaymentEvent(c.env, event, Date.now())) }));
});
