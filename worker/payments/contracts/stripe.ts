/**
 * The card provider's contract: the parts of Stripe's API the shop calls and reads, written from its
 * API reference (PaymentIntents, Refunds, Checkout Sessions, Events, Disputes, Payouts, Balance
 * transactions, the error object). The adapter builds each request through these schemas and reads
 * each answer with them; the local fake of Stripe (tests/fakes/stripe.ts) parses the same requests and
 * builds its answers with them, so neither can drift from the other silently.
 *
 * Requests are form-encoded (contracts/form.ts): every value arrives as text, so numbers and booleans
 * are coerced here and the same schema reads both the adapter's object and the fake's decoded form.
 */
import * as z from 'zod';

const formInt = z.coerce.number().int();
const formBool = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);
const metadata = z.record(z.string(), z.string());
const currency = z.enum(['usd', 'cad']);
const address = z.object({
  line1: z.string().min(1),
  line2: z.string().optional(),
  city: z.string().min(1),
  state: z.string().min(1),
  postal_code: z.string().min(1),
  country: z.enum(['US', 'CA']),
});

/** The payment method types the shop asks Stripe for: cards (wallets are cards) and the BNPL providers. */
export const STRIPE_METHOD_TYPES = ['card', 'affirm', 'afterpay_clearpay', 'klarna'] as const;
export type StripeMethodType = (typeof STRIPE_METHOD_TYPES)[number];

/** POST /v1/payment_intents */
export const createIntentParams = z.strictObject({
  amount: formInt.positive(),
  currency,
  payment_method_types: z.array(z.enum(STRIPE_METHOD_TYPES)).min(1),
  confirm: formBool.optional(),
  payment_method: z.string().min(1).optional(),
  /** A BNPL method the shopper picked in the shop's own page: Stripe redirects them to its provider. */
  payment_method_data: z
    .strictObject({
      type: z.enum(STRIPE_METHOD_TYPES),
      billing_details: z.strictObject({ email: z.string(), name: z.string(), address }).partial().optional(),
    })
    .optional(),
  capture_method: z.enum(['automatic', 'manual']),
  return_url: z.url().optional(),
  shipping: z.strictObject({ name: z.string().min(1), address }).optional(),
  metadata,
});
/** POST /v1/payment_intents/:id/confirm, /capture, /cancel */
/**
 * POST /v1/payment_intents/:id/confirm. The shop's server sends return_url alone; Stripe.js in the
 * browser confirms with the intent's client secret and the payment method the card fields made.
 */
export const confirmIntentParams = z.strictObject({
  return_url: z.url().optional(),
  client_secret: z.string().optional(),
  payment_method: z.string().optional(),
});
export const captureIntentParams = z.strictObject({ amount_to_capture: formInt.positive() });
export const cancelIntentParams = z.strictObject({
  cancellation_reason: z.enum(['abandoned', 'duplicate']).optional(),
});
/** POST /v1/refunds */
export const createRefundParams = z.strictObject({
  payment_intent: z.string().min(1),
  amount: formInt.positive(),
  reason: z.enum(['duplicate', 'requested_by_customer', 'fraudulent']).optional(),
  metadata,
});
/** POST /v1/checkout/sessions: the hosted card page. */
export const createSessionParams = z.strictObject({
  mode: z.literal('payment'),
  line_items: z
    .array(
      z.strictObject({
        quantity: formInt.positive(),
        price_data: z.strictObject({
          currency,
          unit_amount: formInt.positive(),
          product_data: z.strictObject({ name: z.string().min(1) }),
        }),
      }),
    )
    .length(1),
  payment_method_types: z.array(z.literal('card')).min(1),
  success_url: z.url(),
  cancel_url: z.url(),
  client_reference_id: z.string().min(1),
  customer_email: z.email().optional(),
  /** Unix seconds; Stripe takes 30 minutes to 24 hours from now. */
  expires_at: formInt.positive(),
  payment_intent_data: z.strictObject({ capture_method: z.enum(['automatic', 'manual']), metadata }),
  metadata,
});
/** POST /v1/checkout/sessions/:id/expire */
export const expireSessionParams = z.strictObject({});

/** Stripe's error object, under `error` in a non-2xx answer. */
export const stripeError = z
  .object({
    type: z.enum(['api_error', 'card_error', 'idempotency_error', 'invalid_request_error']).or(z.string()),
    code: z.string().optional(),
    decline_code: z.string().optional(),
    message: z.string().optional(),
    payment_intent: z.object({ id: z.string() }).loose().optional(),
  })
  .loose();
export const errorBody = z.object({ error: stripeError });

export const INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
] as const;

/** A PaymentIntent as the shop reads it. */
export const paymentIntent = z
  .object({
    id: z.string(),
    object: z.literal('payment_intent'),
    amount: z.number().int(),
    amount_capturable: z.number().int().optional(),
    amount_received: z.number().int().optional(),
    currency,
    status: z.enum(INTENT_STATUSES),
    capture_method: z.enum(['automatic', 'automatic_async', 'manual']).optional(),
    client_secret: z.string().nullable().optional(),
    latest_charge: z.string().nullable().optional(),
    metadata,
    payment_method_types: z.array(z.string()).optional(),
    next_action: z
      .object({ type: z.string(), redirect_to_url: z.object({ url: z.string(), return_url: z.string().nullable() }) })
      .partial()
      .loose()
      .nullable()
      .optional(),
    last_payment_error: stripeError.nullable().optional(),
  })
  .loose();
export type StripeIntent = z.infer<typeof paymentIntent>;

export const refund = z
  .object({
    id: z.string(),
    object: z.literal('refund'),
    amount: z.number().int(),
    currency,
    payment_intent: z.string().nullable(),
    charge: z.string().nullable().optional(),
    status: z.enum(['pending', 'requires_action', 'succeeded', 'failed', 'canceled']),
    metadata,
  })
  .loose();

export const checkoutSession = z
  .object({
    id: z.string(),
    object: z.literal('checkout.session'),
    url: z.string().nullable(),
    status: z.enum(['open', 'complete', 'expired']),
    payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
    amount_total: z.number().int().nullable(),
    currency: currency.nullable(),
    client_reference_id: z.string().nullable(),
    payment_intent: z.string().nullable(),
    expires_at: z.number().int(),
    metadata,
  })
  .loose();

export const charge = z
  .object({
    id: z.string(),
    object: z.literal('charge'),
    amount: z.number().int(),
    amount_captured: z.number().int(),
    amount_refunded: z.number().int(),
    currency,
    payment_intent: z.string().nullable(),
    balance_transaction: z.string().nullable().optional(),
  })
  .loose();

export const dispute = z
  .object({
    id: z.string(),
    object: z.literal('dispute'),
    amount: z.number().int(),
    currency,
    charge: z.string(),
    payment_intent: z.string().nullable(),
    reason: z.string(),
    status: z.string(),
    evidence_details: z.object({ due_by: z.number().int().nullable() }).loose().optional(),
  })
  .loose();

export const payout = z
  .object({
    id: z.string(),
    object: z.literal('payout'),
    amount: z.number().int(),
    currency,
    arrival_date: z.number().int(),
    status: z.enum(['paid', 'pending', 'in_transit', 'canceled', 'failed']),
  })
  .loose();

/** GET /v1/balance_transactions: what the provider moved, with its fee, per charge, refund, dispute, payout. */
export const balanceTransaction = z
  .object({
    id: z.string(),
    object: z.literal('balance_transaction'),
    amount: z.number().int(),
    fee: z.number().int(),
    net: z.number().int(),
    currency,
    type: z.string(),
    reporting_category: z.string().optional(),
    source: z.string().nullable(),
    created: z.number().int(),
  })
  .loose();
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ object: z.literal('list'), data: z.array(item), has_more: z.boolean() }).loose();

/** An event as its webhook delivers it. */
export const event = z
  .object({
    id: z.string().min(1),
    object: z.literal('event'),
    type: z.string().min(1),
    created: z.number().int(),
    data: z.object({ object: z.record(z.string(), z.unknown()) }),
  })
  .loose();
export type StripeEvent = z.infer<typeof event>;

/** The webhook events the shop subscribes to (README, Deploy): what each endpoint in the Dashboard should send. */
export const STRIPE_WEBHOOK_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.amount_capturable_updated',
  'payment_intent.processing',
  'payment_intent.requires_action',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.dispute.created',
  'charge.dispute.closed',
  'checkout.session.completed',
  'checkout.session.expired',
  'payout.paid',
] as const;
