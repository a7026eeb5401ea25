/**
 * The online wallet's contract: the parts of PayPal's REST APIs the shop calls and reads, written from
 * PayPal's API reference and its OpenAPI documents (checkout_orders_v2, payments_payment_v2,
 * notifications_webhooks_v1, customer_disputes_v1; OAuth 2.0 client credentials). The adapter builds
 * each request through these schemas and reads each answer with them; the PayPal fake
 * (tests/fakes/paypal.ts) parses the same requests and builds its answers with them.
 */
import * as z from 'zod';

/** PayPal's money: a currency code and a decimal string with the currency's two places (USD, CAD). */
export const money = z.strictObject({
  currency_code: z.enum(['USD', 'CAD']),
  value: z.string().regex(/^\d{1,13}\.\d{2}$/),
});
export type PaypalMoney = z.infer<typeof money>;

/** Cents as PayPal writes them ("25.99"), and back. */
export const toPaypalValue = (cent: number) => (cent / 100).toFixed(2);
export const fromPaypalValue = (value: string) => Math.round(Number(value) * 100);

/** POST /v1/oauth2/token (grant_type=client_credentials, HTTP Basic with the app's client id and secret). */
export const tokenResponse = z
  .object({
    access_token: z.string().min(1),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().positive(),
    app_id: z.string().optional(),
    scope: z.string().optional(),
  })
  .loose();

const link = z.object({ href: z.string(), rel: z.string(), method: z.string().optional() }).loose();

/** POST /v2/checkout/orders */
export const createOrderRequest = z.strictObject({
  intent: z.enum(['CAPTURE', 'AUTHORIZE']),
  purchase_units: z
    .array(
      z.strictObject({
        reference_id: z.string().min(1).max(256).optional(),
        /** Ours: the payment id, so every capture, refund and dispute PayPal reports finds its payment. */
        custom_id: z.string().min(1).max(127),
        /** Ours: the shop's order number, shown to the payer. */
        invoice_id: z.string().min(1).max(127),
        description: z.string().min(1).max(127).optional(),
        amount: money,
      }),
    )
    .length(1),
  payment_source: z.strictObject({
    paypal: z.strictObject({
      experience_context: z.strictObject({
        brand_name: z.string().min(1).max(127).optional(),
        locale: z.string().optional(),
        shipping_preference: z.enum(['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS']),
        user_action: z.enum(['CONTINUE', 'PAY_NOW']),
        return_url: z.url(),
        cancel_url: z.url(),
      }),
    }),
  }),
});

export const CAPTURE_STATUSES = [
  'COMPLETED',
  'DECLINED',
  'PARTIALLY_REFUNDED',
  'PENDING',
  'REFUNDED',
  'FAILED',
] as const;
/** A captured payment (payments_payment_v2 `capture-2`; the Orders API's `capture`). */
export const capture = z
  .object({
    id: z.string(),
    status: z.enum(CAPTURE_STATUSES),
    amount: money,
    custom_id: z.string().optional(),
    invoice_id: z.string().optional(),
    final_capture: z.boolean().optional(),
    seller_receivable_breakdown: z
      .object({ gross_amount: money, paypal_fee: money.optional(), net_amount: money.optional() })
      .loose()
      .optional(),
    supplementary_data: z
      .object({ related_ids: z.object({ order_id: z.string(), authorization_id: z.string() }).partial() })
      .partial()
      .loose()
      .optional(),
  })
  .loose();
export const authorization = z
  .object({
    id: z.string(),
    status: z.enum(['CREATED', 'CAPTURED', 'DENIED', 'PARTIALLY_CAPTURED', 'VOIDED', 'PENDING']),
    amount: money,
    custom_id: z.string().optional(),
    invoice_id: z.string().optional(),
  })
  .loose();
export const refund = z
  .object({
    id: z.string(),
    status: z.enum(['CANCELLED', 'FAILED', 'PENDING', 'COMPLETED']),
    amount: money.optional(),
    custom_id: z.string().optional(),
    invoice_id: z.string().optional(),
    links: z.array(link).optional(),
  })
  .loose();

export const ORDER_STATUSES = ['CREATED', 'SAVED', 'APPROVED', 'VOIDED', 'COMPLETED', 'PAYER_ACTION_REQUIRED'] as const;
/** An order as the Orders API answers it (create, get, capture, authorize). */
export const order = z
  .object({
    id: z.string(),
    status: z.enum(ORDER_STATUSES),
    intent: z.enum(['CAPTURE', 'AUTHORIZE']).optional(),
    purchase_units: z
      .array(
        z
          .object({
            reference_id: z.string().optional(),
            custom_id: z.string().optional(),
            invoice_id: z.string().optional(),
            amount: money.optional(),
            payments: z
              .object({
                captures: z.array(capture),
                authorizations: z.array(authorization),
                refunds: z.array(refund),
              })
              .partial()
              .optional(),
          })
          .loose(),
      )
      .optional(),
    links: z.array(link).optional(),
  })
  .loose();
export type PaypalOrder = z.infer<typeof order>;

/** POST /v2/checkout/orders/:id/capture and /authorize: an empty body (the approved payer pays). */
export const confirmOrderRequest = z.strictObject({});
/** POST /v2/payments/authorizations/:id/capture */
export const captureAuthorizationRequest = z.strictObject({
  amount: money,
  final_capture: z.boolean(),
  invoice_id: z.string().max(127).optional(),
});
/** POST /v2/payments/authorizations/:id/void: 204 No Content, or the voided authorization. */
export const voidAnswer = z.union([authorization, z.strictObject({})]);
/** POST /v2/payments/captures/:id/refund */
export const refundRequest = z.strictObject({
  amount: money,
  custom_id: z.string().min(1).max(127),
  note_to_payer: z.string().min(1).max(255).optional(),
});

/** PayPal's error answer (error_400 … error_503; 422's details name the issue, e.g. INSTRUMENT_DECLINED). */
export const errorBody = z
  .object({
    name: z.string(),
    message: z.string().optional(),
    debug_id: z.string().optional(),
    details: z
      .array(z.object({ issue: z.string(), field: z.string().optional(), description: z.string().optional() }).loose())
      .optional(),
  })
  .loose();
export type PaypalError = z.infer<typeof errorBody>;

/** A webhook event notification (notifications_webhooks_v1 `event`). */
export const webhookEvent = z
  .object({
    id: z.string().min(1),
    create_time: z.string().optional(),
    resource_type: z.string().optional(),
    event_version: z.string().optional(),
    event_type: z.string().min(1),
    summary: z.string().optional(),
    resource: z.record(z.string(), z.unknown()),
  })
  .loose();

/** A dispute as CUSTOMER.DISPUTE.* events carry it (customer_disputes_v1). */
export const dispute = z
  .object({
    dispute_id: z.string(),
    reason: z.string().optional(),
    status: z.string().optional(),
    dispute_amount: money.optional(),
    /** When PayPal wants the seller's answer (ISO 8601). */
    seller_response_due_date: z.string().optional(),
    /** Set once resolved: RESOLVED_SELLER_FAVOUR, RESOLVED_BUYER_FAVOUR, ... */
    dispute_outcome: z.object({ outcome_code: z.string() }).loose().optional(),
    disputed_transactions: z
      .array(z.object({ seller_transaction_id: z.string().optional(), custom: z.string().optional() }).loose())
      .optional(),
  })
  .loose();

/** The webhook headers PayPal signs a delivery with (Integrate webhooks: verify the signature yourself). */
export const WEBHOOK_HEADERS = {
  transmissionId: 'PAYPAL-TRANSMISSION-ID',
  transmissionTime: 'PAYPAL-TRANSMISSION-TIME',
  transmissionSig: 'PAYPAL-TRANSMISSION-SIG',
  certUrl: 'PAYPAL-CERT-URL',
  authAlgo: 'PAYPAL-AUTH-ALGO',
} as const;

/** The events the shop's PayPal webhook subscribes to (README, Deploy). */
export const PAYPAL_WEBHOOK_EVENTS = [
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.PENDING',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.REFUNDED',
  'PAYMENT.CAPTURE.REVERSED',
  'PAYMENT.AUTHORIZATION.CREATED',
  'PAYMENT.AUTHORIZATION.VOIDED',
  'CUSTOMER.DISPUTE.CREATED',
  'CUSTOMER.DISPUTE.RESOLVED',
] as const;
