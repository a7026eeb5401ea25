/**
 * The payment provider interface (issue 8, scope 4): every provider answers with the same typed
 * results, so checkout switches on `kind` and never parses a provider's messages. Which provider
 * takes a §3 method is the registry's choice (registry.ts).
 */
import type { Money } from '../../shared/money.ts';
import type { PaymentFailureReason, PaymentMethodId } from '../../shared/payment-methods.ts';
import type { PaymentStatus } from '../../shared/payment-status.ts';
import type { Clock } from '../platform/clock.ts';
import type { RefundReason } from './repository.ts';
import type { MoneyNews } from './movements.ts';

export type ProviderId = 'sandbox' | 'card' | 'paypal';
export const PROVIDER_IDS: readonly ProviderId[] = ['sandbox', 'card', 'paypal'];

/** The bindings payments read; the Worker's env satisfies it. Secrets come from `wrangler secret put` in production. */
export interface PaymentEnv {
  DB: D1Database;
  /** Signs and verifies the sandbox's webhooks. */
  PAYMENT_WEBHOOK_SECRET?: string;
  /** The card provider's API base (default https://api.stripe.com); tests point it at a fake. */
  CARD_PROVIDER_API_BASE?: string;
  /** The card provider's secret API key; without it card payments run in the sandbox. */
  CARD_PROVIDER_SECRET_KEY?: string;
  /** Verifies the card provider's `Stripe-Signature` webhooks. */
  CARD_PROVIDER_WEBHOOK_SECRET?: string;
  /** Stripe.js's publishable key (public): the card form and the wallets' payment sheet in the browser. */
  CARD_PROVIDER_PUBLISHABLE_KEY?: string;
  /** The Stripe account's country (ISO 3166, default US): the wallets' payment sheet is opened with it. */
  CARD_PROVIDER_COUNTRY?: string;
  /** Apple's domain-association file for Apple Pay (served at /.well-known/…); Apple Pay is offered with it. */
  APPLE_PAY_DOMAIN_ASSOCIATION?: string;
  /** The BNPL providers offered (comma separated; default all with limits) and the owner's own limits (JSON). */
  BNPL_PROVIDERS?: string;
  BNPL_LIMITS?: string;
  /** §3 methods the owner switched off, comma separated (docs/payments.md). */
  PAYMENT_METHODS_OFF?: string;
  /** The online wallet's REST app (client id and secret), its API base (default https://api-m.paypal.com). */
  PAYPAL_CLIENT_ID?: string;
  PAYPAL_CLIENT_SECRET?: string;
  PAYPAL_API_BASE?: string;
  /** The id PayPal gave the shop's webhook: it is part of what each delivery's signature covers. */
  PAYPAL_WEBHOOK_ID?: string;
  /** The sandbox takes payments only where developer tools are on, or where it is switched on by name. */
  DEV_TOOLS?: string;
}

/** What a provider needs from the request it runs in; all optional so services and tests can run it bare. */
export interface ProviderRuntime {
  /** The shop origin the hosted window and webhooks are addressed on. */
  origin?: string;
  /** Keeps webhook delivery alive after the answer is sent. */
  waitUntil?(promise: Promise<unknown>): void;
  /** Delivers the sandbox's webhook request to the shop. */
  deliver?(request: Request): Promise<Response>;
  /** The HTTP client a real provider's API is called with. */
  fetch?: typeof fetch;
  clock?: Clock;
}

export interface CreatePaymentInput {
  orderId: string;
  method: PaymentMethodId;
  amount: Money;
  /** The card provider's payment method id from its browser JS (pm_...); never card data. */
  paymentMethodToken?: string;
  /** 'manual' authorizes now and captures later with `capture`. */
  capture?: 'automatic' | 'manual';
  /** Where a redirect step sends the shopper back to. */
  returnUrl?: string;
  /** Where the shopper lands after giving up at the provider (default: returnUrl). */
  cancelUrl?: string;
  /** BNPL: the provider the shopper picked (Affirm, Afterpay, Klarna). */
  bnplProvider?: string;
  /** Who pays and where it ships: BNPL providers ask for them (no card data). */
  buyer?: BuyerDetails;
}

export interface BuyerDetails {
  email: string;
  name: string;
  address: BuyerAddress;
}

export interface BuyerAddress {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postalCode: string;
  country: 'US' | 'CA';
}

interface ResultBase {
  paymentId: string;
  /** The payment's status after the call. */
  status: PaymentStatus;
}
export interface Succeeded extends ResultBase {
  kind: 'Succeeded';
  captured: boolean;
}
/**
 * A challenge or the hosted window: open `url` (the sandbox's window) or confirm in the browser
 * with `clientSecret`.
 */
export interface RequiresAction extends ResultBase {
  kind: 'RequiresAction';
  action: 'redirect' | 'challenge' | 'confirm';
  url: string | null;
  clientSecret?: string;
  /** The provider's own id the browser SDK continues with (PayPal's order id for its buttons). */
  providerRef?: string;
}
/** The provider is still working on it; a webhook settles it. */
export interface Pending extends ResultBase {
  kind: 'Pending';
}
export interface Declined extends ResultBase {
  kind: 'Declined';
  code: string;
  issuerDecline: boolean;
  message: string;
}
export interface Failed extends ResultBase {
  kind: 'Failed';
  reason: PaymentFailureReason;
  message: string;
}

export type PaymentResult = Succeeded | RequiresAction | Pending | Declined | Failed;
/** What `create` answers: the new payment's id and what happens next. */
export type PaymentSession = PaymentResult;

export interface Refunded {
  kind: 'Refunded';
  paymentId: string;
  refundId: string;
  amountCent: number;
  refundedCent: number;
  status: PaymentStatus;
}
export type RefundResult = Refunded | Failed;

/** A verified webhook event, in our words whichever provider sent it. */
export interface WebhookEvent extends MoneyNews {
  provider: ProviderId;
  eventId: string;
  /** e.g. payment.succeeded; a provider event we do not act on keeps its own type and a null status. */
  type: string;
  paymentId: string | null;
  orderId: string | null;
  status: PaymentStatus | null;
  declineCode: string | null;
  /** Set on a capture or success that moved money. */
  capturedCent: number | null;
  /** The provider's object that moved the money, when the event names it (a hosted page's PaymentIntent). */
  providerTxnRef?: string | null;
  /** The amount and currency the provider reports the payment for, when the event carries them. */
  amountCent?: number | null;
  currency?: string | null;
  /** The raw body, kept for audit; never holds card data. */
  payload: string;
}

export interface PaymentProvider {
  readonly id: ProviderId;
  create(input: CreatePaymentInput): Promise<PaymentSession>;
  confirm(paymentId: string): Promise<PaymentResult>;
  capture(paymentId: string, amountCent: number): Promise<PaymentResult>;
  /** Gives money back; `reason` says why when the shop refunds on its own (a second capture). */
  refund(paymentId: string, amountCent: number, reason?: RefundReason): Promise<RefundResult>;
  /**
   * Voids a payment at the provider: an open one, or an authorization nothing was captured from,
   * can no longer take money. A payment past that point is answered as it stands.
   */
  cancel(paymentId: string): Promise<PaymentResult>;
  /**
   * The event, or null when the signature is missing, wrong or outside the replay window;
   * malformed input throws a 400.
   */
  verifyWebhook(request: Request): Promise<WebhookEvent | null>;
}
