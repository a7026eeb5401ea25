import { useState } from 'react';
import { api } from '../api.ts';
import { CHECKOUT_TOKEN_KEY, payForOrder } from '../state/checkout.ts';
import { formatTime } from '../../shared/i18n/format.ts';
import * as m from '../../shared/i18n/generated/messages.js';

export interface PayAgainProps {
  orderId: string;
  methods: { id: string; label: string; provider?: string }[];
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
export default function PayAgain({ orderId, methods, orderToken, holdExpiresAt }: PayAgainProps) {
  const [method, setMethod] = useState(methods[0]?.id ?? '');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    setBusy(true);
    setMessage('');
    const token = orderToken ?? sessionStorage.getItem(CHECKOUT_TOKEN_KEY) ?? undefined;
    try {
      const refused = await payForOrder(api, orderId, method, token, (url) => location.assign(url));
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
      <button type="button" className="button button--primary" disabled={busy || !method} onClick={() => void pay()}>
        {m.pay_now()}
      </button>
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
