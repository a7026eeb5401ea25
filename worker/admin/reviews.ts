/**
 * The back office's side of review moderation: who decides, how the reviewer is written to, and
 * the audit entry each decision carries into the reviews domain's batch (worker/reviews/service.ts).
 */
import { getShopSettings } from '../content/service.ts';
import { systemClock } from '../platform/clock.ts';
import { mailerFor } from '../platform/email.ts';
import type { AlongWith, ModerationDeps } from '../reviews/staff.ts';
import type { AdminContext } from './guard.ts';
import { auditedBy, type StaffMember } from './service.ts';
import { marketOrigins } from '../platform/origin.ts';

/** The audit entry of one change to a review, written in the change's own batch. */
export const auditedAs = (_db: D1Database, staff: StaffMember, action: string, reviewId: number): AlongWith =>
  auditedBy(staff, { action, recordType: 'review', recordId: String(reviewId) });

/** What a decision needs for this request: the signed-in staff member, the mailer, the shop's name and origins. */
export async function moderationDeps(c: AdminContext): Promise<ModerationDeps> {
  const settings = await getShopSettings(c.env.SETTINGS, systemClock);
  return {
    db: c.env.DB,
    moderator: c.var.staff.email,
    mailer: await mailerFor(c.env),
    shopName: settings.SHOP_NAME,
    origins: marketOrigins(c.env),
  };
}

/** The queue's page number from the query string: anything odd is the first page. */
export function queuePage(text: string | undefined): number {
  const page = Number.parseInt(text ?? '1', 10);
  return Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1;
}

/** The notice a finished action leaves on the queue (the redirect's `done`). */
export const DONE_NOTICE: Record<string, string> = {
  published: 'published. It now shows on the product page.',
  rejected: 'rejected. The reviewer was emailed the reason.',
  'rejected-unsent': 'rejected. The reviewer left no email address, so they were not told.',
  flagged: 'flag saved.',
};
