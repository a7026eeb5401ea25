import type { Locale } from '../../shared/i18n/locale.ts';
import type { MarketId } from '../../shared/markets.ts';

/**
 * The reviews domain's records: the shapes its repositories read and write, named by the domain
 * (its doors and flows speak of these, never of a repository's row).
 */

/** The fields a shopper writes; hashes and flags are set by the service. */
export interface ReviewWrite {
  itemId: number;
  rating: number;
  title: string;
  content: string;
  name: string;
  vehicle: string | null;
}
/** Where a reviewer is told about their review: an email and the market whose shop they bought from. */
export interface Reviewer {
  email: string;
  market: MarketId;
  /** The language of the order that invited them (issue 37): their emails speak it; English when not given. */
  locale?: Locale;
}
/** The sort orders of a review list. */
export type ReviewSort = 'newest' | 'helpful' | 'rating';

export const REVIEW_STATUSES = ['PENDING', 'PUBLISHED', 'REJECTED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** A review as the moderation queue shows it, with its product and photos. */
export interface QueuedReview {
  id: number;
  itemId: number;
  rating: number;
  title: string;
  content: string;
  name: string;
  vehicle: string | null;
  verifiedPurchase: boolean;
  createdAt: number;
  status: ReviewStatus;
  moderatedBy: string | null;
  moderatedAt: number | null;
  rejectionReason: string | null;
  staffFlag: string | null;
  reviewerEmail: string | null;
  itemTitle: string;
  partNumber: string | null;
  urlHandle: string | null;
  /** R2 keys of the photos, served under /media/. */
  photos: string[];
}
