import { useEffect, useRef, useState } from 'react';
import type { PaidResult } from '../../shared/api/payments.ts';
import { API } from '../../shared/api-routes.ts';
import { formatMoney } from '../../shared/money.ts';
import { api } from '../api.ts';
import { CHECKOUT_TOKEN_KEY, payForOrder } from '../state/checkout.ts';
import { useHydrated } from '../state/hydrated.ts';

const POLL_MS = 1500;

/** A link to one of the order's pages: a guest's carries their order token, a member's session opens it. */
const orderLink = (path: string, ...parts: Record<string, string>[]) =>
  `${path}?${new URLSearchParams(Object.assign({}, ...parts))}`;

/** Pay the same order again with the method the shopper picks. */
function Retry({ orderId, methods }: { orderId: string; methods: { id: string; label: string }[] }) {
  const [method, setMethod] = useState(methods[0]?.id ?? '');
  const [message, setMessage] = useState('');
  const retry = async () => {
    const orderToken = sessionStorage.getItem(CHECKOUT_TOKEN_KEY) ?? undefined;
    try {
      const refused = await payForOrder(api, orderId, method, orderToken, (url) => location.assign(url));
      if (refused) setMessage(refused);
    } catch (failure) {
      setMessage((failure as { msg?: string }).msg ?? 'Your payment did not go through.');
    }
  };
  return (
    <div className="order-result__retry">
      <ul>
        {methods.map((offered) => (
          <li key={offered.id}>
            <label>
              <input
                type="radio"
                name="retry-method"
                checked={method === offered.id}
                onChange={() => setMethod(offered.id)}
              />{' '}
              {offered.label}
            </label>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--primary" onClick={() => void retry()}>
        Try again
      </button>
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
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
  methods: { id: string; label: string }[];
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
          void api
            .call(API.conversion, {
              orderId,
              pageUrl: location.href,
              referringUrl: document.referrer,
              eventDate: new Date().toISOString(),
            })
            .catch(() => undefined);
        }
        if (answer.result === 'PENDING' && ++polls < MAX_POLLS) timer = setTimeout(poll, POLL_MS);
      } catch (failure) {
        setError((failure as { msg?: string }).msg ?? 'We could not load this order.');
      }
    };
    void poll();
    return () => clearTimeout(timer);
  }, [hydrated, orderId]);

  if (error)
    return (
      <p className="form-error" role="alert">
        {error}
      </p>
    );
  if (!result) return <p aria-busy="true">Checking your payment…</p>;
  const total = formatMoney({ cent: result.total, currency: result.currency });
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
        Order <strong data-order-id={result.orderId}>{result.orderId}</strong> · {total}
      </p>
      {result.result === 'FAILED' && <Retry orderId={result.orderId} methods={methods} />}
      <p>
        <a href={orderLink('/order/track', { orderNo: result.orderId }, token ? { token } : { email: result.email })}>
          Track this order
        </a>{' '}
        · <a href={orderLink('/printInvoice', { orderId: result.orderId }, token ? { token } : {})}>Invoice</a>
      </p>
    </div>
  );
}
