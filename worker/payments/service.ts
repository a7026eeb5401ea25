import type { PaymentEnv } from './provider.ts';
import { sandboxEnabled } from './registry.ts';
import { SandboxProvider } from './sandbox.ts';

/**
 * Payments' door: the providers behind one interface, an order's payments, the hosted gateway's
 * signatures and the webhook events. Orders, pages and the cron reach payments only through here.
 */

export type { PaymentEnv, PaymentResult, ProviderRuntime, RequiresAction, WebhookEvent } from './provider.ts';
export type { PaymentRecord } from './records.ts';
export { offeredMethods, providerFor } from './registry.ts';
export { signatureHeader } from './signatures.ts';
export { SandboxProvider } from './sandbox.ts';
export {
  abandonPayments,
  claimOrderCapture,
  findPayment,
  giveBackPayment,
  latestPayment,
  orderPaymentHistory,
  paymentResult,
  paymentUnderWay,
  refundOrderAmount,
  refundOrderPayments,
  voidOpenPayments,
} from './order-payments.ts';
export { signHostedPayment } from './hosted.ts';
export { receivePaymentEvent, receiveWebhook } from './webhook-intake.ts';

/** The cron's work: sandbox payments left open past their window expire, so their orders can be paid again. */
export async function expireSandboxPayments(env: PaymentEnv, now: number): Promise<number> {
  if (!sandboxEnabled(env)) return 0;
  return new SandboxProvider(env, { clock: { now: () => now } }).expireDue();
}
