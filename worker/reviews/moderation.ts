/**
 * Review moderation (issue 19): the queue staff work through, publishing or rejecting a PENDING
 * review (the reviewer is told why), and a staff note flag. Each decision runs the caller's
 * statements (the back office's audit entry) in the same batch as the change, and a review is
 * decided once: a second click or a colleague's decision finds it already moderated.
 */
import type { AuditEntry } from '../platform/audit.ts';
import type { MarketId } from '../../shared/markets.ts';
import type { EmailMessage, EmailSender } from '../platform/email.ts';
import { layoutEmail } from '../platform/email-layout.ts';
import { withLocale } from '../platform/i18n.ts';
import * as m from '../../shared/i18n/generated/messages.js';
import { currentLocale } from '../../shared/i18n/current.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import { titlesInFrench } from '../catalog/service.ts';
import { catalogChanged } from '../platform/recent-reads.ts';
import { type ModerationTarget, moderationRepository } from './moderation-repository.ts';
import { type QueuedReview, REVIEW_STATUSES, type ReviewStatus } from './records.ts';

export { REVIEW_STATUSES, type QueuedReview, type ReviewStatus };

/** The reasons staff choose from when rejecting a review; 'Other' needs words of their own. */
export const REJECT_REASONS = [
  'Contains personal or contact details',
  'Not about this product',
  'Offensive or inappropriate language',
  'Advertising or spam',
  'Other',
] as const;
/** The notes staff may flag a review with. */
export const REVIEW_FLAGS = ['Contains personal data', 'Off-topic', 'Needs a second look'] as const;
/** The most characters staff may add to a rejection reason. */
export const REJECT_NOTE_MAX = 500;
export const REVIEWS_PAGE_SIZE = 20;

export const MODERATION_MSG = {
  reasonRequired: 'Please choose a reason for rejecting this review.',
  noteRequired: 'Please describe the reason in your own words.',
  noteTooLong: `The reason can be at most ${REJECT_NOTE_MAX} characters.`,
  flagInvalid: 'Please choose a flag from the list.',
  notFound: 'There is no review with this number.',
} as const;

/** The message for a review someone already decided on. */
export const alreadyModerated = (status: ReviewStatus) =>
  `This review has already been moderated: it is ${status.toLowerCase()}. Nothing was changed.`;

/** A change as the caller records it (the audit entry's before and after). */
export interface ModerationChange {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}
/** The audit entry the caller wants written in the batch of the change. */
export type AlongWith = (change: ModerationChange) => AuditEntry;

export type ModerationResult =
  | { ok: true; review: ModerationTarget; emailed: boolean }
  | { ok: false; problem: 'not-found'; message: string }
  | { ok: false; problem: 'already-moderated'; status: ReviewStatus; message: string }
  | { ok: false; problem: 'invalid'; message: string };

/** Who decides, and how a rejected reviewer is written to. */
export interface ModerationDeps {
  db: D1Database;
  /** The staff member's email, kept with the decision. */
  moderator: string;
  mailer: EmailSender;
  shopName: string;
  /** Each market's configured origin: links in emails never come from a request's Host. */
  origins: Record<MarketId, string>;
}

const isStatus = (text: unknown): text is ReviewStatus => REVIEW_STATUSES.includes(text as ReviewStatus);

/** A page of the reviews in a status (the pending queue by default), with the count of each status. */
export async function reviewQueue(db: D1Database, status: unknown, page: number) {
  const shown = isStatus(status) ? status : 'PENDING';
  const repo = moderationRepository(db);
  const [{ rows, total }, counts] = await Promise.all([
    repo.queue(shown, REVIEWS_PAGE_SIZE, (page - 1) * REVIEWS_PAGE_SIZE),
    repo.counts(),
  ]);
  return { status: shown, list: rows, total, counts, page, pages: Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE)) };
}

/** The reason a rejection form gives (a listed reason, plus words of their own), or what is wrong with it. */
export function rejectionReason(choice: string, note: string): { reason: string } | { problem: string } {
  const words = note.trim();
  if (!REJECT_REASONS.includes(choice as (typeof REJECT_REASONS)[number]))
    return { problem: MODERATION_MSG.reasonRequired };
  if (words.length > REJECT_NOTE_MAX) return { problem: MODERATION_MSG.noteTooLong };
  if (choice === 'Other') return words ? { reason: words } : { problem: MODERATION_MSG.noteRequired };
  return { reason: words ? `${choice}: ${words}` : choice };
}

const notFound = { ok: false as const, problem: 'not-found' as const, message: MODERATION_MSG.notFound };

/** The review if it can still be decided on; otherwise why not. */
async function pendingTarget(db: D1Database, id: number) {
  const review = await moderationRepository(db).target(id);
  if (!review) return notFound;
  if (review.status !== 'PENDING') return refusedAs(review.status);
  return { ok: true as const, review };
}

const refusedAs = (status: ReviewStatus) => ({
  ok: false as const,
  problem: 'already-moderated' as const,
  status,
  message: alreadyModerated(status),
});

/** Runs a decision; when its batch fails because someone decided first, says so rather than throwing. */
async function decide(
  deps: ModerationDeps,
  review: ModerationTarget,
  decision: { status: 'PUBLISHED' | 'REJECTED'; reason: string | null },
  alongWith: AlongWith,
) {
  const change = {
    before: { status: 'PENDING' },
    after: { status: decision.status, ...(decision.reason ? { reason: decision.reason } : {}) },
  };
  const repo = moderationRepository(deps.db);
  try {
    await repo.decide(review.id, { ...decision, by: deps.moderator }, alongWith(change));
    return null;
  } catch (error) {
    const now = await repo.target(review.id);
    if (now === null) return notFound;
    if (now.status !== 'PENDING') return refusedAs(now.status);
    throw error;
  }
}

/** Publishes a PENDING review: it shows on the product page and counts in the product's rating (§3 reviewInfo). */
export async function publishReview(deps: ModerationDeps, id: number, alongWith: AlongWith): Promise<ModerationResult> {
  const found = await pendingTarget(deps.db, id);
  if (!found.ok) return found;
  const refused = await decide(deps, found.review, { status: 'PUBLISHED', reason: null }, alongWith);
  if (refused) return refused;
  catalogChanged();
  return { ok: true, review: found.review, emailed: false };
}

/** Rejects a PENDING review with a reason (rejectionReason) and emails the reviewer why, when the shop can. */
export async function rejectReview(
  deps: ModerationDeps,
  id: number,
  form: { choice: string; note: string },
  alongWith: AlongWith,
): Promise<ModerationResult> {
  const found = await pendingTarget(deps.db, id);
  if (!found.ok) return found;
  const parsed = rejectionReason(form.choice, form.note);
  if ('problem' in parsed) return { ok: false, problem: 'invalid', message: parsed.problem };
  const refused = await decide(deps, found.review, { status: 'REJECTED', reason: parsed.reason }, alongWith);
  if (refused) return refused;
  const { review } = found;
  if (!review.reviewerEmail) return { ok: true, review, emailed: false };
  const origin = deps.origins[review.reviewerMarket ?? 'us'];
  // In the language of the order that invited the reviewer (the US site's are English).
  const locale = review.reviewerMarket === 'ca' && review.reviewerLocale === 'fr' ? 'fr' : 'en';
  const message = withLocale(locale, () => rejectionEmail(review, parsed.reason, { name: deps.shopName, origin }));
  await deps.mailer.send(message);
  return { ok: true, review, emailed: true };
}

/** The listed reasons in the language spoken ('Other' is staff's own words, as they wrote them). */
const REASON_WORDS: Record<Exclude<(typeof REJECT_REASONS)[number], 'Other'>, () => string> = {
  'Contains personal or contact details': m.review_reject_personal,
  'Not about this product': m.review_reject_off_topic,
  'Offensive or inappropriate language': m.review_reject_offensive,
  'Advertising or spam': m.review_reject_spam,
};

/** A rejection's reason (a listed reason, then staff's words after ': ') in the language spoken. */
function reasonSpoken(reason: string): string {
  if (currentLocale() !== 'fr') return reason;
  for (const [listed, words] of Object.entries(REASON_WORDS)) {
    if (reason === listed) return words();
    if (reason.startsWith(`${listed}: `)) return `${words()} : ${reason.slice(listed.length + 2)}`;
  }
  return reason;
}

/**
 * The email that tells a reviewer their review was not published, and why; in the language spoken when it
 * is built (the part's title and the product page's link too).
 */
export function rejectionEmail(
  review: ModerationTarget,
  reason: string,
  shop: { name: string; origin: string },
): EmailMessage {
  const locale = currentLocale();
  const item =
    locale === 'fr' ? (titlesInFrench({ title: review.itemTitle }) as { title: string }).title : review.itemTitle;
  const link = review.urlHandle
    ? {
        url: `${shop.origin}${localizePath(`/product/${review.urlHandle}`, locale)}`,
        label: m.email_review_rejected_label(),
      }
    : undefined;
  return layoutEmail(
    'review-rejected',
    review.reviewerEmail!,
    m.email_review_rejected_subject({ item }),
    [
      m.email_review_rejected_thanks({ item, shopName: shop.name }),
      m.email_review_rejected_reason({ title: review.title, reason: reasonSpoken(reason) }),
      m.email_review_rejected_again(),
    ],
    link,
  );
}

/** Sets (or, with an empty flag, clears) a review's staff note flag, whatever its status. */
export async function flagReview(
  db: D1Database,
  id: number,
  flag: string,
  alongWith: AlongWith,
): Promise<ModerationResult> {
  const chosen = flag.trim() || null;
  if (chosen !== null && !REVIEW_FLAGS.includes(chosen as (typeof REVIEW_FLAGS)[number]))
    return { ok: false, problem: 'invalid', message: MODERATION_MSG.flagInvalid };
  const repo = moderationRepository(db);
  const review = await repo.target(id);
  if (!review) return notFound;
  try {
    await repo.flag(id, chosen, alongWith({ before: { flag: review.staffFlag }, after: { flag: chosen } }));
  } catch (error) {
    if ((await repo.target(id)) === null) return notFound; // deleted by its reviewer meanwhile
    throw error;
  }
  return { ok: true, review: { ...review, staffFlag: chosen }, emailed: false };
}
