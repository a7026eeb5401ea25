import type { BrowserPayKeys } from '../../shared/browser-pay.ts';
import { PAYPAL_FUNDING } from '../../shared/browser-pay.ts';
import type { Market } from '../../shared/markets.ts';
import { PAY_LATER_LIMITS } from '../../shared/payment-offers.ts';
import {
  PAYMENT_MSG,
  paymentMethodsFor,
  type OfferedPaymentMethod,
  type PaymentMethodId,
} from '../../shared/payment-methods.ts';
import { ApiError } from '../platform/api-error.ts';
import { bnplOptions } from './bnpl.ts';
import { CardProvider } from './card-provider.ts';
import { PaypalProvider } from './paypal-provider.ts';
import type { PaymentEnv, PaymentProvider, ProviderId, ProviderRuntime } from './provider.ts';
import { paymentRepository } from './repository.ts';
import { SandboxProvider } from './sandbox.ts';

/**
 * Which provider serves a payment: each §3 method goes to the production provider configured for it
 * (Stripe takes the card methods, the wallets and BNPL; PayPal its wallet and Pay Later), and to the
 * built-in sandbox only where developer tools are on. The providers never import this module, so none
 * of them imports another.
 */

/** Whether the built-in sandbox may take payments here (never in production, which has no DEV_TOOLS). */
export function sandboxEnabled(env: PaymentEnv): boolean {
  return env.DEV_TOOLS === 'true';
}
/** Stripe's secret key: the server side of every card-provider method. */
export const stripeReady = (env: PaymentEnv) => Boolean(env.CARD_PROVIDER_SECRET_KEY);
/** Stripe.js in the browser too (the card form, the wallets' payment sheet): its publishable key. */
export const stripeBrowserReady = (env: PaymentEnv) => stripeReady(env) && Boolean(env.CARD_PROVIDER_PUBLISHABLE_KEY);
/**
 * The publishable key Stripe.js runs with in the browser, where a method paid in the browser (the card
 * form, Apple Pay, Google Pay) is offered on its production provider here; null otherwise (the sandbox).
 */
export function browserCardKey(env: PaymentEnv, market: Market): string | null {
  if (!stripeBrowserReady(env)) return null;
  const browserPaid = offeredMethods(env, market).some((method) => BROWSER_PAID.has(method.id) && !method.sandbox);
  return browserPaid ? env.CARD_PROVIDER_PUBLISHABLE_KEY! : null;
}
const BROWSER_PAID: ReadonlySet<string> = new Set(['CARD', 'APPLE_PAY', 'GOOGLE_PAY']);

/**
 * The keys the providers' browser scripts run with on a page that pays here: Stripe.js's (with the Stripe
 * account's country, which the wallets' sheet asks for) and the PayPal app's client id for its JS SDK buttons,
 * each only where a method it pays is offered on that production provider.
 */
export function browserPayKeys(env: PaymentEnv, market: Market): BrowserPayKeys {
  const cardKey = browserCardKey(env, market);
  const country = (env.CARD_PROVIDER_COUNTRY ?? '').trim().toUpperCase();
  const paypal = offeredMethods(env, market).some((method) => method.id in PAYPAL_FUNDING && !method.sandbox);
  return {
    card: cardKey ? { key: cardKey, country: /^[A-Z]{2}$/.test(country) ? country : 'US' } : null,
    paypal: paypal && env.PAYPAL_CLIENT_ID ? { clientId: env.PAYPAL_CLIENT_ID } : null,
  };
}

/** PayPal's REST app and its webhook: without the webhook id no event could be verified. */
export const paypalReady = (env: PaymentEnv) =>
  Boolean(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET && env.PAYPAL_WEBHOOK_ID);

/** The methods the owner switched off (PAYMENT_METHODS_OFF, comma separated: docs/payments.md). */
function switchedOff(env: PaymentEnv, method: PaymentMethodId): boolean {
  return (env.PAYMENT_METHODS_OFF ?? '')
    .split(',')
    .map((name) => name.trim().toUpperCase())
    .includes(method);
}

/** The production provider configured for a method here, or null. */
export function productionProviderOf(method: PaymentMethodId, env: PaymentEnv): 'card' | 'paypal' | null {
  switch (method) {
    case 'PAYPAL':
    case 'PAY_LATER':
      return paypalReady(env) ? 'paypal' : null;
    case 'CARD':
    case 'GOOGLE_PAY':
      return stripeBrowserReady(env) ? 'card' : null;
    case 'APPLE_PAY':
      return stripeBrowserReady(env) && env.APPLE_PAY_DOMAIN_ASSOCIATION ? 'card' : null;
    case 'HOSTED_CARD':
    case 'BNPL':
      return stripeReady(env) ? 'card' : null;
  }
}

/** The provider with this name; a 400 when it is not set up here. */
export function providerNamed(name: ProviderId, env: PaymentEnv, runtime: ProviderRuntime = {}): PaymentProvider {
  if (name === 'card' && stripeReady(env)) return new CardProvider(env, runtime);
  if (name === 'paypal' && paypalReady(env)) return new PaypalProvider(env, runtime);
  if (name === 'sandbox' && sandboxEnabled(env)) return new SandboxProvider(env, runtime);
  throw ApiError.badRequest(PAYMENT_MSG.methodUnavailable);
}

/** The provider that takes a §3 method: its production provider, else the sandbox where it is on; a 400 otherwise. */
export function providerFor(method: PaymentMethodId, env: PaymentEnv, runtime: ProviderRuntime = {}): PaymentProvider {
  if (switchedOff(env, method)) throw ApiError.badRequest(PAYMENT_MSG.methodUnavailable);
  return providerNamed(productionProviderOf(method, env) ?? 'sandbox', env, runtime);
}

/** The provider that runs an existing payment (capture and refund go back to it). */
export async function providerForPayment(
  paymentId: string,
  env: PaymentEnv,
  runtime: ProviderRuntime = {},
): Promise<PaymentProvider> {
  const payment = await paymentRepository(env.DB).find(paymentId);
  if (!payment) throw ApiError.notFound('No such payment');
  return providerNamed(payment.provider as ProviderId, env, runtime);
}

/** How the built-in sandbox is named to shoppers: it moves no money, and says so. */
export const SANDBOX_PROVIDER_NAME = 'Test payments: no money moves';
/** The production providers' names, as their checkout badges say them. */
export const CARD_PROVIDER_NAME = 'Stripe';
export const PAYPAL_PROVIDER_NAME = 'PayPal';

/**
 * The methods checkout offers here: exactly those a configured provider can take in this market, each
 * with that provider's name and the amount limits checkout applies to the total. The sandbox stands in
 * for a missing provider only where developer tools are on.
 */
export function offeredMethods(env: PaymentEnv, market: Market): OfferedPaymentMethod[] {
  return paymentMethodsFor(market).flatMap((method): OfferedPaymentMethod[] => {
    if (switchedOff(env, method.id)) return [];
    const provider = productionProviderOf(method.id, env);
    if (!provider) return sandboxEnabled(env) ? [{ ...method, provider: SANDBOX_PROVIDER_NAME, sandbox: true }] : [];
    const name = provider === 'paypal' ? PAYPAL_PROVIDER_NAME : CARD_PROVIDER_NAME;
    if (method.id === 'PAY_LATER') return [{ ...method, provider: name, range: PAY_LATER_LIMITS[market.currency] }];
    if (method.id !== 'BNPL') return [{ ...method, provider: name }];
    const options = bnplOptions(env, market);
    return options.length ? [{ ...method, provider: name, options }] : [];
  });
}
