import type { Market } from '../../shared/markets.ts';
import {
  PAYMENT_MSG,
  paymentMethodsFor,
  type OfferedPaymentMethod,
  type PaymentMethodId,
} from '../../shared/payment-methods.ts';
import { ApiError } from '../platform/api-error.ts';
import { CardProvider } from './card-provider.ts';
import type { PaymentEnv, PaymentProvider, ProviderId, ProviderRuntime } from './provider.ts';
import { paymentRepository } from './repository.ts';
import { SandboxProvider } from './sandbox.ts';

/**
 * Which provider serves a payment: the card provider where its key is set, the built-in sandbox
 * where it is switched on. The providers never import this module, so none of them imports another.
 */

/** Whether the built-in sandbox may take payments here (never in production, which has no DEV_TOOLS). */
export function sandboxEnabled(env: PaymentEnv): boolean {
  return env.DEV_TOOLS === 'true';
}

/** The provider with this name; a 400 when it is not set up here. */
export function providerNamed(name: ProviderId, env: PaymentEnv, runtime: ProviderRuntime = {}): PaymentProvider {
  if (name === 'card' && env.CARD_PROVIDER_SECRET_KEY) return new CardProvider(env, runtime);
  if (name === 'sandbox' && sandboxEnabled(env)) return new SandboxProvider(env, runtime);
  throw ApiError.badRequest(PAYMENT_MSG.methodUnavailable);
}

/**
 * The provider that takes a §3 method. CARD goes to the card provider when its key is set; the
 * methods with no real adapter yet, and CARD without a key, run in the sandbox where it is on.
 */
export function providerFor(method: PaymentMethodId, env: PaymentEnv, runtime: ProviderRuntime = {}): PaymentProvider {
  if (method === 'CARD' && env.CARD_PROVIDER_SECRET_KEY) return new CardProvider(env, runtime);
  return providerNamed('sandbox', env, runtime);
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
/** The card provider's name, as its checkout badge says it. */
export const CARD_PROVIDER_NAME = 'Stripe';

/**
 * The methods checkout offers here: only those a configured provider can take, each with that provider's name. One
 * card method (the card provider's, or the sandbox's card window); the wallets and instalments have no real adapter
 * yet, so they are offered only where the sandbox is on.
 */
export function offeredMethods(env: PaymentEnv, market: Market): OfferedPaymentMethod[] {
  const card = Boolean(env.CARD_PROVIDER_SECRET_KEY);
  const sandbox = sandboxEnabled(env);
  return paymentMethodsFor(market).flatMap((method) => {
    if (method.id === 'HOSTED_CARD') return [];
    if (method.id === 'CARD' && card) return [{ ...method, provider: CARD_PROVIDER_NAME }];
    return sandbox ? [{ ...method, provider: SANDBOX_PROVIDER_NAME }] : [];
  });
}
