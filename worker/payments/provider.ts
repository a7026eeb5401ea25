/**
 * The payment provider interface (issue 8, scope 4): every provider answers with the same typed
 * results, so checkout switches on `kind` and never parses a provider's messages. Providers are
 * chosen by §3 method id through `providerFor`.
 */
import type { Money } from '../../shared/money.ts';
import {
  OPEN_PAYMENT_STATUSES,
  PAYMENT_MSG,
  declineMessage,
  failureMessage,
  isIssuerDecline,
  type PaymentFailureReason,
  type PaymentMethodId,
  type PaymentStatus,
} from '../../shared/payment-methods.ts';
import { ApiError } from '../platform/api-error.ts';
import { paymentRepository, type PaymentRow } from './repository.ts';
import type { Clock } from '../platform/clock.ts';
import { CardProvider } from './card-provider.ts';
import { SandboxProvider } from './sandbox.ts';

export type ProviderId = 'sandbox' | 'card';
export const PROVIDER_IDS: readonly ProviderId[] = ['sandbox', 'card'];

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
  /** The sandbox takes payments only where developer tools are on, or where it is switched on by name. */
  DEV_TOOLS?: string;
  PAYMENT_SANDBOX?: string;
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
/** A challenge or the hosted window: open `url` (the sandbox's window) or confirm in the browser with `clientSecret`. */
export interface RequiresAction extends ResultBase {
  kind: 'RequiresAction';
  action: 'redirect' | 'challenge' | 'confirm';
  url: string | null;
  clientSecret?: string;
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
export interface WebhookEvent {
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
  /** The raw body, kept for audit; never holds card data. */
  payload: string;
}

export interface PaymentProvider {
  readonly id: ProviderId;
  create(input: CreatePaymentInput): Promise<PaymentSession>;
  confirm(paymentId: string): Promise<PaymentResult>;
  capture(paymentId: string, amountCent: number): Promise<PaymentResult>;
  refund(paymentId: string, amountCent: number): Promise<RefundResult>;
  /** The event, or null when the signature is missing, wrong or outside the replay window; malformed input throws a 400. */
  verifyWebhook(request: Request): Promise<WebhookEvent | null>;
}

/** Whether the built-in sandbox may take payments here (never in production, which has no DEV_TOOLS). */
export function sandboxEnabled(env: PaymentEnv): boolean {
  return env.DEV_TOOLS === 'true' || env.PAYMENT_SANDBOX === 'true';
}

/** The provider with this name; a 400 when it is not set up here. */
export function providerNamed(name: ProviderId, env: PaymentEnv, runtime: ProviderRuntime = {}): PaymentProvider {
  if (name === 'card' && env.CARD_PROVIDER_SECRET_KEY) return new CardProvider(env, runtime);
  if (name === 'sandbox' && sandboxEnabled(env)) return new SandboxProvider(env, runtime);
  throw ApiError.badRequest(PAYMENT_MSG.methodUnavailable);
}

/**
 * The provider that takes a §3 method. CARD goes to the card provider when its key is set; the
 * methods with no real adapter yet, and CARD without a key, run in the sandbox where it is on.
 */
export function providerFor(method: PaymentMethodId, env: PaymentEnv, runtime: ProviderRuntime = {}): PaymentProvider {
  if (method === 'CARD' && env.CARD_PROVIDER_SECRET_KEY) return new CardProvider(env, runtime);
  return providerNamed('sandbox', env, runtime);
}

/** The provider that runs an existing payment (capture and refund go back to it). */
export async function providerForPayment(
  paymentId: string,
  env: PaymentEnv,
  runtime: ProviderRuntime = {},
): Promise<PaymentProvider> {
  const payment = await paymentRepository(env.DB).find(paymentId);
  if (!payment) throw ApiError.notFound('No such payment');
  return providerNamed(payment.provider as ProviderId, env, runtime);
}

/** A random id with a readable prefix (pay_, evt_, re_). */
export function newPaymentId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `${prefix}_${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** Refuses an amount that is not a positive whole number of cents (money is never a float). */
export function assertAmount(amountCent: number, field = 'amount'): void {
  if (!Number.isSafeInteger(amountCent) || amountCent <= 0)
    throw ApiError.badRequest(`${field} must be a positive whole number of cents`);
}

/** A Failed result with the shopper's message for its reason (or a more precise one). */
export function failed(
  paymentId: string,
  status: PaymentStatus,
  reason: PaymentFailureReason,
  message = failureMessage(reason),
): Failed {
  return { kind: 'Failed', paymentId, status, reason, message };
}

/** What a stored payment means to checkout now; `windowUrl` is where its shopper still has to act. */
export function resultOf(payment: PaymentRow, windowUrl: string | null = null): PaymentResult {
  const base = { paymentId: payment.id, status: payment.status };
  switch (payment.status) {
    case 'CREATED':
      return { ...base, kind: 'RequiresAction', action: windowUrl ? 'redirect' : 'confirm', url: windowUrl };
    case 'REQUIRES_ACTION':
      return { ...base, kind: 'RequiresAction', action: 'challenge', url: windowUrl };
    case 'PROCESSING':
      return { ...base, kind: 'Pending' };
    case 'SUCCEEDED':
    case 'REFUNDED':
    case 'PARTIALLY_REFUNDED':
      return { ...base, kind: 'Succeeded', captured: payment.capturedCent > 0 };
    case 'DECLINED': {
      const code = payment.declineCode ?? 'generic_decline';
      return { ...base, kind: 'Declined', code, issuerDecline: isIssuerDecline(code), message: declineMessage(code) };
    }
    case 'FAILED':
    case 'EXPIRED': {
      const reason = (payment.declineCode ??
        (payment.status === 'EXPIRED' ? 'expired' : 'provider_error')) as PaymentFailureReason;
      return failed(payment.id, payment.status, reason);
    }
  }
}

/** The statuses an event may move a payment from: a late or replayed event never moves one back. */
export function statusesBefore(target: PaymentStatus): readonly PaymentStatus[] {
  if (target === 'REQUIRES_ACTION') return ['CREATED'];
  if (target === 'PROCESSING') return ['CREATED', 'REQUIRES_ACTION'];
  if (target === 'REFUNDED' || target === 'PARTIALLY_REFUNDED') return ['SUCCEEDED', 'PARTIALLY_REFUNDED'];
  return OPEN_PAYMENT_STATUSES;
}

/** Checks a payment can give back `amountCent`, records the refund and moves its status. */
export async function recordRefund(
  env: PaymentEnv,
  payment: PaymentRow,
  amountCent: number,
  providerRef: string | null,
  now: number,
): Promise<RefundResult> {
  const repo = paymentRepository(env.DB);
  const refundId = newPaymentId('re');
  const within = await repo.insertRefundWithin(
    { id: refundId, paymentId: payment.id, amountCent, providerRef, createdAt: now },
    payment.capturedCent,
  );
  if (!within) return failed(payment.id, payment.status, 'invalid_request', PAYMENT_MSG.refundTooLarge);
  const refundedCent = await repo.refundedCent(payment.id);
  const status: PaymentStatus = refundedCent >= payment.capturedCent ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  await repo.transition(payment.id, ['SUCCEEDED', 'PARTIALLY_REFUNDED'], { status }, now);
  return { kind: 'Refunded', paymentId: payment.id, refundId, amountCent, refundedCent, status };
}

/** Why a refund cannot start, or null when the payment still holds `amountCent` of captured money to give back. */
export function refundRefusal(payment: PaymentRow, amountCent: number, refundedCent: number): Failed | null {
  const refundable = payment.status === 'SUCCEEDED' || payment.status === 'PARTIALLY_REFUNDED';
  if (!refundable || payment.capturedCent === 0)
    return failed(payment.id, payment.status, 'invalid_request', PAYMENT_MSG.notRefundable);
  if (refundedCent + amountCent > payment.capturedCent)
    return failed(payment.id, payment.status, 'invalid_request', PAYMENT_MSG.refundTooLarge);
  return null;
}

/** Why a capture cannot run, or null when the payment is authorized and not yet captured. */
export function captureRefusal(payment: PaymentRow, amountCent: number): Failed | null {
  if (payment.capturedCent > 0)
    return failed(payment.id, payment.status, 'invalid_request', PAYMENT_MSG.alreadyCaptured);
  if (payment.status !== 'SUCCEEDED')
    return failed(payment.id, payment.status, 'invalid_request', PAYMENT_MSG.notCapturable);
  if (amountCent > payment.amountCent)
    return failed(payment.id, payment.status, 'invalid_request', PAYMENT_MSG.captureTooLarge);
  return null;
}

/** The replay window for signed webhooks: an older (or future) timestamp is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type SignatureCheck = 'valid' | 'bad-signature' | 'stale' | 'missing' | 'malformed';

const hmacKey = (secret: string) =>
  crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** A `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` header, the scheme both providers' webhooks use. */
export async function signatureHeader(secret: string, rawBody: string, nowMs: number): Promise<string> {
  const t = Math.floor(nowMs / 1000);
  const signature = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret),
    new TextEncoder().encode(`${t}.${rawBody}`),
  );
  return `t=${t},v1=${hex(signature)}`;
}

/**
 * Checks a `t=...,v1=...` header against the raw body. The timestamp is inside the signed text,
 * so a captured request cannot be replayed after the window; comparison is constant-time.
 */
export async function checkSignature(
  secret: string,
  header: string | null,
  rawBody: string,
  nowMs: number,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): Promise<SignatureCheck> {
  if (!header) return 'missing';
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  const signatures = parts
    .filter(([key, value]) => key === 'v1' && value && /^[0-9a-f]{64}$/i.test(value))
    .map(([, value]) => value!);
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return 'malformed';
  const key = await hmacKey(secret);
  const signed = new TextEncoder().encode(`${t}.${rawBody}`);
  let matches = false;
  for (const signature of signatures) {
    const bytes = new Uint8Array(signature.match(/../g)!.map((pair) => parseInt(pair, 16)));
    if (await crypto.subtle.verify('HMAC', key, bytes, signed)) matches = true;
  }
  if (!matches) return 'bad-signature';
  return Math.abs(nowMs / 1000 - Number(t)) > toleranceSeconds ? 'stale' : 'valid';
}

/** Reads a webhook's raw body and checks its signature: a null body means refuse with 401; a malformed header is a 400. */
export async function readSignedBody(
  request: Request,
  header: string,
  secret: string | undefined,
  nowMs: number,
): Promise<string | null> {
  if (!secret) throw new Error(`No webhook secret is configured for ${new URL(request.url).pathname}`);
  const rawBody = await request.text();
  const check = await checkSignature(secret, request.headers.get(header), rawBody, nowMs);
  if (check === 'malformed') throw ApiError.badRequest(`${header} header is malformed`);
  return check === 'valid' ? rawBody : null;
}

/** Parses a verified body as a JSON object; anything else is a 400. */
export function parseEventBody(rawBody: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw ApiError.badRequest('body must be valid JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw ApiError.badRequest('body must be a JSON object');
  return parsed as Record<string, unknown>;
}
