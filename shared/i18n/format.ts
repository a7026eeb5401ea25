/**
 * Numbers and dates as the page's language writes them (issue 37): the shop's English formats
 * unchanged, and Canadian French through Intl's fr-CA ("1 234,56 $", "mar. 1 déc.").
 */
import { currentLocale } from './current.ts';

/** The Intl tag of the language spoken: the shop's English formats are en-US's on both sites. */
export function formatTag(): 'en-US' | 'fr-CA' {
  return currentLocale() === 'fr' ? 'fr-CA' : 'en-US';
}

/** A whole number with the language's grouping: "12,840" or "12 840". */
export function formatCount(value: number): string {
  return value.toLocaleString(formatTag());
}

/** A count the English pages and emails write bare ("1250" points): French groups it ("1 250"). */
export function plainCount(value: number): string {
  return currentLocale() === 'fr' ? formatCount(value) : String(value);
}

/** A day as "Dec 2, 2026" or "2 déc. 2026" (UTC); `long` spells the month. */
export function formatDay(ms: number, month: 'short' | 'long' = 'short'): string {
  return new Date(ms).toLocaleDateString(formatTag(), { year: 'numeric', month, day: 'numeric', timeZone: 'UTC' });
}

/** A time of day as "3:05 PM" or "15 h 05". */
export function formatTime(ms: number): string {
  return new Date(ms).toLocaleTimeString(formatTag(), { hour: 'numeric', minute: '2-digit' });
}

/** A delivery day in French: "mar. 1 déc." (UTC). */
export function frenchDeliveryDay(ms: number): string {
  return new Date(ms).toLocaleDateString('fr-CA', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

const FRENCH_MONEY = new Map<string, Intl.NumberFormat>();

/** An amount in Canadian French: "1 234,56 $" (Intl fr-CA, the currency's own symbol). */
export function frenchMoney(cents: number, currency: 'USD' | 'CAD'): string {
  let format = FRENCH_MONEY.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('fr-CA', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
    FRENCH_MONEY.set(currency, format);
  }
  return format.format(cents / 100);
}
