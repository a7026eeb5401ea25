import type { Currency, Market } from '../../shared/markets.ts';
import {
  BNPL_DEFAULT_LIMITS,
  BNPL_LABEL,
  BNPL_PROVIDERS,
  withinRange,
  type BnplOption,
  type BnplProvider,
  type CurrencyRanges,
} from '../../shared/payment-offers.ts';
import type { PaymentEnv } from './provider.ts';

/**
 * The buy-now-pay-later providers as the card provider offers them here: which ones the owner chose
 * (BNPL_PROVIDERS), each one's limits (Stripe's documented ones, or the owner's BNPL_LIMITS), and whether
 * one takes an amount. Checkout offers by them and the adapter refuses a payment outside them.
 */

/** The BNPL providers' limits here: Stripe's documented ones, or the owner's (BNPL_LIMITS, JSON by provider). */
export function bnplLimits(env: PaymentEnv): Record<BnplProvider, CurrencyRanges> {
  if (!env.BNPL_LIMITS) return BNPL_DEFAULT_LIMITS;
  try {
    return {
      ...BNPL_DEFAULT_LIMITS,
      ...(JSON.parse(env.BNPL_LIMITS) as Partial<Record<BnplProvider, CurrencyRanges>>),
    };
  } catch {
    return BNPL_DEFAULT_LIMITS;
  }
}

function chosen(env: PaymentEnv): readonly string[] {
  return env.BNPL_PROVIDERS ? env.BNPL_PROVIDERS.split(',').map((name) => name.trim()) : BNPL_PROVIDERS;
}

/** The BNPL providers a market can use, each with its range in the market's currency (BNPL_PROVIDERS narrows them). */
export function bnplOptions(env: PaymentEnv, market: Market): BnplOption[] {
  const limits = bnplLimits(env);
  return BNPL_PROVIDERS.filter((id) => chosen(env).includes(id)).flatMap((id) => {
    const range = limits[id]?.[market.currency];
    return range ? [{ id, label: BNPL_LABEL[id], range }] : [];
  });
}

/** Whether a BNPL provider is offered here and takes this amount in this currency. */
export function bnplTakes(env: PaymentEnv, provider: string, currency: Currency, cent: number): boolean {
  if (!(BNPL_PROVIDERS as readonly string[]).includes(provider) || !chosen(env).includes(provider)) return false;
  return withinRange(bnplLimits(env)[provider as BnplProvider]?.[currency], cent);
}
