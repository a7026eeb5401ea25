import type { Currency, Market } from './markets.ts';
import { currentLocale } from './i18n/current.ts';
import { frenchMoney } from './i18n/format.ts';

/** Money is integer cents with a currency (spec §3); never a float. */
export interface Money {
  cent: number;
  currency: Currency;
}

const SYMBOL = { USD: '$', CAD: 'CA$' } as const;

/**
 * Formats cents with thousands commas and two decimals, prefixed by the currency symbol (§9); on
 * a French page as Canadian French writes it ("1 234,56 $").
 */
export function formatMoney(money: Money): string {
  if (currentLocale() === 'fr') return frenchMoney(Math.trunc(money.cent), money.currency);
  const negative = money.cent < 0;
  const cents = Math.abs(Math.trunc(money.cent));
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (cents % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${SYMBOL[money.currency]}${whole}.${fraction}`;
}

export function moneyIn(market: Market, cent: number): Money {
  return { cent, currency: market.currency };
}
