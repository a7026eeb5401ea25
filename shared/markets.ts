/** The two markets of spec §1 and their country config (§3). */
import * as m from './i18n/generated/messages.js';

/** The markets' ids; the first is the default, the site any host that is not Canadian gets. */
export const MARKET_IDS = ['us', 'ca'] as const;
export type MarketId = (typeof MARKET_IDS)[number];

/** The currencies the shop prices in, one a market. */
export const CURRENCIES = ['USD', 'CAD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export type PaymentIcon = 'mastercard' | 'visa' | 'diners' | 'discover' | 'amex' | 'paypal' | 'applepay' | 'googlepay';

export interface Market {
  id: MarketId;
  code: 2022 | 2023;
  currency: Currency;
  symbol: '$' | 'CA$';
  hreflang: 'en-us' | 'en-ca';
  labels: { region: string; postalCode: string; delivery: string };
  /** The country the market ships within: its name, its name inside a sentence, its ISO code. */
  country: { name: string; inSentence: string; isoCode: 'US' | 'CA' };
  showBlog: boolean;
  paymentIcons: readonly PaymentIcon[];
}

export const US: Market = {
  id: 'us',
  code: 2022,
  currency: 'USD',
  symbol: '$',
  hreflang: 'en-us',
  labels: { region: 'State', postalCode: 'ZIP code', delivery: 'Estimated Delivery Date' },
  country: { name: 'United States', inSentence: 'the United States', isoCode: 'US' },
  showBlog: true,
  paymentIcons: ['mastercard', 'visa', 'diners', 'discover', 'amex', 'paypal', 'applepay', 'googlepay'],
};

/** Canada hides the Blog link; Diners Club and Discover are not offered there. */
export const CA: Market = {
  id: 'ca',
  code: 2023,
  currency: 'CAD',
  symbol: 'CA$',
  hreflang: 'en-ca',
  // The spec's words on the English site, the catalogue's on the French one (issue 37).
  labels: {
    get region() {
      return m.label_province();
    },
    get postalCode() {
      return m.label_postal_code();
    },
    get delivery() {
      return m.label_shipping_method();
    },
  },
  country: { name: 'Canada', inSentence: 'Canada', isoCode: 'CA' },
  showBlog: false,
  paymentIcons: ['visa', 'mastercard', 'amex', 'paypal', 'applepay', 'googlepay'],
};

/** A host whose first label is `ca` is the Canadian site; every other host is the US site. */
export function marketForHost(host: string | null | undefined): Market {
  const firstLabel = (host ?? '').trim().toLowerCase().split('.')[0]?.split(':')[0];
  return firstLabel === 'ca' ? CA : US;
}

export function marketById(id: MarketId): Market {
  return id === 'ca' ? CA : US;
}

/** The currency a market prices in. */
export function currencyOf(id: MarketId): Currency {
  return marketById(id).currency;
}

/** The market that prices in a currency: an order or a cart knows its currency, and so its market. */
export function marketByCurrency(currency: Currency): Market {
  return currency === CA.currency ? CA : US;
}

export const PAYMENT_ICON_LABEL: Record<PaymentIcon, string> = {
  mastercard: 'Mastercard',
  visa: 'Visa',
  diners: 'Diners Club',
  discover: 'Discover',
  amex: 'American Express',
  paypal: 'PayPal',
  applepay: 'Apple Pay',
  googlepay: 'Google Pay',
};
