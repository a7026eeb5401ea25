/**
 * A stand-in for PayPal's JS SDK (https://www.paypal.com/sdk/js) with the parts the checkout uses:
 * `paypal.Buttons({ fundingSource, createOrder, onApprove, onCancel, onError }).render(el)`,
 * `isEligible()`, `paypal.FUNDING`, and `paypal.Messages`. Its button opens no popup: clicking it runs
 * createOrder, asks the fake API to approve that order (as the payer would in PayPal's window), then
 * runs onApprove with `{ orderID }`. `window.__paypalFake = { cancel: true }` makes the payer cancel.
 */
export function paypalSdk(url: URL, clientId: string): Response {
  // The approval goes where the browser loaded the script from (paypal.com, as the page's CSP allows).
  const script = `(() => {
  const origin = new URL(document.currentScript.src).origin;
  const query = new URLSearchParams(${JSON.stringify(url.search)});
  if (query.get('client-id') !== ${JSON.stringify(clientId)}) {
    console.error('PayPal SDK: unknown client-id');
    return;
  }
  const FUNDING = { PAYPAL: 'paypal', PAYLATER: 'paylater', CARD: 'card', VENMO: 'venmo' };
  function Buttons(options) {
    const fundingSource = options.fundingSource || 'paypal';
    const enabled = (query.get('enable-funding') || '').split(',');
    const eligible = fundingSource === 'paypal' || enabled.includes(fundingSource);
    return {
      isEligible: () => eligible,
      render(target) {
        const host = typeof target === 'string' ? document.querySelector(target) : target;
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'paypal-fake-button';
        button.dataset.funding = fundingSource;
        button.textContent = fundingSource === 'paylater' ? 'Pay Later' : 'PayPal';
        button.addEventListener('click', async () => {
          try {
            const orderID = await options.createOrder({ paymentSource: fundingSource }, {});
            if ((window.__paypalFake || {}).cancel) return options.onCancel && options.onCancel({ orderID });
            const approve = origin + '/fake/approve/' + orderID + '/pay';
            await fetch(approve, { method: 'POST', redirect: 'manual' });
            await options.onApprove({ orderID, payerID: 'FAKEPAYER' }, { restart: () => undefined });
          } catch (error) {
            if (options.onError) options.onError(error);
          }
        });
        host.replaceChildren(button);
        return Promise.resolve();
      },
    };
  }
  function Messages(options) {
    return {
      render(target) {
        const host = typeof target === 'string' ? document.querySelector(target) : target;
        const amount = Number(options.amount || 0);
        host.textContent = amount >= 30 && amount <= 1500
          ? 'Pay in 4 interest-free payments of $' + (amount / 4).toFixed(2) + ' with PayPal.'
          : '';
        return Promise.resolve();
      },
    };
  }
  window.paypal = { Buttons, Messages, FUNDING, version: 'fake' };
})();`;
  return new Response(script, {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Access-Control-Allow-Origin': '*' },
  });
}
