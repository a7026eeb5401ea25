/**
 * Economic nexus thresholds (issue 39): the sales into a state, or the number of separate sales,
 * past which a seller with no presence there must register and collect its sales tax. The
 * back office's nexus report sets the last 12 months of the shop's sales against these, so the
 * owner sees where to register next.
 *
 * Source: each state's revenue department as compiled in the Sales Tax Institute's "Economic
 * Nexus State by State Chart" and Avalara's "States eliminating economic nexus transaction
 * thresholds" (updated June 2025), with the changes in force on 1 January 2026: Illinois dropped
 * its 200-transaction test that day; Utah on 1 July 2025; Alaska's Remote Seller Sales Tax
 * Commission (local taxes only) on 1 January 2025. Connecticut and New York count both tests
 * together ("and"); elsewhere either one suffices. States measure over the previous or current
 * calendar year or a trailing 12 months; the report uses the trailing 12 months throughout, so a
 * state near its threshold deserves a look at its own rule.
 *
 * Canada: GST/HST registration is required past CA$30,000 of taxable supplies in four consecutive
 * calendar quarters (Excise Tax Act s. 148, the small supplier threshold; the same for non-resident
 * sellers of goods to Canadian consumers); QST past CA$30,000 of sales to Quebec consumers (Revenu
 * Québec, specified suppliers); British Columbia's PST past CA$10,000 of sales into the province
 * (PST Bulletin 001); Manitoba's RST past CA$10,000 (Bulletin 001); Saskatchewan requires
 * out-of-province sellers of goods to register from their first sale (PST Bulletin 001).
 */

import type { MarketId } from './markets.ts';

export interface NexusThreshold {
  /** Sales into the state (cents, in the market's currency) at which it binds; null for none. */
  salesCent: number | null;
  /** Separate sales at which it binds; null for no transaction test. */
  transactions: number | null;
  /** Whether both tests must be met (Connecticut, New York); otherwise either one. */
  both?: boolean;
  /** A word on the state's rule, where the bare numbers mislead. */
  note?: string;
}

const sales = (dollars: number, transactions: number | null = null, both = false): NexusThreshold => ({
  salesCent: dollars * 100,
  transactions,
  ...(both && { both }),
});
const noSalesTax: NexusThreshold = { salesCent: null, transactions: null, note: 'No state sales tax' };

/** US thresholds by state (and DC, Puerto Rico); a state left out has no sales tax. */
export const US_NEXUS_THRESHOLDS: Readonly<Record<string, NexusThreshold>> = {
  AL: sales(250_000),
  AK: { ...sales(100_000), note: 'Local sales taxes only (Alaska Remote Seller Sales Tax Commission)' },
  AZ: sales(100_000),
  AR: sales(100_000, 200),
  CA: sales(500_000),
  CO: sales(100_000),
  CT: sales(100_000, 200, true),
  DE: noSalesTax,
  DC: sales(100_000, 200),
  FL: sales(100_000),
  GA: sales(100_000, 200),
  HI: sales(100_000, 200),
  ID: sales(100_000),
  IL: sales(100_000),
  IN: sales(100_000),
  IA: sales(100_000),
  KS: sales(100_000),
  KY: sales(100_000, 200),
  LA: sales(100_000),
  ME: sales(100_000),
  MD: sales(100_000, 200),
  MA: sales(100_000),
  MI: sales(100_000, 200),
  MN: sales(100_000, 200),
  MS: sales(250_000),
  MO: sales(100_000),
  MT: noSalesTax,
  NE: sales(100_000, 200),
  NV: sales(100_000, 200),
  NH: noSalesTax,
  NJ: sales(100_000, 200),
  NM: sales(100_000),
  NY: sales(500_000, 100, true),
  NC: sales(100_000),
  ND: sales(100_000),
  OH: sales(100_000, 200),
  OK: sales(100_000),
  OR: noSalesTax,
  PA: sales(100_000),
  RI: sales(100_000, 200),
  SC: sales(100_000),
  SD: sales(100_000),
  TN: sales(100_000),
  TX: sales(500_000),
  UT: sales(100_000),
  VT: sales(100_000, 200),
  VA: sales(100_000, 200),
  WA: sales(100_000),
  WV: sales(100_000, 200),
  WI: sales(100_000),
  WY: sales(100_000),
  PR: sales(100_000, 200),
};

/** Canada's thresholds by registration (shared/tax-registrations.ts), in Canadian dollars. */
export const CA_NEXUS_THRESHOLDS: Readonly<Record<string, NexusThreshold>> = {
  'GST/HST': { ...sales(30_000), note: 'Four consecutive calendar quarters, all of Canada' },
  QST: sales(30_000),
  'PST-BC': sales(10_000),
  'PST-MB': sales(10_000),
  'PST-SK': { salesCent: 0, transactions: null, note: 'From the first sale into Saskatchewan' },
};

/** A market's thresholds. */
export const nexusThresholds = (market: MarketId) => (market === 'ca' ? CA_NEXUS_THRESHOLDS : US_NEXUS_THRESHOLDS);

/** Whether a year's sales and transactions meet a threshold. */
export function meetsThreshold(threshold: NexusThreshold, salesCent: number, transactions: number): boolean {
  const bySales = threshold.salesCent !== null && salesCent >= threshold.salesCent && salesCent > 0;
  const byCount = threshold.transactions !== null && transactions >= threshold.transactions;
  if (threshold.both) return bySales && byCount;
  return bySales || byCount;
}
