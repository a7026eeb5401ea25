/**
 * The built-in sandbox provider: it behaves like a hosted card gateway. `create` opens a payment
 * window on our own origin (/payment/sandbox/{paymentId}); the card typed there decides the
 * outcome; every change reaches the shop as a signed webhook, as a real provider's would.
 * State lives in D1 so any isolate can carry on. The card number is never stored or logged:
 * it is read once, and only its last four digits and brand are kept.
 *
 * Test cards (any future expiry, any 3 or 4 digit CVC):
 *   4242424242424242  succeeds
 *   4000000000003220  asks for authentication (the window's 'Authenticate' step), then succeeds
 *   4000000000009995  declined: insufficient_funds
 *   4000000000000002  declined: generic_decline
 *   40000000000010NN  declined with §8's NN-th issuer-decline code (01 do_not_honor ... 18 try_again_later)
 *   4000000000000119  processing timeout: stays pending until the payment expires
 * Any other valid card number of a brand the market takes succeeds; other brands are declined
 * with card_not_supported.
 */
import { exports } from 'cloudflare:workers';
import * as z from 'zod';
import { marketByCurrency, type Currency } from '../../shared/markets.ts';
import { ISSUER_DECLINE_CODES, PAYMENT_MSG, cardBrandsFor, type CardBrand } from '../../shared/payment-methods.ts';
import { OPEN_PAYMENT_STATUSES, PAYMENT_STATUSES, type PaymentStatus } from '../../shared/payment-status.ts';
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
  PaymentProvider,
  PaymentResult,
  PaymentSession,
  RefundResult,
  WebhookEvent,
} from './provider.ts';
import { parseEventBody, readSignedBody, signatureHeader } from './signatures.ts';
import { ProviderBase } from './provider-base.ts';

/** How long a payment window, and a payment the sandbox keeps processing, stays open. */
export const SANDBOX_PAYMENT_TTL_MS = 30 * 60_000;
export const SANDBOX_WEBHOOK_PATH = '/order/public/payment/webhook/sandbox';
export const SANDBOX_SIGNATURE_HEADER = 'X-Sandbox-Signature';
const DELIVERY_ATTEMPTS = 3;
/** A window closed because the shopper chose another method, or the order no longer needs it. */
const VOIDED: PaymentChange = { status: 'EXPIRED', declineCode: 'expired' };

/** The hosted payment window of one payment. */
export function sandboxWindowPath(paymentId: string): string {
  return `/payment/sandbox/${encodeURIComponent(paymentId)}`;
}

export type CardOutcome =
  | { kind: 'succeed' }
  | { kind: 'challenge' }
  | { kind: 'decline'; code: string }
  | { kind: 'timeout' };
export interface SandboxTestCard {
  number: string;
  outcome: CardOutcome;
  description: string;
}

const declineCard = (number: string, code: string): SandboxTestCard => ({
  number,
  outcome: { kind: 'decline', code },
  description: `Declined: ${code}`,
});

/** The test cards the window lists; see the file comment. */
export const SANDBOX_TEST_CARDS: readonly SandboxTestCard[] = [
  { number: '4242424242424242', outcome: { kind: 'succeed' }, description: 'Succeeds' },
  { number: '4000000000003220', outcome: { kind: 'challenge' }, description: 'Asks for authentication, then succeeds' },
  declineCard('4000000000009995', 'insufficient_funds'),
  declineCard('4000000000000002', 'generic_decline'),
  ...ISSUER_DECLINE_CODES.map((code, index) =>
    declineCard(`40000000000010${String(index + 1).padStart(2, '0')}`, code),
  ),
  {
    number: '4000000000000119',
    outcome: { kind: 'timeout' },
    description: 'Stays processing until the payment expires',
  },
];

/** What the shopper typed into the window; it lives only for the length of one request. */
export interface CardEntry {
  number: string;
  expiry: string;
  cvc: string;
}
export type CardSubmission =
  | { kind: 'invalid'; message: string }
  | { kind: 'accepted'; payment: PaymentRecord }
  | { kind: 'gone' };

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): CardBrand | null {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  return null;
}

function expiryValid(expiry: string, now: number): boolean {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 && Date.UTC(year, month, 1) > now;
}

/** Reads a card entry into what may be kept (last4, brand) and the outcome; the number goes no further. */
export function readCard(
  entry: CardEntry,
  currency: Currency,
  now: number,
): { message: string } | { last4: string; brand: CardBrand | null; outcome: CardOutcome } {
  const digits = entry.number.replace(/[\s-]/g, '');
  const testCard = SANDBOX_TEST_CARDS.find((card) => card.number === digits);
  if (!/^\d{12,19}$/.test(digits) || (!testCard && !luhnValid(digits)))
    return { message: PAYMENT_MSG.cardNumberInvalid };
  if (!expiryValid(entry.expiry, now)) return { message: PAYMENT_MSG.expiryInvalid };
  if (!/^\d{3,4}$/.test(entry.cvc.trim())) return { message: PAYMENT_MSG.cvcInvalid };
  const brand = brandOf(digits);
  const accepted = brand !== null && cardBrandsFor(marketByCurrency(currency)).includes(brand);
  const outcome: CardOutcome =
    testCard?.outcome ?? (accepted ? { kind: 'succeed' } : { kind: 'decline', code: 'card_not_supported' });
  return { last4: digits.slice(-4), brand, outcome };
}

const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({
    paymentId: z.string().min(1),
    orderId: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    declineCode: z.string().nullable(),
    capturedCent: z.number().int(),
    amountCent: z.number().int().optional(),
    currency: z.string().optional(),
  }),
});

/** The sandbox as a PaymentProvider, plus what its hosted window does. */
export class SandboxProvider extends ProviderBase implements PaymentProvider {
  readonly id = 'sandbox' as const;

  #windowUrl(paymentId: string): string {
    return `${this.runtime.origin ?? ''}${sandboxWindowPath(paymentId)}`;
  }

  /** Opens a payment for an order; the shopper pays in the window at `url`. */
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
      providerRef: id,
      amountCent: input.amount.cent,
      currency: input.amount.currency,
      status: 'CREATED',
      captureMethod: input.capture ?? 'automatic',
      createdAt: now,
      expiresAt: now + SANDBOX_PAYMENT_TTL_MS,
    });
    return { kind: 'RequiresAction', paymentId: id, status: 'CREATED', action: 'redirect', url: this.#windowUrl(id) };
  }

  /** Where the payment stands; nothing is charged by asking. */
  async confirm(paymentId: string): Promise<PaymentResult> {
    const payment = await this.load(paymentId);
    if (!payment) throw ApiError.notFound('No such payment');
    return resultOf(payment, this.#windowUrl(payment.id));
  }

  async capture(paymentId: string, amountCent: number): Promise<PaymentResult> {
    assertAmount(amountCent);
    const payment = await this.load(paymentId);
    if (!payment) throw ApiError.notFound('No such payment');
    const refusal = captureRefusal(payment, amountCent);
    if (refusal) return refusal;
    if (!(await this.payments.markCaptured(payment.id, amountCent, this.now())))
      return failed(payment.id, payment.status, 'invalid_request', PAYMENT_MSG.alreadyCaptured);
    return this.#notify(payment.id, 'payment.captured');
  }

  async refund(paymentId: string, amountCent: number, reason?: RefundReason): Promise<RefundResult> {
    assertAmount(amountCent);
    const payment = await this.load(paymentId);
    if (!payment) throw ApiError.notFound('No such payment');
    const refusal = refundRefusal(payment, amountCent, await this.payments.refundedCent(payment.id));
    if (refusal) return refusal;
    const refunded = await recordRefund(this.env, payment, amountCent, null, this.now(), reason);
    if (refunded.kind === 'Refunded') await this.#notify(payment.id);
    return refunded;
  }

  /** Closes the payment's window (or voids its authorization): nothing typed there can charge any more. */
  async cancel(paymentId: string): Promise<PaymentResult> {
    const payment = await this.load(paymentId);
    if (!payment) throw ApiError.notFound('No such payment');
    const voided = OPEN_PAYMENT_STATUSES.includes(payment.status)
      ? await this.payments.transition(payment.id, OPEN_PAYMENT_STATUSES, VOIDED, this.now())
      : voidable(payment) && (await this.payments.voidUncaptured(payment.id, this.now()));
    if (voided) return this.#notify(payment.id);
    return resultOf((await this.payments.find(payment.id))!, this.#windowUrl(payment.id));
  }

  async verifyWebhook(request: Request): Promise<WebhookEvent | null> {
    const rawBody = await readSignedBody(
      request,
      SANDBOX_SIGNATURE_HEADER,
      this.env.PAYMENT_WEBHOOK_SECRET,
      this.now(),
    );
    if (rawBody === null) return null;
    const parsed = eventSchema.safeParse(parseEventBody(rawBody));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw ApiError.badRequest(`${issue.path.join('.')} ${issue.message}`.trim());
    }
    const { id, type, data } = parsed.data;
    return {
      provider: this.id,
      eventId: id,
      type,
      paymentId: data.paymentId,
      orderId: data.orderId,
      status: data.status,
      declineCode: data.declineCode,
      capturedCent: data.capturedCent,
      amountCent: data.amountCent ?? null,
      currency: data.currency ?? null,
      payload: rawBody,
    };
  }

  /** A payment as its window should show it; an open one whose time is up expires first. */
  async load(paymentId: string): Promise<PaymentRecord | null> {
    const payment = await this.payments.find(paymentId);
    if (!payment || payment.provider !== this.id) return null;
    if (!OPEN_PAYMENT_STATUSES.includes(payment.status) || payment.expiresAt > this.now()) return payment;
    await this.expireDue();
    return this.payments.find(paymentId);
  }

  /** The window's card form: decides the outcome from the card and keeps only last4 and brand. */
  async submitCard(paymentId: string, entry: CardEntry): Promise<CardSubmission> {
    const payment = await this.load(paymentId);
    if (!payment) return { kind: 'gone' };
    // A second submission (double click, back button) never pays twice: the first one stands.
    if (payment.status !== 'CREATED') return { kind: 'accepted', payment };
    const card = readCard(entry, payment.currency, this.now());
    if ('message' in card) return { kind: 'invalid', message: card.message };
    const change = this.#changeFor(payment, card.outcome);
    await this.#move(payment, ['CREATED'], { ...change, cardLast4: card.last4, cardBrand: card.brand });
    return { kind: 'accepted', payment: (await this.payments.find(paymentId))! };
  }

  /** The window's 'Authenticate' step: passing it completes the payment, failing it ends it. */
  async answerChallenge(paymentId: string, passed: boolean): Promise<PaymentRecord | null> {
    const payment = await this.load(paymentId);
    if (!payment) return null;
    if (payment.status !== 'REQUIRES_ACTION') return payment;
    const change: PaymentChange = passed
      ? this.#changeFor(payment, { kind: 'succeed' })
      : { status: 'FAILED', declineCode: 'challenge_failed' };
    await this.#move(payment, ['REQUIRES_ACTION'], change);
    return this.payments.find(paymentId);
  }

  /** Expires every open sandbox payment whose time is up (a cron may call this too); answers how many. */
  async expireDue(): Promise<number> {
    const expired = await this.payments.expireOpen(this.now(), this.id);
    for (const payment of expired) await this.#notify(payment.id);
    return expired.length;
  }

  #changeFor(payment: PaymentRecord, outcome: CardOutcome): PaymentChange {
    if (outcome.kind === 'challenge') return { status: 'REQUIRES_ACTION' };
    if (outcome.kind === 'timeout') return { status: 'PROCESSING' };
    if (outcome.kind === 'decline') return { status: 'DECLINED', declineCode: outcome.code };
    return { status: 'SUCCEEDED', capturedCent: payment.captureMethod === 'automatic' ? payment.amountCent : 0 };
  }

  async #move(payment: PaymentRecord, from: readonly PaymentStatus[], change: PaymentChange): Promise<void> {
    if (await this.payments.transition(payment.id, from, change, this.now())) await this.#notify(payment.id);
  }

  /** Sends the payment's current state to the shop's webhook, signed, the way a real provider would. */
  async #notify(paymentId: string, type?: string): Promise<PaymentResult> {
    const payment = (await this.payments.find(paymentId))!;
    const body = JSON.stringify({
      id: newPaymentId('evt'),
      type: type ?? `payment.${payment.status.toLowerCase()}`,
      created: Math.floor(this.now() / 1000),
      data: {
        paymentId: payment.id,
        orderId: payment.orderId,
        status: payment.status,
        amountCent: payment.amountCent,
        currency: payment.currency,
        capturedCent: payment.capturedCent,
        declineCode: payment.declineCode,
        cardLast4: payment.cardLast4,
        cardBrand: payment.cardBrand,
      },
    });
    const delivery = this.#deliver(body);
    if (this.runtime.waitUntil) this.runtime.waitUntil(delivery);
    else await delivery;
    return resultOf(payment, this.#windowUrl(payment.id));
  }

  async #deliver(body: string): Promise<void> {
    const secret = this.env.PAYMENT_WEBHOOK_SECRET;
    if (!secret) throw new Error('PAYMENT_WEBHOOK_SECRET is not set');
    const deliver =
      this.runtime.deliver ??
      ((request: Request) => (exports as unknown as { default: Fetcher }).default.fetch(request));
    for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS; attempt++) {
      try {
        const headers = {
          'Content-Type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: await signatureHeader(secret, body, this.now()),
        };
        const response = await deliver(
          new Request(`${this.runtime.origin ?? 'http://localhost'}${SANDBOX_WEBHOOK_PATH}`, {
            method: 'POST',
            headers,
            body,
          }),
        );
        await response.body?.cancel();
        // A 4xx answer will not change on a retry; only the shop being down is worth another try.
        if (response.status < 500) return;
        if (attempt === DELIVERY_ATTEMPTS)
          console.error(`sandbox webhook delivery failed with status ${response.status}`);
      } catch (error) {
        if (attempt === DELIVERY_ATTEMPTS)
          console.error('sandbox webhook delivery failed', error instanceof Error ? error.message : 'unknown error');
      }
    }
  }
}
