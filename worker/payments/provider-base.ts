import { paymentRepository } from './repository.ts';
import { systemClock } from '../platform/clock.ts';
import type { PaymentEnv, ProviderRuntime } from './provider.ts';

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

  protected now(): number {
    return (this.runtime.clock ?? systemClock).now();
  }
}
