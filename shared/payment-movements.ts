/**
 * Money that reconciles (issue 38): the kinds of money movement a payment provider reports, and the
 * states of a dispute (chargeback) while staff answer it. One table each; the back office, the
 * webhooks and the daily reconciliation report read them from here.
 */

/**
 * What a provider moved. CAPTURE takes the shopper's money; REFUND gives some back (REFUND_FAILED
 * when the provider could not); DISPUTE is a chargeback's withdrawal, DISPUTE_REVERSAL its return
 * when the shop wins; FEE is the provider's charge; PAYOUT goes to the shop's bank.
 */
export const MOVEMENT_KINDS = [
  'CAPTURE',
  'REFUND',
  'REFUND_FAILED',
  'DISPUTE',
  'DISPUTE_REVERSAL',
  'FEE',
  'PAYOUT',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** A dispute is a staff task while OPEN; the provider closes it WON (money back) or LOST. */
export const DISPUTE_STATUSES = ['OPEN', 'WON', 'LOST'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const DISPUTE_STATUS_LABEL: Record<DisputeStatus, string> = {
  OPEN: 'Open: answer with evidence',
  WON: 'Won: the money came back',
  LOST: 'Lost',
};

/** What the shop's books and the provider's say of one order, and whether they agree. */
export interface OrderMoney {
  provider: string;
  currency: string;
  /** The shop's own record: captured on its payments, given back by its refunds. */
  shopCapturedCent: number;
  shopRefundedCent: number;
  /** What the provider reported through its webhooks. */
  providerCapturedCent: number;
  providerRefundedCent: number;
  disputedCent: number;
  disputeReturnedCent: number;
  feeCent: number;
  /** The shop's captured or refunded total differs from the provider's. */
  mismatch: boolean;
}
