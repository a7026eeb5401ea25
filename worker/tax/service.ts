/**
 * The tax domain's door (issue 39): the tax of a checkout from the market's tax service (Stripe
 * Tax, Avalara AvaTax, or the offline table), what a refund or cancellation gives back of it,
 * committing sales and sending reversals to the service, the configuration that chooses it, and a
 * member's exemption certificates (sending one, reading theirs, opening its file, the one an order
 * was sold exempt under).
 * Writing an order's tax is tax/writers.ts (the flows'); the back office's pages are tax/staff.ts.
 */

export { quoteTax, type CheckoutTax, type TaxDraft, type TaxQuoteInput } from './quote.ts';
export { retaxOrder } from './retax.ts';
export { planReversal, type ReversalAsk, type ReversalPlan } from './reversal.ts';
export { commitSale, pendingTaxWork, postponeSale, reversalByReference, sendReversal } from './commit.ts';
export { configuredProvider, type TaxEnv, type TaxJob } from './registry.ts';
export { TaxServiceError, type TaxProviderId } from './model.ts';
export {
  certificateFile,
  certificateFileResponse,
  memberCertificates,
  orderExemption,
  uploadCertificate,
  type UploadField,
} from './exemptions.ts';
