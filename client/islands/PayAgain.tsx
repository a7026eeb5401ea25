import { useState } from 'react';
import { api } from '../api.ts';
import { CHECKOUT_TOKEN_KEY, payForOrder } from '../state/checkout.ts';
import { formatTime } from '../../shared/i18n/format.ts';

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
      setMessage((failure as { msg?: string }).msg ?? 'Your payment did not go through.');
    } finally {
      setBusy(false);
    }
  };
  if (methods.length === 0) return <p className="pay-again">Payments are not available right now.</p>;
  return (
    <div className="pay-again" data-pay-again={orderId}>
      <h3>Pay for this order</h3>
      {holdExpiresAt && <p>{`Your parts are held for you until ${untilTime(holdExpiresAt)}.`}</p>}
      <fieldset>
        <legend>Payment method</legend>
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
        Pay now
      </button>
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
