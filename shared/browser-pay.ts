/**
 * What a page that takes payment hands its islands so the providers' own browser scripts can run
 * (issue 38): Stripe.js's publishable key and the country of the Stripe account (the wallets' payment
 * sheet asks for it), and the PayPal app's client id its JS SDK buttons load with. Both are public by
 * design; a provider that is not configured here is null, and its methods pay as before.
 */
export interface BrowserPayKeys {
  card: { key: string; country: string } | null;
  paypal: { clientId: string } | null;
}

export const NO_BROWSER_PAY: BrowserPayKeys = { card: null, paypal: null };

/** The methods PayPal's JS SDK buttons pay (its wallet and its Pay Later offer), as the SDK names their funding. */
export const PAYPAL_FUNDING: Readonly<Record<string, 'paypal' | 'paylater'>> = {
  PAYPAL: 'paypal',
  PAY_LATER: 'paylater',
};
