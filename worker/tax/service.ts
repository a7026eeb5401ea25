/**
 * The tax domain's door (issue 39): the tax of a checkout from the market's tax service (Stripe
 * Tax, Avalara AvaTax, or the offline table), and the configuration that chooses the service.
 * Writing an order's tax is tax/writers.ts (the flows'); the back office's pages are tax/staff.ts.
 */

export { quoteTax, type CheckoutTax, type TaxDraft, type TaxQuoteInput } from './quote.ts';
export { configuredProvider, type TaxEnv, type TaxJob } from './registry.ts';
export type { TaxProviderId } from './model.ts';
