/** The sentence a shopper reads for a promotion, e.g. '10% off orders of $150.00 or more'. */
import type { Currency } from '../markets.ts';
import { formatMoney } from '../money.ts';
import type { Promotion } from './types.ts';
import { shippingOptionName } from '../shipping.ts';
import * as m from '../i18n/generated/messages.js';

function condition(promotion: Promotion, currency: Currency): string {
  const money = formatMoney({ cent: promotion.thresholdValue, currency });
  const count = promotion.thresholdValue;
  if (promotion.scope) {
    if (promotion.thresholdType === 'AMOUNT') return m.promo_when_total({ money });
    if (promotion.thresholdType === 'QUANTITY') return m.promo_when_buy({ count });
    return '';
  }
  if (promotion.thresholdType === 'AMOUNT') return m.promo_of_amount({ money });
  if (promotion.thresholdType === 'QUANTITY') return m.promo_of_items({ count });
  return '';
}

function benefit(promotion: Promotion, currency: Currency, what: string): string {
  if (promotion.promotionType === 'GIVEAWAY') return m.promo_gift({ what });
  if (promotion.promotionType === 'EXCHANGE_PURCHASE') return m.promo_addon_prices({ what });
  if (promotion.discountType === 'PERCENT') return m.promo_percent({ value: promotion.discountValue, what });
  if (promotion.discountType === 'FIXED_AMOUNT')
    return m.promo_amount({ money: formatMoney({ cent: promotion.discountValue, currency }), what });
  const option = promotion.shippingOption ? shippingOptionName(promotion.shippingOption) : m.promo_shipping_word();
  return m.promo_free_shipping({ option, what });
}

/** Why a promotion applies, in the shopper's words and the cart's currency. */
export function describePromotion(promotion: Promotion, currency: Currency): string {
  const what = promotion.scope
    ? m.promo_what_eligible()
    : promotion.thresholdType === 'NO_THRESHOLD'
      ? m.promo_what_your_order()
      : m.promo_what_orders();
  const cap =
    promotion.maxDiscountCent !== null && promotion.promotionType === 'DISCOUNT'
      ? m.promo_cap({ money: formatMoney({ cent: promotion.maxDiscountCent, currency }) })
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
