import * as z from 'zod';
import type { MarketId } from './markets.ts';
import { CA_PROVINCES, US_STATES } from './regions.ts';

/**
 * Where the shop is registered to collect sales tax (issue 39): a US state's sales tax is charged
 * only where the shop holds that state's permit; in Canada each tax has its own registration:
 * GST/HST (federal, every province), Quebec's QST, and the PST of British Columbia, Manitoba and
 * Saskatchewan. Nowhere else is any tax charged: collecting a tax the shop is not registered for
 * is unlawful, and the money would never reach the state.
 */

/** Canada's registrations, each naming the taxes it lets the shop charge. */
export const CA_REGISTRATIONS = ['GST/HST', 'QST', 'PST-BC', 'PST-MB', 'PST-SK'] as const;
export type CaRegistration = (typeof CA_REGISTRATIONS)[number];

/** What each Canadian registration is called on the registrations page. */
export const CA_REGISTRATION_LABEL: Readonly<Record<CaRegistration, string>> = {
  'GST/HST': 'GST/HST (Canada Revenue Agency): every province',
  QST: 'QST (Revenu Québec)',
  'PST-BC': 'PST (British Columbia)',
  'PST-MB': 'RST (Manitoba)',
  'PST-SK': 'PST (Saskatchewan)',
};

/** One registration: its number (permit, account or registration number) and the day it took effect. */
export const registrationSchema = z.object({
  number: z.string().trim().max(40).catch(''),
  since: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .catch(null),
});
export type Registration = z.infer<typeof registrationSchema>;

/** The shop's registrations by market: US states by code, Canadian taxes by CA_REGISTRATIONS key. */
export const taxRegistrationsSchema = z
  .object({
    us: z.record(z.string(), registrationSchema).catch({}),
    ca: z.record(z.string(), registrationSchema).catch({}),
  })
  .catch({ us: {}, ca: {} });
export type TaxRegistrations = z.infer<typeof taxRegistrationsSchema>;

/** The registrations a market can hold, in the order the page lists them, with their labels. */
export function registrationKeys(market: MarketId): readonly { key: string; label: string }[] {
  if (market === 'ca') return CA_REGISTRATIONS.map((key) => ({ key, label: CA_REGISTRATION_LABEL[key] }));
  return US_STATES.map((state) => ({ key: state.code, label: state.name }));
}

/** The registration a tax of a ship-to region needs: the state's own, or the Canadian tax's. */
export function registrationFor(market: MarketId, region: string, taxName: string): string {
  if (market === 'us') return region;
  if (taxName === 'GST' || taxName === 'HST') return 'GST/HST';
  if (taxName === 'QST') return 'QST';
  return `PST-${region}`;
}

/** Whether the shop collects this tax of this ship-to region. */
export function collectsTax(registrations: TaxRegistrations, market: MarketId, region: string, taxName: string) {
  return registrationFor(market, region, taxName) in registrations[market];
}

/** Whether the shop collects any tax at all for an order shipped to the region. */
export function collectsIn(registrations: TaxRegistrations, market: MarketId, region: string): boolean {
  if (market === 'us') return region in registrations.us;
  return ['GST', 'QST', 'PST'].some((name) => collectsTax(registrations, market, region, name));
}

/** A region's name for a sentence: "Texas", "British Columbia". */
export function regionName(market: MarketId, region: string): string {
  const regions = market === 'ca' ? CA_PROVINCES : US_STATES;
  return regions.find((candidate) => candidate.code === region)?.name ?? region;
}

/**
 * What checkout says under the total for an order the shop charges no sales tax on because it is
 * not registered in the state: true (nothing is collected) without telling the shopper the sale is
 * tax-free (use tax may still be owed to the state).
 */
export const TAX_NOTE = {
  notCollected: (place: string) =>
    `We don't collect sales tax on orders shipped to ${place}. You may owe use tax to ${place} on this purchase.`,
  exempt: (place: string, certificate: string) =>
    `No sales tax: your exemption certificate ${certificate} applies in ${place}.`,
  /** The tax service did not answer: the offline table's state or province rate was charged. */
  estimated:
    'Sales tax estimated at the base rate: our tax service did not answer. ' +
    'This is the tax you pay; it will not change.',
  /** Under the tax lines: the address's combined rate on parts, and whether shipping is taxed there. */
  rates: (combinedRateLabel: string, shippingTaxed: boolean) =>
    `Combined sales tax ${combinedRateLabel} on parts for this address; ` +
    `shipping ${shippingTaxed ? 'is' : 'is not'} taxed.`,
} as const;
