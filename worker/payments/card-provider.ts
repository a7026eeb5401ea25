/**
 * The card provider adapter: Stripe's HTTP API (PaymentIntents, Refunds, signed webhooks).
 * No card data passes through the shop: the browser tokenizes the card with the provider's JS
 * and the server only ever sees its payment method id (pm_...). The API base comes from env
 * (CARD_PROVIDER_API_BASE) so tests run it against a local fake of the endpoints.
 */
import * as z from 'zod';
import type { PaymentFailureReason } from '../../shared/payment-methods.ts';
import { OPEN_PAYMENT_STATUSES } from '../../shared/payment-status.ts';
import { ApiError } from '../platform/api-error.ts';
import type { PaymentChange, RefundReason } from './repository.ts';
import type { PaymentRecord } from './records.ts';
import {
  assertAmount,
  captureRefusal,
  failed,
  newPaymentId,
  recordRefund,
  refundRefusal,
  resultOf,
  voidable,
} from './outcomes.ts';
import type {
  CreatePaymentInput,
  PaymentEnv,
  PaymentProvider,
  PaymentResult,
  PaymentSession,
  ProviderRuntime,
  RefundResult,
  WebhookEvent,
} from './provider.ts';
import { parseEventBody, readSignedBody } from './signatures.ts';
import { ProviderBase } from './provider-base.ts';

export const CARD_PROVIDER_DEFAULT_BASE = 'https://api.stripe.com';
export const CARD_SIGNATURE_HEADER = 'Stripe-Signature';
/** A card payment the shopper never finishes is let go after a day; the provider cancels its own. */
const CARD_PAYMENT_TTL_MS = 24 * 3600_000;

const stripeError = z
  .object({
    type: z.string().optional(),
    code: z.string().optional(),
    decline_code: z.string().optional(),
    message: z.string().optional(),
    payment_intent: z.object({ id: z.string() }).loose().optional(),
  })
  .loose();
const stripeIntent = z
  .object({
    id: z.string(),
    status: z.string(),
    amount: z.number().int(),
    currency: z.string().optional(),
    amount_received: z.number().int().optional(),
    client_secret: z.string().nullable().optional(),
    metadata: z.record(z.string(), z.string()).optional(),
    next_action: z
      .object({ redirect_to_url: z.object({ url: z.string() }).optional() })
      .loose()
      .nullable()
      .optional(),
    last_payment_error: stripeError.nullable().optional(),
  })
  .loose();
const stripeRefund = z.object({ id: z.string() }).loose();
type StripeError = z.infer<typeof stripeError>;
type StripeIntent = z.infer<typeof stripeIntent>;

type ApiAnswer = { ok: true; body: unknown } | { ok: false; status: number; error: StripeError | null };
type FormValue = string | number | readonly string[] | undefined;

/** Form-encodes parameters the way Stripe reads them: `metadata[order_id]=…`, `payment_method_types[]=card`. */
export function stripeForm(params: Record<string, FormValue>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) form.append(`${key}[]`, item);
    else form.append(key, String(value));
  }
  return form.toString();
}

/** A decline is a card_error; its §8 code is decline_code when the issuer gave one, else the error code. */
function declineCodeOf(error: StripeError | null | undefined): string | null {
  if (!error || error.type !== 'card_error') return null;
  return error.decline_code ?? error.code ?? 'generic_decline';
}

/** An unreachable or overloaded provider may still act on the call; anything else it refused outright. */
function failureReason(httpStatus: number): PaymentFailureReason {
  return httpStatus === 0 || httpStatus === 429 || httpStatus >= 500 ? 'provider_error' : 'invalid_request';
}

/** What a PaymentIntent's status means for our payment row. */
export function intentChange(intent: StripeIntent): PaymentChange {
  const ref = { providerRef: intent.id };
  switch (intent.status) {
    case 'succeeded':
      return { ...ref, status: 'SUCCEEDED', capturedCent: intent.amount_received ?? intent.amount };
    case 'requires_capture':
      return { ...ref, status: 'SUCCEEDED', capturedCent: 0 };
    case 'requires_action':
      return { ...ref, status: 'REQUIRES_ACTION' };
    case 'processing':
      return { ...ref, status: 'PROCESSING' };
    case 'canceled':
      return { ...ref, status: 'EXPIRED', declineCode: 'expired' };
  }
  const declineCode = declineCodeOf(intent.last_payment_error);
  return declineCode ? { ...ref, status: 'DECLINED', declineCode } : { ...ref, status: 'CREATED' };
}

const EVENT_STATUS: Record<string, PaymentChange['status']> = {
  'payment_intent.succeeded': 'SUCCEEDED',
  'payment_intent.amount_capturable_updated': 'SUCCEEDED',
  'payment_intent.processing': 'PROCESSING',
  'payment_intent.requires_action': 'REQUIRES_ACTION',
  'payment_intent.canceled': 'EXPIRED',
};

const webhookEvent = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
const chargeRefunded = z
  .object({ payment_intent: z.string(), amount_refunded: z.number().int(), amount_captured: z.number().int() })
  .loose();

/** Stripe behind the PaymentProvider interface. */
export class CardProvider extends ProviderBase implements PaymentProvider {
  readonly id = 'card' as const;

  constructor(env: PaymentEnv, runtime: ProviderRuntime = {}) {
    if (!env.CARD_PROVIDER_SECRET_KEY) throw new Error('CARD_PROVIDER_SECRET_KEY is not set');
    super(env, runtime);
  }

  async #call(path: string, params: Record<string, FormValue>, idempotencyKey?: string): Promise<ApiAnswer> {
    const base = (this.env.CARD_PROVIDER_API_BASE || CARD_PROVIDER_DEFAULT_BASE).replace(/\/+$/, '');
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.env.CARD_PROVIDER_SECRET_KEY}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    };
    // The same key on a retried call makes the provider answer the first result instead of charging again.
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    const send = this.runtime.fetch ?? ((input: RequestInfo, init?: RequestInit) => fetch(input, init));
    try {
      const response = await send(`${base}${path}`, { method: 'POST', headers, body: stripeForm(params) });
      const body: unknown = await response.json().catch(() => null);
      if (response.ok) return { ok: true, body };
      const error = stripeError.safeParse((body as { error?: unknown } | null)?.error);
      return { ok: false, status: response.status, error: error.success ? error.data : null };
    } catch {
      return { ok: false, status: 0, error: null };
    }
  }

  async #find(paymentId: string): Promise<PaymentRecord> {
    const payment = await this.payments.find(paymentId);
    if (!payment || payment.provider !== this.id) throw ApiError.notFound('No such payment');
    return payment;
  }

  /** Creates (and, with a payment method token, confirms) a PaymentIntent for the order. */
  async create(input: CreatePaymentInput): Promise<PaymentSession> {
    assertAmount(input.amount.cent);
    if (!input.orderId) throw ApiError.badRequest('orderId is required');
    const id = newPaymentId('pay');
    const now = this.now();
    await this.insertOpen({
      id,
      orderId: input.orderId,
      method: input.method,
      provider: this.id,
      amountCent: input.amount.cent,
      currency: input.amount.currency,
      status: 'CREATED',
      captureMethod: input.capture ?? 'automatic',
      createdAt: now,
      expiresAt: now + CARD_PAYMENT_TTL_MS,
    });
    const answer = await this.#call(
      '/v1/payment_intents',
      {
        amount: input.amount.cent,
        currency: input.amount.currency.toLowerCase(),
        payment_method_types: ['card'],
        confirm: input.paymentMethodToken ? 'true' : 'false',
        payment_method: input.paymentMethodToken,
        capture_method: input.capture ?? 'automatic',
        return_url: input.paymentMethodToken ? input.returnUrl : undefined,
        'metadata[order_id]': input.orderId,
        'metadata[payment_id]': id,
      },
      `create-${id}`,
    );
    return this.#settle(id, answer);
  }

  async confirm(paymentId: string): Promise<PaymentResult> {
    const payment = await this.#find(paymentId);
    if (!payment.providerRef || !OPEN_PAYMENT_STATUSES.includes(payment.status)) return resultOf(payment);
    return this.#settle(
      payment.id,
      await this.#call(`/v1/payment_intents/${encodeURIComponent(payment.providerRef)}/confirm`, {}),
    );
  }

  async capture(paymentId: string, amountCent: number): Promise<PaymentResult> {
    assertAmount(amountCent);
    const payment = await this.#find(paymentId);
    const refusal = captureRefusal(payment, amountCent);
    if (refusal) return refusal;
    const answer = await this.#call(
      `/v1/payment_intents/${encodeURIComponent(payment.providerRef!)}/capture`,
      { amount_to_capture: amountCent },
      `capture-${payment.id}`,
    );
    if (!answer.ok) return this.#failure(payment, answer);
    await this.payments.markCaptured(payment.id, amountCent, this.now());
    return resultOf((await this.payments.find(payment.id))!);
  }

  async refund(paymentId: string, amountCent: number, reason?: RefundReason): Promise<RefundResult> {
    assertAmount(amountCent);
    const payment = await this.#find(paymentId);
    const refundedSoFar = await this.payments.refundedCent(payment.id);
    const refusal = refundRefusal(payment, amountCent, refundedSoFar);
    if (refusal) return refusal;
    const answer = await this.#call(
      '/v1/refunds',
      {
        payment_intent: payment.providerRef!,
        amount: amountCent,
        reason: reason === 'duplicate_capture' ? 'duplicate' : undefined,
        'metadata[payment_id]': payment.id,
      },
      `refund-${payment.id}-${refundedSoFar}-${amountCent}`,
    );
    if (!answer.ok) return failed(payment.id, payment.status, failureReason(answer.status));
    const refund = stripeRefund.safeParse(answer.body);
    const refundRef = refund.success ? refund.data.id : null;
    return recordRefund(this.env, payment, amountCent, refundRef, this.now(), reason ?? null);
  }

  /** Cancels the PaymentIntent (an open one, or an authorization not yet captured) so it can take no money. */
  async cancel(paymentId: string): Promise<PaymentResult> {
    const payment = await this.#find(paymentId);
    if (!voidable(payment)) return resultOf(payment);
    if (payment.providerRef) {
      const path = `/v1/payment_intents/${encodeURIComponent(payment.providerRef)}/cancel`;
      const answer = await this.#call(path, {}, `cancel-${payment.id}`);
      if (!answer.ok) return failed(payment.id, payment.status, failureReason(answer.status));
    }
    const now = this.now();
    if (payment.status === 'SUCCEEDED') await this.payments.voidUncaptured(payment.id, now);
    else
      await this.payments.transition(
        payment.id,
        OPEN_PAYMENT_STATUSES,
        { status: 'EXPIRED', declineCode: 'expired' },
        now,
      );
    return resultOf((await this.payments.find(payment.id))!);
  }

  /** Verifies `Stripe-Signature` (HMAC-SHA256 over `t.body`, 300 s tolerance) and reads the event in our words. */
  async verifyWebhook(request: Request): Promise<WebhookEvent | null> {
    const rawBody = await readSignedBody(
      request,
      CARD_SIGNATURE_HEADER,
      this.env.CARD_PROVIDER_WEBHOOK_SECRET,
      this.now(),
    );
    if (rawBody === null) return null;
    const parsed = webhookEvent.safeParse(parseEventBody(rawBody));
    if (!parsed.success) throw ApiError.badRequest('body is not a provider event');
    const { id, type, data } = parsed.data;
    const base = { provider: this.id, eventId: id, type, payload: rawBody, declineCode: null, capturedCent: null };
    if (type === 'charge.refunded') {
      const charge = chargeRefunded.safeParse(data.object);
      if (!charge.success) throw ApiError.badRequest('data.object is not a charge');
      const payment = await this.payments.findByProviderRef(this.id, charge.data.payment_intent);
      const status = charge.data.amount_refunded >= charge.data.amount_captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      return { ...base, paymentId: payment?.id ?? null, orderId: payment?.orderId ?? null, status };
    }
    const intent = stripeIntent.safeParse(data.object);
    if (!type.startsWith('payment_intent.') || !intent.success)
      return { ...base, paymentId: null, orderId: null, status: null };
    const payment = intent.data.metadata?.payment_id
      ? null
      : await this.payments.findByProviderRef(this.id, intent.data.id);
    const paymentId = intent.data.metadata?.payment_id ?? payment?.id ?? null;
    const orderId = intent.data.metadata?.order_id ?? payment?.orderId ?? null;
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
    const capturedCent =
      type === 'payment_intent.succeeded' ? (intent.data.amount_received ?? intent.data.amount) : null;
    const amount = { amountCent: intent.data.amount, currency: intent.data.currency?.toUpperCase() ?? null };
    return { ...base, ...amount, paymentId, orderId, status: EVENT_STATUS[type] ?? null, capturedCent };
  }

  /** Stores what the provider answered and turns it into a typed result. */
  async #settle(paymentId: string, answer: ApiAnswer): Promise<PaymentResult> {
    const payment = (await this.payments.find(paymentId))!;
    if (!answer.ok) return this.#failure(payment, answer);
    const intent = stripeIntent.safeParse(answer.body);
    if (!intent.success) return failed(payment.id, payment.status, 'provider_error');
    await this.payments.transition(payment.id, OPEN_PAYMENT_STATUSES, intentChange(intent.data), this.now());
    const result = resultOf(
      (await this.payments.find(paymentId))!,
      intent.data.next_action?.redirect_to_url?.url ?? null,
    );
    if (result.kind !== 'RequiresAction') return result;
    return { ...result, clientSecret: intent.data.client_secret ?? undefined };
  }

  /** A refused call: a card error is a decline; an unreachable provider changes nothing (a webhook settles it). */
  async #failure(payment: PaymentRecord, answer: Extract<ApiAnswer, { ok: false }>): Promise<PaymentResult> {
    const declineCode = declineCodeOf(answer.error);
    const providerRef = answer.error?.payment_intent?.id;
    if (declineCode && OPEN_PAYMENT_STATUSES.includes(payment.status)) {
      await this.payments.transition(
        payment.id,
        OPEN_PAYMENT_STATUSES,
        { status: 'DECLINED', declineCode, ...(providerRef ? { providerRef } : {}) },
        this.now(),
      );
      return resultOf((await this.payments.find(payment.id))!);
    }
    return failed(payment.id, payment.status, failureReason(answer.status));
  }
}
