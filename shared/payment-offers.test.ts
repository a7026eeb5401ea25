import { describe, expect, it } from 'vitest';
import { instalmentMessage, instalmentOffers } from './payment-offers.ts';

const bnpl = {
  id: 'BNPL',
  provider: 'Stripe',
  options: [
    { id: 'affirm' as const, label: 'Affirm', range: { minCent: 5_000, maxCent: 3_000_000 } },
    { id: 'afterpay_clearpay' as const, label: 'Afterpay', range: { minCent: 100, maxCent: 200_000 } },
  ],
};
const payLater = { id: 'PAY_LATER', provider: 'PayPal', range: { minCent: 3_000, maxCent: 1_000_000 } };

describe('the instalment messages under a price', () => {
  const offers = instalmentOffers([{ id: 'CARD', provider: 'Stripe' }, bnpl, payLater], 'USD');

  it('names four payments and every Pay in 4 provider that takes the price', () => {
    expect(instalmentMessage(offers, 12_345)).toEqual({
      kind: 'PAY_IN_4',
      perPaymentCent: 3_087,
      providers: ['Afterpay', 'PayPal'],
    });
  });

  it('below PayPal’s minimum names only Afterpay; above every Pay in 4 range says only "over time"', () => {
    expect(instalmentMessage(offers, 2_000)).toMatchObject({ providers: ['Afterpay'] });
    expect(instalmentMessage(offers, 250_000)).toEqual({ kind: 'MONTHLY', providers: ['Affirm', 'PayPal'] });
    expect(instalmentMessage(offers, 5_000_000)).toBeNull();
  });

  it('offers nothing where the methods are the sandbox’s, or none pays over time', () => {
    expect(instalmentOffers([{ ...payLater, sandbox: true }], 'USD')).toEqual([]);
    expect(instalmentMessage(instalmentOffers([{ id: 'CARD', provider: 'Stripe' }], 'USD'), 12_345)).toBeNull();
  });

  it('has no Pay Monthly in Canada: above Pay in 4, PayPal is not named', () => {
    const canada = instalmentOffers([payLater], 'CAD');
    expect(instalmentMessage(canada, 200_000)).toBeNull();
  });
});
