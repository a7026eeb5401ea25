import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import type { ProviderRuntime } from './provider.ts';
import type { BrowserPayKeys } from '../../shared/browser-pay.ts';
import { browserPayKeys, offeredMethods } from './registry.ts';

/**
 * The HTTP side of payments other calls share: the runtime a provider needs from the request it
 * serves (our origin, waitUntil for webhook delivery).
 */
export function paymentRuntime(c: Context<AppEnv>): ProviderRuntime {
  const origin = new URL(c.req.url).origin;
  try {
    const ctx = c.executionCtx;
    return { origin, waitUntil: (promise) => ctx.waitUntil(promise) };
  } catch {
    // Without an execution context (app.request in a test) deliveries are simply awaited.
    return { origin };
  }
}

/** A method as a page offers it for paying an order (the sandbox's flagged: it pays in the shop's window). */
export interface PayMethodOption {
  id: string;
  label: string;
  provider?: string;
  sandbox?: boolean;
}

/** The methods an unpaid order can be paid with on this market's site (the configured providers'), for a page. */
export function payMethodsOf(c: Context<AppEnv>): PayMethodOption[] {
  return offeredMethods(c.env, c.var.market).map(({ id, label, provider, sandbox }) => ({
    id,
    label,
    provider,
    ...(sandbox ? { sandbox } : {}),
  }));
}

/**
 * The providers' browser keys for a page that pays here (Stripe.js, PayPal's JS SDK): the page's
 * Content-Security-Policy then allows the origins of the scripts it loads, and only those.
 */
export function browserPayOf(c: Context<AppEnv>): BrowserPayKeys {
  const keys = browserPayKeys(c.env, c.var.market);
  if (keys.card) c.set('stripeJs', true);
  if (keys.paypal) c.set('paypalJs', true);
  return keys;
}

/** What a page that pays an order offers: the methods, and the keys of the providers' browser scripts. */
export function payOptionsOf(c: Context<AppEnv>): { methods: PayMethodOption[]; keys: BrowserPayKeys } {
  return { methods: payMethodsOf(c), keys: browserPayOf(c) };
}
