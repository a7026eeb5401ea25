/**
 * The online wallet adapter: PayPal's Orders v2 API for PAYPAL and PAY_LATER (Pay Later is a funding
 * source of the same order: the JS SDK's Pay Later button), captures, voids and refunds through its
 * Payments v2 API, signed webhooks (paypal-webhook.ts). The shopper approves the order in PayPal's
 * window; approving moves no money until the shop captures (or authorizes) the order here, once, with
 * a PayPal-Request-Id that makes any retry answer the first capture.
 */
import { OPEN_PAYMENT_STATUSES } from '../../shared/payment-status.ts';
import { ApiError } from '../platform/api-error.ts';
import {
  captureAuthorizationRequest,
  capture as captureObject,
  confirmOrderRequest,
  createOrderRequest,
  order as orderObject,
  refund as refundObject,
  refundRequest,
  toPaypalValue,
  voidAnswer,
  type PaypalOrder,
} from './contracts/paypal.ts';
import { failureReason } from './stripe-api.ts';
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
import { issueOf, PaypalApi, type PaypalAnswer } from './paypal-api.ts';
import { paypalWebhookEvent } from './paypal-webhook.ts';
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
import type { PaymentChange, RefundReason } from './repository.ts';
import type { PaymentRecord } from './records.ts';

/** PayPal gives the payer three hours to approve an order; the shop lets it go then. */
const ORDER_TTL_MS = 3 * 3600_000;
const money = (payment: PaymentRecord, cent: number) => ({
  currency_code: payment.currency,
  value: toPaypalValue(cent),
});

/** What a captured or authorized order means for our payment row. */
export function orderChange(order: PaypalOrder): PaymentChange | null {
  const payments = order.purchase_units?.[0]?.payments;
  const captured = payments?.captures?.[0];
  if (captured) {
    const ref = { providerTxnRef: captured.id };
    if (captured.status === 'COMPLETED')
      return { ...ref, status: 'SUCCEEDED', capturedCent: Math.round(Number(captured.amount.value) * 100) };
    if (captured.status === 'PENDING') return { ...ref, status: 'PROCESSING' };
    return { ...ref, status: 'DECLINED', declineCode: 'CAPTURE_DENIED' };
  }
  const authorized = payments?.authorizations?.[0];
  if (authorized?.status === 'CREATED' || authorized?.status === 'PENDING')
    return {
      providerTxnRef: authorized.id,
      status: authorized.status === 'CREATED' ? 'SUCCEEDED' : 'PROCESSING',
      capturedCent: 0,
    };
  if (authorized) return { providerTxnRef: authorized.id, status: 'DECLINED', declineCode: 'CAPTURE_DENIED' };
  return null;
}

export class PaypalProvider extends ProviderBase implements PaymentProvider {
  readonly id = 'paypal' as const;
  readonly #api: PaypalApi;

  constructor(env: PaymentEnv, runtime: ProviderRuntime = {}) {
    if (!env.PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET) throw new Error('PayPal is not configured');
    super(env, runtime);
    this.#api = new PaypalApi(env, runtime);
  }

  async #find(paymentId: string): Promise<PaymentRecord> {
    const payment = await this.payments.find(paymentId);
    if (!payment || payment.provider !== this.id) throw ApiError.notFound('No such payment');
    return payment;
  }

  /** Creates the PayPal order the shopper approves (in the JS SDK's window, or at the approve link). */
  async create(input: CreatePaymentInput): Promise<PaymentSession> {
    assertAmount(input.amount.cent);
    if (!input.orderId || !input.returnUrl) throw ApiError.badRequest('orderId and returnUrl are required');
    const id = newPaymentId('pay');
    const now = this.now();
    const captureMethod = input.capture ?? 'automatic';
    await this.insertOpen({
      id,
      orderId: input.orderId,
      method: input.method,
      provider: this.id,
      amountCent: input.amount.cent,
      currency: input.amount.currency,
      status: 'CREATED',
      captureMethod,
      createdAt: now,
      expiresAt: now + ORDER_TTL_MS,
    });
    const answer = await this.#api.call(
      'POST',
      '/v2/checkout/orders',
      createOrderRequest,
      {
        intent: captureMethod === 'manual' ? 'AUTHORIZE' : 'CAPTURE',
        purchase_units: [
          {
            custom_id: id,
            invoice_id: input.orderId,
            amount: { currency_code: input.amount.currency, value: toPaypalValue(input.amount.cent) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              shipping_preference: 'NO_SHIPPING',
              user_action: 'PAY_NOW',
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl ?? input.returnUrl,
            },
          },
        },
      },
      orderObject,
      `create-${id}`,
    );
    if (!answer.ok) {
      // Nothing PayPal made can take money without the shop's capture: the attempt ends, another may start.
      const reason = failureReason(answer.status);
      await this.payments.transition(id, ['CREATED'], { status: 'FAILED', declineCode: reason }, this.now());
      return failed(id, 'FAILED', reason);
    }
    await this.payments.transition(id, ['CREATED'], { status: 'CREATED', providerRef: answer.body.id }, this.now());
    const approve = answer.body.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
    return {
      kind: 'RequiresAction',
      paymentId: id,
      status: 'CREATED',
      action: 'redirect',
      url: approve?.href ?? null,
      providerRef: answer.body.id,
    };
  }

  /**
   * The shopper approved: captures the order (or authorizes it, for a later capture). Not yet
   * approved answers the window again; a declined funding source is a decline the shopper can fix in
   * PayPal; an unreachable PayPal leaves the payment open (the webhook settles it).
   */
  async confirm(paymentId: string): Promise<PaymentResult> {
    const payment = await this.#find(paymentId);
    if (!payment.providerRef || !OPEN_PAYMENT_STATUSES.includes(payment.status)) return resultOf(payment);
    const orderPath = `/v2/checkout/orders/${encodeURIComponent(payment.providerRef)}`;
    // Only an approved order is captured: the capture's PayPal-Request-Id then stands for this one capture.
    const current = await this.#api.call('GET', orderPath, null, null, orderObject);
    if (current.ok && current.body.status !== 'APPROVED' && current.body.status !== 'COMPLETED')
      return resultOf(payment);
    if (!current.ok) return failed(payment.id, payment.status, failureReason(current.status));
    const step = payment.captureMethod === 'manual' ? 'authorize' : 'capture';
    const answer = await this.#api.call(
      'POST',
      `${orderPath}/${step}`,
      confirmOrderRequest,
      {},
      orderObject,
      `${step}-${payment.id}`,
    );
    return this.#settle(payment, answer);
  }

  async #settle(payment: PaymentRecord, answer: PaypalAnswer<PaypalOrder>): Promise<PaymentResult> {
    if (answer.ok) {
      const change = orderChange(answer.body);
      if (change) await this.payments.transition(payment.id, OPEN_PAYMENT_STATUSES, change, this.now());
      return resultOf((await this.payments.find(payment.id))!);
    }
    const issue = issueOf(answer.error);
    if (issue === 'ORDER_NOT_APPROVED' || issue === 'PAYER_ACTION_REQUIRED') return resultOf(payment);
    if (answer.status === 422 && issue && issue !== 'UNPROCESSABLE_ENTITY') {
      await this.payments.transition(
        payment.id,
        OPEN_PAYMENT_STATUSES,
        { status: 'DECLINED', declineCode: issue },
        this.now(),
      );
      return resultOf((await this.payments.find(payment.id))!);
    }
    return failed(payment.id, payment.status, failureReason(answer.status));
  }

  /** Captures an authorized order's authorization, once. */
  async capture(paymentId: string, amountCent: number): Promise<PaymentResult> {
    assertAmount(amountCent);
    const payment = await this.#find(paymentId);
    const refusal = captureRefusal(payment, amountCent);
    if (refusal) return refusal;
    const answer = await this.#api.call(
      'POST',
      `/v2/payments/authorizations/${encodeURIComponent(payment.providerTxnRef ?? '')}/capture`,
      captureAuthorizationRequest,
      { amount: money(payment, amountCent), final_capture: true, invoice_id: payment.orderId },
      captureObject,
      `capture-${payment.id}`,
    );
    if (!answer.ok) return failed(payment.id, payment.status, failureReason(answer.status));
    await this.payments.markCaptured(payment.id, amountCent, this.now());
    await this.payments.transition(
      payment.id,
      ['SUCCEEDED'],
      { status: 'SUCCEEDED', providerTxnRef: answer.body.id },
      this.now(),
    );
    return resultOf((await this.payments.find(payment.id))!);
  }

  async refund(paymentId: string, amountCent: number, reason?: RefundReason): Promise<RefundResult> {
    assertAmount(amountCent);
    const payment = await this.#find(paymentId);
    const refundedSoFar = await this.payments.refundedCent(payment.id);
    const refusal = refundRefusal(payment, amountCent, refundedSoFar);
    if (refusal) return refusal;
    const answer = await this.#api.call(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(payment.providerTxnRef ?? '')}/refund`,
      refundRequest,
      { amount: money(payment, amountCent), custom_id: payment.id },
      refundObject,
      `refund-${payment.id}-${refundedSoFar}-${amountCent}`,
    );
    if (!answer.ok || answer.body.status === 'FAILED' || answer.body.status === 'CANCELLED')
      return failed(payment.id, payment.status, answer.ok ? 'invalid_request' : failureReason(answer.status));
    return recordRefund(this.env, payment, amountCent, answer.body.id, this.now(), reason ?? null);
  }

  /**
   * Voids the payment: an order not yet captured can take no money once the shop stops (Orders v2
   * has no cancel: the shop never captures it and PayPal lets it expire); an authorization is voided
   * at PayPal.
   */
  async cancel(paymentId: string): Promise<PaymentResult> {
    const payment = await this.#find(paymentId);
    if (!voidable(payment)) return resultOf(payment);
    const now = this.now();
    if (payment.status === 'SUCCEEDED') {
      const path = `/v2/payments/authorizations/${encodeURIComponent(payment.providerTxnRef ?? '')}/void`;
      const answer = await this.#api.call('POST', path, confirmOrderRequest, {}, voidAnswer, `void-${payment.id}`);
      if (!answer.ok && issueOf(answer.error) !== 'PREVIOUSLY_VOIDED')
        return failed(payment.id, payment.status, failureReason(answer.status));
      await this.payments.voidUncaptured(payment.id, now);
    } else
      await this.payments.transition(
        payment.id,
        OPEN_PAYMENT_STATUSES,
        { status: 'EXPIRED', declineCode: 'expired' },
        now,
      );
    return resultOf((await this.payments.find(payment.id))!);
  }

  verifyWebhook(request: Request): Promise<WebhookEvent | null> {
    return paypalWebhookEvent(this.env, this.#api, this.payments, request, this.now());
  }
}
