import { PAYMENT_MSG, type PaymentMethodId } from '../../shared/payment-methods.ts';
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
