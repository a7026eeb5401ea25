/** Review moderation queries: the queue, one review to decide on, and the decisions. The only place with their SQL. */
import type { QueuedReview, ReviewStatus } from './records.ts';
import { auditRepository } from '../platform/audit-repository.ts';
import type { AuditEntry } from '../platform/records.ts';
import type { MarketId } from '../../shared/markets.ts';
import type { Locale } from '../../shared/i18n/locale.ts';
import { recompute } from './repository.ts';

/** What a decision on one review needs to know of it. */
export interface ModerationTarget {
  id: number;
  itemId: number;
  status: ReviewStatus;
  title: string;
  staffFlag: string | null;
  reviewerEmail: string | null;
  reviewerMarket: MarketId | null;
  /** The language of the order that invited the reviewer; null without an invitation. */
  reviewerLocale: Locale | null;
  itemTitle: string;
  urlHandle: string | null;
}

// The product's first part number and primary active handle, as the storefront links it.
const PART_NUMBER = '(SELECT s.part_number FROM sku s WHERE s.item_id = r.item_id ORDER BY s.sort, s.id LIMIT 1)';
const HANDLE = `(SELECT h.url_handle FROM seo h WHERE h.type = 'ITEM' AND h.target_id = r.item_id AND h.active = 1
  ORDER BY h.is_primary DESC, h.id LIMIT 1)`;
const PHOTOS = `(SELECT json_group_array(media_key) FROM (SELECT media_key FROM review_photo
  WHERE review_id = r.id ORDER BY idx))`;
const QUEUE_COLUMNS = `r.id, r.item_id AS itemId, r.rating, r.title, r.content, r.name, r.vehicle,
  r.verified_purchase AS verifiedPurchase, r.created_at AS createdAt, r.status, r.moderated_by AS moderatedBy,
  r.moderated_at AS moderatedAt, r.rejection_reason AS rejectionReason, r.staff_flag AS staffFlag,
  r.reviewer_email AS reviewerEmail, i.title AS itemTitle, ${PART_NUMBER} AS partNumber, ${HANDLE} AS urlHandle,
  ${PHOTOS} AS photosJson`;
// The pending queue is worked oldest first; decided reviews read newest decision first.
const QUEUE_ORDER: Record<ReviewStatus, string> = {
  PENDING: 'r.created_at, r.id',
  PUBLISHED: 'coalesce(r.moderated_at, r.created_at) DESC, r.id DESC',
  REJECTED: 'coalesce(r.moderated_at, r.created_at) DESC, r.id DESC',
};

type RawQueueRow = Omit<QueuedReview, 'verifiedPurchase' | 'photos'> & { verifiedPurchase: number; photosJson: string };

/** Aborts the batch (batch_guard's CHECK) unless the statement just before changed exactly one row. */
const guard = (db: D1Database) => [
  db.prepare('INSERT INTO batch_guard (ok) SELECT changes() = 1'),
  db.prepare('DELETE FROM batch_guard'),
];

export function moderationRepository(db: D1Database) {
  return {
    /** One page of the reviews in a status, in the queue's order, with the total. */
    async queue(status: ReviewStatus, limit: number, offset: number): Promise<{ rows: QueuedReview[]; total: number }> {
      const [rows, total] = await db.batch([
        db
          .prepare(`SELECT ${QUEUE_COLUMNS} FROM review r JOIN item i ON i.id = r.item_id WHERE r.status = ?
            ORDER BY ${QUEUE_ORDER[status]} LIMIT ? OFFSET ?`)
          .bind(status, limit, offset),
        db.prepare('SELECT COUNT(*) AS total FROM review WHERE status = ?').bind(status),
      ]);
      return {
        rows: (rows!.results as RawQueueRow[]).map(({ photosJson, verifiedPurchase, ...row }) => ({
          ...row,
          verifiedPurchase: verifiedPurchase === 1,
          photos: JSON.parse(photosJson) as string[],
        })),
        total: (total!.results[0] as { total: number }).total,
      };
    },

    /** How many reviews are in each status. */
    async counts(): Promise<Record<ReviewStatus, number>> {
      const { results } = await db
        .prepare('SELECT status, COUNT(*) AS count FROM review GROUP BY status')
        .all<{ status: ReviewStatus; count: number }>();
      const counts = { PENDING: 0, PUBLISHED: 0, REJECTED: 0 };
      for (const row of results) counts[row.status] = row.count;
      return counts;
    },

    /** One review as a decision on it needs it. */
    target(id: number): Promise<ModerationTarget | null> {
      return db
        .prepare(`SELECT r.id, r.item_id AS itemId, r.status, r.title, r.staff_flag AS staffFlag,
            r.reviewer_email AS reviewerEmail, r.reviewer_market AS reviewerMarket,
            r.reviewer_locale AS reviewerLocale, i.title AS itemTitle, ${HANDLE} AS urlHandle
          FROM review r JOIN item i ON i.id = r.item_id WHERE r.id = ?`)
        .bind(id)
        .first<ModerationTarget>();
    },

    /**
     * Publishes or rejects a PENDING review, recomputes its item's rating and count and writes its
     * audit entry, all in one batch. The batch fails, changing nothing, when the review is
     * not PENDING any more: two staff deciding at once make one decision.
     */
    async decide(
      id: number,
      decision: { status: 'PUBLISHED' | 'REJECTED'; by: string; reason: string | null },
      audit: AuditEntry,
    ): Promise<void> {
      await db.batch([
        db
          .prepare(`UPDATE review SET status = ?, moderated_by = ?, moderated_at = unixepoch(), rejection_reason = ?
            WHERE id = ? AND status = 'PENDING'`)
          .bind(decision.status, decision.by, decision.reason, id),
        ...guard(db),
        recompute(db, '(SELECT item_id FROM review WHERE id = ?1)').bind(id),
        auditRepository(db).insertStatement(audit),
      ]);
    },

    /** Sets or clears a review's staff flag with its audit entry in one batch; fails when there is no review. */
    async flag(id: number, flag: string | null, audit: AuditEntry): Promise<void> {
      await db.batch([
        db.prepare('UPDATE review SET staff_flag = ? WHERE id = ?').bind(flag, id),
        ...guard(db),
        auditRepository(db).insertStatement(audit),
      ]);
    },
  };
}
