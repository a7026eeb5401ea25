import { UPLOAD_COLUMNS, type UploadRow } from './upload-repository.ts';
import { RETURN_HOLDING_STATUSES, type ReturnStatus } from '../../shared/return-status.ts';
import type { NewReturn, ReturnRecord } from './records.ts';

/** Returns' SQL (issue 20): returns with their lines, evidence and history (uploads: upload-repository.ts). */

const RETURN_COLUMNS = `id, rma, order_id AS orderId, reason, text, vehicle, status, created_at AS createdAt,
  instructions, label_number AS labelNumber, refund_key AS refundKey, refund_cent AS refundCent, fee_cent AS feeCent,
  restocked`;

const HOLDING = RETURN_HOLDING_STATUSES.map((status) => `'${status}'`).join(', ');

/** Units of one line held by returns that are not rejected. */
const HELD_UNITS = `SELECT coalesce(sum(rl.quantity), 0) FROM order_return_line rl
  JOIN order_return r ON r.id = rl.return_id
  WHERE rl.order_id = ?1 AND rl.line_no = ?2 AND r.status IN (${HOLDING})`;

export function returnRepository(db: D1Database) {
  /** Aborts the batch (batch_guard's CHECK) unless the condition, a SELECT of one 0/1 value, is 1. */
  const guard = (condition: string, ...params: unknown[]) => [
    db.prepare(`INSERT INTO batch_guard (ok) ${condition}`).bind(...params),
    db.prepare(`DELETE FROM batch_guard`),
  ];
  return {
    /** Units of each of the order's lines held by returns that are not rejected. */
    async heldUnits(orderId: string): Promise<Map<number, number>> {
      const { results } = await db
        .prepare(
          `SELECT rl.line_no AS lineNo, sum(rl.quantity) AS held FROM order_return_line rl
          JOIN order_return r ON r.id = rl.return_id
          WHERE rl.order_id = ? AND r.status IN (${HOLDING}) GROUP BY rl.line_no`,
        )
        .bind(orderId)
        .all<{ lineNo: number; held: number }>();
      return new Map(results.map((row) => [row.lineNo, row.held]));
    },

    async returnByKey(orderId: string, key: string): Promise<ReturnRecord | null> {
      return db
        .prepare(`SELECT ${RETURN_COLUMNS} FROM order_return WHERE order_id = ? AND idempotency_key = ?`)
        .bind(orderId, key)
        .first();
    },

    /** The order's returns, oldest first. */
    async returnsOfOrder(orderId: string): Promise<ReturnRecord[]> {
      const { results } = await db
        .prepare(`SELECT ${RETURN_COLUMNS} FROM order_return WHERE order_id = ? ORDER BY id`)
        .bind(orderId)
        .all<ReturnRecord>();
      return results;
    },

    /**
     * More evidence for a return the shop asked it for: the files join it and it goes back to
     * REQUESTED, in one batch whose guards refuse it unless the return was still waiting and every
     * file is this order's finished, unused upload.
     */
    moreEvidenceStatements(
      returnId: number,
      orderId: string,
      uploadIds: readonly string[],
      note: string,
      now: number,
    ): D1PreparedStatement[] {
      return [
        db
          .prepare(
            `UPDATE order_return SET status = 'REQUESTED', updated_at = ? WHERE id = ? AND status = 'NEEDS_EVIDENCE'`,
          )
          .bind(now, returnId),
        ...guard(`SELECT changes() = 1`),
        ...uploadIds.map((uploadId) =>
          db
            .prepare(
              `INSERT INTO return_evidence (return_id, upload_id)
              SELECT ?1, id FROM return_upload WHERE id = ?2 AND order_id = ?3 AND status = 'STORED'`,
            )
            .bind(returnId, uploadId, orderId),
        ),
        ...guard(
          `SELECT count(*) = ?2 FROM return_evidence
          WHERE return_id = ?1 AND upload_id IN (SELECT value FROM json_each(?3))`,
          returnId,
          uploadIds.length,
          JSON.stringify(uploadIds),
        ),
        db
          .prepare(`INSERT INTO return_event (return_id, status, note, created_at) VALUES (?, 'REQUESTED', ?, ?)`)
          .bind(returnId, note, now),
      ];
    },

    async returnByRma(rma: string): Promise<ReturnRecord | null> {
      return db.prepare(`SELECT ${RETURN_COLUMNS} FROM order_return WHERE rma = ?`).bind(rma).first();
    },

    /**
     * A return with its lines, evidence and first history line, for one batch: the guards abort it
     * when a line would hold more units than `shipped` says it sent, or an upload is not this
     * order's finished file (the evidence's unique upload refuses one another return took).
     */
    createStatements(
      row: NewReturn,
      lines: { lineNo: number; quantity: number; shipped: number }[],
      uploadIds: readonly string[],
    ): D1PreparedStatement[] {
      const { orderId, key } = row;
      const thisReturn = `SELECT id FROM order_return WHERE order_id = ?1 AND idempotency_key = ?2`;
      return [
        db
          .prepare(
            `INSERT INTO order_return (rma, order_id, idempotency_key, reason, text, vehicle, status, created_at,
              updated_at) VALUES (?, ?, ?, ?, ?, ?, 'REQUESTED', ?, ?)`,
          )
          .bind(row.rma, orderId, key, row.reason, row.text, row.vehicle, row.now, row.now),
        ...lines.flatMap((line) => [
          db
            .prepare(
              `INSERT INTO order_return_line (return_id, order_id, line_no, quantity)
              SELECT id, order_id, ?3, ?4 FROM order_return WHERE order_id = ?1 AND idempotency_key = ?2`,
            )
            .bind(orderId, key, line.lineNo, line.quantity),
          ...guard(`SELECT (${HELD_UNITS}) <= ?3`, orderId, line.lineNo, line.shipped),
        ]),
        ...uploadIds.map((uploadId) =>
          db
            .prepare(
              `INSERT INTO return_evidence (return_id, upload_id)
              SELECT (${thisReturn}), id FROM return_upload WHERE id = ?3 AND order_id = ?1 AND status = 'STORED'`,
            )
            .bind(orderId, key, uploadId),
        ),
        ...guard(
          `SELECT count(*) = ?3 FROM return_evidence WHERE return_id = (${thisReturn})`,
          orderId,
          key,
          uploadIds.length,
        ),
        db
          .prepare(
            `INSERT INTO return_event (return_id, status, note, created_at)
            SELECT id, 'REQUESTED', NULL, ?3 FROM order_return WHERE order_id = ?1 AND idempotency_key = ?2`,
          )
          .bind(orderId, key, row.now),
      ];
    },

    /** A return's lines, history (oldest first) and evidence, in one round trip. */
    async details(returnId: number) {
      const [lines, history, evidence] = await db.batch([
        db
          .prepare(`SELECT line_no AS lineNo, quantity FROM order_return_line WHERE return_id = ? ORDER BY line_no`)
          .bind(returnId),
        db
          .prepare(`SELECT status, note, created_at AS createdAt FROM return_event WHERE return_id = ? ORDER BY id`)
          .bind(returnId),
        db
          .prepare(
            `SELECT ${UPLOAD_COLUMNS} FROM return_upload u JOIN return_evidence e ON e.upload_id = u.id
            WHERE e.return_id = ? ORDER BY u.created_at, u.id`,
          )
          .bind(returnId),
      ]);
      return {
        lines: lines!.results as { lineNo: number; quantity: number }[],
        history: history!.results as { status: ReturnStatus; note: string | null; createdAt: number }[],
        evidence: evidence!.results as UploadRow[],
      };
    },

    async run(statements: D1PreparedStatement[]) {
      return db.batch(statements);
    },
  };
}
