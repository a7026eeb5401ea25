import type { ReactNode } from 'react';
import { PAYMENT_WINDOW_NAME } from '../../../shared/browser-keys.ts';
import { formatMoney } from '../../../shared/money.ts';
import { PAYMENT_METHOD_LABEL, isPaymentMethodId } from '../../../shared/payment-methods.ts';
import { resultOf } from '../outcomes.ts';
import type { PaymentRecord } from '../service.ts';
import { SANDBOX_TEST_CARDS, sandboxWindowPath } from '../sandbox.ts';

/**
 * The sandbox's hosted payment window (/payment/sandbox/:paymentId). It is the provider's page,
 * not the shop's: no shop layout and no shop script (whose payment-window handling would close it
 * at once). The card form posts to the provider's own endpoint; the card number is read once and
 * only its last four digits and brand are kept. When the payment ends, the window tells its opener,
 * then goes to the order result page, where the shop's script closes it (§2).
 */

const STYLE = `
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1f2937; background: #f3f4f6; }
.sandbox { max-width: 440px; margin: 32px auto; background: #fff; border-radius: 10px; padding: 24px;
  box-shadow: 0 2px 12px rgba(0,0,0,.08); }
.sandbox__badge { display: inline-block; background: #fef3c7; color: #92400e; font-size: 12px; font-weight: 700;
  padding: 2px 8px; border-radius: 4px; }
.sandbox__merchant { margin: 0 0 12px; font-size: 20px; font-weight: 800; letter-spacing: .5px; }
.sandbox__amount { font-size: 28px; font-weight: 800; margin: 8px 0 0; }
.sandbox label { display: block; font-weight: 600; margin-top: 12px; }
.sandbox input { width: 100%; box-sizing: border-box; padding: 10px; border: 1px solid #d1d5db; border-radius: 6px;
  font-size: 16px; }
.sandbox button { margin-top: 16px; width: 100%; padding: 12px; border: 0; border-radius: 6px; background: #c62828;
  color: #fff; font-weight: 700; font-size: 16px; cursor: pointer; }
.sandbox button.secondary { background: #e5e7eb; color: #1f2937; }
.sandbox__error { color: #b91c1c; font-weight: 600; }
.sandbox__result--ok { color: #166534; } .sandbox__result--bad { color: #b91c1c; }
.sandbox table { width: 100%; font-size: 13px; border-collapse: collapse; }
.sandbox td { padding: 2px 4px; border-top: 1px solid #e5e7eb; }
`;

// Tells the opener how the payment ended (only when this is the checkout's payment window), then
// goes to the result page; the data comes from the JSON block, never from the URL.
const RESULT_SCRIPT = `(function () {
  var result = JSON.parse(document.getElementById('payment-result').textContent);
  if (window.opener && window.name === ${JSON.stringify(PAYMENT_WINDOW_NAME)}) {
    var message = {
      type: 'payment-result', paymentId: result.paymentId, orderId: result.orderId, status: result.status
    };
    try { window.opener.postMessage(message, location.origin); } catch (e) {}
  }
  setTimeout(function () { location.replace(result.returnUrl); }, 1500);
})();`;

const orderResultUrl = (orderId: string) => `/checkout/orderResult?orderId=${encodeURIComponent(orderId)}`;

export function Window({ title, head, children }: { title: string; head?: ReactNode; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        {head}
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <main className="sandbox">
          <p className="sandbox__merchant">AutoHaven</p>
          <span className="sandbox__badge">Sandbox · test mode</span>
          {children}
        </main>
      </body>
    </html>
  );
}

function Summary({ payment }: { payment: PaymentRecord }) {
  const method = isPaymentMethodId(payment.method) ? PAYMENT_METHOD_LABEL[payment.method] : payment.method;
  return (
    <>
      <p className="sandbox__amount" data-testid="amount">
        {formatMoney({ cent: payment.amountCent, currency: payment.currency })}
      </p>
      <p>
        Order {payment.orderId} · {method}
      </p>
    </>
  );
}

function TestCards() {
  return (
    <details>
      <summary>Test cards</summary>
      <p>Any future expiry date and any 3 or 4 digit security code.</p>
      <table>
        <tbody>
          {SANDBOX_TEST_CARDS.map((card) => (
            <tr key={card.number}>
              <td>
                <code>{card.number}</code>
              </td>
              <td>{card.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function CardForm({ payment, error }: { payment: PaymentRecord; error?: string }) {
  return (
    <form method="post" action={`${sandboxWindowPath(payment.id)}/submit`} autoComplete="off">
      {error && (
        <p className="sandbox__error" role="alert">
          {error}
        </p>
      )}
      <label htmlFor="cardNumber">Card number</label>
      <input
        id="cardNumber"
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        required
      />
      <label htmlFor="expiry">Expiry (MM / YY)</label>
      <input id="expiry" name="expiry" autoComplete="cc-exp" placeholder="MM / YY" required />
      <label htmlFor="cvc">Security code</label>
      <input id="cvc" name="cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="CVC" required />
      <button type="submit">Pay {formatMoney({ cent: payment.amountCent, currency: payment.currency })}</button>
    </form>
  );
}

function Challenge({ payment, error }: { payment: PaymentRecord; error?: string }) {
  const action = `${sandboxWindowPath(payment.id)}/challenge`;
  return (
    <section>
      <h2>Authenticate this payment</h2>
      {error && (
        <p className="sandbox__error" role="alert">
          {error}
        </p>
      )}
      <p>Your card issuer asks you to confirm this payment with the card ending in {payment.cardLast4}.</p>
      <form method="post" action={action}>
        <input type="hidden" name="answer" value="authenticate" />
        <button type="submit">Authenticate</button>
      </form>
      <form method="post" action={action}>
        <input type="hidden" name="answer" value="fail" />
        <button type="submit" className="secondary">
          Fail authentication
        </button>
      </form>
    </section>
  );
}

function Result({ payment, nonce }: { payment: PaymentRecord; nonce: string }) {
  const result = resultOf(payment);
  const succeeded = result.kind === 'Succeeded';
  const data = {
    paymentId: payment.id,
    orderId: payment.orderId,
    status: payment.status,
    returnUrl: orderResultUrl(payment.orderId),
  };
  return (
    <section>
      <h2 className={succeeded ? 'sandbox__result--ok' : 'sandbox__result--bad'} data-testid="result">
        {succeeded ? 'Payment successful' : 'Payment not completed'}
      </h2>
      {(result.kind === 'Declined' || result.kind === 'Failed') && <p role="alert">{result.message}</p>}
      <p>
        Returning you to the shop… <a href={data.returnUrl}>Continue</a>
      </p>
      <script
        type="application/json"
        id="payment-result"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
      />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: RESULT_SCRIPT }} />
    </section>
  );
}

/**
 * The window for a payment in whatever state it is in; `error` is the last submission's problem,
 * `nonce` the response's CSP nonce (the result's inline script carries it).
 */
export function windowFor(payment: PaymentRecord, nonce: string, error?: string): ReactNode {
  const title = 'Sandbox payment';
  const returnUrl = orderResultUrl(payment.orderId);
  switch (payment.status) {
    case 'CREATED':
      return (
        <Window title={title}>
          <Summary payment={payment} />
          <CardForm payment={payment} error={error} />
          <TestCards />
        </Window>
      );
    case 'REQUIRES_ACTION':
      return (
        <Window title={title}>
          <Summary payment={payment} />
          <Challenge payment={payment} error={error} />
        </Window>
      );
    case 'PROCESSING':
      return (
        <Window title={title} head={<meta httpEquiv="refresh" content="5" />}>
          <Summary payment={payment} />
          <h2>Processing your payment…</h2>
          <p>This page updates by itself. Please keep it open.</p>
        </Window>
      );
    default:
      return (
        <Window title={title} head={<meta httpEquiv="refresh" content={`3;url=${returnUrl}`} />}>
          <Summary payment={payment} />
          <Result payment={payment} nonce={nonce} />
        </Window>
      );
  }
}
