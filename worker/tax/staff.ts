import { reversalRepository } from './reversal-repository.ts';
import { taxRepository } from './repository.ts';
import type { TaxProviderId } from './model.ts';

export {
  changeRegistration,
  currentRegistrations,
  type CurrentRegistrations,
  REGISTRATION_MSG,
  type RegistrationChange,
  type RegistrationErrors,
  type RegistrationDone,
  registrationLabel,
  registrationNotice,
  registrationRows,
  registrationShown,
} from './registrations.ts';
export { NEAR_SHARE, type NexusReport, type NexusRow, type NexusStatus, nexusReport } from './nexus.ts';
export {
  defaultFilingFilter,
  FILING_MSG,
  type FilingFilter,
  type FilingReport,
  filingCsv,
  filingReport,
  readFilingFilter,
} from './filing.ts';

/**
 * The back office's door to sales tax (issue 39): how an order's tax was figured and where it
 * stands with the tax service, for the order page; the review of members' exemption certificates; where
 * the shop is registered (owners change it); the economic-nexus and filing reports.
 */

const SERVICE_NAME: Readonly<Record<TaxProviderId, string>> = {
  offline: 'the offline table',
  stripe: 'Stripe Tax',
  avalara: 'Avalara AvaTax',
};

/** An order's tax as staff read it: estimated or not, committed or waiting, and what went back. */
export interface OrderTaxForStaff {
  /** The tax service was down at checkout: the offline table's estimate was charged. */
  estimated: boolean;
  /** Who figured the tax charged, and the service the sale is recorded with. */
  figuredBy: string;
  recordedWith: string;
  /** The shop is not registered where it ships: nothing was charged. */
  collecting: boolean;
  /** The member's exemption certificate that applied, and the sales it made exempt. */
  certificateId: number | null;
  exemptCent: number;
  status: 'PENDING' | 'COMMITTED' | 'VOIDED';
  transactionRef: string | null;
  taxCent: number;
  /** What the service holds the shop liable for, once committed (it may differ from an estimate). */
  committedTaxCent: number | null;
  attempts: number;
  lastError: string | null;
  reversals: { reference: string; taxCent: number; sent: boolean; voided: boolean }[];
}

/** The order's tax for its back-office page; null for an order placed before the tax ledger. */
export async function orderTaxForStaff(db: D1Database, orderId: string): Promise<OrderTaxForStaff | null> {
  const [record, reversals] = await Promise.all([
    taxRepository(db).record(orderId),
    reversalRepository(db).ofOrder(orderId),
  ]);
  if (!record) return null;
  const recorder = record.estimated ? record.configured : record.provider;
  return {
    estimated: record.estimated === 1,
    figuredBy: SERVICE_NAME[record.provider],
    recordedWith: SERVICE_NAME[recorder],
    collecting: record.collecting === 1,
    certificateId: record.certificateId,
    exemptCent: record.exemptCent,
    status: record.status,
    transactionRef: record.transactionRef,
    taxCent: record.taxCent,
    committedTaxCent: record.committedTaxCent,
    attempts: record.attempts,
    lastError: record.lastError,
    reversals: reversals.map((row) => ({
      reference: row.reference,
      taxCent: row.taxCent,
      sent: row.sentAt !== null,
      voided: row.status === 'VOIDED',
    })),
  };
}

export {
  approveCertificate,
  certificateForStaff,
  certificateQueue,
  rejectCertificate,
  type ApproveInput,
  type DecisionResult,
  type ExemptionActor,
  type ExemptionQueue,
  type ExemptionQueueStatus,
} from './exemption-staff.ts';
export { certificateFile, certificateFileResponse } from './exemptions.ts';
export { exemptionDecisionEmail, type ExemptionEmailMessage } from './exemption-email.ts';
export type { ExemptionCertificate } from './exemption-records.ts';
