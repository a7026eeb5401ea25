import type { Market, MarketId, PaymentIcon } from './markets.ts';
import type { AmountRange, BnplOption } from './payment-offers.ts';
import * as m from './i18n/generated/messages.js';

/**
 * The seven payment method identifiers of spec §3, and what the shopper is told when a payment
 * does not go through (§8). Shared by checkout (browser) and the payment providers (server).
 */
export const PAYMENT_METHOD = {
  /** A hosted card gateway: the card form lives in the provider's own window. */
  HOSTED_CARD: 'HOSTED_CARD',
  /** An online wallet (PayPal). */
  PAYPAL: 'PAYPAL',
  /** A card payment provider whose JS tokenizes the card in the shop's page (Stripe). */
  CARD: 'CARD',
  /** The online wallet's pay-later option. */
  PAY_LATER: 'PAY_LATER',
  GOOGLE_PAY: 'GOOGLE_PAY',
  APPLE_PAY: 'APPLE_PAY',
  /** A buy-now-pay-later provider (instalments). */
  BNPL: 'BNPL',
} as const;

export type PaymentMethodId = (typeof PAYMENT_METHOD)[keyof typeof PAYMENT_METHOD];

export const PAYMENT_METHOD_IDS: readonly PaymentMethodId[] = Object.values(PAYMENT_METHOD);

/** Whether a value from a request is one of the seven method identifiers. */
export function isPaymentMethodId(value: unknown): value is PaymentMethodId {
  return typeof value === 'string' && (PAYMENT_METHOD_IDS as readonly string[]).includes(value);
}

export const PAYMENT_METHOD_LABEL: Record<PaymentMethodId, string> = {
  get HOSTED_CARD() {
    return m.pay_card_hosted();
  },
  PAYPAL: 'PayPal',
  get CARD() {
    return m.pay_card();
  },
  PAY_LATER: 'PayPal Pay Later',
  GOOGLE_PAY: 'Google Pay',
  APPLE_PAY: 'Apple Pay',
  get BNPL() {
    return m.pay_bnpl();
  },
};

/** What an order records as its payment when points paid all of it (no payment method was used). */
export const POINTS_PAYMENT = 'POINTS';

/** An order's payment as the shopper reads it: the method's label ("Credit or debit card"), or "Paid with points". */
export function paymentMethodLabel(method: string): string {
  if (method === POINTS_PAYMENT) return m.pay_with_points();
  return isPaymentMethodId(method) ? PAYMENT_METHOD_LABEL[method] : method;
}

/** Methods named by their provider's brand (PayPal, Google Pay ...): the same words in every language. */
export function isBrandNamed(id: PaymentMethodId): boolean {
  return id === 'PAYPAL' || id === 'PAY_LATER' || id === 'GOOGLE_PAY' || id === 'APPLE_PAY';
}
/** The card brands of §9; which of them a market takes is its `paymentIcons` list (§3 markets). */
export const CARD_BRANDS = [
  'mastercard',
  'visa',
  'diners',
  'discover',
  'amex',
] as const satisfies readonly PaymentIcon[];
export type CardBrand = (typeof CARD_BRANDS)[number];

const CARD_METHODS: ReadonlySet<PaymentMethodId> = new Set(['HOSTED_CARD', 'CARD']);
const WALLET_ICON: Partial<Record<PaymentMethodId, PaymentIcon>> = {
  PAYPAL: 'paypal',
  PAY_LATER: 'paypal',
  GOOGLE_PAY: 'googlepay',
  APPLE_PAY: 'applepay',
};

/**
 * The methods each market offers, in display order. Both markets offer all seven: they differ in
 * the card brands behind the card methods, which come from the market's own icon list.
 */
export const MARKET_PAYMENT_METHODS: Record<MarketId, readonly PaymentMethodId[]> = {
  us: ['CARD', 'HOSTED_CARD', 'PAYPAL', 'PAY_LATER', 'APPLE_PAY', 'GOOGLE_PAY', 'BNPL'],
  ca: ['CARD', 'HOSTED_CARD', 'PAYPAL', 'PAY_LATER', 'APPLE_PAY', 'GOOGLE_PAY', 'BNPL'],
};

/** The card brands a market accepts, in the order its footer shows them. */
export function cardBrandsFor(market: Market): CardBrand[] {
  return market.paymentIcons.filter((icon): icon is CardBrand => (CARD_BRANDS as readonly string[]).includes(icon));
}

export interface OfferedPaymentMethod {
  id: PaymentMethodId;
  label: string;
  icons: PaymentIcon[];
  /** Who takes the payment, as the shopper is told (set where the shop knows its providers). */
  provider?: string;
  /** The provider's amount limits in the market's currency: offered only for a total inside them. */
  range?: AmountRange;
  /** BNPL: the providers the shopper picks from, each with its own limits. */
  options?: BnplOption[];
  /** Taken by the built-in sandbox (local use and tests): no money moves, so no instalments are offered. */
  sandbox?: boolean;
}

/** The payment methods checkout shows in a market, each with the icons to draw beside it. */
export function paymentMethodsFor(market: Market): OfferedPaymentMethod[] {
  return MARKET_PAYMENT_METHODS[market.id].map((id) => {
    const wallet = WALLET_ICON[id];
    const icons: PaymentIcon[] = CARD_METHODS.has(id)
      ? cardBrandsFor(market)
      : wallet && market.paymentIcons.includes(wallet)
        ? [wallet]
        : [];
    return { id, label: PAYMENT_METHOD_LABEL[id], icons };
  });
}

/** Whether a market offers a method (a request naming another one is refused). */
export function isOfferedIn(market: Market, method: PaymentMethodId): boolean {
  return MARKET_PAYMENT_METHODS[market.id].includes(method);
}

/** Card decline codes treated as issuer declines (§8), copied exactly. */
export const ISSUER_DECLINE_CODES = [
  'do_not_honor',
  'transaction_not_allowed',
  'generic_decline',
  'stop_payment_order',
  'service_not_allowed',
  'security_violation',
  'revocation_of_authorization',
  'revocation_of_all_authorizations',
  'reenter_transaction',
  'pin_try_exceeded',
  'not_permitted',
  'no_action_taken',
  'do_not_try_again',
  'card_not_supported',
  'call_issuer',
  'insufficient_funds',
  'issuer_not_available',
  'try_again_later',
] as const;

export type IssuerDeclineCode = (typeof ISSUER_DECLINE_CODES)[number];

/** Whether a provider's decline code is one of §8's issuer declines. */
export function isIssuerDecline(code: string | null | undefined): code is IssuerDeclineCode {
  return typeof code === 'string' && (ISSUER_DECLINE_CODES as readonly string[]).includes(code);
}

/** Why a payment failed without a decline: the reasons the shopper is told about. */
export type PaymentFailureReason = 'challenge_failed' | 'timeout' | 'expired' | 'provider_error' | 'invalid_request';

/** What the shopper reads when a payment does not go through; each names a next step. */
export const PAYMENT_MSG = {
  issuerDecline:
    'Your card issuer declined this payment. Please use another card or payment method, or call your bank.',
  cardDeclined: 'Your card was declined. Please check the card details, or use another card or payment method.',
  walletDeclined:
    'PayPal could not take this payment. Please choose another way to pay in PayPal, or another payment method.',
  challengeFailed:
    'We could not confirm this payment with your card issuer. Please try again or use another payment method.',
  timeout: 'Your payment did not complete in time and was not charged. Please try again or use another payment method.',
  expired: 'This payment session has expired. Please return to checkout and try again.',
  providerError: 'The payment service is not answering right now. You were not charged. Please try again in a moment.',
  invalidRequest: 'This payment could not be started. Please return to checkout and try again.',
  methodUnavailable: 'This payment method is not available right now. Please choose another payment method.',
  alreadyCaptured: 'This payment has already been captured.',
  notCapturable: 'Only an authorized payment can be captured.',
  captureTooLarge: 'The capture amount is more than the authorized amount.',
  notRefundable: 'Only a captured payment can be refunded.',
  refundTooLarge: 'The refund amount is more than what is left to refund on this payment.',
  cardNumberInvalid: 'Your card number is invalid.',
  expiryInvalid: "Your card's expiration date is invalid or in the past.",
  cvcInvalid: "Your card's security code is invalid.",
} as const;

const FAILURE_MESSAGE: Record<PaymentFailureReason, string> = {
  challenge_failed: PAYMENT_MSG.challengeFailed,
  timeout: PAYMENT_MSG.timeout,
  expired: PAYMENT_MSG.expired,
  provider_error: PAYMENT_MSG.providerError,
  invalid_request: PAYMENT_MSG.invalidRequest,
};

/** The online wallet's refusals (PayPal's issue names): the payer chooses another funding source there. */
export const WALLET_DECLINE_CODES = [
  'INSTRUMENT_DECLINED',
  'PAYER_CANNOT_PAY',
  'TRANSACTION_REFUSED',
  'PAYER_ACCOUNT_RESTRICTED',
  'PAYER_ACCOUNT_LOCKED_OR_CLOSED',
  'TRANSACTION_LIMIT_EXCEEDED',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
  'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING',
  'CAPTURE_DENIED',
] as const;

/** A decline's message: §8's issuer declines get the issuer message, the wallet's its own, others the card one. */
export function declineMessage(code: string | null | undefined): string {
  if (isIssuerDecline(code)) return PAYMENT_MSG.issuerDecline;
  if ((WALLET_DECLINE_CODES as readonly string[]).includes(code ?? '')) return PAYMENT_MSG.walletDeclined;
  return PAYMENT_MSG.cardDeclined;
}

/** The message for a payment that failed without a decline. */
export function failureMessage(reason: PaymentFailureReason): string {
  return FAILURE_MESSAGE[reason];
}
