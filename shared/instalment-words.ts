import * as m from './i18n/generated/messages.js';
import { formatTag } from './i18n/format.ts';
import type { Currency } from './markets.ts';
import { formatMoney } from './money.ts';
import { type InstalmentOffer, instalmentMessage } from './payment-offers.ts';

/**
 * The instalment message under a price (product page) or a total (cart), in the page's language:
 * "or 4 interest-free payments of $12.50 with Afterpay, Klarna, or PayPal"; null when no offer takes it.
 */
export function instalmentWords(
  offers: readonly InstalmentOffer[],
  priceCent: number,
  currency: Currency,
): string | null {
  const message = instalmentMessage(offers, priceCent);
  if (!message) return null;
  const providers = new Intl.ListFormat(formatTag(), { type: 'disjunction' }).format(message.providers);
  return message.kind === 'PAY_IN_4'
    ? m.instalments_pay_in_four({ amount: formatMoney({ cent: message.perPaymentCent, currency }), providers })
    : m.instalments_over_time({ providers });
}
