import { describe, expect, it } from 'vitest';
import { CA, US } from './markets.ts';
import {
  ISSUER_DECLINE_CODES,
  PAYMENT_METHOD_IDS,
  PAYMENT_MSG,
  cardBrandsFor,
  declineMessage,
  failureMessage,
  isIssuerDecline,
  isOfferedIn,
  isPaymentMethodId,
  paymentMethodsFor,
  type PaymentFailureReason,
} from './payment-methods.ts';

// §8, copied from the spec as the oracle: the shared list must match it exactly.
const SPEC_ISSUER_DECLINES = (
  'do_not_honor, transaction_not_allowed, generic_decline, stop_payment_order, service_not_allowed, ' +
  'security_violation, revocation_of_authorization, revocation_of_all_authorizations, ' +
  'reenter_transaction, pin_try_exceeded, not_permitted, no_action_taken, do_not_try_again, ' +
  'card_not_supported, call_issuer, insufficient_funds, issuer_not_available, try_again_later'
).split(', ');

describe('payment method identifiers (§3)', () => {
  it('are exactly seven distinct ids', () => {
    expect(PAYMENT_METHOD_IDS).toEqual([
      'HOSTED_CARD',
      'PAYPAL',
      'CARD',
      'PAY_LATER',
      'GOOGLE_PAY',
      'APPLE_PAY',
      'BNPL',
    ]);
  });

  it('recognise only the seven ids from a request', () => {
    expect(PAYMENT_METHOD_IDS.every(isPaymentMethodId)).toBe(true);
    for (const value of ['card', 'VENMO', '', null, 3]) expect(isPaymentMethodId(value)).toBe(false);
  });
});

describe('methods offered per market', () => {
  it('take every card brand of §9 in the US, but not Diners Club or Discover in Canada', () => {
    expect(cardBrandsFor(US)).toEqual(['mastercard', 'visa', 'diners', 'discover', 'amex']);
    expect(cardBrandsFor(CA)).toEqual(['visa', 'mastercard', 'amex']);
    const usCard = paymentMethodsFor(US).find((method) => method.id === 'CARD')!;
    const caCard = paymentMethodsFor(CA).find((method) => method.id === 'CARD')!;
    expect(usCard.icons).toContain('discover');
    expect(caCard.icons).not.toContain('discover');
    expect(caCard.icons).not.toContain('diners');
  });

  it('draw each wallet with its own icon and every method with a label', () => {
    for (const market of [US, CA]) {
      const methods = paymentMethodsFor(market);
      expect(methods.map((method) => method.id).sort()).toEqual([...PAYMENT_METHOD_IDS].sort());
      expect(methods.find((method) => method.id === 'APPLE_PAY')!.icons).toEqual(['applepay']);
      expect(methods.find((method) => method.id === 'GOOGLE_PAY')!.icons).toEqual(['googlepay']);
      expect(methods.find((method) => method.id === 'PAYPAL')!.icons).toEqual(['paypal']);
      for (const method of methods) {
        expect(method.label.length).toBeGreaterThan(0);
        expect(isOfferedIn(market, method.id)).toBe(true);
      }
    }
  });
});

describe('decline and failure messages (§8)', () => {
  it('list exactly the issuer-decline codes of §8', () => {
    expect([...ISSUER_DECLINE_CODES]).toEqual(SPEC_ISSUER_DECLINES);
  });

  it('tell the shopper of every §8 code that the issuer declined, with a next step', () => {
    for (const code of SPEC_ISSUER_DECLINES) {
      expect(isIssuerDecline(code)).toBe(true);
      expect(declineMessage(code)).toBe(
        'Your card issuer declined this payment. Please use another card or payment method, or call your bank.',
      );
    }
  });

  it('give other declines the card message, not the issuer one', () => {
    for (const code of ['lost_card', 'stolen_card', 'expired_card', 'incorrect_cvc', null, undefined]) {
      expect(isIssuerDecline(code)).toBe(false);
      expect(declineMessage(code)).toBe(PAYMENT_MSG.cardDeclined);
    }
  });

  it('name a next step for every failure that is not a decline', () => {
    const reasons: PaymentFailureReason[] = [
      'challenge_failed',
      'timeout',
      'expired',
      'provider_error',
      'invalid_request',
    ];
    const messages = reasons.map(failureMessage);
    expect(new Set(messages).size).toBe(reasons.length);
    for (const message of messages) expect(message).toMatch(/Please (try again|return to checkout)/);
  });
});
