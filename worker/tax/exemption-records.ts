import type { Locale } from '../../shared/i18n/locale.ts';
import type { MarketId } from '../../shared/markets.ts';
import type { ExemptionFileType, ExemptionKind, ExemptionStatus } from '../../shared/tax-exemptions.ts';

/** The records of exemption certificates (issue 39 item 3) as the tax domain hands them out. */

/** A certificate as its member and staff read it (never its storage key). */
export interface ExemptionCertificate {
  id: number;
  accountId: number;
  /** The member's email, for staff. */
  email: string;
  market: MarketId;
  kind: ExemptionKind;
  number: string;
  /** The regions the member named ('US-OH'), and those staff approved (empty until approved). */
  claimedRegions: string[];
  regions: string[];
  fileName: string;
  contentType: ExemptionFileType;
  size: number;
  status: ExemptionStatus;
  /** The last day it applies (YYYY-MM-DD), once approved. */
  expiresOn: string | null;
  reason: string | null;
  /** The staff member who decided, by email, and when. */
  decidedBy: string | null;
  decidedAt: number | null;
  createdAt: number;
  /** The language of the page the member sent it from. */
  locale: Locale;
}

/** A new certificate, as the member sent it. */
export interface NewExemption {
  accountId: number;
  market: MarketId;
  kind: ExemptionKind;
  number: string;
  claimedRegions: string[];
  objectKey: string;
  fileName: string;
  contentType: ExemptionFileType;
  size: number;
  createdAt: number;
  locale: Locale;
}

/** A staff decision on a pending certificate. */
export type ExemptionDecision =
  | { status: 'APPROVED'; regions: string[]; expiresOn: string }
  | { status: 'REJECTED'; reason: string };

/** The certificate a checkout applies: approved, unexpired, covering the ship-to region. */
export interface ApplicableCertificate {
  id: number;
  number: string;
  kind: ExemptionKind;
}

/** Where a certificate's file is kept, and whose it is. */
export interface ExemptionFile {
  accountId: number;
  objectKey: string;
  contentType: ExemptionFileType;
  fileName: string;
}
