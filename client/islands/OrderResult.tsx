import type { BrowserPayKeys } from '../../shared/browser-pay.ts';
import CopyText from './CopyText.tsx';
import { useEffect, useRef, useState } from 'react';
import type { PaidResult } from '../../shared/api/payments.ts';
import { API } from '../../shared/api-routes.ts';
import { formatMoney } from '../../shared/money.ts';
import { api } from '../api.ts';
import { CHECKOUT_TOKEN_KEY } from '../state/checkout.ts';
import { useHydrated } from '../state/hydrated.ts';
import { trackConversion } from '../tracking/api.ts';
import PayAgain, { type PayAgainProps } from './PayAgain.tsx';
import type { Currency } from '../../shared/markets.ts';
import * as m from '../../shared/i18n/generated/messages.js';

const POLL_MS = 1500;

/** A link to one of the order's pages: a guest's carries their order token, a member's session opens it. */
const orderLink = (path: string, ...parts: Record<string, string>[]) =>
  `${path}?${new URLSearchParams(Object.assign({}, ...parts))}`;

const MAX_POLLS = 80;

/**
 * The order result page (§2 /checkout/orderResult): waits for the payment to settle; a success
 * sends the conversion event once (§4).
 */
export default function OrderResult({
  orderId,
  methods,
  keys = null,
}: {
  orderId: string;
  methods: PayAgainProps['methods'];
  /** The keys of the payment providers' browser scripts (Stripe.js, PayPal's buttons). */
  keys?: BrowserPayKeys | null;
}) {
  const hydrated = useHydrated();
  const [result, setResult] = useState<PaidResult | null>(null);
  const [error, setError] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const converted = useRef(false);
  useEffect(() => {
    if (!hydrated || !orderId) return;
    let polls = 0;
    let timer: ReturnType<typeof setTimeout>;
    const orderToken = sessionStorage.getItem(CHECKOUT_TOKEN_KEY) ?? undefined;
    setToken(orderToken ?? null);
    const poll = async () => {
      try {
        const answer = await api.call(API.paidResult, { orderId, orderToken });
        setResult(answer);
        if (answer.result === 'SUCCEEDED' && !converted.current) {
          converted.current = true;
          // Paid: the parts left the cart on the server; the header's count follows.
          void import('../state/shop-cart.ts').then(({ shopCart }) => shopCart.load()).catch(() => undefined);
          // The marketing conversion (where the shopper's privacy choices allow it); the shop itself reports the
          // paid order and its revenue when the payment succeeds.
          trackConversion(orderId);
        }
        if (answer.result === 'PENDING' && ++polls < MAX_POLLS) timer = setTimeout(poll, POLL_MS);
      } catch (failure) {
        setError((failure as { msg?: string }).msg ?? m.order_load_failed());
      }
    };
    // Back from PayPal's approval (?token=…&PayerID=…): the shop captures the approved order, then reads it.
    const approved = new URLSearchParams(location.search).has('PayerID');
    const back = approved ? api.call(API.payReturn, { orderId, orderToken }).catch(() => null) : Promise.resolve();
    void back.then(poll);
    return () => clearTimeout(timer);
  }, [hydrated, orderId]);

  if (error)
    return (
      <p className="form-error" role="alert">
        {error}
      </p>
    );
  if (!result) return <p aria-busy="true">{m.order_checking_payment()}</p>;
  const money = (cent: number) => formatMoney({ cent, currency: result.currency });
  const { shipTo } = result;
  return (
    <div className="order-result" data-order-result={result.result}>
      <h2>
        {result.result === 'SUCCEEDED'
          ? m.order_thanks()
          : result.result === 'FAILED'
            ? m.order_payment_failed()
            : m.order_confirming()}
      </h2>
      <p>{result.message}</p>
      <p>
        {m.order_word()}{' '}
        <strong data-order-id={result.orderId} translate="no">
          {result.orderId}
        </strong>{' '}
        <CopyText text={result.orderId} label={m.order_number_label()} place="page" /> · {money(result.total)}
      </p>
      {result.result === 'SUCCEEDED' && (
        <p data-confirmation-sent>{m.order_confirmation_sent({ email: result.email })}</p>
      )}
      {result.result !== 'SUCCEEDED' &&
        (result.payable ? (
          <>
            <p data-cart-kept>
              {m.order_nothing_charged()} <a href="/shopCart">{m.cart_word()}</a>.
            </p>
            {result.result === 'FAILED' && (
              <PayAgain
                orderId={result.orderId}
                methods={methods}
                keys={keys}
                amount={{ cent: result.total, currency: result.currency as Currency }}
                holdExpiresAt={result.holdExpiresAt}
              />
            )}
          </>
        ) : (
          result.result === 'FAILED' && (
            <p data-hold-ended>
              {m.order_hold_ended()} <a href="/shopCart">{m.cart_word()}</a> {m.order_to_order_again()}
            </p>
          )
        ))}
      <div className="order-result__columns">
        <section aria-labelledby="result-items">
          <h3 id="result-items">{m.items()}</h3>
          <ul className="order-result__lines">
            {result.lines.map((line) => (
              <li key={`${line.title}|${line.quantity}|${line.total}`}>
                <img src={line.imageUrl ?? '/static/parts/placeholder.svg'} alt="" width="48" height="48" />
                <span>
                  {`${line.quantity} × `}
                  {line.urlHandle ? <a href={`/product/${line.urlHandle}`}>{line.title}</a> : line.title}
                </span>
                <span>{money(line.total)}</span>
              </li>
            ))}
          </ul>
          <p className="order-result__total">
            {m.total()} <strong>{money(result.total)}</strong>
          </p>
        </section>
        <section aria-labelledby="result-ship-to">
          <h3 id="result-ship-to">{m.shipping_to_heading()}</h3>
          <address data-ship-to>
            {shipTo.name}
            <br />
            {shipTo.line1}
            <br />
            {`${shipTo.city}, ${shipTo.region} ${shipTo.postalCode}`}
          </address>
        </section>
      </div>
      <p className="order-result__links">
        <a href={orderLink('/order/track', { orderNo: result.orderId }, token ? { token } : { email: result.email })}>
          {m.order_track_this()}
        </a>{' '}
        · <a href={orderLink('/printInvoice', { orderId: result.orderId }, token ? { token } : {})}>{m.invoice()}</a>
      </p>
      <p>
        <a className="button button--primary" href="/" data-continue-shopping>
          {m.continue_shopping()}
        </a>
      </p>
    </div>
  );
}
