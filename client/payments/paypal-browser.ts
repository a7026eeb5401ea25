/**
 * PayPal's JS SDK in the browser (issue 38): its buttons pay the online wallet (PAYPAL) and its Pay Later
 * offer (PAY_LATER) in PayPal's own window over the shop's page. The script is PayPal's, loaded from its
 * origin only when one of these methods is chosen; the shop creates and captures the PayPal order on its
 * server (Orders v2), the buttons only carry the shopper's approval.
 */

const PAYPAL_SDK = 'https://www.paypal.com/sdk/js';

export interface PaypalButtonOptions {
  fundingSource: string;
  style?: Record<string, string | number | boolean>;
  /** Answers PayPal's order id: the shop places its order and creates PayPal's on its server. */
  createOrder(): Promise<string>;
  onApprove(data: { orderID: string; payerID?: string }): Promise<void>;
  onCancel?(data: { orderID: string }): void;
  onError?(error: unknown): void;
}
export interface PaypalButtons {
  isEligible(): boolean;
  render(target: HTMLElement): Promise<void>;
  close?(): Promise<void>;
}
export interface PaypalNamespace {
  Buttons(options: PaypalButtonOptions): PaypalButtons;
  FUNDING: Record<string, string>;
}

declare global {
  interface Window {
    paypal?: PaypalNamespace;
  }
}

let loading: { url: string; sdk: Promise<PaypalNamespace> } | null = null;

/**
 * The SDK for this app and currency, loaded once per page on first need: buttons that capture at once
 * ("Pay Now"), Pay Later enabled. It carries the page's CSP nonce, as PayPal documents for a strict policy.
 */
export function loadPaypal(clientId: string, currency: string): Promise<PaypalNamespace> {
  const query = new URLSearchParams({
    'client-id': clientId,
    currency,
    intent: 'capture',
    commit: 'true',
    components: 'buttons',
    'enable-funding': 'paylater',
    'disable-funding': 'card,venmo',
  });
  const url = `${PAYPAL_SDK}?${query}`;
  if (loading?.url === url) return loading.sdk;
  const sdk = new Promise<PaypalNamespace>((resolve, reject) => {
    const ready = () => (window.paypal ? resolve(window.paypal) : reject(new Error('PayPal did not load')));
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
    if (nonce) script.dataset.cspNonce = nonce;
    script.addEventListener('load', ready);
    script.addEventListener('error', () => reject(new Error('PayPal did not load')));
    document.head.appendChild(script);
  });
  // A failed load may be tried again (a weak network): it is not kept.
  sdk.catch(() => {
    if (loading?.sdk === sdk) loading = null;
  });
  loading = { url, sdk };
  return sdk;
}
