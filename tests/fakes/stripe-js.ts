/**
 * A stand-in for Stripe.js (https://js.stripe.com/v3/) with the parts the checkout uses: `Stripe(pk)`,
 * `elements().create('card')` (its fields are plain inputs here, where Stripe frames its own),
 * `confirmCardPayment(clientSecret, data)` and `paymentRequest(...)` with `canMakePayment`, `on` and
 * `show`. Like Stripe.js it calls https://api.stripe.com with the publishable key in the form (the browser
 * test routes that origin to the fake API). A card number maps to Stripe's test payment methods
 * (4242… pm_card_visa, 4000…0002 declined, 4000…9995 insufficient funds, 4000…3220 3-D Secure).
 * `window.__stripeFake = { wallets: ['applePay', 'googlePay'], closeSheet, walletCard }` sets the device:
 * the wallets it has, whether the shopper closes the sheet, and the card the wallet holds.
 */
export function stripeJsScript(): string {
  return `(() => {
  const API = 'https://api.stripe.com';
  const CARDS = {
    '4242424242424242': 'pm_card_visa',
    '4000000000000002': 'pm_card_chargeDeclined',
    '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
    '4000000000003220': 'pm_card_threeDSecure2Required',
  };
  const device = () => window.__stripeFake || {};
  function Stripe(key) {
    if (!/^pk_(test|live)_/.test(key)) throw new Error('Invalid publishable key');
    const post = async (path, params) => {
      const body = new URLSearchParams({ ...params, key });
      const answer = await fetch(API + path, { method: 'POST', body });
      return { ok: answer.ok, body: await answer.json() };
    };
    return {
      elements() {
        return {
          create(type) {
            let host = null;
            return {
              type,
              mount(target) {
                host = typeof target === 'string' ? document.querySelector(target) : target;
                host.innerHTML = '<input data-fake-card="number" aria-label="Card number" inputmode="numeric">' +
                  '<input data-fake-card="expiry" aria-label="MM / YY"><input data-fake-card="cvc" aria-label="CVC">';
              },
              destroy() {
                if (host) host.innerHTML = '';
              },
              number() {
                return host ? host.querySelector('[data-fake-card="number"]').value.replace(/\\D/g, '') : '';
              },
            };
          },
        };
      },
      async confirmCardPayment(clientSecret, data) {
        const id = clientSecret.split('_secret_')[0];
        const params = { client_secret: clientSecret };
        const method = data && data.payment_method;
        if (typeof method === 'string') params.payment_method = method;
        else if (method && method.card) {
          const card = CARDS[method.card.number()];
          const incomplete = { type: 'validation_error', code: 'incomplete_number' };
          if (!card) return { error: incomplete };
          params.payment_method = card;
        } else {
          // After a wallet: Stripe.js finishes the issuer's check; the fake's intent needs none.
          return { paymentIntent: { id, status: 'succeeded' } };
        }
        const answer = await post('/v1/payment_intents/' + id + '/confirm', params);
        if (!answer.ok) return { error: answer.body.error };
        if (answer.body.status === 'requires_action') {
          // 3-D Secure: Stripe.js opens the issuer's frame; the fake's page authorizes it.
          await fetch(answer.body.next_action.redirect_to_url.url.replace(/^https?:\\/\\/[^/]+/, API) + '/authorize', {
            method: 'POST',
            redirect: 'manual',
          }).catch(() => undefined);
          return { paymentIntent: { id, status: 'succeeded' } };
        }
        return { paymentIntent: answer.body };
      },
      paymentRequest(options) {
        const handlers = {};
        return {
          options,
          async canMakePayment() {
            const wallets = device().wallets || [];
            if (wallets.length === 0) return null;
            return { applePay: wallets.includes('applePay'), googlePay: wallets.includes('googlePay') };
          },
          on(event, handler) {
            handlers[event] = handler;
          },
          show() {
            window.__stripeSheet = { shown: options.total, status: null };
            setTimeout(() => {
              if (device().closeSheet) return handlers.cancel && handlers.cancel();
              handlers.paymentmethod({
                paymentMethod: { id: device().walletCard || 'pm_card_visa' },
                walletName: (device().wallets || [])[0],
                complete(status) {
                  window.__stripeSheet.status = status;
                },
              });
            }, 50);
          },
        };
      },
    };
  }
  window.Stripe = Stripe;
})();`;
}
