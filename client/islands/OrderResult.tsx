import { useEffect, useRef, useState } from 'react';
import type { PaidResult } from '../../shared/api/payments.ts';
import { API } from '../../shared/api-routes.ts';
import { formatMoney } from '../../shared/money.ts';
import { api } from '../api.ts';
import { CHECKOUT_TOKEN_KEY } from '../state/checkout.ts';
import { useHydrated } from '../state/hydrated.ts';
import { trackConversion } from '../tracking/api.ts';
import PayAgain from './PayAgain.tsx';

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
}: {
  orderId: string;
  methods: { id: string; label: string; provider?: string }[];
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
        setError((failure as { msg?: string }).msg ?? 'We could not load this order.');
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
  if (!result) return <p aria-busy="true">Checking your payment…</p>;
  const money = (cent: number) => formatMoney({ cent, currency: result.currency });
  const { shipTo } = result;
  return (
    <div className="order-result" data-order-result={result.result}>
      <h2>
        {result.result === 'SUCCEEDED'
          ? 'Thank you for your order'
          : result.result === 'FAILED'
            ? 'Your payment did not go through'
            : 'Confirming your payment'}
      </h2>
      <p>{result.message}</p>
      <p>
        Order <strong data-order-id={result.orderId}>{result.orderId}</strong> · {money(result.total)}
      </p>
      {result.result === 'SUCCEEDED' && <p data-confirmation-sent>{`A confirmation was sent to ${result.email}.`}</p>}
      {result.result !== 'SUCCEEDED' &&
        (result.payable ? (
          <>
            <p data-cart-kept>
              Nothing was charged. Your parts are still in your <a href="/shopCart">cart</a>.
            </p>
            {result.result === 'FAILED' && (
              <PayAgain orderId={result.orderId} methods={methods} holdExpiresAt={result.holdExpiresAt} />
            )}
          </>
        ) : (
          result.result === 'FAILED' && (
            <p data-hold-ended>
              The hold on these parts has ended and this order can no longer be paid. They are still in your{' '}
              <a href="/shopCart">cart</a> to order again.
            </p>
          )
        ))}
      <div className="order-result__columns">
        <section aria-labelledby="result-items">
          <h3 id="result-items">Items</h3>
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
            Total <strong>{money(result.total)}</strong>
          </p>
        </section>
        <section aria-labelledby="result-ship-to">
          <h3 id="result-ship-to">Shipping to</h3>
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
          Track this order
        </a>{' '}
        · <a href={orderLink('/printInvoice', { orderId: result.orderId }, token ? { token } : {})}>Invoice</a>
      </p>
      <p>
        <a className="button button--primary" href="/" data-continue-shopping>
          Continue shopping
        </a>
      </p>
    </div>
  );
}
