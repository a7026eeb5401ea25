/**
 * The card provider adapter: Stripe's HTTP API (PaymentIntents, Refunds, signed webhooks) through its
 * contract (contracts/stripe.ts, stripe-api.ts). No card data passes through the shop: the browser
 * tokenizes the card with the provider's JS and the server only ever sees its payment method id
 * (pm_...). The API base comes from env (CARD_PROVIDER_API_BASE) so tests run it against the fake.
 */
import { OPEN_PAYMENT_STATUSES } from '../../shared/payment-status.ts';
import { ApiError } from '../platform/api-error.ts';
import {
  cancelIntentParams,
  captureIntentParams,
  checkoutSession,
  confirmIntentParams,
  createIntentParams,
  createRefundParams,
  createSessionParams,
  expireSessionParams,
  paymentIntent,
  refund as refundObject,
  type StripeIntent,
} from './contracts/stripe.ts';
import { HOSTED_SESSION_SECONDS, intentParams, sessionParams } from './card-requests.ts';
import { cardWebhookEvent } from './card-webhook.ts';
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
import { ProviderBase } from './provider-base.ts';
import { StripeApi, declineCodeOf, failureReason, type StripeAnswer } from './stripe-api.ts';

export { CARD_PROVIDER_DEFAULT_BASE } from './stripe-api.ts';
export { CARD_SIGNATURE_HEADER } from './card-webhook.ts';
/** A card payment the shopper never finishes is let go after a day; the provider cancels its own. */
const CARD_PAYMENT_TTL_MS = 24 * 3600_000;
/** The PaymentIntent that moves a payment's money: a hosted page's comes with its completed session. */
const intentOf = (payment: PaymentRecord) => payment.providerTxnRef ?? payment.providerRef;
const isSession = (ref: string | null) => ref?.startsWith('cs_') ?? false;

type Failure = Extract<StripeAnswer<unknown>, { ok: false }>;

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

/** Stripe behind the PaymentProvider interface. */
export class CardProvider extends ProviderBase implements PaymentProvider {
  readonly id = 'card' as const;
  readonly #api: StripeApi;

  constructor(env: PaymentEnv, runtime: ProviderRuntime = {}) {
    if (!env.CARD_PROVIDER_SECRET_KEY) throw new Error('CARD_PROVIDER_SECRET_KEY is not set');
    super(env, runtime);
    this.#api = new StripeApi(env, runtime);
  }

  async #find(paymentId: string): Promise<PaymentRecord> {
    const payment = await this.payments.find(paymentId);
    if (!payment || payment.provider !== this.id) throw ApiError.notFound('No such payment');
    return payment;
  }

  /** Opens the payment row (one under way per order) before anything reaches the provider. */
  async #open(input: CreatePaymentInput): Promise<PaymentRecord> {
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
      expiresAt: now + (input.method === 'HOSTED_CARD' ? HOSTED_SESSION_SECONDS * 1000 : CARD_PAYMENT_TTL_MS),
    });
    return (await this.payments.find(id))!;
  }

  /**
   * Creates the method's PaymentIntent (confirmed at once with a card token, or for a BNPL provider's
   * page), or for HOSTED_CARD the Checkout Session whose hosted page the shopper pays on.
   */
  async create(input: CreatePaymentInput): Promise<PaymentSession> {
    if (input.method === 'HOSTED_CARD') return this.#createSession(input);
    const params = intentParams(this.env, input, 'pay_pending');
    const payment = await this.#open(input);
    const answer = await this.#api.post(
      '/v1/payment_intents',
      createIntentParams,
      { ...params, metadata: { ...params.metadata, payment_id: payment.id } },
      paymentIntent,
      `create-${payment.id}`,
    );
    return this.#settle(payment.id, answer);
  }

  /** The hosted card page: a Checkout Session for the order's amount; its completion arrives by webhook. */
  async #createSession(input: CreatePaymentInput): Promise<PaymentSession> {
    const payment = await this.#open(input);
    const answer = await this.#api.post(
      '/v1/checkout/sessions',
      createSessionParams,
      sessionParams(input, payment.id, this.now()),
      checkoutSession,
      `session-${payment.id}`,
    );
    if (!answer.ok) {
      // No session exists to pay on: the attempt ends, so the order can be paid another way at once.
      const reason = failureReason(answer.status);
      await this.payments.transition(payment.id, ['CREATED'], { status: 'FAILED', declineCode: reason }, this.now());
      return failed(payment.id, 'FAILED', reason);
    }
    await this.payments.transition(
      payment.id,
      ['CREATED'],
      { status: 'CREATED', providerRef: answer.body.id },
      this.now(),
    );
    return resultOf((await this.payments.find(payment.id))!, answer.body.url);
  }

  async confirm(paymentId: string): Promise<PaymentResult> {
    const payment = await this.#find(paymentId);
    if (!payment.providerRef || isSession(payment.providerRef) || !OPEN_PAYMENT_STATUSES.includes(payment.status))
      return resultOf(payment);
    const path = `/v1/payment_intents/${encodeURIComponent(payment.providerRef)}/confirm`;
    return this.#settle(payment.id, await this.#api.post(path, confirmIntentParams, {}, paymentIntent));
  }

  async capture(paymentId: string, amountCent: number): Promise<PaymentResult> {
    assertAmount(amountCent);
    const payment = await this.#find(paymentId);
    const refusal = captureRefusal(payment, amountCent);
    if (refusal) return refusal;
    const answer = await this.#api.post(
      `/v1/payment_intents/${encodeURIComponent(intentOf(payment)!)}/capture`,
      captureIntentParams,
      { amount_to_capture: amountCent },
      paymentIntent,
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
    const answer = await this.#api.post(
      '/v1/refunds',
      createRefundParams,
      {
        payment_intent: intentOf(payment)!,
        amount: amountCent,
        reason: reason === 'duplicate_capture' ? 'duplicate' : undefined,
        metadata: { payment_id: payment.id, order_id: payment.orderId },
      },
      refundObject,
      `refund-${payment.id}-${refundedSoFar}-${amountCent}`,
    );
    if (!answer.ok) return failed(payment.id, payment.status, failureReason(answer.status));
    return recordRefund(this.env, payment, amountCent, answer.body.id, this.now(), reason ?? null);
  }

  /** Cancels the PaymentIntent (an open one, or an authorization not yet captured) so it can take no money. */
  async cancel(paymentId: string): Promise<PaymentResult> {
    const payment = await this.#find(paymentId);
    if (!voidable(payment)) return resultOf(payment);
    const intent = intentOf(payment);
    if (isSession(intent)) {
      // A hosted page not paid yet: expiring its session means nobody can pay on it any more.
      const path = `/v1/checkout/sessions/${encodeURIComponent(intent!)}/expire`;
      const answer = await this.#api.post(path, expireSessionParams, {}, checkoutSession, `expire-${payment.id}`);
      if (!answer.ok) return failed(payment.id, payment.status, failureReason(answer.status));
    } else if (intent) {
      const path = `/v1/payment_intents/${encodeURIComponent(intent)}/cancel`;
      const answer = await this.#api.post(path, cancelIntentParams, {}, paymentIntent, `cancel-${payment.id}`);
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
  verifyWebhook(request: Request): Promise<WebhookEvent | null> {
    return cardWebhookEvent(this.env, this.payments, request, this.now());
  }

  /** Stores what the provider answered and turns it into a typed result. */
  async #settle(paymentId: string, answer: StripeAnswer<StripeIntent>): Promise<PaymentResult> {
    const payment = (await this.payments.find(paymentId))!;
    if (!answer.ok) return this.#failure(payment, answer);
    const intent = answer.body;
    await this.payments.transition(payment.id, OPEN_PAYMENT_STATUSES, intentChange(intent), this.now());
    const result = resultOf((await this.payments.find(paymentId))!, intent.next_action?.redirect_to_url?.url ?? null);
    if (result.kind !== 'RequiresAction') return result;
    return { ...result, clientSecret: intent.client_secret ?? undefined };
  }

  /** A refused call: a card error is a decline; an unreachable provider changes nothing (a webhook settles it). */
  async #failure(payment: PaymentRecord, answer: Failure): Promise<PaymentResult> {
    const declineCode = declineCodeOf(answer.error);
    const providerRef = answer.error?.payment_intent?.id;
    // The decline's webhook may land before the answer does: the shopper reads the decline either way.
    if (declineCode && payment.status === 'DECLINED') return resultOf(payment);
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
