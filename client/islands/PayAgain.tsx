import { useState } from 'react';
import { api } from '../api.ts';
import { CHECKOUT_TOKEN_KEY, payForOrder } from '../state/checkout.ts';
import { formatTime } from '../../shared/i18n/format.ts';
import type { Money } from '../../shared/money.ts';
import type { OfferedPaymentMethod } from '../../shared/payment-methods.ts';
import { CardFields, confirmInBrowser, useBrowserPay } from './browser-pay.tsx';
import { PaypalButton } from './paypal-button.tsx';
import { captureApproved, PaypalRefused, paypalOrderFor, resultPage } from '../state/paypal-pay.ts';
import { type BrowserPayKeys, PAYPAL_FUNDING } from '../../shared/browser-pay.ts';
import * as m from '../../shared/i18n/generated/messages.js';

export interface PayAgainProps {
  orderId: string;
  methods: { id: string; label: string; provider?: string; sandbox?: boolean }[];
  /** The keys of the payment providers' browser scripts (Stripe.js, PayPal's buttons). */
  keys?: BrowserPayKeys | null;
  /** What the order costs, for a wallet's sheet (without it no wallet on the card provider is offered). */
  amount?: Money | null;
  /** A guest's order token (from the tracking link); the tab's own checkout token when absent. */
  orderToken?: string | null;
  /** When the hold on the parts ends (epoch ms), to say until when the order can be paid. */
  holdExpiresAt?: number | null;
}

/** 'until 3:45 PM' in the shopper's own clock. */
const untilTime = (at: number) => formatTime(at);

/**
 * Pay an unpaid order again, with the method the shopper picks, while its parts are held: after a declined card or an
 * abandoned payment window (result page, tracking, order detail).
 */
export default function PayAgain({ orderId, orderToken, holdExpiresAt, ...props }: PayAgainProps) {
  const browser = useBrowserPay({
    keys: props.keys ?? null,
    currency: props.amount?.currency ?? 'USD',
    total: props.amount?.cent ?? null,
    methods: props.methods as OfferedPaymentMethod[],
    payee: 'AutoHaven',
  });
  const methods = (props.methods as OfferedPaymentMethod[]).filter(browser.usable);
  const [chosen, setMethod] = useState(methods[0]?.id ?? '');
  const method = methods.some((offered) => offered.id === chosen) ? chosen : (methods[0]?.id ?? '');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const paypalKeys = props.keys?.paypal ?? null;
  // PayPal's buttons where its SDK loads; otherwise Pay now opens PayPal's approval page.
  const [paypalDown, setPaypalDown] = useState(false);
  const token = () => orderToken ?? sessionStorage.getItem(CHECKOUT_TOKEN_KEY) ?? undefined;
  const paypalHandlers = {
    createOrder: () =>
      paypalOrderFor(api, orderId, method, token()).catch((failure: unknown) => {
        setMessage(failure instanceof PaypalRefused ? failure.message : m.something_wrong());
        throw failure;
      }),
    onApprove: async () => {
      await captureApproved(api, orderId, token());
      location.assign(resultPage(orderId));
    },
    onCancel: () => setMessage(m.paypal_closed()),
    onError: () => undefined,
    onUnavailable: () => setPaypalDown(true),
  };
  const pay = async () => {
    // A wallet's sheet opens inside the click; closing it pays nothing.
    const inBrowser = browser.inBrowser(method);
    const sheet = inBrowser && method !== 'CARD' ? browser.openSheet() : null;
    setBusy(true);
    setMessage('');
    try {
      const wallet = sheet ? await sheet : null;
      if (sheet && !wallet) return;
      const go = (url: string) => {
        wallet?.complete('success');
        location.assign(url);
      };
      const choice = wallet ? { paymentMethodToken: wallet.paymentMethod.id } : {};
      const confirm = inBrowser
        ? { confirm: (secret: string) => confirmInBrowser(browser, secret, wallet !== null) }
        : undefined;
      const refused = await payForOrder(api, orderId, method, token(), go, choice, confirm);
      if (refused) wallet?.complete('fail');
      if (refused) setMessage(refused);
    } catch (failure) {
      setMessage((failure as { msg?: string }).msg ?? m.pay_did_not_go());
    } finally {
      setBusy(false);
    }
  };
  if (methods.length === 0) return <p className="pay-again">{m.payments_unavailable()}</p>;
  return (
    <div className="pay-again" data-pay-again={orderId}>
      <h3>{m.pay_for_order()}</h3>
      {holdExpiresAt && <p>{m.pay_held_until({ time: untilTime(holdExpiresAt) })}</p>}
      <fieldset>
        <legend>{m.payment_method()}</legend>
        {methods.map((offered) => (
          <label key={offered.id} className="pay-again__method">
            <input
              type="radio"
              name={`pay-again-${orderId}`}
              checked={method === offered.id}
              onChange={() => setMethod(offered.id)}
            />{' '}
            {offered.label}
            {offered.provider && <small>{` · ${offered.provider}`}</small>}
          </label>
        ))}
      </fieldset>
      {method === 'CARD' && browser.inBrowser('CARD') && <CardFields pay={browser} />}
      {paypalKeys && !paypalDown && method in PAYPAL_FUNDING && props.amount ? (
        <PaypalButton
          clientId={paypalKeys.clientId}
          currency={props.amount.currency}
          method={method}
          {...paypalHandlers}
        />
      ) : (
        <button
          type="button"
          className="button button--primary"
          disabled={busy || !method || (method === 'CARD' && browser.inBrowser('CARD') && !browser.card)}
          onClick={() => void pay()}
        >
          {m.pay_now()}
        </button>
      )}
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
