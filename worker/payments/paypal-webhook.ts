import { ApiError } from '../platform/api-error.ts';
import { capture, dispute, fromPaypalValue, refund, webhookEvent, WEBHOOK_HEADERS } from './contracts/paypal.ts';
import { captureMovements, disputeMoney, refundMovements } from './paypal-money-events.ts';
import type { PaypalApi } from './paypal-api.ts';
import { checkPaypalSignature } from './paypal-signature.ts';
import type { PaymentEnv, WebhookEvent } from './provider.ts';
import type { PaymentChange, PaymentRepository } from './repository.ts';
import type { PaymentRecord } from './records.ts';
import { parseEventBody } from './signatures.ts';

/** The online wallet's webhooks: verified as PayPal documents (paypal-signature.ts), read in our words. */

const CAPTURE_STATUS: Record<string, PaymentChange['status']> = {
  'PAYMENT.CAPTURE.COMPLETED': 'SUCCEEDED',
  'PAYMENT.CAPTURE.PENDING': 'PROCESSING',
  'PAYMENT.CAPTURE.DENIED': 'DECLINED',
  'PAYMENT.CAPTURE.DECLINED': 'DECLINED',
  'PAYMENT.AUTHORIZATION.CREATED': 'SUCCEEDED',
  'PAYMENT.AUTHORIZATION.VOIDED': 'EXPIRED',
};

/** The payment a resource belongs to: by our payment id (custom_id), else by its transaction id. */
async function paymentOf(payments: PaymentRepository, customId: string | undefined, txnRef: string | undefined) {
  const byId = customId ? await payments.find(customId) : null;
  if (byId?.provider === 'paypal') return byId;
  return txnRef ? payments.findByTxnRef('paypal', txnRef) : null;
}

/** The event, or null when its signature is missing, forged, from an untrusted certificate or stale. */
export async function paypalWebhookEvent(
  env: PaymentEnv,
  api: PaypalApi,
  payments: PaymentRepository,
  request: Request,
  now: number,
): Promise<WebhookEvent | null> {
  if (!env.PAYPAL_WEBHOOK_ID) throw new Error('PAYPAL_WEBHOOK_ID is not set');
  const rawBody = await request.text();
  const header = (name: string) => request.headers.get(name);
  const check = await checkPaypalSignature(
    {
      transmissionId: header(WEBHOOK_HEADERS.transmissionId),
      transmissionTime: header(WEBHOOK_HEADERS.transmissionTime),
      transmissionSig: header(WEBHOOK_HEADERS.transmissionSig),
      certUrl: header(WEBHOOK_HEADERS.certUrl),
      authAlgo: header(WEBHOOK_HEADERS.authAlgo),
    },
    rawBody,
    { webhookId: env.PAYPAL_WEBHOOK_ID, apiBase: api.base, now, fetchCert: (url) => api.certificate(url) },
  );
  if (check !== 'valid') return null;
  const parsed = webhookEvent.safeParse(parseEventBody(rawBody));
  if (!parsed.success) throw ApiError.badRequest('body is not a PayPal event');
  const { id, event_type: type, resource } = parsed.data;
  const base = {
    provider: 'paypal' as const,
    eventId: id,
    type,
    payload: rawBody,
    declineCode: null,
    capturedCent: null,
  };
  const found = (payment: PaymentRecord | null) => ({
    paymentId: payment?.id ?? null,
    orderId: payment?.orderId ?? null,
  });
  const status = CAPTURE_STATUS[type];
  if (status) {
    const txn = capture.safeParse(resource);
    if (!txn.success) throw ApiError.badRequest('resource is not a capture or authorization');
    const payment = await paymentOf(payments, txn.data.custom_id, txn.data.id);
    const cent = fromPaypalValue(txn.data.amount.value);
    return {
      movements: type === 'PAYMENT.CAPTURE.COMPLETED' ? captureMovements(txn.data) : [],
      ...base,
      ...found(payment),
      status,
      declineCode: status === 'DECLINED' ? 'CAPTURE_DENIED' : null,
      capturedCent: type === 'PAYMENT.CAPTURE.COMPLETED' ? cent : null,
      amountCent: cent,
      currency: txn.data.amount.currency_code,
      // The capture (or authorization) refunds and disputes name: kept even when this event beats the capture's answer.
      providerTxnRef: txn.data.id,
    };
  }
  if (type === 'PAYMENT.CAPTURE.REFUNDED') {
    const given = refund.safeParse(resource);
    if (!given.success) throw ApiError.badRequest('resource is not a refund');
    const payment = await paymentOf(payments, given.data.custom_id, undefined);
    return { ...base, ...found(payment), status: null, movements: refundMovements(given.data, payment) };
  }
  if (type.startsWith('CUSTOMER.DISPUTE.')) {
    const opened = dispute.safeParse(resource);
    if (!opened.success) throw ApiError.badRequest('resource is not a dispute');
    const txn = opened.data.disputed_transactions?.[0]?.seller_transaction_id;
    const payment = await paymentOf(payments, undefined, txn);
    return { ...base, ...found(payment), status: null, ...disputeMoney(type, opened.data, payment) };
  }
  return { ...base, paymentId: null, orderId: null, status: null };
}
