import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import type { ProviderRuntime } from './provider.ts';
import { offeredMethods } from './registry.ts';

export { browserCardKey } from './registry.ts';

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

/** The methods an unpaid order can be paid with on this market's site (the configured providers'), for a page. */
export function payMethodsOf(c: Context<AppEnv>): { id: string; label: string; provider?: string }[] {
  return offeredMethods(c.env, c.var.market).map(({ id, label, provider }) => ({ id, label, provider }));
}
