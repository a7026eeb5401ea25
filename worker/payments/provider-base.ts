import { ApiError } from '../platform/api-error.ts';
import { paymentRepository, type NewPayment } from './repository.ts';
import { systemClock } from '../platform/clock.ts';
import type { PaymentEnv, ProviderRuntime } from './provider.ts';

/** What a start answers while the order's other payment is still under way and could not be voided. */
export const PAYMENT_UNDER_WAY_MSG =
  'Another payment for this order is still under way. Please finish it, or try again in a moment.';

/** What every payment provider stands on: the shop's bindings, its runtime hooks, the payment records and the clock. */
export abstract class ProviderBase {
  protected readonly env: PaymentEnv;
  protected readonly runtime: ProviderRuntime;
  protected readonly payments: ReturnType<typeof paymentRepository>;

  constructor(env: PaymentEnv, runtime: ProviderRuntime = {}) {
    this.env = env;
    this.runtime = runtime;
    this.payments = paymentRepository(env.DB);
  }

  /** Opens a payment for its order; a 409 while the order has another payment under way (one at a time). */
  protected async insertOpen(payment: NewPayment): Promise<void> {
    if (!(await this.payments.insertUnlessOpen(payment))) throw new ApiError(409, 409, PAYMENT_UNDER_WAY_MSG);
  }

  protected now(): number {
    return (this.runtime.clock ?? systemClock).now();
  }
}
