import type { AddressFields } from '../../shared/address.ts';
import type { ApiClient } from '../../shared/api-client.ts';
import type { CheckoutQuote } from '../../shared/api/checkout.ts';
import { API } from '../../shared/api-routes.ts';

export type { CheckoutQuote };

/** Checkout in the browser: which cart is checked out, its quote, and placing the order once. */

export const BUY_NOW_KEY = 'buy-now';
const KEY_STORAGE = 'checkout-key';

export interface BuyNowTicket {
  cartUUID: string;
  cartToken: string;
}

/** The buy-now checkout the product page started, when this page is for it. */
export function buyNowTicket(storage: Pick<Storage, 'getItem'>, search: string): BuyNowTicket | null {
  const wanted = new URLSearchParams(search).get('buyNow');
  if (!wanted) return null;
  try {
    const ticket = JSON.parse(storage.getItem(BUY_NOW_KEY) ?? 'null') as BuyNowTicket | null;
    return ticket?.cartUUID === wanted ? ticket : null;
  } catch {
    return null;
  }
}

/**
 * The idempotency key of this checkout: kept until an order is placed, so a retried or
 * double-clicked 'Place order' is the same order (issue 8 §3).
 */
export function checkoutKey(storage: Pick<Storage, 'getItem' | 'setItem'>): string {
  const existing = storage.getItem(KEY_STORAGE);
  if (existing) return existing;
  const key = `checkout-${crypto.randomUUID()}`;
  storage.setItem(KEY_STORAGE, key);
  return key;
}

export function forgetCheckoutKey(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(KEY_STORAGE);
}

export interface CheckoutChoice {
  address: AddressFields | null;
  shippingName: string | null;
  /** A guest's email once it looks like one: a first-order offer depends on it. */
  email?: string;
}

/** The calls checkout makes. */
export function checkoutCalls(
  api: Pick<ApiClient, 'call'>,
  ticket: BuyNowTicket | null,
  vehicle: () => number | null = () => null,
) {
  const buyNow = ticket ? { buyNow: ticket } : {};
  // Every quote names the shopper's current vehicle, so each line says whether it fits.
  const target = () => ({ ...buyNow, attributeValueId: vehicle() });
  return {
    quote: (choice: CheckoutChoice) =>
      api.call(API.checkoutQuote, {
        ...target(),
        address: choice.address ?? undefined,
        shippingName: choice.shippingName,
        ...(choice.email && { email: choice.email }),
      }),
    lockPoints: (points: number) => api.call(API.pointsLock, { ...target(), points }),
    unlockPoints: () => api.call(API.pointsUnlock, { ...target() }),
    place: (input: {
      idempotencyKey: string;
      email?: string;
      address: AddressFields;
      shippingName: string | null;
      paymentMethod: string;
      expectedTotal: number;
    }) => api.call(API.orderPlace, { ...target(), ...input }),
    savedAddresses: () => api.call(API.addressList),
  };
}

/** A guest's order-access token from placement, kept for the tab so the result page can read and pay the order. */
export const CHECKOUT_TOKEN_KEY = 'checkout-order-token';

/**
 * Pays for a placed order: the provider's window opens in this tab (it sends the shopper back
 * to the result page), a payment confirmed in the browser (Stripe.js) is confirmed here, a payment
 * settled at once goes straight to the result page, and a refusal answers its message for the shopper.
 */
export async function payForOrder(
  api: Pick<ApiClient, 'call'>,
  orderId: string,
  method: string,
  orderToken: string | undefined,
  go: (url: string) => void,
  choice: { bnplProvider?: string; paymentMethodToken?: string } = {},
  browser?: { confirm(clientSecret: string): Promise<string | null> },
): Promise<string | null> {
  const answer = await api.call(API.pay, { orderId, paymentType: method, orderToken, ...choice });
  if (answer.kind === 'RequiresAction' && answer.url) {
    go(answer.url);
    return null;
  }
  // Paid in the browser (the card form, a wallet's 3-D Secure): Stripe.js confirms with the client secret.
  if (answer.kind === 'RequiresAction' && answer.clientSecret && browser) {
    const refused = await browser.confirm(answer.clientSecret);
    if (refused) return refused;
  }
  if (answer.kind === 'Declined' || answer.kind === 'Failed')
    return answer.message ?? 'Your payment did not go through.';
  go(`/checkout/orderResult?orderId=${encodeURIComponent(orderId)}`);
  return null;
}

/** Why Place order can't be used yet, as the shopper reads it next to the button; null when it can. */
export function placeOrderBlocker(state: {
  address: AddressFields | null;
  shippingName: string | null;
  paymentMethod: string;
}): string | null {
  if (!state.address) return 'Enter your shipping address and choose “Use this address” to place your order';
  if (!state.shippingName) return 'Choose a shipping method to place your order';
  if (!state.paymentMethod) return 'Choose a payment method to place your order';
  return null;
}
