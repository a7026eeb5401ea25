import type { Currency } from './markets.ts';

/**
 * Which payment methods an amount can use: the providers' own limits per currency (the buy-now-pay-later
 * providers as Stripe offers them in the US and Canada, PayPal's Pay Later), and the instalment message
 * product pages and the cart may show. Shared: checkout filters by the quote's total in the browser, the
 * server refuses a payment outside them.
 */

export interface AmountRange {
  minCent: number;
  maxCent: number;
}
export type CurrencyRanges = Partial<Record<Currency, AmountRange>>;

/** The buy-now-pay-later providers the card provider (Stripe) offers in the US and Canada. */
export const BNPL_PROVIDERS = ['affirm', 'afterpay_clearpay', 'klarna'] as const;
export type BnplProvider = (typeof BNPL_PROVIDERS)[number];

export const BNPL_LABEL: Record<BnplProvider, string> = {
  affirm: 'Affirm',
  afterpay_clearpay: 'Afterpay',
  klarna: 'Klarna',
};

/**
 * Each provider's purchase limits as Stripe documents them for US and Canadian accounts (Affirm: 50 to
 * 30,000; Afterpay: 1 to 2,000, in the account's own currency). Klarna sets its ranges per account, so it
 * has none here: an owner who offers it sets them (BNPL_LIMITS, docs/payments.md).
 */
export const BNPL_DEFAULT_LIMITS: Record<BnplProvider, CurrencyRanges> = {
  affirm: { USD: { minCent: 5_000, maxCent: 3_000_000 }, CAD: { minCent: 5_000, maxCent: 3_000_000 } },
  afterpay_clearpay: { USD: { minCent: 100, maxCent: 200_000 }, CAD: { minCent: 100, maxCent: 200_000 } },
  klarna: {},
};

/**
 * PayPal's Pay Later offers (developer.paypal.com, Pay Later US and CA): Pay in 4 from 30 to 1,500 in both
 * markets, and in the US Pay Monthly up to 10,000.
 */
export const PAY_LATER_LIMITS: CurrencyRanges = {
  USD: { minCent: 3_000, maxCent: 1_000_000 },
  CAD: { minCent: 3_000, maxCent: 150_000 },
};
/** Pay in 4's own range: the instalment message names four payments only inside it. */
export const PAY_IN_4_RANGE: AmountRange = { minCent: 3_000, maxCent: 150_000 };

export function withinRange(range: AmountRange | undefined, cent: number): boolean {
  return range !== undefined && cent >= range.minCent && cent <= range.maxCent;
}

/** A BNPL provider as checkout offers it: its name and its limits in the market's currency. */
export interface BnplOption {
  id: BnplProvider;
  label: string;
  range: AmountRange;
}

/** The method limits checkout applies to the quote's total: a method with a range is offered only inside it. */
export interface MethodOffer {
  /** The method's id (shared/payment-methods.ts names them). */
  id: string;
  range?: AmountRange;
  /** BNPL: the providers, each with its own range; the method is offered while one of them takes the amount. */
  options?: BnplOption[];
}

/** Whether checkout offers a method for this total. */
export function offeredFor(offer: MethodOffer, totalCent: number): boolean {
  if (offer.options) return offer.options.some((option) => withinRange(option.range, totalCent));
  return offer.range === undefined || withinRange(offer.range, totalCent);
}

/** The BNPL providers that take this total. */
export function bnplOptionsFor(offer: MethodOffer, totalCent: number): BnplOption[] {
  return (offer.options ?? []).filter((option) => withinRange(option.range, totalCent));
}

/** Four equal payments of a price, the first one taking the odd cents: what an instalment message names. */
export function payInFour(cent: number): number {
  return Math.ceil(cent / 4);
}

/**
 * A provider's instalment offer as product pages and the cart show it (issue 38): Pay in 4 (Afterpay,
 * Klarna, PayPal's Pay in 4) names four payments; monthly plans (Affirm, PayPal Pay Monthly) only say
 * the shopper can pay over time, as their providers' messaging rules allow without a rate.
 */
export interface InstalmentOffer {
  provider: string;
  kind: 'PAY_IN_4' | 'MONTHLY';
  range: AmountRange;
}

/** The offers of the methods a market offers here: its BNPL providers and PayPal's Pay Later. */
export function instalmentOffers(
  methods: readonly (MethodOffer & { provider?: string; sandbox?: boolean })[],
  currency: Currency,
): InstalmentOffer[] {
  const offers: InstalmentOffer[] = [];
  for (const method of methods) {
    if (method.sandbox) continue;
    if (method.id === 'BNPL')
      for (const option of method.options ?? [])
        offers.push({
          provider: option.label,
          kind: option.id === 'affirm' ? 'MONTHLY' : 'PAY_IN_4',
          range: option.range,
        });
    if (method.id === 'PAY_LATER' && method.provider) {
      offers.push({ provider: method.provider, kind: 'PAY_IN_4', range: PAY_IN_4_RANGE });
      const monthly = PAY_LATER_LIMITS[currency];
      if (monthly && monthly.maxCent > PAY_IN_4_RANGE.maxCent)
        offers.push({
          provider: method.provider,
          kind: 'MONTHLY',
          range: { minCent: PAY_IN_4_RANGE.maxCent + 1, maxCent: monthly.maxCent },
        });
    }
  }
  return offers;
}

/** What an instalment message says of a price: four payments and who takes them, else who lets it be paid over time. */
export type InstalmentMessage =
  | { kind: 'PAY_IN_4'; perPaymentCent: number; providers: string[] }
  | { kind: 'MONTHLY'; providers: string[] }
  | null;

export function instalmentMessage(offers: readonly InstalmentOffer[], priceCent: number): InstalmentMessage {
  const taking = offers.filter((offer) => withinRange(offer.range, priceCent));
  const names = (kind: InstalmentOffer['kind']) => [
    ...new Set(taking.filter((offer) => offer.kind === kind).map((offer) => offer.provider)),
  ];
  const inFour = names('PAY_IN_4');
  if (inFour.length > 0) return { kind: 'PAY_IN_4', perPaymentCent: payInFour(priceCent), providers: inFour };
  const monthly = names('MONTHLY');
  return monthly.length > 0 ? { kind: 'MONTHLY', providers: monthly } : null;
}
