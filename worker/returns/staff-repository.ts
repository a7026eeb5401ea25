import { RETURN_REFUNDABLE_STATUSES, RETURN_STATUSES, type ReturnStatus } from '../../shared/return-status.ts';
import { sqlStatusList } from '../../shared/status-machine.ts';

/**
 * The back office's SQL for returns (issue 20): the queue with its search and per-status counts,
 * a return's history with who of the staff acted, the shopper's history, and the guarded writes
 * of each decision (two staff deciding at once: one batch wins, the other's guard aborts it).
 */

/** A return that can be refunded now (shared/return-status.ts). */
const REFUNDABLE = sqlStatusList(RETURN_REFUNDABLE_STATUSES);

export interface QueueFilter {
  /** The statuses shown (every one for ALL). */
  statuses: readonly ReturnStatus[];
  /** An RMA, order number or email, whole or its beginning; null for every return. */
  q: string | null;
  page: number;
  size: number;
}

export interface QueueRow {
  rma: string;
  orderId: string;
  email: string;
  reason: string;
  status: ReturnStatus;
  units: number;
  evidenceCount: number;
  createdAt: number;
  updatedAt: number;
}

/** D1 refuses LIKE patterns over 50 bytes: longer text is matched whole. */
const LIKE_MAX_BYTES = 50;

/** The search text as a prefix pattern, its own % and _ taken literally; null when too long for LIKE. */
function prefixPattern(q: string | null): string | null {
  if (q === null) return null;
  const pattern = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return new TextEncoder().encode(pattern).length > LIKE_MAX_BYTES ? null : pattern;
}

/** ?1 the text, ?2 its prefix pattern: an RMA, an order number or an email, whole or its start, any case. */
const MATCHES = `(?1 IS NULL
  OR r.rma = ?1 COLLATE NOCASE OR r.order_id = ?1 COLLATE NOCASE OR o.email = ?1 COLLATE NOCASE
  OR r.rma LIKE ?2 ESCAPE '\\' OR r.order_id LIKE ?2 ESCAPE '\\' OR o.email LIKE ?2 ESCAPE '\\')`;

export function staffReturnRepository(db: D1Database) {
  /** Aborts the batch (batch_guard's CHECK) unless the condition, a SELECT of one 0/1 value, is 1. */
  const guard = (condition: string, ...params: unknown[]) => [
    db.prepare(`INSERT INTO batch_guard (ok) ${condition}`).bind(...params),
    db.prepare(`DELETE FROM batch_guard`),
  ];
  const eventStatement = (returnId: number, status: ReturnStatus, note: string | null, staffId: number, now: number) =>
    db
      .prepare(`INSERT INTO return_event (return_id, status, note, created_at, staff_id) VALUES (?, ?, ?, ?, ?)`)
      .bind(returnId, status, note, now, staffId);
  return {
    /** A page of the queue, newest first, how many match, and how many of the matches are in each status. */
    async queue(filter: QueueFilter) {
      const params = [filter.q, prefixPattern(filter.q), JSON.stringify(filter.statuses)];
      const from = `FROM order_return r JOIN orders o ON o.id = r.order_id WHERE ${MATCHES}`;
      const [counts, rows] = await db.batch([
        db.prepare(`SELECT r.status, count(*) AS count ${from} GROUP BY r.status`).bind(params[0], params[1]),
        db
          .prepare(
            `SELECT r.rma, r.order_id AS orderId, o.email, r.reason, r.status, r.created_at AS createdAt,
              r.updated_at AS updatedAt,
              (SELECT coalesce(sum(quantity), 0) FROM order_return_line l WHERE l.return_id = r.id) AS units,
              (SELECT count(*) FROM return_evidence e WHERE e.return_id = r.id) AS evidenceCount
            ${from} AND r.status IN (SELECT value FROM json_each(?3))
            ORDER BY r.created_at DESC, r.id DESC LIMIT ?4 OFFSET ?5`,
          )
          .bind(...params, filter.size, (filter.page - 1) * filter.size),
      ]);
      const byStatus = Object.fromEntries(RETURN_STATUSES.map((status) => [status, 0])) as Record<ReturnStatus, number>;
      for (const row of counts!.results as { status: ReturnStatus; count: number }[]) byStatus[row.status] = row.count;
      const total = filter.statuses.reduce((sum, status) => sum + byStatus[status], 0);
      return { rows: rows!.results as QueueRow[], total, counts: byStatus };
    },

    /** The return's history, oldest first, with the email of the staff member of each step (null: the shopper). */
    async history(returnId: number) {
      const { results } = await db
        .prepare(
          `SELECT e.status, e.note, e.created_at AS createdAt, s.email AS staffEmail
          FROM return_event e LEFT JOIN staff s ON s.id = e.staff_id WHERE e.return_id = ? ORDER BY e.id`,
        )
        .bind(returnId)
        .all<{ status: ReturnStatus; note: string | null; createdAt: number; staffEmail: string | null }>();
      return results;
    },

    /**
     * Who placed the order, and their history with the shop: a member's orders and returns, or for a
     * guest's order those placed with the same email.
     */
    async shopperOf(orderId: string) {
      const row = await db
        .prepare(
          `WITH owner AS (SELECT account_id AS accountId, email FROM orders WHERE id = ?1),
          theirs AS (SELECT o.id FROM orders o, owner
            WHERE (owner.accountId IS NOT NULL AND o.account_id = owner.accountId)
              OR (owner.accountId IS NULL AND o.email = owner.email COLLATE NOCASE))
          SELECT owner.accountId, owner.email,
            (SELECT count(*) FROM theirs) AS orders,
            (SELECT count(*) FROM order_return WHERE order_id IN (SELECT id FROM theirs)) AS returns,
            (SELECT count(*) FROM order_return WHERE order_id IN (SELECT id FROM theirs) AND status = 'REJECTED')
              AS rejectedReturns
          FROM owner`,
        )
        .bind(orderId)
        .first<{ accountId: number | null; email: string; orders: number; returns: number; rejectedReturns: number }>();
      return row;
    },

    /**
     * A staff decision moving the return from one of `from` to `to`, for one batch: the guard aborts
     * the batch when another decision moved it first. `set` also writes how to send the parts back.
     */
    decisionStatements(
      returnId: number,
      move: { from: readonly ReturnStatus[]; to: ReturnStatus; note: string | null; staffId: number; now: number },
      set: { instructions: string | null; labelNumber: string | null } | null = null,
    ): D1PreparedStatement[] {
      const sets = set ? ', instructions = ?5, label_number = ?6' : '';
      return [
        db
          .prepare(
            `UPDATE order_return SET status = ?1, updated_at = ?2${sets}
            WHERE id = ?3 AND status IN (SELECT value FROM json_each(?4))`,
          )
          .bind(
            move.to,
            move.now,
            returnId,
            JSON.stringify(move.from),
            ...(set ? [set.instructions, set.labelNumber] : []),
          ),
        ...guard(`SELECT changes() = 1`),
        eventStatement(returnId, move.to, move.note, move.staffId, move.now),
      ];
    },

    /**
     * Claims the return for a refund with the form's key: only one claimant of an approved or received
     * return that nobody is refunding wins. Answers whether this one did.
     */
    async claimForRefund(returnId: number, key: string, now: number): Promise<boolean> {
      const result = await db
        .prepare(
          `UPDATE order_return SET refund_key = ?, updated_at = ?
          WHERE id = ? AND refund_key IS NULL AND status IN (${REFUNDABLE})`,
        )
        .bind(key, now, returnId)
        .run();
      return result.meta.changes === 1;
    },

    /** Who is refunding the return (its claim's key) and since when, with its status now. */
    async refundClaim(returnId: number) {
      return db
        .prepare(`SELECT status, refund_key AS refundKey, updated_at AS updatedAt FROM order_return WHERE id = ?`)
        .bind(returnId)
        .first<{ status: ReturnStatus; refundKey: string | null; updatedAt: number }>();
    },

    /** Gives up a claim whose refund was not made, so the return can be refunded again. */
    async releaseClaim(returnId: number, key: string) {
      await db
        .prepare(
          `UPDATE order_return SET refund_key = NULL
          WHERE id = ? AND refund_key = ? AND status IN (${REFUNDABLE})`,
        )
        .bind(returnId, key)
        .run();
    },

    /** The claimed return settled as REFUNDED with its amounts, for one batch: aborted unless this claim holds. */
    refundedStatements(
      returnId: number,
      refund: { key: string; amountCent: number; feeCent: number; restocked: boolean; note: string },
      staffId: number,
      now: number,
    ): D1PreparedStatement[] {
      return [
        db
          .prepare(
            `UPDATE order_return SET status = 'REFUNDED', refund_cent = ?, fee_cent = ?, restocked = ?, updated_at = ?
            WHERE id = ? AND refund_key = ? AND status IN (${REFUNDABLE})`,
          )
          .bind(refund.amountCent, refund.feeCent, refund.restocked ? 1 : 0, now, returnId, refund.key),
        ...guard(`SELECT changes() = 1`),
        eventStatement(returnId, 'REFUNDED', refund.note, staffId, now),
      ];
    },

    async run(statements: D1PreparedStatement[]) {
      return db.batch(statements);
    },
  };
}
