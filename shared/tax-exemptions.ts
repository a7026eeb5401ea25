import * as m from './i18n/generated/messages.js';
import type { MarketId } from './markets.ts';
import { regionDay } from './region-time-zones.ts';
import { CA_PROVINCES, regionName, US_STATES } from './regions.ts';
import { US_STATE_SALES_TAX } from './tax.ts';

/**
 * Exempt buyers (issue 39 item 3): repair shops and fleets buy parts for resale and send the shop
 * their resale or exemption certificate; staff approve it with the states it covers and its expiry,
 * and checkout then charges them no sales tax there. In Canada a certificate (a PST number)
 * exempts the provincial sales tax of British Columbia, Manitoba or Saskatchewan only: GST and HST
 * are charged to resellers too, who recover them as input tax credits.
 */

export const EXEMPTION_KINDS = ['RESALE', 'EXEMPTION'] as const;
export type ExemptionKind = (typeof EXEMPTION_KINDS)[number];

export const EXEMPTION_KIND_LABEL: Readonly<Record<ExemptionKind, string>> = {
  RESALE: 'Resale certificate',
  EXEMPTION: 'Exemption certificate',
};

export const EXEMPTION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ExemptionStatus = (typeof EXEMPTION_STATUSES)[number];

export const EXEMPTION_STATUS_LABEL: Readonly<Record<ExemptionStatus, string>> = {
  PENDING: 'Waiting for review',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

/** The files a certificate may be, as their first bytes say (never the name or the browser's word). */
export const EXEMPTION_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type ExemptionFileType = (typeof EXEMPTION_FILE_TYPES)[number];

/** The private R2 folder of certificates' files (the public media path refuses it). */
export const EXEMPTION_KEY_PREFIX = 'tax-exemptions/';

export const EXEMPTION_LIMITS = {
  /** A scanned certificate or a phone photo of one. */
  maxBytes: 10 * 1024 * 1024,
  /** Certificates of one member waiting for review at once. */
  pendingPerMember: 5,
  /** AvaTax takes an exemption number of 25 characters at most: longer would be cut. */
  numberMaxLength: 25,
  reasonMaxLength: 500,
  fileNameMaxLength: 120,
} as const;

/** The words of the member's page, the staff review and checkout. */
export const EXEMPTION_MSG = {
  kind: 'Choose whether this is a resale certificate or an exemption certificate.',
  number:
    'Enter the certificate or permit number as printed on it ' +
    `(up to ${EXEMPTION_LIMITS.numberMaxLength} characters).`,
  regions: (market: MarketId) =>
    market === 'ca' ? 'Choose the province the certificate covers.' : 'Choose at least one state it covers.',
  fileMissing: 'Choose the certificate file to upload.',
  fileType: 'Upload the certificate as a PDF, JPEG or PNG file.',
  fileTooLarge: 'The file is larger than 10 MB. Please upload a smaller scan or photo of the certificate.',
  tooManyPending:
    `You have ${EXEMPTION_LIMITS.pendingPerMember} certificates waiting for review. ` +
    'Please wait for our answer before sending another.',
  uploaded: 'Thank you. We have your certificate: it applies to your orders once we have approved it.',
  notFound: 'There is no such certificate.',
  expiry: 'Enter the expiry date printed on the certificate: today or a later day.',
  approveRegions: 'Choose at least one state or province the certificate covers.',
  reason: `Enter the reason for the rejection (up to ${EXEMPTION_LIMITS.reasonMaxLength} characters).`,
  decided: (status: string, by: string) =>
    `This certificate was ${status.toLowerCase()} by ${by} meanwhile. Your decision was not saved.`,
  approved: 'The certificate is approved: checkout no longer charges the member tax where it applies.',
  rejected: 'The certificate is rejected. The member sees the reason on their account page.',
} as const;

/** What checkout says of an order a certificate made exempt (the US note is TAX_NOTE.exempt). */
export const EXEMPTION_NOTE = {
  provincial: (place: string, certificate: string) =>
    `No PST: your exemption certificate ${certificate} applies in ${place}. GST is charged as usual.`,
} as const;

/** The certificate an order was sold exempt under: its kind, its number, and where the order went. */
export interface OrderExemption {
  kind: ExemptionKind;
  number: string;
  market: MarketId;
  /** The ship-to state or province code. */
  region: string;
}

/** A certificate's kind in a sentence, in the language spoken: "resale certificate". */
export const exemptionKindWords = (kind: ExemptionKind) =>
  kind === 'RESALE' ? m.exemption_kind_resale() : m.exemption_kind_exemption();

/**
 * What an invoice and the order's confirmation say of an exempt order, in the language spoken:
 * "Tax exempt: resale certificate OH-1234 (Ohio)"; in Canada the certificate exempts the PST alone.
 */
export function exemptionMention(exemption: OrderExemption): string {
  const regions = exemption.market === 'ca' ? CA_PROVINCES : US_STATES;
  const region = regions.find((candidate) => candidate.code === exemption.region);
  const words = {
    kind: exemptionKindWords(exemption.kind),
    certificate: exemption.number,
    place: region ? regionName(region) : exemption.region,
  };
  return exemption.market === 'ca' ? m.tax_exempt_mention_pst(words) : m.tax_exempt_mention(words);
}

/** The provinces whose PST a certificate can exempt. */
const PST_PROVINCES = new Set(['BC', 'MB', 'SK']);

/** A region as certificates name it: the country and the state or province ('US-OH', 'CA-BC'). */
export const exemptionRegionKey = (market: MarketId, region: string) => `${market === 'ca' ? 'CA' : 'US'}-${region}`;

/** The regions a certificate of the market may cover, in the order the forms list them. */
export function exemptionRegions(market: MarketId): readonly { key: string; code: string; name: string }[] {
  const regions =
    market === 'ca'
      ? CA_PROVINCES.filter((province) => PST_PROVINCES.has(province.code))
      : US_STATES.filter((state) => (US_STATE_SALES_TAX[state.code] ?? 0) > 0);
  return regions.map((region) => ({
    key: exemptionRegionKey(market, region.code),
    code: region.code,
    name: region.name,
  }));
}

/** A region key's name ('US-OH' reads "Ohio"), or the key itself. */
export function exemptionRegionName(key: string): string {
  const [country, code] = key.split('-');
  const regions = country === 'CA' ? CA_PROVINCES : US_STATES;
  return regions.find((region) => region.code === code)?.name ?? key;
}

/** A day as a certificate's dates are written (YYYY-MM-DD), in UTC: for checking that a typed day exists. */
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The day a certificate's expiry is judged on in a region ('US-CA'): that state's or province's
 * own calendar day (region-time-zones.ts says why), so a certificate expiring on December 31
 * applies to an order shipped there until midnight there.
 */
export function exemptionDay(regionKey: string, ms: number): string {
  const [country, code = ''] = regionKey.split('-');
  return regionDay(country === 'CA' ? 'ca' : 'us', code, ms);
}

/**
 * The earliest of those days over some regions: a certificate still applies somewhere it covers
 * until this day has passed (what its member's page and the staff's approval read as "today").
 */
export function earliestExemptionDay(regionKeys: readonly string[], ms: number): string {
  // YYYY-MM-DD sorts as it reads.
  return regionKeys.map((key) => exemptionDay(key, ms)).sort()[0] ?? isoDay(ms);
}
