import type { DisputeStatus, MovementKind } from '../../shared/payment-movements.ts';

/**
 * What a provider's event says about money (issue 38, money that reconciles): the movements it
 * reports (a capture, a refund, a dispute's withdrawal, a fee, a payout) and, for a chargeback,
 * the dispute staff must answer. The webhook readers fill these in our words; the ledger keeps them.
 */

export interface MovementNews {
  kind: MovementKind;
  /** The provider's id of what moved the money (a PaymentIntent, a capture, a refund, a dispute, a payout). */
  ref: string;
  amountCent: number;
  currency: string;
}

export interface DisputeNews {
  ref: string;
  status: DisputeStatus;
  amountCent: number;
  currency: string;
  /** The provider's reason code, e.g. fraudulent, product_not_received, MERCHANDISE_OR_SERVICE_NOT_RECEIVED. */
  reason: string;
  /** When the provider wants the shop's evidence by (ms), where it says. */
  evidenceDueAt: number | null;
}

/** What an event carries about money, beside the payment status it moves. */
export interface MoneyNews {
  movements?: MovementNews[];
  dispute?: DisputeNews | null;
}
