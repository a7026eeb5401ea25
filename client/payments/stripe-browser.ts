/**
 * Stripe.js in the browser (issue 38): the card form's fields and the wallets' payment sheet (Apple Pay,
 * Google Pay) for the methods the card provider takes. The script is Stripe's own, loaded from its
 * origin only when checkout offers one of these methods, so card numbers never touch the shop (PCI SAQ A);
 * the shop's server only ever sees a PaymentIntent's client secret and a payment method id.
 */

const STRIPE_JS = 'https://js.stripe.com/v3/';

export interface StripeError {
  message?: string;
  code?: string;
  decline_code?: string;
}
export interface CardElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}
export interface PaymentMethodEvent {
  paymentMethod: { id: string };
  walletName?: string;
  complete(status: 'success' | 'fail'): void;
}
export interface PaymentRequest {
  canMakePayment(): Promise<{ applePay?: boolean; googlePay?: boolean } | null>;
  on(event: 'paymentmethod', handler: (event: PaymentMethodEvent) => void): void;
  on(event: 'cancel', handler: () => void): void;
  show(): void;
}
export interface StripeClient {
  elements(): { create(type: 'card', options?: Record<string, unknown>): CardElement };
  confirmCardPayment(
    clientSecret: string,
    data?: { payment_method: { card: CardElement } } | { payment_method: string },
    options?: { handleActions: boolean },
  ): Promise<{ error?: StripeError; paymentIntent?: { id: string; status: string } }>;
  paymentRequest(options: {
    country: string;
    currency: string;
    total: { label: string; amount: number };
  }): PaymentRequest;
}

declare global {
  interface Window {
    Stripe?: (key: string) => StripeClient;
  }
}

const clients = new Map<string, Promise<StripeClient>>();

/** Stripe.js for the publishable key: the script loaded once per page, on first need. */
export function loadStripe(key: string): Promise<StripeClient> {
  const known = clients.get(key);
  if (known) return known;
  const loading = new Promise<StripeClient>((resolve, reject) => {
    const ready = () => (window.Stripe ? resolve(window.Stripe(key)) : reject(new Error('Stripe.js did not load')));
    if (window.Stripe) return ready();
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    script.addEventListener('load', ready);
    script.addEventListener('error', () => reject(new Error('Stripe.js did not load')));
    document.head.appendChild(script);
  });
  // A failed load may be tried again (a weak network): it is not kept.
  loading.catch(() => clients.delete(key));
  clients.set(key, loading);
  return loading;
}

/** The wallets the device can pay with here, as the checkout's method ids. */
export async function walletsOf(request: PaymentRequest): Promise<Set<string>> {
  const can = await request.canMakePayment().catch(() => null);
  const wallets = new Set<string>();
  if (can?.applePay) wallets.add('APPLE_PAY');
  if (can?.googlePay) wallets.add('GOOGLE_PAY');
  return wallets;
}

/** A wallet's payment sheet for one total, whose handlers are set once however often it opens. */
export interface WalletSheet {
  request: PaymentRequest;
  /** Opens the sheet at once (inside the shopper's click): the payment method chosen, or null when closed. */
  open(): Promise<PaymentMethodEvent | null>;
}

export function walletSheet(request: PaymentRequest): WalletSheet {
  let answer: ((event: PaymentMethodEvent | null) => void) | null = null;
  const settle = (event: PaymentMethodEvent | null) => {
    answer?.(event);
    answer = null;
  };
  request.on('paymentmethod', settle);
  request.on('cancel', () => settle(null));
  return {
    request,
    open() {
      const chosen = new Promise<PaymentMethodEvent | null>((resolve) => {
        answer = resolve;
      });
      request.show();
      return chosen;
    },
  };
}
