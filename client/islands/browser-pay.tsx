import { useEffect, useRef, useState } from 'react';
import type { BrowserPayKeys } from '../../shared/browser-pay.ts';
import type { Currency } from '../../shared/markets.ts';
import { declineMessage, type OfferedPaymentMethod } from '../../shared/payment-methods.ts';
import * as m from '../../shared/i18n/generated/messages.js';
import {
  type CardElement,
  loadStripe,
  type PaymentMethodEvent,
  type StripeClient,
  walletSheet,
  walletsOf,
  type WalletSheet,
} from '../payments/stripe-browser.ts';

/**
 * Checkout's methods paid in the browser on the card provider (issue 38): the card form's fields, and
 * Apple Pay and Google Pay offered only where the device can pay with them. The sandbox's methods
 * (local use, tests) are untouched: they pay in the shop's own window.
 */

const WALLETS: ReadonlySet<string> = new Set(['APPLE_PAY', 'GOOGLE_PAY']);
const IN_BROWSER: ReadonlySet<string> = new Set(['CARD', ...WALLETS]);

export interface BrowserPay {
  /** Whether the method is shown: a wallet on the card provider only where the device has it. */
  usable(method: OfferedPaymentMethod): boolean;
  /** Whether the method is paid here through Stripe.js (not the sandbox's window). */
  inBrowser(method: string): boolean;
  /** The card's fields, mounted while the card is the chosen method. */
  card: CardElement | null;
  /** The card fields mounted (or gone). */
  attachCard(card: CardElement | null): void;
  stripe: StripeClient | null;
  /** Opens the wallet's sheet inside the shopper's click: the payment method chosen there, or null. */
  openSheet(): Promise<PaymentMethodEvent | null> | null;
}

export function useBrowserPay(props: {
  keys: BrowserPayKeys | null;
  currency: Currency;
  total: number | null;
  methods: OfferedPaymentMethod[];
  payee: string;
}): BrowserPay {
  const { currency, total } = props;
  const cardKey = props.keys?.card?.key ?? null;
  // The wallets' sheet is opened with the Stripe account's country (Stripe's rule), not the shopper's.
  const country = props.keys?.card?.country ?? 'US';
  const [stripe, setStripe] = useState<StripeClient | null>(null);
  const [wallets, setWallets] = useState<Set<string>>(new Set());
  const sheet = useRef<WalletSheet | null>(null);
  const [card, setCard] = useState<CardElement | null>(null);
  const onProvider = (id: string) => props.methods.some((method) => method.id === id && !method.sandbox);

  useEffect(() => {
    if (!cardKey) return;
    loadStripe(cardKey)
      .then(setStripe)
      .catch(() => setStripe(null));
  }, [cardKey]);

  // The sheet shows the total being paid: a new one for each total, and what the device can pay with.
  const walletsOnProvider = [...WALLETS].some(onProvider);
  const { payee } = props;
  useEffect(() => {
    if (!stripe || total === null || !walletsOnProvider) return;
    const request = stripe.paymentRequest({
      country,
      currency: currency.toLowerCase(),
      total: { label: payee, amount: total },
    });
    let current = true;
    void walletsOf(request).then((found) => {
      if (!current) return;
      sheet.current = walletSheet(request);
      setWallets(found);
    });
    return () => {
      current = false;
    };
  }, [stripe, total, country, currency, walletsOnProvider, payee]);

  return {
    usable: (method) => method.sandbox === true || !WALLETS.has(method.id) || wallets.has(method.id),
    inBrowser: (id) => cardKey !== null && IN_BROWSER.has(id) && onProvider(id),
    card,
    stripe,
    openSheet: () => sheet.current?.open() ?? null,
    attachCard: setCard,
  };
}

/** The card's number, expiry and CVC: Stripe's own fields, framed from Stripe, mounted here. */
export function CardFields({ pay }: { pay: BrowserPay }) {
  const host = useRef<HTMLDivElement>(null);
  const { stripe } = pay;
  const { attachCard } = pay;
  useEffect(() => {
    if (!stripe || !host.current) return;
    const element = stripe.elements().create('card', { hidePostalCode: true });
    element.mount(host.current);
    attachCard(element);
    return () => {
      element.destroy();
      attachCard(null);
    };
  }, [stripe, attachCard]);
  return (
    <div className="checkout__card" data-card-fields="">
      <span className="checkout__card-label">{m.card_details()}</span>
      <div ref={host} className="checkout__card-element" />
      {!stripe && <small>{m.checkout_loading()}</small>}
    </div>
  );
}

/**
 * Confirms a payment in the browser with its client secret: the card form's fields, or (after a wallet's
 * sheet) the 3-D Secure the issuer asks for. Answers the spec's decline message, or null when it went through.
 */
export async function confirmInBrowser(pay: BrowserPay, clientSecret: string, wallet: boolean): Promise<string | null> {
  if (!pay.stripe) return m.something_wrong();
  const data = wallet || !pay.card ? undefined : { payment_method: { card: pay.card } };
  const result = await pay.stripe.confirmCardPayment(clientSecret, data);
  return result.error ? declineMessage(result.error.decline_code ?? result.error.code) : null;
}
