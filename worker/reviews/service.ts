import { DEFAULT_RATING } from '../../shared/constants.ts';
import { MSG } from '../../shared/messages.ts';
import { reviewPrivacyProblem } from '../../shared/validation.ts';
import { ApiError } from '../platform/api-error.ts';
import { reviewRepository } from './repository.ts';
import type { Reviewer, ReviewSort, ReviewWrite } from './records.ts';
import { catalogChanged } from '../platform/recent-reads.ts';

import { toBase64Url } from '../../shared/base64.ts';
import { readInvitation, signInvitation } from './invitation.ts';
import { sha256Hex } from '../platform/signing.ts';
export type { Reviewer };

/** Reviews per IP for writing calls (create, edit, delete, invitations). */
export const REVIEW_RULE = { limit: 10, windowMs: 10 * 60_000 };
export { INVITATION_SECONDS, signInvitation } from './invitation.ts';
/** The answer when an edit link does not match its review. */
export const BAD_EDIT_LINK = 'This review link is not valid.';
/** The answer for an item or review that does not exist (or is not published). */
export const REVIEW_NOT_FOUND = 'The review cannot be found.';
const ITEM_NOT_FOUND = 'The item cannot be found.';
const MARKUP = /[<>]/;
const LETTER = /\p{L}/u;

/** A shopper's draft: the stored fields and an optional invitation token. */
export interface ReviewDraft extends ReviewWrite {
  invitation?: string | null;
}

/** The rules beyond the field lengths: no markup, a name with letters, no contact details (§7 Reviews). */
export function draftProblem(draft: Omit<ReviewWrite, 'itemId'>): string | null {
  if ([draft.title, draft.content, draft.name, draft.vehicle ?? ''].some((text) => MARKUP.test(text)))
    return MSG.removeSpecialChars;
  if (!LETTER.test(draft.name)) return 'name must contain letters';
  return reviewPrivacyProblem(draft.title, draft.content);
}

/** Throws the 400 for a draft that breaks a rule; checks the item exists (404). */
export async function checkDraft(db: D1Database, draft: ReviewWrite): Promise<void> {
  const problem = draftProblem(draft);
  if (problem) throw ApiError.badRequest(problem);
  if (!(await reviewRepository(db).itemExists(draft.itemId))) throw ApiError.notFound(ITEM_NOT_FOUND);
}

/**
 * Stores a new PENDING review; a verified purchase with a valid invitation for the same item, or from the
 * signed-in member who bought it (`buyer`); either also says where the reviewer is told if it is rejected.
 */
export async function createReview(
  db: D1Database,
  secret: string,
  draft: ReviewDraft,
  now = Date.now(),
  buyer: Reviewer | null = null,
) {
  await checkDraft(db, draft);
  const invitation = draft.invitation ? await readInvitation(draft.invitation, secret, now) : null;
  const invited =
    invitation?.itemId === draft.itemId ? invitation : buyer ? { itemId: draft.itemId, reviewer: buyer } : null;
  const verified = invited !== null;
  const editLink = randomToken();
  const { itemId, rating, title, content, name, vehicle } = draft;
  const id = await reviewRepository(db).insert(
    { itemId, rating, title, content, name, vehicle },
    await sha256Hex(editLink),
    verified,
    invited?.reviewer ?? null,
  );
  return { id, status: 'PENDING' as const, editLink };
}

/** Rewrites a review when the edit link matches (403 otherwise); it waits for moderation again. */
export async function editReview(db: D1Database, id: number, editLink: string, draft: Omit<ReviewWrite, 'itemId'>) {
  const problem = draftProblem(draft);
  if (problem) throw ApiError.badRequest(problem);
  const review = await authorize(db, id, editLink);
  await reviewRepository(db).update(id, draft, review.itemId);
  catalogChanged();
  return { id, status: 'PENDING' as const };
}

/** Deletes a review when the edit link matches (403 otherwise). */
export async function deleteReview(db: D1Database, id: number, editLink: string): Promise<void> {
  const review = await authorize(db, id, editLink);
  await reviewRepository(db).remove(id, review.itemId);
  catalogChanged();
}

/** Publishes or rejects a review and recomputes its item's rating and count (no HTTP endpoint). */
export async function moderateReview(db: D1Database, id: number, status: 'PUBLISHED' | 'REJECTED'): Promise<void> {
  if (!(await reviewRepository(db).setStatus(id, status))) throw ApiError.notFound(REVIEW_NOT_FOUND);
  catalogChanged();
}

/** An item's rating summary: the published average (or the default, flagged), count and star distribution. */
export async function reviewInfo(db: D1Database, itemId: number) {
  const rows = await reviewRepository(db).distribution(itemId);
  const distribution: Record<'1' | '2' | '3' | '4' | '5', number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const row of rows) distribution[String(row.rating) as '1'] = row.count;
  const reviewCount = rows.reduce((sum, row) => sum + row.count, 0);
  if (reviewCount === 0) return { itemId, rating: DEFAULT_RATING, isDefault: true, reviewCount, distribution };
  const average = rows.reduce((sum, row) => sum + row.rating * row.count, 0) / reviewCount;
  return { itemId, rating: Math.round(average * 10) / 10, isDefault: false, reviewCount, distribution };
}

/** One page of an item's published reviews with the total. */
export async function listReviews(
  db: D1Database,
  itemId: number,
  page: number,
  size: number,
  sort: ReviewSort,
  rating?: number,
) {
  const { rows, total } = await reviewRepository(db).listPublished(itemId, {
    rating,
    sort,
    limit: size,
    offset: (page - 1) * size,
  });
  return { list: rows, total, page, size };
}

/** The item id of a valid, unexpired invitation; null when tampered with, malformed or expired. */
export async function verifyInvitation(token: string, secret: string, now = Date.now()): Promise<number | null> {
  return (await readInvitation(token, secret, now))?.itemId ?? null;
}

async function authorize(db: D1Database, id: number, editLink: string) {
  const review = await reviewRepository(db).editable(id);
  if (!review || !review.editTokenHash || review.editTokenHash !== (await sha256Hex(editLink)))
    throw new ApiError(403, 403, BAD_EDIT_LINK);
  return review;
}

function randomToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** One published review by id; 404 when there is none. */
export async function publishedReview(db: D1Database, id: number) {
  const found = await reviewRepository(db).publishedById(id);
  if (!found) throw ApiError.notFound(REVIEW_NOT_FOUND);
  return found;
}

/** An invitation to review an item the shop has; 404 for an unknown item. */
export async function inviteToReview(db: D1Database, secret: string, itemId: number) {
  if (!(await reviewRepository(db).itemExists(itemId))) throw ApiError.notFound(ITEM_NOT_FOUND);
  return signInvitation(itemId, secret);
}

/** A page of the newest published reviews across the shop, with their item titles. */
export async function recentReviews(db: D1Database, page: number, size: number) {
  const { rows, total } = await reviewRepository(db).recentPublished(size, (page - 1) * size);
  return { list: rows, total, page, size };
}
