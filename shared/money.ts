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

/** The whole percent a price is below its original price (0 when it is not, or there is none). */
export function percentOff(original: number | null, price: number | null): number {
  return original && price !== null && original > 0 ? Math.floor(((original - price) / original) * 100) : 0;
}

export function moneyIn(market: Market, cent: number): Money {
  return { cent, currency: market.currency };
}

/** How a typed amount of dollars is read: each form that reads one states its own limits. */
export interface DollarsFormat {
  /** The most digits before the decimal point: 7 reads up to 9,999,999.99. From 1 to 13. */
  maxWholeDigits: number;
  /** Whether a dollar sign and spaces anywhere in the text are ignored ("$ 1 200.50"). */
  ignoreSymbol?: boolean;
  /** Whether a comma may stand for the decimal point ("12,50"), as some keyboards type it. */
  decimalComma?: boolean;
}

/**
 * Dollars as typed ("129.99", "129.9", "129") in cents; null when the text is no such amount:
 * a sign, an exponent, a thousands separator, a third decimal or more whole digits than the
 * format allows. White space around the amount is ignored. Whole cents only: never a float.
 */
export function dollarsToCents(text: string, format: DollarsFormat): number | null {
  const { maxWholeDigits } = format;
  if (!Number.isInteger(maxWholeDigits) || maxWholeDigits < 1 || maxWholeDigits > 13)
    throw new RangeError(`maxWholeDigits must be 1 to 13, not ${maxWholeDigits}`);
  const typed = format.ignoreSymbol ? text.replace(/[$\s]/g, '') : text.trim();
  const point = format.decimalComma ? '[.,]' : '\\.';
  const match = new RegExp(`^(\\d{1,${maxWholeDigits}})(?:${point}(\\d{1,2}))?$`).exec(typed);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
