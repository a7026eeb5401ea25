import type * as z from 'zod';
import { PAYMENT_MSG } from '../../shared/payment-methods.ts';
import { ApiError } from '../platform/api-error.ts';
import { bnplTakes } from './bnpl.ts';
import type { createIntentParams, createSessionParams, StripeMethodType } from './contracts/stripe.ts';
import type { CreatePaymentInput, PaymentEnv } from './provider.ts';

/**
 * What the card provider is asked for each §3 method it takes, written to its contract:
 * - CARD, GOOGLE_PAY and APPLE_PAY are card PaymentIntents: Stripe's wallets (the Payment Request /
 *   Express Checkout element) hand the browser a card payment method (pm_…) like the card form does;
 * - BNPL is a PaymentIntent of the provider the shopper picked (affirm, afterpay_clearpay, klarna),
 *   confirmed at once with the buyer's details so Stripe answers the provider's page to redirect to;
 * - HOSTED_CARD is a Checkout Session: the card form is Stripe's hosted page, which sends the shopper
 *   back to the shop's result page.
 */

type IntentParams = z.input<typeof createIntentParams>;
type SessionParams = z.input<typeof createSessionParams>;

/** Stripe takes a Checkout Session for 30 minutes to 24 hours; the shop gives the shopper an hour. */
export const HOSTED_SESSION_SECONDS = 3600;

const currencyOf = (input: CreatePaymentInput) => (input.amount.currency === 'CAD' ? 'cad' : 'usd');

/** The BNPL provider a payment goes to; a 400 with the spec's message when it is not offered for this amount. */
export function bnplProviderOf(env: PaymentEnv, input: CreatePaymentInput): StripeMethodType {
  const provider = input.bnplProvider ?? '';
  if (!bnplTakes(env, provider, input.amount.currency, input.amount.cent) || !input.buyer || !input.returnUrl)
    throw ApiError.badRequest(PAYMENT_MSG.methodUnavailable);
  return provider as StripeMethodType;
}

/** POST /v1/payment_intents for a card, a wallet's card or a BNPL provider. */
export function intentParams(env: PaymentEnv, input: CreatePaymentInput, paymentId: string): IntentParams {
  const base = {
    amount: input.amount.cent,
    currency: currencyOf(input),
    capture_method: input.capture ?? 'automatic',
    metadata: { order_id: input.orderId, payment_id: paymentId, method: input.method },
  } as const;
  if (input.method === 'BNPL') {
    const type = bnplProviderOf(env, input);
    const buyer = input.buyer!;
    const address = {
      line1: buyer.address.line1,
      line2: buyer.address.line2 || undefined,
      city: buyer.address.city,
      state: buyer.address.state,
      postal_code: buyer.address.postalCode,
      country: buyer.address.country,
    };
    return {
      ...base,
      payment_method_types: [type],
      confirm: true,
      payment_method_data: { type, billing_details: { email: buyer.email, name: buyer.name, address } },
      return_url: input.returnUrl,
      shipping: { name: buyer.name, address },
    };
  }
  const token = input.paymentMethodToken;
  return {
    ...base,
    payment_method_types: ['card'],
    confirm: Boolean(token),
    payment_method: token,
    return_url: token ? input.returnUrl : undefined,
  };
}

/** POST /v1/checkout/sessions: the order's amount as one line, back to the shop's result page either way. */
export function sessionParams(input: CreatePaymentInput, paymentId: string, nowMs: number): SessionParams {
  if (!input.returnUrl) throw ApiError.badRequest('returnUrl is required');
  const metadata = { order_id: input.orderId, payment_id: paymentId, method: input.method };
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: currencyOf(input),
          unit_amount: input.amount.cent,
          product_data: { name: `Order ${input.orderId}` },
        },
      },
    ],
    payment_method_types: ['card'],
    success_url: input.returnUrl,
    cancel_url: input.cancelUrl ?? input.returnUrl,
    client_reference_id: input.orderId,
    customer_email: input.buyer?.email,
    expires_at: Math.floor(nowMs / 1000) + HOSTED_SESSION_SECONDS,
    payment_intent_data: { capture_method: input.capture ?? 'automatic', metadata },
    metadata,
  };
}
