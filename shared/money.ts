import type { Currency, Market } from './markets.ts';

/** Money is integer cents with a currency (spec §3); never a float. */
export interface Money {
  cent: number;
  currency: Currency;
}

const SYMBOL = { USD: '$', CAD: 'CA$' } as const;

/** Formats cents with thousands commas and two decimals, prefixed by the currency symbol (§9). */
export function formatMoney(money: Money): string {
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
