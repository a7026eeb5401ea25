/** The sentence a shopper reads for a promotion, e.g. '10% off orders of $150.00 or more'. */
import type { Currency } from '../markets.ts';
import { formatMoney } from '../money.ts';
import type { Promotion } from './types.ts';

function condition(promotion: Promotion, currency: Currency): string {
  const money = formatMoney({ cent: promotion.thresholdValue, currency });
  const n = promotion.thresholdValue;
  if (promotion.scope) {
    if (promotion.thresholdType === 'AMOUNT') return ` when they total ${money} or more`;
    if (promotion.thresholdType === 'QUANTITY') return ` when you buy ${n} or more`;
    return '';
  }
  if (promotion.thresholdType === 'AMOUNT') return ` of ${money} or more`;
  if (promotion.thresholdType === 'QUANTITY') return ` of ${n} or more items`;
  return '';
}

function benefit(promotion: Promotion, currency: Currency, what: string): string {
  if (promotion.promotionType === 'GIVEAWAY') return `A free gift with ${what}`;
  if (promotion.promotionType === 'EXCHANGE_PURCHASE') return `Add-on prices with ${what}`;
  if (promotion.discountType === 'PERCENT') return `${promotion.discountValue}% off ${what}`;
  if (promotion.discountType === 'FIXED_AMOUNT')
    return `${formatMoney({ cent: promotion.discountValue, currency })} off ${what}`;
  return `Free ${promotion.shippingOption ?? 'shipping'} on ${what}`;
}

/** Why a promotion applies, in the shopper's words and the cart's currency. */
export function describePromotion(promotion: Promotion, currency: Currency): string {
  const what = promotion.scope
    ? 'eligible items'
    : promotion.thresholdType === 'NO_THRESHOLD'
      ? 'your order'
      : 'orders';
  const cap =
    promotion.maxDiscountCent !== null && promotion.promotionType === 'DISCOUNT'
      ? ` (up to ${formatMoney({ cent: promotion.maxDiscountCent, currency })})`
      : '';
  return `${benefit(promotion, currency, what)}${condition(promotion, currency)}${cap}`;
}

/** The same sentence to follow "to get ...": its first letter in lower case unless it is a price. */
export function offerPhrase(promotion: Promotion, currency: Currency): string {
  const text = describePromotion(promotion, currency);
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The free-shipping promise of a market: the promotion behind it and the sentence a shopper reads. */
export interface FreeShippingPromise {
  promotionId: number;
  /** e.g. 'Free Standard Shipping on orders of $99.00 or more'. */
  text: string;
  /** The order value (cents of the market's currency) from which it applies; 0 for every order. */
  thresholdCent: number;
  /** The option it takes off; null for any. */
  shippingOption: string | null;
}

/**
 * A promotion's name in the cart's currency: a name written in bare dollars ("First order $5 off")
 * for a promotion of both markets reads CA$ on the Canadian site, as every price there does (issue 36).
 */
export function nameIn(name: string, currency: Currency): string {
  return currency === 'CAD' ? name.replace(/(^|[^A-Za-z$])\$(?=\d)/g, '$1CA$$') : name;
}
