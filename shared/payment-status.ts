import { statusMachine } from './status-machine.ts';

/**
 * A payment's statuses and every move between them (the provider interface's create, confirm,
 * capture, void and refund; webhooks; the sandbox window's expiry): the one place a set of payment
 * statuses is written.
 */

/** A payment's life: CREATED until the shopper acts, then one of the end states (REFUNDED ones follow SUCCEEDED). */
export const PAYMENT_STATUSES = [
  'CREATED',
  'REQUIRES_ACTION',
  'PROCESSING',
  'SUCCEEDED',
  'DECLINED',
  'FAILED',
  'EXPIRED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Still waiting for the shopper or the provider; these expire when their time is up. */
const OPEN = ['CREATED', 'REQUIRES_ACTION', 'PROCESSING'] as const;
/** Captured money that can still (partly) be given back. */
const REFUNDABLE = ['SUCCEEDED', 'PARTIALLY_REFUNDED'] as const;

export const PAYMENT_EVENTS = {
  /** The provider's first answer to a new payment. */
  create: { from: [null], to: [...OPEN, 'SUCCEEDED', 'DECLINED', 'FAILED'], by: ['shopper'] },
  /** The provider asks the shopper to act (3-D Secure). */
  challenge: { from: ['CREATED'], to: ['REQUIRES_ACTION'], by: ['provider'] },
  /** The shopper acted; the provider is working on it. */
  submit: { from: ['CREATED', 'REQUIRES_ACTION'], to: ['PROCESSING'], by: ['shopper', 'provider'] },
  /** The provider's final answer, or the window's time ran out. */
  settle: { from: OPEN, to: ['SUCCEEDED', 'DECLINED', 'FAILED', 'EXPIRED'], by: ['provider', 'system'] },
  /** Captures an authorization (its status stays SUCCEEDED). */
  capture: { from: ['SUCCEEDED'], to: 'unchanged', by: ['system', 'provider'] },
  /** The shopper walks away (another method chosen) before anything went to the provider. */
  abandon: { from: ['CREATED', 'REQUIRES_ACTION'], to: ['EXPIRED'], by: ['shopper'] },
  /** Closes a window under way, or voids an authorization with nothing captured. */
  void: {
    from: [...OPEN, 'SUCCEEDED'],
    to: ['EXPIRED'],
    by: ['shopper', 'system', { staff: 'orders.cancel' }],
  },
  /** Gives back captured money, in part or in full. */
  refund: {
    from: REFUNDABLE,
    to: ['PARTIALLY_REFUNDED', 'REFUNDED'],
    by: ['system', 'provider', { staff: 'orders.refund' }],
  },
} as const;
export type PaymentEvent = keyof typeof PAYMENT_EVENTS;

export const paymentStatus = statusMachine<PaymentStatus, PaymentEvent>('payment', PAYMENT_STATUSES, PAYMENT_EVENTS);

/** A payment under way: a second start answers it instead of charging twice; a new method voids it first. */
export const OPEN_PAYMENT_STATUSES = paymentStatus.from('settle');
/** A payment the shopper can still walk away from: nothing has gone to the provider yet. */
export const ABANDONABLE_PAYMENT_STATUSES = paymentStatus.from('abandon');
/** A payment with captured money left to refund. */
export const REFUNDABLE_PAYMENT_STATUSES = paymentStatus.from('refund');

/** The statuses an event reporting `target` may move a payment from: a late or replayed event never moves one back. */
export function paymentStatusesBefore(target: PaymentStatus): readonly PaymentStatus[] {
  if (target === 'REQUIRES_ACTION') return paymentStatus.from('challenge');
  if (target === 'PROCESSING') return paymentStatus.from('submit');
  if (target === 'REFUNDED' || target === 'PARTIALLY_REFUNDED') return REFUNDABLE_PAYMENT_STATUSES;
  return OPEN_PAYMENT_STATUSES;
}
