import type { Currency } from '../../shared/markets.ts';
import type { PaymentStatus } from '../../shared/payment-status.ts';

/**
 * The payments domain's records: the shapes its repositories read and write, named by the domain
 * (its doors and flows speak of these, never of a repository's row).
 */

/** A payment as stored. No card number exists anywhere: only its last four digits and brand. */
export interface PaymentRecord {
  id: string;
  orderId: string;
  method: string;
  provider: string;
  providerRef: string | null;
  /** The provider's money-moving transaction (PayPal's capture or authorization), where it has its own id. */
  providerTxnRef: string | null;
  amountCent: number;
  currency: Currency;
  status: PaymentStatus;
  declineCode: string | null;
  cardLast4: string | null;
  cardBrand: string | null;
  captureMethod: 'automatic' | 'manual';
  capturedCent: number;
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
}
